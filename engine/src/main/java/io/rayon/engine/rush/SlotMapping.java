package io.rayon.engine.rush;

import java.util.Arrays;

/**
 * Algorithm 4 (continuous time slot mapping, §III.C): turns target completion times into a
 * practical assignment in which every task holds one container without interruption, ending each
 * job no later than {@code T_i + R_i} (Theorem 3) when the targets are feasible (as onion peeling's
 * are).
 *
 * <p>There are C queues, one per container. Jobs are taken in order of target completion (ties by
 * input order); each fills the queues from the first one, in pieces of R_i (one task's runtime; the
 * job's last piece may be shorter), placing pieces on a queue while the queue's occupation is still
 * below T_i and then moving to the next queue.
 *
 * <p>Readings:
 *
 * <ul>
 *   <li><b>When to switch queues.</b> The prose says a job is assigned to the current queue "until
 *       the current queue occupation is larger than T_i", i.e. every piece <em>starts</em> before
 *       T_i and ends before T_i + R_i; that is what Theorem 3 needs and what we do. Line 8 of the
 *       pseudo-code, {@code A = min(⌊(T_i − O_k)/R_i⌋, η_i)}, read literally keeps every piece
 *       within T_i and can leave work unassigned (C = 2, T = 10, R = 6, η = 3 pieces: one piece per
 *       queue fits, the third does not although 18 ≤ 2·10).
 *   <li><b>Running tasks.</b> A container busy with a running task is a queue that starts occupied
 *       for the task's expected residual and belongs to its job. Free queues come first in the
 *       queue order, busy ones after them, so the most urgent jobs start now on free containers
 *       rather than queue behind running tasks.
 *   <li><b>Infinite targets</b> (a utility that never drops below its level) leave the condition
 *       "occupation below T_i" always true: the job's pieces go one after the other on the first
 *       queue, exactly as the pseudo-code does.
 *   <li><b>Containers now.</b> A job's assignment for the current slot is the number of queues
 *       whose piece at the current time is the job's (its running containers plus the pieces it
 *       starts now), at most its running plus pending tasks.
 * </ul>
 *
 * <p>The first queue whose occupation is below T_i is found with a minimum segment tree, so a
 * mapping costs O((N + pieces) log C).
 */
public final class SlotMapping {
  private SlotMapping() {}

  /**
   * The mapping, indexed like the input jobs.
   *
   * @param projectedCompletion absolute time the job's last piece ends (now for a job with nothing
   *     left)
   * @param containersNow containers the job holds at the current time under this mapping
   */
  public record Result(double[] projectedCompletion, int[] containersNow) {}

  /**
   * Runs Algorithm 4.
   *
   * @param now the current time
   * @param capacity C
   * @param target absolute target completion per job (may be +∞)
   * @param work container-seconds to place per job (besides its running tasks)
   * @param taskRuntime R_i per job, {@code > 0}
   * @param maxNow the most containers each job can hold now (running + pending tasks)
   * @param runningOwner for each running container, the index of its job
   * @param runningResidual for each running container, its expected remaining seconds
   */
  public static Result map(
      double now,
      int capacity,
      double[] target,
      double[] work,
      double[] taskRuntime,
      int[] maxNow,
      int[] runningOwner,
      double[] runningResidual) {
    int n = target.length;
    int busy = runningOwner.length;
    int queues = Math.max(capacity, busy);
    int free = queues - busy;
    double[] occ = new double[queues];
    boolean[] taken = new boolean[queues]; // the queue's piece at the current time is assigned
    double[] projected = new double[n];
    int[] nowCount = new int[n];
    Arrays.fill(projected, now);
    for (int b = 0; b < busy; b++) {
      int j = runningOwner[b];
      occ[free + b] = runningResidual[b];
      taken[free + b] = true;
      nowCount[j]++;
      projected[j] = Math.max(projected[j], now + runningResidual[b]);
    }
    MinTree tree = new MinTree(occ);
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) order[i] = i;
    Arrays.sort(
        order,
        (x, y) -> {
          int cmp = Double.compare(target[x], target[y]);
          return cmp != 0 ? cmp : Integer.compare(x, y);
        });
    for (int i : order) {
      double r = taskRuntime[i];
      if (!(r > 0))
        throw new IllegalArgumentException("task runtime R of job " + i + " must be > 0, not " + r);
      double left = work[i];
      double t = target[i] - now;
      while (left > 1e-9 * Math.max(1, work[i])) {
        int k = tree.firstBelow(t);
        if (k < 0) k = tree.argMin(); // targets infeasible: put the piece where it ends soonest
        double o = occ[k];
        double room = k >= 0 && o < t ? Math.ceil((t - o) / r) * r : r;
        double w = Math.min(left, room);
        if (o == 0 && !taken[k]) {
          taken[k] = true;
          nowCount[i]++;
        }
        occ[k] = o + w;
        tree.set(k, occ[k]);
        left -= w;
        projected[i] = Math.max(projected[i], now + occ[k]);
      }
    }
    for (int i = 0; i < n; i++) nowCount[i] = Math.min(nowCount[i], maxNow[i]);
    return new Result(projected, nowCount);
  }

  /** A minimum segment tree over queue occupations. */
  private static final class MinTree {
    final int size;
    final double[] t;

    MinTree(double[] values) {
      int s = 1;
      while (s < values.length) s <<= 1;
      size = s;
      t = new double[2 * s];
      Arrays.fill(t, Double.POSITIVE_INFINITY);
      System.arraycopy(values, 0, t, s, values.length);
      for (int i = s - 1; i >= 1; i--) t[i] = Math.min(t[2 * i], t[2 * i + 1]);
    }

    void set(int k, double v) {
      int i = k + size;
      t[i] = v;
      for (i >>= 1; i >= 1; i >>= 1) t[i] = Math.min(t[2 * i], t[2 * i + 1]);
    }

    /** The first index whose value is below v, or -1. */
    int firstBelow(double v) {
      if (!(t[1] < v)) return -1;
      int i = 1;
      while (i < size) i = t[2 * i] < v ? 2 * i : 2 * i + 1;
      return i - size;
    }

    int argMin() {
      int i = 1;
      while (i < size) i = t[2 * i] <= t[2 * i + 1] ? 2 * i : 2 * i + 1;
      return i - size;
    }
  }
}
