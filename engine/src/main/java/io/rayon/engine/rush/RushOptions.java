package io.rayon.engine.rush;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.rush.OnionPeeling.TieRule;
import java.util.List;

/**
 * Settings of the RUSH solver ("RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in
 * Shared Clouds").
 *
 * @param theta θ, the probability with which the reserved demand η must cover the job's real demand
 *     even under the worst distribution (constraint (3)); in (0, 1)
 * @param delta δ, the entropy threshold: the largest Kullback-Leibler distance (in nats) of the
 *     worst-case demand distribution from the estimated reference one (constraint (5)); {@code >=
 *     0}
 * @param estimator the distribution estimator (§IV): {@code gaussian} (sample mean and variance,
 *     central limit theorem) or {@code mean} (an impulse at mean runtime × pending tasks)
 * @param bins how many bins quantize the reference demand distribution (the PMF of §III.A); the
 *     paper does not give its number; η is exact to about (range / bins), where the range spans the
 *     estimate's mean ± a few standard deviations
 * @param tolerance Δ of Algorithm 3 as a fraction of the largest utility any job can still earn:
 *     the onion peeling bisection stops when its bracket on the max-min utility is narrower than
 *     {@code tolerance × max utility}; the paper does not give Δ
 * @param tieRule how onion peeling picks the job to hold back at a tie, where every candidate
 *     bottleneck could rise alone but not all together (Algorithm 3, line 13, "Locate the
 *     bottleneck job i", does not say): {@code first} (the first in deadline order, the default) or
 *     {@code best} (a bounded exhaustive search for the lexicographically best outcome); see {@link
 *     OnionPeeling}
 */
public record RushOptions(
    double theta, double delta, String estimator, int bins, double tolerance, TieRule tieRule) {

  /** The estimator names. */
  public static final List<String> ESTIMATORS = List.of("gaussian", "mean");

  /**
   * The settings of the paper's experiments: θ = 0.9, δ = 0.7, the Gaussian estimator; 1000 bins
   * and Δ = 10⁻⁴ (our choice).
   */
  public static final RushOptions PAPER = new RushOptions(0.9, 0.7, "gaussian", 1000, 1e-4);

  /** The tie rule names, as the option {@code tie-rule} takes them. */
  public static final List<String> TIE_RULES = List.of("first", "best");

  /** The settings with the default tie rule {@code first}. */
  public RushOptions(double theta, double delta, String estimator, int bins, double tolerance) {
    this(theta, delta, estimator, bins, tolerance, TieRule.FIRST);
  }

  public RushOptions {
    if (!(theta > 0 && theta < 1)) {
      throw new IllegalArgumentException(
          "RUSH theta must be a probability strictly between 0 and 1, not " + theta);
    }
    if (!(delta >= 0) || !Double.isFinite(delta)) {
      throw new IllegalArgumentException(
          "RUSH delta (entropy threshold, nats) must be a finite number >= 0, not " + delta);
    }
    if (estimator == null || !ESTIMATORS.contains(estimator)) {
      throw new IllegalArgumentException(
          "RUSH estimator '"
              + estimator
              + "' is unknown; choose one of "
              + String.join(", ", ESTIMATORS));
    }
    if (bins < 10 || bins > 1_000_000) {
      throw new IllegalArgumentException(
          "RUSH bins must be a whole number from 10 to 1000000, not " + bins);
    }
    if (!(tolerance >= 1e-9 && tolerance <= 0.1)) {
      throw new IllegalArgumentException(
          "RUSH tolerance must be a number from 1e-9 to 0.1 (a fraction of the largest utility), not "
              + tolerance);
    }
    if (tieRule == null) {
      throw new IllegalArgumentException(
          "RUSH tie-rule is missing; choose one of " + String.join(", ", TIE_RULES));
    }
  }

  /** The tie rule of an option value ({@code first} or {@code best}). */
  public static TieRule tieRule(String name) {
    for (TieRule r : TieRule.values()) if (r.key().equals(name)) return r;
    throw new IllegalArgumentException(
        "RUSH tie-rule '" + name + "' is unknown; choose one of " + String.join(", ", TIE_RULES));
  }

  /** The options as plug-in option descriptions, defaults from {@link #PAPER}. */
  public static List<OptionSpec> specs() {
    return List.of(
        OptionSpec.decimal(
            "theta",
            PAPER.theta,
            0.01,
            0.999,
            "probability θ with which the reserved demand must cover a job's real demand under the worst-case distribution (paper: 0.9)"),
        OptionSpec.decimal(
            "delta",
            PAPER.delta,
            0,
            10,
            "entropy threshold δ in nats: how far (KL distance) the real demand distribution may be from the estimate; larger is more conservative (paper: 0.7)"),
        OptionSpec.choice(
            "estimator",
            PAPER.estimator,
            ESTIMATORS,
            "demand distribution estimator: gaussian (sample mean and variance of finished tasks, as in the paper's experiments) or mean (mean runtime × pending tasks, no spread)"),
        OptionSpec.integer(
            "bins",
            PAPER.bins,
            10,
            1_000_000,
            "number of bins of the quantized demand distribution (the paper does not give it)"),
        OptionSpec.decimal(
            "tolerance",
            PAPER.tolerance,
            1e-9,
            0.1,
            "bisection tolerance Δ of onion peeling, as a fraction of the largest utility (the paper does not give it)"),
        OptionSpec.choice(
            "tie-rule",
            PAPER.tieRule.key(),
            TIE_RULES,
            "onion peeling at a tie (no candidate bottleneck is blocked alone; the paper does not say): first holds back the first in deadline order; best searches the choices (up to "
                + OnionPeeling.BEST_MAX_TIED
                + " tied jobs) for the lexicographically best utilities"));
  }

  /** Reads checked plug-in options (see {@link #specs()}). */
  public static RushOptions from(Options o) {
    return new RushOptions(
        o.decimal("theta"),
        o.decimal("delta"),
        o.text("estimator"),
        (int) o.integer("bins"),
        o.decimal("tolerance"),
        tieRule(o.text("tie-rule")));
  }

  /**
   * A one-line summary for reports: {@code theta=0.9 delta=0.7 estimator=gaussian bins=1000
   * tolerance=1.0E-4 tie-rule=first}.
   */
  public String describe() {
    return "theta="
        + theta
        + " delta="
        + delta
        + " estimator="
        + estimator
        + " bins="
        + bins
        + " tolerance="
        + tolerance
        + " tie-rule="
        + tieRule.key();
  }
}
