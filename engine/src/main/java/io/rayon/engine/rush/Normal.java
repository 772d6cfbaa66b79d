package io.rayon.engine.rush;

import io.rayon.model.rush.RushMath;

/**
 * The standard normal distribution, with tails accurate in relative terms (a fractional error below
 * about 10⁻⁷ down to the smallest representable probabilities), as the worst-case demand of RUSH
 * lives far in the upper tail of the reference distribution.
 */
final class Normal {
  private Normal() {}

  private static final double SQRT2 = Math.sqrt(2);
  private static final double INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

  /** The density φ(z). */
  static double pdf(double z) {
    return INV_SQRT_2PI * Math.exp(-0.5 * z * z);
  }

  /** Φ(z) = P(Z <= z). */
  static double cdf(double z) {
    return z >= 0 ? 1 - upperTail(z) : upperTail(-z);
  }

  /** Q(z) = P(Z > z), accurate in relative terms for large z. */
  static double upperTail(double z) {
    return 0.5 * erfc(z / SQRT2);
  }

  /** The z with Q(z) = p, for p in (0, 0.5]; by bisection on {@link #upperTail}. */
  static double upperTailInverse(double p) {
    if (!(p > 0)) return 38;
    if (p >= 0.5) return 0;
    double lo = 0;
    double hi = 38;
    for (int i = 0; i < 80 && hi - lo > 1e-12; i++) {
      double mid = 0.5 * (lo + hi);
      if (upperTail(mid) > p) lo = mid;
      else hi = mid;
    }
    return 0.5 * (lo + hi);
  }

  /** The complementary error function, the model's one implementation ({@link RushMath#erfc}). */
  static double erfc(double x) {
    return RushMath.erfc(x);
  }
}
