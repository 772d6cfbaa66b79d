package io.rayon.engine.sim;

import java.util.Arrays;

/**
 * A binary min-heap of the ids 0..n−1, each present at most once, keyed by a double with ties
 * broken by a fixed per-id rank (smaller rank first), so the order is total and runs are
 * deterministic. Keys can be changed in O(log n). Package-private helper of the simulator.
 */
final class IndexedMinHeap {
  private final int[] heap;
  private final int[] pos;
  private final double[] key;
  private final int[] rank;
  private int size;

  IndexedMinHeap(int n, int[] rank) {
    heap = new int[n];
    pos = new int[n];
    key = new double[n];
    Arrays.fill(pos, -1);
    this.rank = rank;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int top() {
    return heap[0];
  }

  double topKey() {
    return size == 0 ? Double.POSITIVE_INFINITY : key[heap[0]];
  }

  boolean contains(int id) {
    return pos[id] >= 0;
  }

  /** The key of {@code id}, or positive infinity when it is not in the heap. */
  double keyOf(int id) {
    return pos[id] >= 0 ? key[id] : Double.POSITIVE_INFINITY;
  }

  /** Inserts {@code id} or changes its key. */
  void set(int id, double k) {
    int p = pos[id];
    if (p < 0) {
      key[id] = k;
      heap[size] = id;
      pos[id] = size;
      up(size++);
    } else {
      double old = key[id];
      key[id] = k;
      if (k < old) up(p);
      else down(p);
    }
  }

  void remove(int id) {
    int p = pos[id];
    if (p < 0) return;
    int last = heap[--size];
    pos[id] = -1;
    if (p < size) {
      heap[p] = last;
      pos[last] = p;
      up(p);
      down(pos[last]);
    }
  }

  /** Replaces the whole content with ids 0..n−1 keyed by {@code keys} (copied), in O(n). */
  void fillAll(double[] keys) {
    int n = heap.length;
    for (int i = 0; i < n; i++) {
      heap[i] = i;
      pos[i] = i;
      key[i] = keys[i];
    }
    size = n;
    for (int i = n / 2 - 1; i >= 0; i--) down(i);
  }

  void clear() {
    for (int i = 0; i < size; i++) pos[heap[i]] = -1;
    size = 0;
  }

  private boolean less(int a, int b) {
    double ka = key[a];
    double kb = key[b];
    if (ka != kb) return ka < kb;
    return rank[a] < rank[b];
  }

  private void up(int i) {
    int id = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      int p = heap[parent];
      if (!less(id, p)) break;
      heap[i] = p;
      pos[p] = i;
      i = parent;
    }
    heap[i] = id;
    pos[id] = i;
  }

  private void down(int i) {
    int id = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      int r = c + 1;
      if (r < size && less(heap[r], heap[c])) c = r;
      if (!less(heap[c], id)) break;
      heap[i] = heap[c];
      pos[heap[i]] = i;
      i = c;
    }
    heap[i] = id;
    pos[id] = i;
  }
}
