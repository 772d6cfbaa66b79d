package io.rayon.engine.rush;

/**
 * The paper's mean time estimator (§IV): an impulse at mean container runtime × pending tasks.
 *
 * <p>Readings: the mean container runtime is the mean of the job's finished task runtimes, or its
 * prior (benchmarked) task runtime before any task finished. A running task is expected to run
 * {@code max(mean − elapsed, 0)} more seconds (a task past the mean is counted as about to end);
 * these residuals are added to the impulse, so the impulse is the whole remaining demand.
 */
public record MeanTimeEstimator(int bins) implements DemandEstimator {

  public MeanTimeEstimator {
    if (bins < 10) throw new IllegalArgumentException("bins must be >= 10, not " + bins);
  }

  @Override
  public DemandEstimate estimate(RushJobState job) {
    double[] f = job.finishedRuntimes();
    double m = job.priorTaskRuntime();
    if (f.length > 0) {
      double s = 0;
      for (double v : f) s += v;
      m = s / f.length;
    }
    double[] e = job.runningElapsed();
    double[] residual = new double[e.length];
    double total = job.pendingTasks() * m;
    for (int c = 0; c < e.length; c++) {
      residual[c] = Math.max(m - e[c], 0);
      total += residual[c];
    }
    return new DemandEstimate(Pmf.impulse(total, bins), residual, m, total, 0);
  }
}
