package io.rayon.engine.rush;

/**
 * A distribution estimator (DE unit, §IV): the reference distribution ϕ_i of a job's remaining
 * demand, the paper's v_i, in container-seconds.
 */
public sealed interface DemandEstimator permits MeanTimeEstimator, GaussianEstimator {

  /** The estimate for one job at a scheduling event. */
  DemandEstimate estimate(RushJobState job);

  /**
   * One job's estimated remaining demand.
   *
   * @param reference the quantized reference distribution ϕ_i of the whole remaining demand: the
   *     pending tasks plus what the running tasks still have to run
   * @param runningResidual per running container (in the order of {@link
   *     RushJobState#runningElapsed()}), the expected seconds its task still runs
   * @param taskRuntime R_i, the average container runtime (seconds) of a task, used by Algorithm 4
   * @param mean the mean of the (unquantized) estimate, container-seconds
   * @param sd its standard deviation, container-seconds (0 for an impulse)
   */
  record DemandEstimate(
      Pmf reference, double[] runningResidual, double taskRuntime, double mean, double sd) {}

  /** The estimator an option names. */
  static DemandEstimator of(RushOptions options) {
    return switch (options.estimator()) {
      case "mean" -> new MeanTimeEstimator(options.bins());
      case "gaussian" -> new GaussianEstimator(options.theta(), options.delta(), options.bins());
      default ->
          throw new IllegalArgumentException("unknown RUSH estimator " + options.estimator());
    };
  }
}
