package io.rayon.engine.reservation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The k best of a stream of bounded-repair candidates in the order "most held first; ties: earlier
 * start, then smaller id" ({@code ReservationSystem}'s rule for {@code repair-pick=most-held} and
 * {@code singles}), without sorting them all: a bounded binary heap on primitive keys whose root is
 * the worst kept. The order is total when the ids are distinct (they are: one plan entry each), so
 * the k kept, and their order, are exactly the first k of the whole list sorted by that rule.
 *
 * <p>The comparison is the one of the sorted reading, term for term: {@code Double.compare} of the
 * negated held values (so NaN and -0.0 order as there), then {@code Long.compare} of the starts,
 * then {@code String.compareTo} of the ids.
 */
final class MostHeld<T> {
  private final int k;
  private final double[] held;
  private final long[] start;
  private final String[] id;
  private final Object[] item;
  private int size;

  MostHeld(int k) {
    if (k < 0) throw new IllegalArgumentException("k must be at least 0, was " + k);
    this.k = k;
    held = new double[k];
    start = new long[k];
    id = new String[k];
    item = new Object[k];
  }

  /** Negative when candidate 1 comes before candidate 2 in the order. */
  static int compare(double h1, long s1, String i1, double h2, long s2, String i2) {
    int c = Double.compare(-h1, -h2);
    if (c != 0) return c;
    c = Long.compare(s1, s2);
    if (c != 0) return c;
    return i1.compareTo(i2);
  }

  private int cmp(int a, int b) {
    return compare(held[a], start[a], id[a], held[b], start[b], id[b]);
  }

  /** Offers one candidate; kept when fewer than k are kept or when it beats the worst kept. */
  void offer(double h, long s, String i, T t) {
    if (k == 0) return;
    if (size < k) {
      set(size, h, s, i, t);
      siftUp(size++);
    } else if (compare(h, s, i, held[0], start[0], id[0]) < 0) {
      set(0, h, s, i, t);
      siftDown(0);
    }
  }

  int size() {
    return size;
  }

  /** The kept items, best first. */
  @SuppressWarnings("unchecked")
  List<T> best() {
    Integer[] order = new Integer[size];
    for (int j = 0; j < size; j++) order[j] = j;
    Arrays.sort(order, (a, b) -> cmp(a, b));
    List<T> out = new ArrayList<>(size);
    for (Integer j : order) out.add((T) item[j]);
    return out;
  }

  private void set(int j, double h, long s, String i, T t) {
    held[j] = h;
    start[j] = s;
    id[j] = i;
    item[j] = t;
  }

  private void swap(int a, int b) {
    double h = held[a];
    held[a] = held[b];
    held[b] = h;
    long s = start[a];
    start[a] = start[b];
    start[b] = s;
    String i = id[a];
    id[a] = id[b];
    id[b] = i;
    Object t = item[a];
    item[a] = item[b];
    item[b] = t;
  }

  // a max-heap in the order: the root is the worst kept
  private void siftUp(int j) {
    while (j > 0) {
      int p = (j - 1) >>> 1;
      if (cmp(j, p) <= 0) return;
      swap(j, p);
      j = p;
    }
  }

  private void siftDown(int j) {
    while (true) {
      int l = 2 * j + 1;
      if (l >= size) return;
      int w = l;
      if (l + 1 < size && cmp(l + 1, l) > 0) w = l + 1;
      if (cmp(w, j) <= 0) return;
      swap(j, w);
      j = w;
    }
  }
}
