package io.rayon.views.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.BeforeContainer;

class SeriesChartTest {

  @BeforeContainer
  static void startToolkit() {
    // SeriesChart's class initialisation needs the JavaFX toolkit, even for the static decimation
    FxTesting.startToolkit();
  }

  /** Decimation keeps at most four points per pixel column and never loses the extremes. */
  @Property(tries = 50)
  void decimationIsBoundedPerPixelAndKeepsMinimumAndMaximum(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 200_000) int n) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] x = new double[n];
    double[] y = new double[n];
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      x[i] = i;
      y[i] = r.nextGaussian() * 10;
      min = Math.min(min, y[i]);
      max = Math.max(max, y[i]);
    }
    int width = 500;
    double sx = width / (double) Math.max(1, n);
    double[] xs = new double[(width + 1) * 4 + 4];
    double[] ys = new double[xs.length];
    int k =
        SeriesChart.decimate(new SeriesChart.Series("s", x, y, null), 0, 0, 0, 0, sx, 1, xs, ys);
    assertThat(k).isLessThanOrEqualTo(4 * (width + 1));
    double dmin = Double.MAX_VALUE;
    double dmax = -Double.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      dmin = Math.min(dmin, -ys[i]);
      dmax = Math.max(dmax, -ys[i]);
    }
    assertThat(dmin).isEqualTo(min);
    assertThat(dmax).isEqualTo(max);
  }
}
