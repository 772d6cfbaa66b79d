package io.rayon.engine.sim.rush;

import java.util.Arrays;
import java.util.List;

/**
 * A run's summary over its jobs.
 *
 * @param meanUtility the mean achieved utility
 * @param minUtility the smallest achieved utility
 * @param zeroUtilityJobs jobs whose utility fell to at most {@value #ZERO_FRACTION} of their
 *     maximum U(0) (a sigmoid never reaches 0 exactly; at 1% of its weight the job is worth nothing
 *     in practice)
 * @param deadlineMisses jobs that finished after their deadline
 * @param meanLatency the mean latency (completion − arrival) in seconds
 * @param makespan the last completion time in seconds (from time 0)
 * @param sortedUtilities every job's utility, ascending (the utility CDF's steps)
 */
public record RushMetrics(
    double meanUtility,
    double minUtility,
    int zeroUtilityJobs,
    int deadlineMisses,
    double meanLatency,
    double makespan,
    double[] sortedUtilities) {

  /** A job at or below this fraction of its maximum utility counts as a zero-utility job. */
  public static final double ZERO_FRACTION = 0.01;

  public RushMetrics {
    sortedUtilities = sortedUtilities.clone();
    Arrays.sort(sortedUtilities);
  }

  /** The metrics of these job results. */
  public static RushMetrics of(List<RushJobResult> jobs) {
    double[] u = new double[jobs.size()];
    double sumU = 0;
    double sumL = 0;
    double min = jobs.isEmpty() ? Double.NaN : Double.POSITIVE_INFINITY;
    double makespan = 0;
    int zero = 0;
    int missed = 0;
    for (int i = 0; i < u.length; i++) {
      RushJobResult j = jobs.get(i);
      u[i] = j.utility();
      sumU += j.utility();
      sumL += j.latency();
      min = Math.min(min, j.utility());
      makespan = Math.max(makespan, j.completion());
      if (isZero(j)) zero++;
      if (j.deadlineMissed()) missed++;
    }
    int n = jobs.size();
    return new RushMetrics(
        n == 0 ? Double.NaN : sumU / n,
        min,
        zero,
        missed,
        n == 0 ? Double.NaN : sumL / n,
        makespan,
        u);
  }

  /** Whether a job's utility is at most {@link #ZERO_FRACTION} of its maximum. */
  public static boolean isZero(RushJobResult j) {
    return j.utility() <= ZERO_FRACTION * j.utilityFunction().maxValue();
  }

  /** The utility CDF's steps: every job's utility, ascending (a copy). */
  public double[] utilityCdf() {
    return sortedUtilities.clone();
  }

  /** The fraction of jobs whose utility is at most {@code u}. */
  public double cdfAt(double u) {
    if (sortedUtilities.length == 0) return Double.NaN;
    int k = 0;
    while (k < sortedUtilities.length && sortedUtilities[k] <= u) k++;
    return k / (double) sortedUtilities.length;
  }

  /** The {@code q}-quantile of the utilities (nearest rank), q in [0, 1]. */
  public double utilityQuantile(double q) {
    if (sortedUtilities.length == 0) return Double.NaN;
    int k = (int) Math.ceil(q * sortedUtilities.length) - 1;
    return sortedUtilities[Math.max(0, Math.min(sortedUtilities.length - 1, k))];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RushMetrics m
        && Double.compare(m.meanUtility, meanUtility) == 0
        && Double.compare(m.minUtility, minUtility) == 0
        && m.zeroUtilityJobs == zeroUtilityJobs
        && m.deadlineMisses == deadlineMisses
        && Double.compare(m.meanLatency, meanLatency) == 0
        && Double.compare(m.makespan, makespan) == 0
        && Arrays.equals(m.sortedUtilities, sortedUtilities);
  }

  @Override
  public int hashCode() {
    return Double.hashCode(meanUtility) * 31 + Arrays.hashCode(sortedUtilities);
  }

  @Override
  public String toString() {
    return "RushMetrics[meanUtility="
        + meanUtility
        + ", minUtility="
        + minUtility
        + ", zeroUtilityJobs="
        + zeroUtilityJobs
        + ", deadlineMisses="
        + deadlineMisses
        + ", meanLatency="
        + meanLatency
        + ", makespan="
        + makespan
        + "]";
  }
}
