package io.rayon.engine.estimation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class NodeUsageEstimatorTest {

  @Test
  void followsEquationsOneToFourOnAHandComputedSequence() {
    NodeUsageEstimator e = new NodeUsageEstimator(1, 0.125);
    e.allocate(new double[] {1000}); // eq. 2: 0 + 1000
    assertThat(e.estimate(0)).isEqualTo(1000.0);
    e.observe(new double[] {200}); // eq. 1: 7/8*1000 + 1/8*200 = 900
    assertThat(e.estimate(0)).isEqualTo(900.0);
    e.observe(new double[] {200}); // 7/8*900 + 25 = 812.5
    assertThat(e.estimate(0)).isEqualTo(812.5);
    e.observe(new double[] {900}); // eq. 1 gives 823.4375 < 900, so eq. 3 lifts it to 900
    assertThat(e.estimate(0)).isEqualTo(900.0);
    assertThat(e.observations()).isEqualTo(3);
    e.release(new double[] {1000}, 3); // eq. 4: 900 - (7/8)^3 * 1000 = 900 - 669.921875
    assertThat(e.estimate(0)).isEqualTo(230.078125);
  }

  @Test
  void tracksEachResourceSeparately() {
    NodeUsageEstimator e = new NodeUsageEstimator(2, 0.5);
    e.allocate(new double[] {4096, 4});
    e.observe(1024, 6); // mem: 0.5*4096+0.5*1024 = 2560; cpu: 0.5*4+0.5*6 = 5 < 6 -> 6
    assertThat(e.estimate()).containsExactly(2560.0, 6.0);
    e.release(0, 4096, 1); // 2560 - 0.5*4096 = 512
    e.release(1, 4, 1); // 6 - 2 = 4
    assertThat(e.estimate()).containsExactly(512.0, 4.0);
  }

  @Test
  void zeroDampingNeverLearnsAndReleasesTheWholeRequest() {
    NodeUsageEstimator e = new NodeUsageEstimator(1, 0.0);
    e.allocate(new double[] {2048});
    for (int i = 0; i < 10; i++) e.observe(new double[] {100});
    assertThat(e.estimate(0)).isEqualTo(2048.0);
    e.release(new double[] {2048}, 10);
    assertThat(e.estimate(0)).isZero();
  }

  @Test
  void fullDampingTrustsTheLastReportOnly() {
    NodeUsageEstimator e = new NodeUsageEstimator(1, 1.0);
    e.allocate(new double[] {2048});
    e.observe(new double[] {300});
    assertThat(e.estimate(0)).isEqualTo(300.0);
    e.release(new double[] {2048}, 1); // (1-1)^1 = 0: nothing left to remove
    assertThat(e.estimate(0)).isEqualTo(300.0);
  }

  @Test
  void releaseNeverDrivesTheEstimateBelowZero() {
    NodeUsageEstimator e = new NodeUsageEstimator(1, 0.125);
    e.release(new double[] {500}, 0);
    assertThat(e.estimate(0)).isZero();
  }

  @Test
  void availableIsTheSmallerOfAllowanceMinusContainerUsageAndCapacityMinusEstimate() {
    // eq. 5: 28 - 20 = 8; eq. 6: 32 - 30 = 2
    assertThat(NodeUsageEstimator.available(28, 20, 32, 30)).isEqualTo(2.0);
    assertThat(NodeUsageEstimator.available(28, 27, 32, 10)).isEqualTo(1.0);
  }

  @Test
  void idleObservationsAtOnceEqualThatManyZeroReports() {
    NodeUsageEstimator a = new NodeUsageEstimator(2, 0.125);
    NodeUsageEstimator b = new NodeUsageEstimator(2, 0.125);
    a.allocate(new double[] {4096, 3});
    b.allocate(new double[] {4096, 3});
    for (int i = 0; i < 37; i++) a.observe(0, 0);
    b.observeIdle(37);
    assertThat(b.observations()).isEqualTo(a.observations());
    assertThat(b.estimate(0)).isCloseTo(a.estimate(0), within(1e-9));
    assertThat(b.estimate(1)).isCloseTo(a.estimate(1), within(1e-12));
  }

  @Test
  void rejectsADampingFactorOutsideZeroToOne() {
    assertThatThrownBy(() -> new NodeUsageEstimator(2, 1.5)).hasMessageContaining("[0, 1]");
  }

  @Property(tries = 200)
  void steadyUsageMakesTheEstimateConvergeToIt(
      @ForAll @DoubleRange(min = 0.05, max = 1) double alpha,
      @ForAll @DoubleRange(min = 0, max = 1e5) double start,
      @ForAll @DoubleRange(min = 0, max = 1e5) double usage) {
    NodeUsageEstimator e = new NodeUsageEstimator(1, alpha);
    e.allocate(new double[] {start});
    for (int i = 0; i < 2000; i++) e.observe(new double[] {usage});
    assertThat(e.estimate(0)).isCloseTo(usage, within(1e-6 * Math.max(1, start + usage)));
    assertThat(e.estimate(0)).isGreaterThanOrEqualTo(usage);
  }
}
