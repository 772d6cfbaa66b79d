package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * What one run of a contender produced: the wall-clock time of each placement in nanoseconds, the
 * CPU time (thread CPU plus garbage collection, see {@link CpuClock}) of the whole placement loop,
 * the allocation of each accepted request (null when rejected), index for index with the workload's
 * requests, and problems found in the resulting plan (the validator's violations for our planners;
 * capacity, window and work checks for Hadoop's), one line each, and the sharing policy the
 * contender's own system was set up with (read back from it: our {@code ReservationSystem},
 * Hadoop's peer), so a test can check that both sides ran under the same one; for Hadoop's agents,
 * why each refused request was refused, index for index ({@link Refusal}; null where accepted; an
 * empty array for ours).
 */
record RunOutcome(
    long[] nanos,
    long cpuNanos,
    ReservationAllocation[] allocations,
    List<String> violations,
    SharingPolicySpec policy,
    Refusal[] refusedWhy) {
  RunOutcome {
    violations = List.copyOf(violations);
  }

  /** Our planners' outcome: no Hadoop refusals. */
  RunOutcome(
      long[] nanos,
      long cpuNanos,
      ReservationAllocation[] allocations,
      List<String> violations,
      SharingPolicySpec policy) {
    this(nanos, cpuNanos, allocations, violations, policy, new Refusal[0]);
  }

  /** How many requests a Hadoop agent refused for each reason (empty for ours). */
  Map<Refusal, Integer> refusals() {
    return Refusal.count(refusedWhy);
  }

  /** The indices of the accepted requests. */
  BitSet accepted() {
    BitSet b = new BitSet(allocations.length);
    for (int i = 0; i < allocations.length; i++) if (allocations[i] != null) b.set(i);
    return b;
  }

  int acceptedCount() {
    int n = 0;
    for (ReservationAllocation a : allocations) if (a != null) n++;
    return n;
  }

  long totalNanos() {
    long s = 0;
    for (long x : nanos) s += x;
    return s;
  }
}
