package io.rayon.engine.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one scheduling pass did: the nodes it touched (placed on or preempted from), in the order it
 * touched them, and per node the tasks it placed there. After the pass the simulator checks each
 * touched node's memory once and crashes exactly the tasks placed on it when it overflows.
 */
final class PassLog {
  private final int[] touched;
  private final boolean[] isTouched;
  private int count;

  /** Per touched node (same index as {@link #touched}): {count, task, task, ...}. */
  private final List<int[]> placed = new ArrayList<>();

  private int lastLookup = -1;

  PassLog(int nodes) {
    touched = new int[nodes];
    isTouched = new boolean[nodes];
  }

  /** A pass starts. */
  void begin() {
    count = 0;
  }

  /** Node {@code n} changed in this pass (without a placement so far). */
  void touch(int n) {
    if (isTouched[n]) return;
    isTouched[n] = true;
    touched[count++] = n;
    placed.add(new int[] {0, 0, 0, 0});
  }

  /** Task {@code t} was placed on node {@code n} in this pass. */
  void placed(int n, int t) {
    int idx;
    if (!isTouched[n]) {
      isTouched[n] = true;
      idx = count;
      touched[count++] = n;
      placed.add(new int[] {0, 0, 0, 0});
    } else {
      idx = indexOf(n);
    }
    int[] list = placed.get(idx);
    if (list[0] + 1 >= list.length) {
      list = Arrays.copyOf(list, list.length * 2);
      placed.set(idx, list);
    }
    list[++list[0]] = t;
  }

  /** Nodes touched in this pass. */
  int count() {
    return count;
  }

  /** The {@code i}-th touched node; it counts as untouched again from now on. */
  int release(int i) {
    int n = touched[i];
    isTouched[n] = false;
    return n;
  }

  /** The tasks placed on the {@code i}-th touched node: {count, task, task, ...}. */
  int[] placedOn(int i) {
    return placed.get(i);
  }

  /** The pass ends: forgets the placements. */
  void end() {
    placed.clear();
  }

  private int indexOf(int n) {
    if (lastLookup >= 0 && lastLookup < count && touched[lastLookup] == n) return lastLookup;
    for (int i = count - 1; i >= 0; i--) {
      if (touched[i] == n) {
        lastLookup = i;
        return i;
      }
    }
    throw new IllegalStateException("node " + n + " not touched");
  }
}
