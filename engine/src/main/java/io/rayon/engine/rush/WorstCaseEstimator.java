package io.rayon.engine.rush;

/**
 * Worst-case distribution estimation (WCDE, §III.A): the largest θ-quantile η_i of any demand
 * distribution within Kullback-Leibler distance δ of the reference ϕ_i, by Algorithm 2's bisection
 * over the bins with Algorithm 1's closed form for the relative entropy minimisation (REM) problem.
 *
 * <p><b>Closed form.</b> For a target bin L, Algorithm 1 keeps ϕ if it already puts at most θ on
 * bins {@code <= L}, and otherwise rescales the two groups to masses θ and 1 − θ. The KL distance
 * of the result from ϕ is then the binary divergence {@code d(θ‖A) = θ·ln(θ/A) +
 * (1−θ)·ln((1−θ)/(1−A))} with {@code A = Σ_{l<=L} ϕ_l} (0 when {@code A <= θ}), so each REM
 * evaluation costs O(1) given the reference CDF, and Algorithm 2 costs O(log bins) CDF evaluations.
 *
 * <p><b>Reading of Algorithm 2's result.</b> Algorithm 2 ends with L_f, the last bin for which some
 * distribution in the KL ball puts no more than θ on bins {@code <= L_f}. Such a distribution can
 * put slightly less than θ there (unless the REM minimum equals δ exactly), so its θ-quantile lies
 * one bin higher; and with an impulse reference (the mean time estimator) every L below the impulse
 * is feasible with KL 0 while the impulse's own bin is not. We therefore report η as the value of
 * bin {@code L_f + 1} = the first infeasible bin L_i, i.e. the smallest bin under which every
 * distribution in the ball puts more than θ: the worst-case θ-quantile. A bin's value is its upper
 * edge, so η covers the quantized demand. The paper's initial bounds are kept: L_f = the last bin
 * on which the reference itself puts at most θ (feasible with KL 0), L_i = the last bin (infeasible
 * for θ < 1, as every distribution puts mass 1 there).
 */
public final class WorstCaseEstimator {
  private WorstCaseEstimator() {}

  /** The binary KL divergence d(θ‖a) in nats; +∞ when a is 0 or 1 (and θ is not). */
  public static double binaryKl(double theta, double a) {
    double d = 0;
    if (theta > 0) d += a <= 0 ? Double.POSITIVE_INFINITY : theta * Math.log(theta / a);
    if (theta < 1)
      d += a >= 1 ? Double.POSITIVE_INFINITY : (1 - theta) * Math.log((1 - theta) / (1 - a));
    return d;
  }

  /**
   * The optimal value of the REM problem (9)-(10) for target bin {@code l}: 0 if ϕ already
   * satisfies (10).
   */
  public static double remMinimum(Pmf reference, int l, double theta) {
    double a = reference.cdf(l);
    return a <= theta ? 0 : binaryKl(theta, a);
  }

  /** Algorithm 1: the minimiser of the REM problem for target bin {@code l}, as bin masses. */
  public static double[] closedForm(Pmf reference, int l, double theta) {
    double[] phi = reference.masses();
    double a = reference.cdf(l);
    double[] p = new double[phi.length];
    if (a <= theta) {
      System.arraycopy(phi, 0, p, 0, phi.length);
      return p;
    }
    for (int k = 0; k < phi.length; k++) {
      if (k <= l) p[k] = theta * phi[k] / a;
      else p[k] = (1 - a) > 0 ? (1 - theta) * phi[k] / (1 - a) : 0;
    }
    return p;
  }

  /**
   * Algorithm 2: the worst-case θ-quantile bin (see the class comment for the off-by-one reading).
   */
  public static int worstCaseBin(Pmf reference, double theta, double delta) {
    int lf = reference.quantileBin(theta);
    if (reference.cdf(lf) > theta) lf--; // the last bin with CDF <= θ: p = ϕ is feasible there
    int li = reference.bins() - 1;
    while (li - lf > 1) {
      int mid = (li + lf) >>> 1;
      if (remMinimum(reference, mid, theta) <= delta) lf = mid;
      else li = mid;
    }
    return li;
  }

  /** η: the worst-case θ-quantile of the remaining demand in container-seconds (never negative). */
  public static double eta(Pmf reference, double theta, double delta) {
    return Math.max(0, reference.upperEdge(worstCaseBin(reference, theta, delta)));
  }

  /**
   * The reference CDF level a* in (θ, 1) at which d(θ‖a*) = δ: the worst-case distribution's
   * θ-quantile sits where the reference CDF reaches a*. θ when δ = 0.
   */
  public static double worstCaseReferenceMass(double theta, double delta) {
    if (delta <= 0) return theta;
    double lo = theta;
    double hi = 1;
    for (int i = 0; i < 200; i++) {
      double mid = 0.5 * (lo + hi);
      if (mid == lo || mid == hi) break;
      if (binaryKl(theta, mid) <= delta) lo = mid;
      else hi = mid;
    }
    return lo;
  }
}
