package io.rayon.engine.sim.rush;

import java.util.Arrays;
import java.util.List;

/**
 * Hands free containers down a priority order: the first job takes what it can use, then the next.
 */
final class PriorityGrants {
  private PriorityGrants() {}

  /**
   * @param order positions in {@code jobs}, best first
   * @return one position per container granted, at most {@code free}
   */
  static int[] inOrder(List<RushScheduler.JobView> jobs, Integer[] order, int free) {
    int[] out = new int[free];
    int n = 0;
    for (int k : order) {
      int take = Math.min(jobs.get(k).pendingTasks(), free - n);
      for (int i = 0; i < take; i++) out[n++] = k;
      if (n == free) break;
    }
    return Arrays.copyOf(out, n);
  }

  /** Positions 0..n-1 as boxed integers, for sorting with a comparator. */
  static Integer[] positions(int n) {
    Integer[] a = new Integer[n];
    for (int i = 0; i < n; i++) a[i] = i;
    return a;
  }
}
