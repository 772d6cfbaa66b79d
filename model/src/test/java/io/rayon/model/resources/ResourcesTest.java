package io.rayon.model.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ResourcesTest {

  @Test
  void fitCountIsLimitedByTheScarcestDimension() {
    Resources node = Resources.of(8192, 8, Map.of("gpu", 2L));
    assertThat(node.fitCount(Resources.of(1024, 1))).isEqualTo(8);
    assertThat(node.fitCount(Resources.of(3000, 1))).isEqualTo(2);
    assertThat(node.fitCount(Resources.of(1024, 1, Map.of("gpu", 1L)))).isEqualTo(2);
    assertThat(node.fitCount(Resources.of(1024, 1, Map.of("fpga", 1L)))).isZero();
  }

  @Test
  void firstExceedingNamesTheDimension() {
    Resources cap = Resources.of(4096, 4);
    assertThat(Resources.of(4096, 5).firstExceeding(cap)).isEqualTo("vcores");
    assertThat(Resources.of(5000, 1).firstExceeding(cap)).isEqualTo("memoryMB");
    assertThat(Resources.of(1, 1, Map.of("gpu", 1L)).firstExceeding(cap)).isEqualTo("gpu");
    assertThat(Resources.of(4096, 4).firstExceeding(cap)).isNull();
  }

  @Test
  void zeroExtrasAreDroppedSoEqualVectorsAreEqual() {
    assertThat(Resources.of(1, 2, Map.of("gpu", 0L))).isEqualTo(Resources.of(1, 2));
    assertThat(Resources.of(1, 2, Map.of("gpu", 3L)).minus(Resources.of(0, 0, Map.of("gpu", 3L))))
        .isEqualTo(Resources.of(1, 2));
  }

  @Test
  void printsInRdlBundleSyntax() {
    assertThat(Resources.of(1024, 1)).hasToString("<1024,1>");
    assertThat(Resources.of(1024, 1, Map.of("gpu", 2L))).hasToString("<1024,1,gpu=2>");
  }

  @Property(tries = 300)
  void plusThenMinusIsIdentity(@ForAll("vectors") Resources a, @ForAll("vectors") Resources b) {
    assertThat(a.plus(b).minus(b)).isEqualTo(a);
  }

  @Property(tries = 300)
  void fitCountCopiesFitAndOneMoreDoesNot(
      @ForAll("vectors") Resources cap, @ForAll("vectors") Resources bundle) {
    Assume.that(!bundle.isZero());
    long n = cap.fitCount(bundle);
    assertThat(bundle.times(n).fitsIn(cap)).isTrue();
    assertThat(bundle.times(n + 1).fitsIn(cap)).isFalse();
  }

  @Provide
  Arbitrary<Resources> vectors() {
    return Combinators.combine(
            Arbitraries.longs().between(0, 100_000),
            Arbitraries.longs().between(0, 64),
            Arbitraries.longs().between(0, 8))
        .as((m, v, g) -> Resources.of(m, v, Map.of("gpu", g)));
  }
}
