package io.rayon.engine.estimation;

import java.util.Arrays;

/**
 * The resource manager's estimate EU_R of one worker node's real usage, per resource R, as in the
 * estimation paper (001) §IV. It knows nothing of simulators: the simulator and the live YARN
 * dashboard both feed it the node's reports and the scheduler's decisions.
 *
 * <ul>
 *   <li>{@link #observe} applies eq. 1, {@code EU(n) = (1 − α)·EU(n−1) + α·U(n)}, then eq. 3,
 *       {@code EU(n) = U(n) if EU(n) < U(n)}: each heartbeat is one time step n.
 *   <li>{@link #allocate} applies eq. 2, {@code EU(n) ← EU(n) + RR_J}, the moment a task is placed.
 *   <li>{@link #release} applies eq. 4, {@code EU(n) ← EU(n) − (1 − α)^{n_J}·RR_J}, when a task
 *       ends, where n_J is the number of observations (eq. 1 steps) made while the task ran: the
 *       residue of the task's eq. 2 term that eq. 1 has not yet decayed away. The estimate is kept
 *       at or above 0.
 * </ul>
 *
 * Our reading of the garbled text: α is the weight of the new measurement (α = 0 never learns from
 * measurements and, with eq. 2 and eq. 4, behaves like the reservation model; α = 1 trusts the last
 * report alone). What a node still offers is computed from this estimate by an {@link Availability}
 * formula: {@code AR − EU} in the paper's simulator (§V), {@code min(AR − ACU, NC − RU)} in its
 * YARN prototype (§VI eq. 5–6). Eq. 4's n_J is, in the paper, "the execution time of task J"; time
 * being discretized into observations, we read it as the number of eq. 1 steps applied while the
 * task ran (observations after its placement, up to its end), which removes exactly what is left of
 * the task's eq. 2 term. Not thread-safe; one instance per node.
 */
public final class NodeUsageEstimator {
  private final double alpha;
  private final double[] estimate;
  private long observations;

  /**
   * @param dimensions number of resources tracked (for example 2: memory MB, vcores)
   * @param alpha damping factor α in [0, 1] (the paper uses {@link
   *     EstimationPolicy#DEFAULT_DAMPING})
   */
  public NodeUsageEstimator(int dimensions, double alpha) {
    if (dimensions < 1)
      throw new IllegalArgumentException("dimensions must be at least 1, got " + dimensions);
    if (!(alpha >= 0 && alpha <= 1)) {
      throw new IllegalArgumentException("damping factor must lie in [0, 1], got " + alpha);
    }
    this.alpha = alpha;
    this.estimate = new double[dimensions];
  }

  public double alpha() {
    return alpha;
  }

  public int dimensions() {
    return estimate.length;
  }

  /** The number of observations made so far (the time step n of eq. 1). */
  public long observations() {
    return observations;
  }

  /** EU_R for resource {@code r}. */
  public double estimate(int r) {
    return estimate[r];
  }

  /** A copy of the estimate vector. */
  public double[] estimate() {
    return estimate.clone();
  }

  /** Eq. 1 then eq. 3 with the measured usage {@code usage[r]} of each resource. */
  public void observe(double[] usage) {
    checkLength(usage);
    for (int r = 0; r < estimate.length; r++) {
      double e = (1 - alpha) * estimate[r] + alpha * usage[r];
      estimate[r] = e < usage[r] ? usage[r] : e;
    }
    observations++;
  }

  /** Eq. 1 then eq. 3 for a two-resource estimator, without allocating an array. */
  public void observe(double usage0, double usage1) {
    if (estimate.length != 2)
      throw new IllegalStateException("estimator has " + estimate.length + " dimensions, not 2");
    double e0 = (1 - alpha) * estimate[0] + alpha * usage0;
    double e1 = (1 - alpha) * estimate[1] + alpha * usage1;
    estimate[0] = e0 < usage0 ? usage0 : e0;
    estimate[1] = e1 < usage1 ? usage1 : e1;
    observations++;
  }

  /**
   * {@code k} observations of zero usage at once (an idle node): eq. 1 k times gives {@code EU · (1
   * − α)^k}; eq. 3 never applies.
   */
  public void observeIdle(long k) {
    if (k < 0)
      throw new IllegalArgumentException("observation count must be non-negative, got " + k);
    double f = residue(k);
    for (int r = 0; r < estimate.length; r++) estimate[r] *= f;
    observations += k;
  }

  /** Eq. 2: a task requesting {@code request[r]} was placed on the node. */
  public void allocate(double[] request) {
    checkLength(request);
    for (int r = 0; r < estimate.length; r++) estimate[r] += request[r];
  }

  /** Eq. 2 for one resource. */
  public void allocate(int r, double request) {
    estimate[r] += request;
  }

  /**
   * Eq. 4: a task that requested {@code request[r]} ended after {@code observationsWhileRunning}
   * observations (use {@code observations()} now minus {@code observations()} at its allocation).
   */
  public void release(double[] request, long observationsWhileRunning) {
    checkLength(request);
    double f = residue(observationsWhileRunning);
    for (int r = 0; r < estimate.length; r++)
      estimate[r] = Math.max(0, estimate[r] - f * request[r]);
  }

  /** Eq. 4 for one resource. */
  public void release(int r, double request, long observationsWhileRunning) {
    estimate[r] = Math.max(0, estimate[r] - residue(observationsWhileRunning) * request);
  }

  /** (1 − α)^n: the part of an eq. 2 term still in the estimate after n observations. */
  public double residue(long n) {
    if (n < 0)
      throw new IllegalArgumentException("observation count must be non-negative, got " + n);
    return Math.pow(1 - alpha, n);
  }

  /**
   * §VI eq. 5–6: the resource still available on a node with allowance {@code ar}, aggregated
   * container usage {@code acu}, capacity {@code nc} and usage estimate {@code ru}: {@code min(ar −
   * acu, nc − ru)}, that is {@link Availability#YARN_PROTOTYPE}. May be negative (the node is over
   * its allowance).
   */
  public static double available(double ar, double acu, double nc, double ru) {
    return Availability.YARN_PROTOTYPE.available(ar, acu, nc, ru);
  }

  /** Sets every estimate to 0 and the observation count to 0. */
  public void reset() {
    Arrays.fill(estimate, 0);
    observations = 0;
  }

  private void checkLength(double[] v) {
    if (v.length != estimate.length) {
      throw new IllegalArgumentException(
          "expected " + estimate.length + " values, got " + v.length);
    }
  }

  @Override
  public String toString() {
    return "NodeUsageEstimator[alpha="
        + alpha
        + ", n="
        + observations
        + ", EU="
        + Arrays.toString(estimate)
        + "]";
  }
}
