package io.rayon.model.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class YarnReservationTest {
  static final Resources C = Resources.of(1024, 1);
  static final YarnReservationDefinition DEF =
      new YarnReservationDefinition(
          "r",
          0,
          100_000,
          YarnInterpreter.R_ALL,
          List.of(new YarnStage(C, 4, 1, 10_000)),
          null,
          null);

  @Test
  void wholeContainersBecomeOneAtomWithTheStageBundle() {
    YarnReservation r =
        new YarnReservation(
            "reservation_1_0001",
            "dedicated",
            "u",
            0,
            DEF,
            List.of(
                new YarnAllocation(0, 10_000, Resources.ZERO),
                new YarnAllocation(10_000, 30_000, Resources.of(2048, 2)),
                new YarnAllocation(30_000, 40_000, Resources.of(1024, 1))));
    var a = r.allocation(0, 10_000, 100);
    assertThat(a.reservationId()).isEqualTo("reservation_1_0001");
    assertThat(a.atoms())
        .singleElement()
        .satisfies(
            at -> {
              assertThat(at.path()).isEmpty();
              assertThat(at.bundle()).isEqualTo(C);
              assertThat(at.steps()).containsExactly(new Step(1, 3, 2), new Step(3, 4, 1));
            });
  }

  @Test
  void aStepShowsTheMostHeldDuringItWhenYarnsStepIsFiner() {
    YarnReservation r =
        new YarnReservation(
            "x",
            "q",
            "u",
            0,
            DEF,
            List.of(
                new YarnAllocation(5_000, 15_000, Resources.of(3072, 3)),
                new YarnAllocation(15_000, 25_000, Resources.of(1024, 1))));
    assertThat(r.allocation(0, 10_000, 100).atoms().get(0).steps())
        .containsExactly(new Step(0, 2, 3), new Step(2, 3, 1));
  }

  @Test
  void mixedSizesBecomeOneAtomPerSizeAndStepsOutsideTheHorizonAreCut() {
    YarnReservation r =
        new YarnReservation(
            "x",
            "q",
            "u",
            0,
            null,
            List.of(
                new YarnAllocation(-10_000, 10_000, Resources.of(1000, 1)),
                new YarnAllocation(10_000, 20_000, Resources.of(3000, 2)),
                new YarnAllocation(20_000, 90_000, Resources.of(1000, 1))));
    var a = r.allocation(0, 10_000, 5);
    assertThat(a.atoms()).hasSize(2);
    assertThat(a.atoms().get(0).path()).isEqualTo("0");
    assertThat(a.atoms().get(0).steps()).containsExactly(new Step(0, 1, 1), new Step(2, 5, 1));
    assertThat(a.atoms().get(1).steps()).containsExactly(new Step(1, 2, 1));
  }

  /**
   * With step-aligned allocations of whole containers, the mapping keeps the resource-time exactly.
   */
  @Property(tries = 200)
  void alignedAllocationsKeepTheirResourceTime(
      @ForAll @IntRange(min = 1, max = 20) int len1,
      @ForAll @IntRange(min = 0, max = 8) int c1,
      @ForAll @IntRange(min = 1, max = 20) int len2,
      @ForAll @IntRange(min = 0, max = 8) int c2,
      @ForAll @IntRange(min = 0, max = 10) int offset) {
    long step = 1000;
    long t0 = offset * step;
    YarnReservation r =
        new YarnReservation(
            "x",
            "q",
            "u",
            0,
            DEF,
            List.of(
                new YarnAllocation(t0, t0 + len1 * step, C.times(c1)),
                new YarnAllocation(t0 + len1 * step, t0 + (len1 + len2) * step, C.times(c2))));
    var a = r.allocation(0, step, 1000);
    assertThat(a.work()).isEqualTo((long) len1 * c1 + (long) len2 * c2);
    assertThat(r.resourceMillis()).isEqualTo(C.times(a.work() * step));
  }
}
