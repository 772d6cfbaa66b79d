package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.rush.DemandEstimator.DemandEstimate;
import io.rayon.model.rush.UtilityFunction;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EstimatorsTest {

  static RushJobState job(int pending, double[] running, double[] finished, double prior) {
    return new RushJobState(
        "j", new UtilityFunction.Constant(1), 0, pending, running, finished, prior);
  }

  @Test
  void meanTimeEstimatorIsAnImpulseAtMeanTimesPendingPlusRunningResiduals() {
    DemandEstimate e =
        new MeanTimeEstimator(1000)
            .estimate(job(10, new double[] {20, 90}, new double[] {50, 70}, 99));
    // mean 60: 10 × 60 + (60 − 20) + max(60 − 90, 0)
    assertThat(e.mean()).isEqualTo(640);
    assertThat(e.sd()).isZero();
    assertThat(e.runningResidual()).containsExactly(40, 0);
    assertThat(e.taskRuntime()).isEqualTo(60);
    assertThat(WorstCaseEstimator.eta(e.reference(), 0.9, 0.7)).isCloseTo(640, within(1e-6));
    DemandEstimate prior =
        new MeanTimeEstimator(1000).estimate(job(3, new double[0], new double[0], 99));
    assertThat(prior.mean()).isEqualTo(297);
  }

  @Test
  void gaussianEstimatorScalesSampleMeanAndVarianceByPendingTasks() {
    double[] f = {40, 60, 80, 60};
    DemandEstimate e =
        new GaussianEstimator(0.9, 0.7, 1000).estimate(job(25, new double[0], f, 99));
    double var = (400 + 0 + 400 + 0) / 3.0;
    assertThat(e.mean()).isCloseTo(25 * 60, within(1e-9));
    assertThat(e.sd()).isCloseTo(Math.sqrt(25 * var), within(1e-9));
    assertThat(e.taskRuntime()).isEqualTo(60);
    // the reference CDF is the normal CDF at the bin edges
    Pmf p = e.reference();
    int l = p.quantileBin(0.5);
    assertThat(p.upperEdge(l)).isCloseTo(1500, within(p.width() * 1.01));
  }

  @Test
  void gaussianEstimatorUsesThePriorUntilTwoSamples() {
    DemandEstimate e =
        new GaussianEstimator(0.9, 0.7, 1000)
            .estimate(job(5, new double[0], new double[] {10}, 30));
    assertThat(e.mean()).isEqualTo(150);
    assertThat(e.sd()).isZero();
    assertThat(WorstCaseEstimator.eta(e.reference(), 0.9, 0.7)).isCloseTo(150, within(1e-6));
  }

  @Test
  void runningTaskResidualIsTheConditionalNormalTail() {
    // Monte-Carlo check of E[X − e | X > e] and Var for X ~ N(60, 20²)
    Random r = new Random(1);
    for (double elapsed : new double[] {0, 30, 60, 90}) {
      double sum = 0;
      double sum2 = 0;
      int n = 0;
      while (n < 40_000) {
        double x = 60 + 20 * r.nextGaussian();
        if (x > elapsed) {
          sum += x - elapsed;
          sum2 += (x - elapsed) * (x - elapsed);
          n++;
        }
      }
      double mean = sum / n;
      double var = sum2 / n - mean * mean;
      double[] got = GaussianEstimator.residualOfRunning(60, 20, elapsed);
      assertThat(got[0])
          .as("residual after %s s", elapsed)
          .isCloseTo(mean, within(0.03 * mean + 0.1));
      assertThat(got[1]).as("variance after %s s", elapsed).isCloseTo(var, within(0.05 * var + 1));
    }
    double[] far = GaussianEstimator.residualOfRunning(60, 20, 2000);
    assertThat(far[0]).isPositive().isLessThan(1);
  }

  @Test
  void gaussianEstimatorAddsRunningResidualsToMeanAndVariance() {
    double[] f = {40, 60, 80, 60};
    DemandEstimate none =
        new GaussianEstimator(0.9, 0.7, 1000).estimate(job(10, new double[0], f, 99));
    DemandEstimate two =
        new GaussianEstimator(0.9, 0.7, 1000).estimate(job(10, new double[] {10, 70}, f, 99));
    double s = Math.sqrt(800 / 3.0);
    double[] r1 = GaussianEstimator.residualOfRunning(60, s, 10);
    double[] r2 = GaussianEstimator.residualOfRunning(60, s, 70);
    assertThat(two.mean()).isCloseTo(none.mean() + r1[0] + r2[0], within(1e-9));
    assertThat(two.sd() * two.sd()).isCloseTo(none.sd() * none.sd() + r1[1] + r2[1], within(1e-6));
    assertThat(two.runningResidual()).containsExactly(r1[0], r2[0]);
  }
}
