package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One row of the comparison: a planner on a workload. Times are in nanoseconds: {@code cpuNanos} is
 * the median over the timed runs of the CPU time per request ({@link CpuClock}, the main measure);
 * {@code meanNanos} the same with wall-clock time; {@code p50Nanos} and {@code p99Nanos} are
 * wall-clock percentiles of single requests pooled over the timed runs. {@code speedup} is the
 * faster Hadoop agent's {@code cpuNanos} divided by this row's (NaN for Hadoop's rows). {@code
 * accepted} holds the indices of the requests the last timed run accepted, {@code refusedWhy} why a
 * Hadoop agent refused each of the others in that run, index for index (null where accepted; empty
 * for ours), and {@code overCapacityFitted} how many of its {@link Refusal#OVER_CAPACITY} refusals
 * had room in its plan ({@link OverCapacityCheck}; -1 when not checked). {@code warmCpuNanos} is
 * the warm figure: the median over the timed rounds of the CPU time per request of a second run
 * made right after each timed one, by the same contender on the same workload, with no clock read
 * around each request ({@link Measure}); {@code warmSpeedup} the faster Hadoop agent's warm figure
 * divided by this row's (NaN for Hadoop's rows, and where no warm figure was measured).
 */
record Result(
    String workload,
    String planner,
    boolean isOurs,
    int requests,
    PlanStats stats,
    double cpuNanos,
    double meanNanos,
    double p50Nanos,
    double p99Nanos,
    int warmupRuns,
    int timedRuns,
    List<String> violations,
    double speedup,
    BitSet accepted,
    int overCapacityFitted,
    Refusal[] refusedWhy,
    double warmCpuNanos,
    double warmSpeedup) {

  Result withSpeedup(double s) {
    return withSpeedups(s, warmSpeedup);
  }

  Result withSpeedups(double s, double warm) {
    return new Result(
        workload,
        planner,
        isOurs,
        requests,
        stats,
        cpuNanos,
        meanNanos,
        p50Nanos,
        p99Nanos,
        warmupRuns,
        timedRuns,
        violations,
        s,
        accepted,
        overCapacityFitted,
        refusedWhy,
        warmCpuNanos,
        warm);
  }

  /**
   * Fills in {@link #speedup} for our rows against the faster of every Hadoop agent that ran on the
   * workload, whatever its {@code favor-early-allocation} (all ran under the same policy): the
   * stricter reading of "the faster agent". The warm ratio likewise, from the warm figures alone
   * (the agent fastest warm may be another one).
   */
  static List<Result> withRatios(List<Result> rows) {
    double bestHadoop = Double.NaN;
    double bestWarm = Double.NaN;
    for (Result r : rows) {
      if (r.isOurs) continue;
      if (Double.isNaN(bestHadoop) || r.cpuNanos < bestHadoop) bestHadoop = r.cpuNanos;
      if (!Double.isNaN(r.warmCpuNanos) && (Double.isNaN(bestWarm) || r.warmCpuNanos < bestWarm))
        bestWarm = r.warmCpuNanos;
    }
    List<Result> out = new ArrayList<>(rows.size());
    for (Result r : rows)
      out.add(r.isOurs ? r.withSpeedups(bestHadoop / r.cpuNanos, bestWarm / r.warmCpuNanos) : r);
    return out;
  }

  /**
   * The better Hadoop agent of a workload: the highest acceptance by count, ties broken by work;
   * null when no agent ran on it.
   */
  static Result betterHadoop(List<Result> rows, String workload) {
    Result b = null;
    for (Result r : rows) {
      if (r.isOurs || !r.workload.equals(workload)) continue;
      if (b == null
          || r.stats.accepted() > b.stats.accepted()
          || (r.stats.accepted() == b.stats.accepted()
              && r.stats.weightedAcceptance() > b.stats.weightedAcceptance())) {
        b = r;
      }
    }
    return b;
  }

  /** The Hadoop agent of a workload with the most work accepted; null when no agent ran on it. */
  static Result bestHadoopByWork(List<Result> rows, String workload) {
    Result b = null;
    for (Result r : rows) {
      if (r.isOurs || !r.workload.equals(workload)) continue;
      if (b == null || r.stats.weightedAcceptance() > b.stats.weightedAcceptance()) b = r;
    }
    return b;
  }

  String line() {
    return String.format(
            Locale.ROOT,
            "  %-15s accepted %5d/%-5d (%5.1f%%, by work %5.1f%%)  preemption %8.3f  uniformity %.3f  cpu %s/request (warm %s), wall %s/request (p50 %s, p99 %s)  runs %d+%d  violations %d",
            planner,
            stats.accepted(),
            requests,
            100 * stats.acceptance(),
            100 * stats.weightedAcceptance(),
            stats.preemption(),
            stats.uniformity(),
            time(cpuNanos),
            time(warmCpuNanos),
            time(meanNanos),
            time(p50Nanos),
            time(p99Nanos),
            warmupRuns,
            timedRuns,
            violations.size())
        + (refusals().isEmpty() ? "" : "  refused: " + refusalsText());
  }

  /** How many requests a Hadoop agent refused for each reason (empty for ours). */
  Map<Refusal, Integer> refusals() {
    return Refusal.count(refusedWhy);
  }

  /**
   * Why a Hadoop agent refused requests, most frequent first, e.g. {@code "524 its own allocation
   * over capacity, 125 no allocation found"}; empty for ours.
   */
  String refusalsText() {
    StringBuilder sb = new StringBuilder();
    refusals().entrySet().stream()
        .sorted(
            Map.Entry.<Refusal, Integer>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .forEach(
            e -> {
              if (sb.length() > 0) sb.append(", ");
              sb.append(e.getValue()).append(' ').append(e.getKey().text);
            });
    return sb.toString();
  }

  /** A duration in ns as µs, ms or s with three significant digits. */
  static String time(double ns) {
    if (Double.isNaN(ns)) return "-";
    if (ns < 1e6) return String.format(Locale.ROOT, "%.3g µs", ns / 1e3);
    if (ns < 1e9) return String.format(Locale.ROOT, "%.3g ms", ns / 1e6);
    return String.format(Locale.ROOT, "%.3g s", ns / 1e9);
  }
}
