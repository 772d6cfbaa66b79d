package io.rayon.engine.reservation;

import java.util.Arrays;

/**
 * Bounded repair's index of reservation ids by their allocation's first step: a set of (id, start)
 * pairs, kept in at most {@value #BUCKETS} buckets of consecutive starts (each three plain arrays:
 * starts, ids and the ids' hashes, in no particular order), so that entering a pair costs a short
 * read of one bucket and no tree or hash node, and the pairs whose start lies in a range are read
 * bucket by bucket, the empty buckets passed over by a bit set of the occupied ones.
 *
 * <p>It only finds candidates; whether a pair still holds (its reservation is in the plan and still
 * starts there) is the reader's question ({@link #forEachIn}'s visitor says so, and a pair that no
 * longer holds is dropped). The order in which pairs are visited is not defined: bounded repair's
 * choice is a total order over the candidates (most held, then earlier start, then smaller id), so
 * it does not depend on it.
 */
final class StartIndex {

  /**
   * At most this many buckets the steps {@code [0, horizon)} are cut into: one per step when the
   * horizon is shorter (a day of one-minute steps: 1,440), so an index for a short plan does not
   * allocate and clear arrays for buckets no start can reach (the index is built afresh for every
   * plan a repair first runs on).
   */
  static final int BUCKETS = 4096;

  /** Steps per bucket (at least 1); a start at or past the last bucket's end goes in the last. */
  private final long width;

  /** How many buckets there are: {@code min(BUCKETS, horizon)}, at least 1. */
  private final int count;

  private final long[][] starts;
  private final String[][] ids;

  /**
   * Per bucket, each id's hash, beside it: entering a pair compares starts and hashes first, so the
   * bucket's other ids (most of a one-step bucket shares its start) are not read.
   */
  private final int[][] hashes;

  private final int[] sizes;

  /** Bit b set when bucket b holds a pair. */
  private final long[] occupied;

  /** An empty index for starts in {@code [0, horizon)} (others are still kept, see width). */
  StartIndex(long horizon) {
    long h = Math.max(1, horizon);
    this.count = (int) Math.min(BUCKETS, h);
    this.width = (h + count - 1) / count;
    this.starts = new long[count][];
    this.ids = new String[count][];
    this.hashes = new int[count][];
    this.sizes = new int[count];
    this.occupied = new long[(count + 63) >>> 6];
  }

  private int bucket(long start) {
    return (int) Math.min(count - 1, start / width);
  }

  /** Enters (id, start) unless it is there already; {@code start} is at least 0. */
  void add(String id, long start) {
    int b = bucket(start);
    long[] s = starts[b];
    String[] i = ids[b];
    int[] h = hashes[b];
    int n = sizes[b];
    int hash = id.hashCode();
    if (s == null) {
      s = starts[b] = new long[4];
      i = ids[b] = new String[4];
      h = hashes[b] = new int[4];
    } else {
      for (int j = 0; j < n; j++) if (s[j] == start && h[j] == hash && i[j].equals(id)) return;
      if (n == s.length) {
        s = starts[b] = Arrays.copyOf(s, 2 * n);
        i = ids[b] = Arrays.copyOf(i, 2 * n);
        h = hashes[b] = Arrays.copyOf(h, 2 * n);
      }
    }
    s[n] = start;
    i[n] = id;
    h[n] = hash;
    sizes[b] = n + 1;
    occupied[b >>> 6] |= 1L << b;
  }

  /** Reads one pair; returns false when the pair no longer holds (it is then dropped). */
  @FunctionalInterface
  interface Visitor {
    boolean visit(String id, long start);
  }

  /**
   * Visits every pair whose start is in {@code (after, before)} (both excluded), in no defined
   * order, and drops those the visitor says no longer hold.
   */
  void forEachIn(long after, long before, Visitor v) {
    if (before - after < 2) return;
    int first = bucket(Math.max(0, after + 1));
    int last = bucket(before - 1);
    for (int b = nextOccupied(first); b >= 0 && b <= last; b = nextOccupied(b + 1)) {
      int n = sizes[b];
      long[] s = starts[b];
      String[] i = ids[b];
      int[] h = hashes[b];
      int j = 0;
      while (j < n) {
        long start = s[j];
        if (start <= after || start >= before || v.visit(i[j], start)) {
          j++;
          continue;
        }
        // dropped: the bucket's last pair takes its place and is read next
        n--;
        s[j] = s[n];
        i[j] = i[n];
        h[j] = h[n];
        i[n] = null;
      }
      sizes[b] = n;
      if (n == 0) occupied[b >>> 6] &= ~(1L << b);
    }
  }

  /** The first occupied bucket at or after {@code b}, or -1. */
  private int nextOccupied(int b) {
    int w = b >>> 6;
    if (w >= occupied.length) return -1;
    long word = occupied[w] & (-1L << b);
    while (word == 0) {
      if (++w == occupied.length) return -1;
      word = occupied[w];
    }
    return (w << 6) + Long.numberOfTrailingZeros(word);
  }

  /** The number of pairs kept (for tests). */
  int size() {
    int n = 0;
    for (int x : sizes) n += x;
    return n;
  }
}
