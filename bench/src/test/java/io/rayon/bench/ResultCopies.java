package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.util.List;

/** Copies of a harness row with what a test needs changed, every other field kept. */
final class ResultCopies {
  private ResultCopies() {}

  /** {@code r} with these acceptance figures, validator problems and refusals. */
  static Result with(Result r, PlanStats stats, List<String> violations, Refusal[] why) {
    return new Result(
        r.workload(),
        r.planner(),
        r.isOurs(),
        r.requests(),
        stats,
        r.cpuNanos(),
        r.meanNanos(),
        r.p50Nanos(),
        r.p99Nanos(),
        r.warmupRuns(),
        r.timedRuns(),
        violations,
        r.speedup(),
        r.accepted(),
        r.overCapacityFitted(),
        why,
        r.warmCpuNanos(),
        r.warmSpeedup());
  }
}
