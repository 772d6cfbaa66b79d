package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.rdl.Rdl;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The low-cost aligned placement of one atom, our reading of Hadoop's stage allocator {@code
 * StageAllocatorLowCostAligned} (Hadoop 3.4.1, which its {@code AlignedPlannerWithGreedy} agent
 * tries before its greedy one). Used by {@link GreelPlusPlanner}'s {@code aligned} candidate; not a
 * Rayon-paper algorithm. Hadoop has no paper for it; the readings below are ours, taken from what
 * its allocator does (read, and observed through the harness's {@code hadoop-aligned} agent):
 *
 * <ul>
 *   <li><b>Stage as atom.</b> A Hadoop stage is a number of gangs of {@code concurrency}
 *       containers, each held exactly one {@code duration}. Our atom's gang g is the concurrency,
 *       its minimum lease l the duration, and its work w = gangs·g·l. An atom whose gang-steps q =
 *       w/g are not a whole number of leases (q mod l ≠ 0) has no such stage (the harness's
 *       translation refuses it the same way), so this scan declines it and the next candidate
 *       answers.
 *   <li><b>Aligned intervals.</b> The range {@code [lo, hi)} is cut into n = floor((hi − lo)/l)
 *       disjoint intervals of exactly l steps, aligned to the range's end: {@code [hi − (k+1)·l, hi
 *       − k·l)} for k = 0…n−1 (Hadoop aligns to the stage's deadline, or to its arrival when it
 *       favours early allocation; greel-plus runs this scan on the time mirror of the plan, so the
 *       mirror's end is the real arrival and the result is aligned to it, except for {@code
 *       aligned=late-before-late}, which runs it on the real plan). No step left over at the
 *       range's start (fewer than l) is used. n = 0: the atom does not fit.
 *   <li><b>Cost.</b> An interval's cost is the sum over its steps of the plan's load there as a
 *       share of the capacity, in the dominant dimension (the largest of load/capacity over the
 *       plan's dimensions; a dimension of capacity 0 is skipped), the load counting this
 *       reservation's own tentative blocks and what this atom has already put in the interval.
 *       Hadoop's load is the plan's whole load (every user); so is ours. A plan seen through {@link
 *       ReservedView} counts its reserve as load, the same amount at every step.
 *   <li><b>Gangs that fit.</b> The least, over the interval's steps, of the gangs that fit the room
 *       ({@link AtomRoom}: free capacity minus the reservation's tentative blocks, within the
 *       policy's headroom when the policy can bind), minus the gangs this atom already has there.
 *       Hadoop divides dominant shares here; we count what fits in every dimension, so a placement
 *       never goes over capacity (a stricter reading). Also at most floor(h/g) gangs in one
 *       interval, the atom's parallelism (Hadoop's stages have none).
 *   <li><b>Iteration.</b> Intervals that fit a gang are kept sorted by cost, ties to the interval
 *       nearest the range's end (Hadoop: nearest the side it aligns to). Each round takes the
 *       cheapest and puts there min(per round, gangs left, gangs that fit) gangs, then re-prices it
 *       and keeps it while it fits another gang. Per round = max(1, floor(max(1, floor(gangs/n)) /
 *       s)) with the smoothness s = {@value #SMOOTHNESS} (Hadoop's default smoothness factor). When
 *       no interval fits a gang before all are placed, the atom does not fit.
 * </ul>
 *
 * The blocks are exactly l long, disjoint, each a multiple of g bundles and at most h, and sum to
 * w.
 */
final class AlignedScan {
  /** Hadoop's default smoothness factor: a round places at most a tenth of the even share. */
  static final int SMOOTHNESS = 10;

  private AlignedScan() {}

  /**
   * The atom's blocks in {@code room}'s range as {from, to, bundles}, or null when it does not fit
   * (or is not a whole number of leases).
   */
  static List<long[]> place(Rdl.Atom atom, AtomRoom room, TentativePlacement p) {
    long g = atom.gang();
    long l = atom.minLease();
    if (g <= 0 || l <= 0 || atom.work() % g != 0) return null;
    long q = atom.work() / g;
    if (q % l != 0) return null;
    long gangs = q / l;
    int lo = room.lo;
    int hi = room.hi;
    long span = hi - lo;
    if (span < l) return null;
    int n = (int) (span / l);
    long perRound = Math.max(1, Math.max(1, gangs / n) / SMOOTHNESS);
    long maxPerInterval = atom.maxParallelism() / g;
    if (maxPerInterval <= 0) return null;

    long[] perBundle = new long[p.dims.length];
    for (int d = 0; d < perBundle.length; d++) perBundle[d] = atom.bundle().get(p.dims[d]);
    long[] roomGangs = new long[n];
    long[] placed = new long[n];
    double[] cost = new double[n];
    TreeSet<Integer> byCost =
        new TreeSet<>(
            (a, b) -> {
              int c = Double.compare(cost[a], cost[b]);
              return c != 0 ? c : Integer.compare(a, b);
            });
    for (int k = 0; k < n; k++) {
      int to = (int) (hi - (long) k * l);
      int from = (int) (to - l);
      long least = Long.MAX_VALUE;
      for (int t = to - 1; t >= from && least > 0; ) {
        long f = room.bundles(t) / g;
        if (f < least) least = f;
        t = room.segmentStart(t) - 1;
      }
      roomGangs[k] = Math.min(least, maxPerInterval);
      if (roomGangs[k] <= 0) continue;
      cost[k] = cost(p, perBundle, from, to, 0);
      byCost.add(k);
    }
    long left = gangs;
    while (left > 0) {
      p.context.cancel().throwIfCancelled();
      Integer best = byCost.pollFirst();
      if (best == null) return null;
      int k = best;
      long put = Math.min(Math.min(perRound, left), roomGangs[k] - placed[k]);
      placed[k] += put;
      left -= put;
      if (roomGangs[k] - placed[k] > 0) {
        int to = (int) (hi - (long) k * l);
        cost[k] = cost(p, perBundle, to - (int) l, to, placed[k] * g);
        byCost.add(k);
      }
    }
    List<long[]> blocks = new ArrayList<>();
    for (int k = n - 1; k >= 0; k--) {
      if (placed[k] == 0) continue;
      long to = hi - (long) k * l;
      blocks.add(new long[] {to - l, to, placed[k] * g});
    }
    return blocks;
  }

  /**
   * The interval's cost: over {@code [from, to)}, the sum of the dominant share of the load, the
   * load counting the reservation's tentative blocks and {@code bundles} more of the atom.
   */
  private static double cost(
      TentativePlacement p, long[] perBundle, int from, int to, long bundles) {
    PlanView plan = p.plan;
    int dims = perBundle.length;
    long[][] tentative = new long[dims][];
    boolean anyTentative = !p.blocks().isEmpty();
    if (anyTentative) for (int d = 0; d < dims; d++) tentative[d] = p.tentativeRange(d, from, to);
    double total = 0;
    for (int t = from; t < to; t++) {
      double worst = 0;
      for (int d = 0; d < dims; d++) {
        long cap = plan.capacity(d, t);
        if (cap <= 0) continue;
        long load = cap - plan.free(d, t) + perBundle[d] * bundles;
        if (anyTentative) load += tentative[d][t - from];
        double share = (double) load / cap;
        if (share > worst) worst = share;
      }
      total += worst;
    }
    return total;
  }
}
