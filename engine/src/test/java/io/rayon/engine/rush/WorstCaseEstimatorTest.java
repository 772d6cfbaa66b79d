package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.model.rush.UtilityFunction;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** Algorithms 1 and 2 checked against direct computations. */
class WorstCaseEstimatorTest {

  static double kl(double[] p, double[] phi) {
    double d = 0;
    for (int l = 0; l < p.length; l++) {
      if (p[l] > 0) d += phi[l] > 0 ? p[l] * Math.log(p[l] / phi[l]) : Double.POSITIVE_INFINITY;
    }
    return d;
  }

  static Pmf randomPmf(Random r, int bins) {
    double[] m = new double[bins];
    for (int l = 0; l < bins; l++) m[l] = r.nextInt(4) == 0 ? 0 : r.nextDouble();
    m[r.nextInt(bins)] += 0.5;
    return Pmf.of(0, 1 + r.nextDouble() * 10, m);
  }

  /**
   * The REM minimum for target bin l computed independently: a golden-section search over the mass
   * s <= θ put on bins <= l, each candidate spread like the reference inside the two groups, with
   * the KL summed bin by bin.
   */
  static double remByGoldenSection(double[] phi, int l, double theta) {
    double a = 0;
    for (int k = 0; k <= l; k++) a += phi[k];
    final double lowMass = a;
    DoubleUnaryOperator f =
        s -> {
          double[] p = new double[phi.length];
          for (int k = 0; k < phi.length; k++) {
            if (k <= l) p[k] = lowMass > 0 ? s * phi[k] / lowMass : 0;
            else p[k] = lowMass < 1 ? (1 - s) * phi[k] / (1 - lowMass) : 0;
          }
          double sum = 0;
          for (double v : p) sum += v;
          if (Math.abs(sum - 1) > 1e-9) return Double.POSITIVE_INFINITY; // cannot be a distribution
          return kl(p, phi);
        };
    double lo = 0;
    double hi = theta;
    double g = (Math.sqrt(5) - 1) / 2;
    for (int i = 0; i < 200; i++) {
      double x1 = hi - g * (hi - lo);
      double x2 = lo + g * (hi - lo);
      if (f.applyAsDouble(x1) <= f.applyAsDouble(x2)) hi = x2;
      else lo = x1;
    }
    return Math.min(
        f.applyAsDouble(0.5 * (lo + hi)), Math.min(f.applyAsDouble(theta), f.applyAsDouble(0)));
  }

  @Property(tries = 300)
  void closedFormIsAFeasibleDistributionWithinDeltaAndNoRandomCompetitorBeatsIt(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @DoubleRange(min = 0.5, max = 0.99) double theta) {
    Random r = new Random(seed);
    Pmf ref = randomPmf(r, 2 + r.nextInt(30));
    int l = r.nextInt(ref.bins() - 1);
    double[] p = WorstCaseEstimator.closedForm(ref, l, theta);
    double[] phi = ref.masses();
    double total = 0;
    double low = 0;
    for (int k = 0; k < p.length; k++) {
      assertThat(p[k]).isGreaterThanOrEqualTo(0);
      total += p[k];
      if (k <= l) low += p[k];
    }
    double rem = WorstCaseEstimator.remMinimum(ref, l, theta);
    if (Double.isFinite(rem)) {
      assertThat(total).isCloseTo(1, within(1e-9));
      assertThat(low).isLessThanOrEqualTo(theta + 1e-9); // constraint (10)
      assertThat(kl(p, phi)).isCloseTo(rem, within(1e-9 * Math.max(1, rem)));
      double delta = rem * (1 + 1e-9) + 1e-12;
      assertThat(kl(p, phi))
          .isLessThanOrEqualTo(delta); // within δ when the bin is declared feasible
      // Theorem 1: any other distribution meeting (9)-(10) is at least as far from ϕ
      for (int trial = 0; trial < 50; trial++) {
        double[] q = new double[phi.length];
        double s = 0;
        for (int k = 0; k < q.length; k++) {
          q[k] = phi[k] > 0 ? phi[k] * Math.exp(r.nextGaussian()) : 0;
          s += q[k];
        }
        double qLow = 0;
        for (int k = 0; k < q.length; k++) {
          q[k] /= s;
          if (k <= l) qLow += q[k];
        }
        if (qLow > theta) continue;
        assertThat(kl(q, phi)).isGreaterThanOrEqualTo(rem - 1e-12);
      }
      assertThat(remByGoldenSection(phi, l, theta))
          .isCloseTo(rem, within(1e-6 * Math.max(1, rem) + 1e-9));
    } else {
      assertThat(ref.cdf(l))
          .isEqualTo(1); // nothing above bin l: no distribution can move mass there
    }
  }

  @Property(tries = 300)
  void bisectionFindsTheFirstBinNoDistributionWithinDeltaCanKeepBelowTheta(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @DoubleRange(min = 0.5, max = 0.99) double theta,
      @ForAll @DoubleRange(min = 0, max = 3) double delta) {
    Random r = new Random(seed);
    Pmf ref = randomPmf(r, 2 + r.nextInt(60));
    double[] phi = ref.masses();
    // direct scan: the first bin whose REM minimum (computed independently) exceeds δ
    int expected = -1;
    for (int l = 0; l < ref.bins(); l++) {
      double rem =
          ref.cdf(l) >= 1 - 1e-15 ? Double.POSITIVE_INFINITY : remByGoldenSection(phi, l, theta);
      if (rem > delta) {
        expected = l;
        break;
      }
    }
    int got = WorstCaseEstimator.worstCaseBin(ref, theta, delta);
    if (got != expected) {
      // allowed only where the two REM values straddle δ by rounding
      double remGot = WorstCaseEstimator.remMinimum(ref, expected, theta);
      assertThat(Math.abs(remGot - delta)).as("seed %d", seed).isLessThan(1e-6);
    }
  }

  @Test
  void impulseDemandIsKeptExactlyWhateverTheEntropyThreshold() {
    Pmf impulse = Pmf.impulse(1234.5, 1000);
    for (double delta : new double[] {0, 0.7, 5}) {
      assertThat(WorstCaseEstimator.eta(impulse, 0.9, delta)).isCloseTo(1234.5, within(1e-6));
    }
  }

  @Test
  void gaussianWorstCaseQuantileGrowsWithDeltaAndMatchesTheAnalyticTail() {
    double mean = 6000;
    double sd = 200;
    double previous = 0;
    for (double delta : new double[] {0, 0.1, 0.7, 2}) {
      GaussianEstimator est = new GaussianEstimator(0.9, delta, 1000);
      Pmf ref = est.estimate(job(100, new double[0], samples(60, 20))).reference();
      double eta = WorstCaseEstimator.eta(ref, 0.9, delta);
      double aStar = WorstCaseEstimator.worstCaseReferenceMass(0.9, delta);
      double est0 = est.estimate(job(100, new double[0], samples(60, 20))).mean();
      double sd0 = est.estimate(job(100, new double[0], samples(60, 20))).sd();
      double analytic = est0 + sd0 * Normal.upperTailInverse(1 - aStar);
      assertThat(eta).isGreaterThan(previous);
      assertThat(eta).isCloseTo(analytic, within(ref.width() * 1.01 + 1e-9));
      previous = eta;
    }
    assertThat(mean).isPositive();
    assertThat(sd).isPositive();
  }

  @Test
  void theReferenceMassOfTheWorstCaseSolvesTheBinaryDivergence() {
    double a = WorstCaseEstimator.worstCaseReferenceMass(0.9, 0.7);
    assertThat(WorstCaseEstimator.binaryKl(0.9, a)).isCloseTo(0.7, within(1e-9));
    assertThat(a).isBetween(0.9999, 0.99999);
    assertThat(WorstCaseEstimator.worstCaseReferenceMass(0.9, 0)).isEqualTo(0.9);
  }

  static double[] samples(double mean, double sd) {
    Random r = new Random(7);
    double[] s = new double[200];
    for (int i = 0; i < s.length; i++) s[i] = Math.max(0, mean + sd * r.nextGaussian());
    return s;
  }

  static RushJobState job(int pending, double[] running, double[] finished) {
    return new RushJobState(
        "j", new UtilityFunction.Constant(1), 0, pending, running, finished, 60);
  }
}
