package io.rayon.bench;

import io.rayon.model.plan.ReservationAllocation;
import java.util.List;

/**
 * What one run of a contender produced: the wall-clock time of each placement in nanoseconds, the
 * CPU time (thread CPU plus garbage collection, see {@link CpuClock}) of the whole placement loop, the allocation
 * of each accepted request (null when rejected), index for index with the workload's requests, and
 * problems found in the resulting plan (the validator's violations for our planners; capacity,
 * window and work checks for Hadoop's), one line each.
 */
record RunOutcome(long[] nanos, long cpuNanos, ReservationAllocation[] allocations, List<String> violations) {
  RunOutcome {
    violations = List.copyOf(violations);
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
