package io.rayon.engine.rush;

/**
 * The paper's Gaussian estimator (§IV): learns the sample mean {@code m} and sample variance {@code
 * s²} of the job's finished task runtimes and, by the central limit theorem, returns a normal
 * distribution of the pending tasks' demand with mean {@code k·m} and variance {@code k·s²} for
 * {@code k} pending tasks, quantized into a {@link Pmf}.
 *
 * <p>Readings the paper leaves open, written down here:
 *
 * <ul>
 *   <li><b>Before enough samples.</b> The sample variance needs two samples; with fewer than
 *       {@value #MIN_SAMPLES} finished tasks the estimator uses the job's prior (benchmarked) task
 *       runtime as the mean and no spread (the mean time estimator's impulse).
 *   <li><b>Running tasks.</b> A task that has run {@code e} seconds is counted by what it still has
 *       to run under the same normal runtime model conditioned on having lasted {@code e}: mean
 *       {@code E[X − e | X > e] = s·(λ − z)} and variance {@code s²·(1 + zλ − λ²)} with {@code z =
 *       (e − m)/s} and λ the normal hazard {@code φ(z)/(1 − Φ(z))}. These are added to the pending
 *       tasks' mean and variance, so the reference distribution is the whole remaining demand of
 *       the job. (With no spread a running task still needs {@code max(m − e, 0)}.)
 *   <li><b>Quantization.</b> The bins span {@code [max(0, mean − 6·sd), mean + (z* + 1)·sd]} where
 *       {@code z*} is the standard normal quantile that the worst-case distribution within δ can
 *       reach at θ (the root {@code a*} of {@code θ·ln(θ/a) + (1−θ)·ln((1−θ)/(1−a)) = δ}, see
 *       {@link WorstCaseEstimator}), so that η always falls inside the range; the mass outside is
 *       folded into the first and last bins.
 * </ul>
 */
public final class GaussianEstimator implements DemandEstimator {

  /** Finished tasks needed before the sample mean and variance replace the prior. */
  public static final int MIN_SAMPLES = 2;

  private final double theta;
  private final double delta;
  private final int bins;
  private final double zStar;

  /** An estimator whose bins cover the worst-case quantile for θ and δ. */
  public GaussianEstimator(double theta, double delta, int bins) {
    if (!(theta > 0 && theta < 1))
      throw new IllegalArgumentException("theta must be in (0, 1), not " + theta);
    if (!(delta >= 0)) throw new IllegalArgumentException("delta must be >= 0, not " + delta);
    if (bins < 10) throw new IllegalArgumentException("bins must be >= 10, not " + bins);
    this.theta = theta;
    this.delta = delta;
    this.bins = bins;
    this.zStar =
        Normal.upperTailInverse(1 - WorstCaseEstimator.worstCaseReferenceMass(theta, delta));
  }

  public double theta() {
    return theta;
  }

  public double delta() {
    return delta;
  }

  public int bins() {
    return bins;
  }

  @Override
  public DemandEstimate estimate(RushJobState job) {
    double[] f = job.finishedRuntimes();
    double m = job.priorTaskRuntime();
    double s = 0;
    if (f.length >= MIN_SAMPLES) {
      double sum = 0;
      for (double v : f) sum += v;
      m = sum / f.length;
      double ss = 0;
      for (double v : f) ss += (v - m) * (v - m);
      s = Math.sqrt(ss / (f.length - 1));
    }
    double[] e = job.runningElapsed();
    double[] residual = new double[e.length];
    double mean = job.pendingTasks() * m;
    double var = job.pendingTasks() * s * s;
    for (int c = 0; c < e.length; c++) {
      if (s > 0) {
        double[] r = residualOfRunning(m, s, e[c]);
        residual[c] = r[0];
        var += r[1];
      } else {
        residual[c] = Math.max(m - e[c], 0);
      }
      mean += residual[c];
    }
    double sd = Math.sqrt(var);
    if (!(sd > 1e-12 * Math.max(1, mean))) {
      return new DemandEstimate(Pmf.impulse(mean, bins), residual, m, mean, 0);
    }
    double lo = Math.max(0, mean - 6 * sd);
    double hi = mean + (Math.max(zStar, 0) + 1) * sd;
    Pmf pmf = Pmf.gaussian(mean, sd, lo, (hi - lo) / bins, bins);
    return new DemandEstimate(pmf, residual, m, mean, sd);
  }

  /**
   * What a task of runtime N(m, s²) that has already run {@code elapsed} seconds still runs: {mean,
   * variance}.
   */
  static double[] residualOfRunning(double m, double s, double elapsed) {
    double z = (elapsed - m) / s;
    double lambda;
    if (z < -8) {
      return new double[] {m - elapsed, s * s};
    } else if (z > 30) {
      lambda = z + 1 / z - 2 / (z * z * z); // asymptotic hazard, where the tail underflows
    } else {
      lambda = Normal.pdf(z) / Normal.upperTail(z);
    }
    double mean = Math.max(s * (lambda - z), 0);
    double var = Math.max(s * s * (1 + z * lambda - lambda * lambda), 0);
    return new double[] {mean, var};
  }
}
