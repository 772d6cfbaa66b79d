package io.rayon.model.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RuntimeDistributionTest {
  /**
   * The sample mean and sd of many draws agree with mean() and sd(), which are computed in closed
   * form.
   */
  @Test
  void momentsAgreeWithSampling() {
    List<RuntimeDistribution> all =
        List.of(
            new RuntimeDistribution.Fixed(42),
            new RuntimeDistribution.Normal(60, 20, 0.6),
            new RuntimeDistribution.Normal(10, 20, 1), // heavily truncated: mean well above 10
            new RuntimeDistribution.LogNormal(60, 30),
            new RuntimeDistribution.Uniform(30, 90),
            new RuntimeDistribution.Empirical(List.of(1.0, 2.0, 6.0)));
    for (RuntimeDistribution d : all) {
      SplittableRandom r = new SplittableRandom(11);
      int n = 400_000;
      double s = 0;
      double s2 = 0;
      for (int i = 0; i < n; i++) {
        double x = d.sample(r);
        assertThat(x).as(d.toString()).isPositive().isFinite();
        s += x;
        s2 += x * x;
      }
      double mean = s / n;
      double sd = Math.sqrt(Math.max(0, s2 / n - mean * mean));
      assertThat(mean).as(d + " mean").isCloseTo(d.mean(), within(0.01 * d.mean() + 1e-9));
      assertThat(sd).as(d + " sd").isCloseTo(d.sd(), within(0.02 * d.mean() + 1e-9));
    }
    assertThat(new RuntimeDistribution.Normal(10, 20, 1).mean()).isGreaterThan(18);
  }

  @Test
  void refusesImpossibleParameters() {
    assertThatThrownBy(() -> new RuntimeDistribution.Fixed(0)).hasMessageContaining("positive");
    assertThatThrownBy(() -> new RuntimeDistribution.Fixed(Double.NaN))
        .hasMessageContaining("positive");
    assertThatThrownBy(() -> new RuntimeDistribution.Normal(10, -1, 1)).hasMessageContaining("sd");
    assertThatThrownBy(() -> new RuntimeDistribution.Normal(10, 1, 100))
        .hasMessageContaining("6 standard deviations");
    assertThatThrownBy(() -> new RuntimeDistribution.Uniform(9, 3))
        .hasMessageContaining("below min");
    assertThatThrownBy(() -> new RuntimeDistribution.Empirical(List.of()))
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> new RuntimeDistribution.Fixed(1e12)).hasMessageContaining("30 days");
  }
}
