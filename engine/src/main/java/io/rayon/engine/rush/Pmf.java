package io.rayon.engine.rush;

import java.util.Arrays;

/**
 * A quantized probability mass function of a job's remaining demand in container-seconds (the
 * paper's ϕ_{i,l} and p_{i,l}, §III.A).
 *
 * <p>Bin {@code l} of {@code bins} stands for the demands in {@code (origin + l·width, origin +
 * (l+1)·width]}; the first bin also holds everything below and the last bin everything above, so
 * the masses always sum to 1. A bin's value is its upper edge ({@link #upperEdge(int)}), so a
 * quantile read from the PMF never understates the demand by quantization.
 *
 * <p>Gaussian and impulse PMFs are lazy: its cumulative masses are evaluated on demand from the
 * normal CDF, so the bisection of Algorithm 2 costs O(log bins) evaluations and no O(bins) table is
 * built.
 */
public final class Pmf {
  private final double origin;
  private final double width;
  private final int bins;
  private final double[] cumulative; // null for a lazy Gaussian
  private final double mean;
  private final double sd;

  private Pmf(double origin, double width, int bins, double[] cumulative, double mean, double sd) {
    if (!(width > 0) || !Double.isFinite(width) || !Double.isFinite(origin)) {
      throw new IllegalArgumentException(
          "PMF bins need a finite origin and a width > 0, not origin "
              + origin
              + ", width "
              + width);
    }
    if (bins < 2) throw new IllegalArgumentException("a PMF needs at least 2 bins, not " + bins);
    this.origin = origin;
    this.width = width;
    this.bins = bins;
    this.cumulative = cumulative;
    this.mean = mean;
    this.sd = sd;
  }

  /**
   * A PMF from bin masses (normalised to sum 1).
   *
   * @throws IllegalArgumentException when a mass is negative or not finite, or all are zero
   */
  public static Pmf of(double origin, double width, double[] masses) {
    double[] cum = new double[masses.length];
    double sum = 0;
    for (int l = 0; l < masses.length; l++) {
      if (!(masses[l] >= 0) || !Double.isFinite(masses[l])) {
        throw new IllegalArgumentException(
            "PMF mass [" + l + "] must be a finite number >= 0, not " + masses[l]);
      }
      sum += masses[l];
      cum[l] = sum;
    }
    if (!(sum > 0)) throw new IllegalArgumentException("PMF masses sum to 0");
    for (int l = 0; l < cum.length; l++) cum[l] /= sum;
    cum[cum.length - 1] = 1;
    return new Pmf(origin, width, masses.length, cum, Double.NaN, Double.NaN);
  }

  /** All mass at {@code value} (the upper edge of bin {@code bins/2 − 1}). */
  public static Pmf impulse(double value, int bins) {
    int b = bins / 2;
    double width = Math.max(Math.abs(value), 1) / b;
    return new Pmf(value - b * width, width, bins, null, value, 0);
  }

  /**
   * The normal distribution N(mean, sd²) quantized into {@code bins} bins from {@code origin},
   * evaluated lazily.
   */
  public static Pmf gaussian(double mean, double sd, double origin, double width, int bins) {
    if (!(sd > 0) || !Double.isFinite(sd) || !Double.isFinite(mean)) {
      throw new IllegalArgumentException(
          "a Gaussian PMF needs a finite mean and a standard deviation > 0, not "
              + mean
              + ", "
              + sd);
    }
    return new Pmf(origin, width, bins, null, mean, sd);
  }

  public int bins() {
    return bins;
  }

  public double width() {
    return width;
  }

  public double origin() {
    return origin;
  }

  /** The demand bin {@code l} stands for: its upper edge. */
  public double upperEdge(int l) {
    return origin + (l + 1) * width;
  }

  /** Σ_{k <= l} mass(k): the reference CDF at bin {@code l}; 0 for l < 0, 1 for the last bin. */
  public double cdf(int l) {
    if (l < 0) return 0;
    if (l >= bins - 1) return 1;
    if (cumulative != null) return cumulative[l];
    if (sd == 0) return l >= bins / 2 - 1 ? 1 : 0; // impulse
    return Normal.cdf((upperEdge(l) - mean) / sd);
  }

  /** The mass of bin {@code l}. */
  public double mass(int l) {
    return cdf(l) - cdf(l - 1);
  }

  /** All bin masses (O(bins)). */
  public double[] masses() {
    double[] m = new double[bins];
    for (int l = 0; l < bins; l++) m[l] = mass(l);
    return m;
  }

  /**
   * The smallest bin whose CDF reaches {@code q}: the reference quantile Φ⁻¹(q) of Algorithm 2, in
   * bins.
   */
  public int quantileBin(double q) {
    int lo = 0;
    int hi = bins - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf(mid) >= q) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  @Override
  public String toString() {
    if (cumulative == null && sd == 0)
      return "Pmf[impulse at " + mean + ", " + bins + " bins of " + width + "]";
    return cumulative == null
        ? "Pmf[gaussian mean="
            + mean
            + " sd="
            + sd
            + ", "
            + bins
            + " bins of "
            + width
            + " from "
            + origin
            + "]"
        : "Pmf["
            + bins
            + " bins of "
            + width
            + " from "
            + origin
            + ", masses "
            + Arrays.toString(Arrays.copyOf(masses(), Math.min(bins, 8)))
            + (bins > 8 ? "…]" : "]");
  }
}
