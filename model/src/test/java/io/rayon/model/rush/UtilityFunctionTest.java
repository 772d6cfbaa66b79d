package io.rayon.model.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rayon.model.rush.UtilityFunction.Constant;
import io.rayon.model.rush.UtilityFunction.Linear;
import io.rayon.model.rush.UtilityFunction.PiecewiseLinear;
import io.rayon.model.rush.UtilityFunction.PiecewiseLinear.Point;
import io.rayon.model.rush.UtilityFunction.Sigmoid;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class UtilityFunctionTest {

  @Test
  void linearFollowsThePaperFormulaAndClipsAtZero() {
    Linear u = new Linear(5, 0.1, 100);
    assertThat(u.value(100)).isEqualTo(5);
    assertThat(u.value(0)).isCloseTo(15, within(1e-12));
    assertThat(u.value(150)).isCloseTo(0, within(1e-12));
    assertThat(u.value(400)).isZero();
    assertThat(u.maxValue()).isCloseTo(15, within(1e-12));
    assertThat(u.latestLatencyFor(5)).isCloseTo(100, within(1e-9));
    assertThat(u.latestLatencyFor(0)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(u.latestLatencyFor(16)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(u.kind()).isEqualTo("linear");
  }

  @Test
  void sigmoidIsAboutTheWeightBeforeTheBudgetAndDropsAfterIt() {
    Sigmoid critical = new Sigmoid(4, 0.5, 200);
    assertThat(critical.value(0)).isCloseTo(4, within(1e-6));
    assertThat(critical.value(200)).isCloseTo(2, within(1e-12));
    assertThat(critical.value(260)).isLessThan(1e-10);
    assertThat(critical.value(1e6)).isZero(); // exp overflows to infinity: value 0, not NaN
    Sigmoid insensitive = new Sigmoid(4, 0.001, 200);
    assertThat(insensitive.value(260)).isGreaterThan(1.9);
    assertThat(critical.latestLatencyFor(2)).isCloseTo(200, within(1e-9));
    assertThat(critical.latestLatencyFor(0)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(critical.latestLatencyFor(4.0001)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(critical.latestLatencyFor(4))
        .isZero(); // U(0) rounds to W: only latency 0 reaches it
    assertThat(new Sigmoid(4, 0, 10).latestLatencyFor(2)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(critical.kind()).isEqualTo("sigmoid");
  }

  @Test
  void constantNeverDrops() {
    Constant u = new Constant(3);
    assertThat(u.value(1e9)).isEqualTo(3);
    assertThat(u.latestLatencyFor(3)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(u.latestLatencyFor(3.0001)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(u.kind()).isEqualTo("constant");
  }

  @Test
  void piecewiseInterpolatesIsFlatOutsideAndKeepsTheHigherValueAtAStep() {
    PiecewiseLinear u =
        new PiecewiseLinear(
            List.of(
                new Point(10, 8),
                new Point(20, 4),
                new Point(30, 4),
                new Point(30, 1),
                new Point(40, 0)));
    assertThat(u.value(0)).isEqualTo(8);
    assertThat(u.value(15)).isCloseTo(6, within(1e-12));
    assertThat(u.value(25)).isEqualTo(4);
    assertThat(u.value(30)).isEqualTo(4);
    assertThat(u.value(30.000001)).isCloseTo(1, within(1e-6));
    assertThat(u.value(99)).isZero();
    assertThat(u.latestLatencyFor(6)).isCloseTo(15, within(1e-12));
    assertThat(u.latestLatencyFor(4)).isEqualTo(30);
    assertThat(u.latestLatencyFor(2)).isEqualTo(30);
    assertThat(u.latestLatencyFor(0.5)).isCloseTo(35, within(1e-12));
    assertThat(u.latestLatencyFor(0)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(u.latestLatencyFor(9)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(u.maxValue()).isEqualTo(8);
    assertThat(u.kind()).isEqualTo("piecewise");
  }

  @Test
  void badParametersAreRefusedWithTheFieldAndTheValue() {
    assertThatThrownBy(() -> new Linear(-1, 1, 1))
        .hasMessageContaining("weight")
        .hasMessageContaining("-1");
    assertThatThrownBy(() -> new Linear(1, Double.NaN, 1))
        .hasMessageContaining("slope")
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> new Sigmoid(1, 1, Double.POSITIVE_INFINITY))
        .hasMessageContaining("budget");
    assertThatThrownBy(() -> new Constant(-0.5)).hasMessageContaining("weight");
    assertThatThrownBy(() -> new PiecewiseLinear(List.of()))
        .hasMessageContaining("at least one point");
    assertThatThrownBy(() -> new PiecewiseLinear(List.of(new Point(10, 1), new Point(5, 0))))
        .hasMessageContaining("points[1]")
        .hasMessageContaining("increasing latency");
    assertThatThrownBy(() -> new PiecewiseLinear(List.of(new Point(0, 1), new Point(5, 2))))
        .hasMessageContaining("points[1]")
        .hasMessageContaining("must not increase");
    assertThatThrownBy(
            () -> new PiecewiseLinear(List.of(new Point(5, 3), new Point(5, 2), new Point(5, 1))))
        .hasMessageContaining("at most two points");
    assertThatThrownBy(() -> new Point(-1, 0)).hasMessageContaining("latency");
    assertThatThrownBy(() -> new Constant(1).latestLatencyFor(Double.NaN))
        .hasMessageContaining("NaN");
  }

  @Provide
  Arbitrary<UtilityFunction> utilities() {
    Arbitrary<Double> w = Arbitraries.doubles().between(0, 10);
    Arbitrary<Double> s = Arbitraries.doubles().between(0, 2);
    Arbitrary<Double> b = Arbitraries.doubles().between(0, 1000);
    Arbitrary<UtilityFunction> lin = Combinators.combine(w, s, b).as(Linear::new);
    Arbitrary<UtilityFunction> sig = Combinators.combine(w, s, b).as(Sigmoid::new);
    Arbitrary<UtilityFunction> con = w.map(Constant::new);
    Arbitrary<UtilityFunction> pw = Arbitraries.longs().map(UtilityFunctionTest::randomPiecewise);
    return Arbitraries.oneOf(lin, sig, con, pw);
  }

  static PiecewiseLinear randomPiecewise(long seed) {
    Random r = new Random(seed);
    int n = 1 + r.nextInt(6);
    List<Point> pts = new ArrayList<>();
    double t = r.nextDouble() * 50;
    double u = r.nextDouble() * 10;
    for (int i = 0; i < n; i++) {
      pts.add(new Point(t, u));
      boolean step = r.nextInt(4) == 0 && (i == 0 || pts.get(i - 1).latency() != t);
      t += step ? 0 : r.nextDouble() * 100;
      u = Math.max(0, u - r.nextDouble() * 3);
    }
    return new PiecewiseLinear(pts);
  }

  @Property
  void everyUtilityIsNonIncreasingAndNonNegative(
      @ForAll("utilities") UtilityFunction u,
      @ForAll @DoubleRange(min = 0, max = 3000) double t1,
      @ForAll @DoubleRange(min = 0, max = 3000) double dt) {
    assertThat(u.value(t1 + dt)).isLessThanOrEqualTo(u.value(t1)).isGreaterThanOrEqualTo(0);
    assertThat(u.value(t1)).isLessThanOrEqualTo(u.maxValue());
  }

  @Property
  void latestLatencyIsTheLargestLatencyReachingTheLevel(
      @ForAll("utilities") UtilityFunction u,
      @ForAll @DoubleRange(min = 0, max = 1) double fraction,
      @ForAll @LongRange(min = 0, max = 1) long above) {
    double level = above == 1 ? u.maxValue() * 1.01 + 1e-9 : u.maxValue() * fraction;
    double t = u.latestLatencyFor(level);
    assertThat(t).isNotNaN();
    if (t == Double.NEGATIVE_INFINITY) {
      assertThat(u.value(0)).isLessThan(level);
    } else if (t == Double.POSITIVE_INFINITY) {
      assertThat(u.value(1e7)).isGreaterThanOrEqualTo(level - 1e-9);
    } else {
      assertThat(t).isGreaterThanOrEqualTo(0);
      double tol = 1e-9 * Math.max(1, level);
      assertThat(u.value(t)).isGreaterThanOrEqualTo(level - tol);
      assertThat(u.value(t + 1e-6 * Math.max(1, t) + 1e-6)).isLessThan(level + tol);
    }
  }
}
