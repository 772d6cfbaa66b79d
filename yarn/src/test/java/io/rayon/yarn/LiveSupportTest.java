package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.live.YarnAllocation;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiveSupportTest {
  @Test
  void durationsAndInstantsAreReadAsUsersWriteThem() {
    assertThat(LiveDurations.parseInstant("2026-11-22T18:00:00Z")).isEqualTo(1795370400000L);
    assertThat(LiveDurations.parseInstant("1795370400000")).isEqualTo(1795370400000L);
    assertThat(LiveDurations.nextStep(1795370400001L, 60_000)).isEqualTo(1795370460000L);
    assertThat(LiveDurations.nextStep(1795370400000L, 60_000)).isEqualTo(1795370460000L);
  }

  @Test
  void addressesAreNormalizedAndOnlyHttpIsAccepted() {
    assertThat(YarnConnection.parseUrl("rm.example.org:8088/").toString())
        .isEqualTo("http://rm.example.org:8088");
    assertThat(YarnConnection.parseUrl("https://rm:8090").toString()).isEqualTo("https://rm:8090");
    assertThatThrownBy(() -> YarnConnection.parseUrl(" ")).hasMessageContaining("empty");
    assertThatThrownBy(() -> YarnConnection.parseUrl("file:///etc"))
        .hasMessageContaining("only http");
  }

  @Test
  void backOffDoublesUpToItsCap() {
    YarnConnection c =
        YarnConnection.of("rm:8088").withRetries(5, Duration.ofMillis(250), Duration.ofSeconds(1));
    assertThat(List.of(c.backoffAfter(1), c.backoffAfter(2), c.backoffAfter(3), c.backoffAfter(4)))
        .containsExactly(
            Duration.ofMillis(250),
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1));
  }

  @Test
  void aComparisonCountsTheStepsWhereYarnAndTheLocalPlanDiffer() {
    Resources c = Resources.of(1024, 1);
    YarnReservationDefinition def =
        new YarnReservationDefinition(
            "r",
            0,
            100_000,
            YarnInterpreter.R_ALL,
            List.of(new YarnStage(c, 2, 1, 20_000)),
            null,
            null);
    YarnTranslation t = new YarnTranslation("r", "q", 0, 10_000, 0, 10, def, List.of(), List.of());
    // YARN: one container over steps [6,10); local plan: two containers over [0,2)
    YarnReservation yarn =
        new YarnReservation(
            "reservation_1", "q", "u", 0, def, List.of(new YarnAllocation(60_000, 100_000, c)));
    ReservationAllocation local =
        new ReservationAllocation(
            "r", List.of(new AtomAllocation("", c, List.of(new Step(0, 2, 2)))));
    ReservationComparison cmp = ReservationComparison.of(t, yarn, local, 10);
    assertThat(cmp.requested()).isEqualTo(c.times(4));
    assertThat(cmp.yarnGranted()).isEqualTo(c.times(4));
    assertThat(cmp.localGranted()).isEqualTo(c.times(4));
    assertThat(cmp.yarnStart()).isEqualTo(6);
    assertThat(cmp.yarnEnd()).isEqualTo(10);
    assertThat(cmp.stepsThatDiffer()).isEqualTo(6);
    assertThat(cmp.yarnPeak()).isEqualTo(c);
    assertThat(cmp.localPeak()).isEqualTo(c.times(2));
    assertThat(cmp.differences())
        .singleElement()
        .satisfies(d -> assertThat(d).contains("differs from the local plan in 6 steps"));
  }

  @Test
  void aComparisonFlagsAllocationsOutsideTheWindowAndMissingWork() {
    Resources c = Resources.of(1024, 1);
    YarnReservationDefinition def =
        new YarnReservationDefinition(
            "r",
            0,
            100_000,
            YarnInterpreter.R_ALL,
            List.of(new YarnStage(c, 2, 1, 20_000)),
            null,
            null);
    YarnTranslation t = new YarnTranslation("r", "q", 0, 10_000, 2, 6, def, List.of(), List.of());
    YarnReservation yarn =
        new YarnReservation(
            "reservation_1", "q", "u", 0, def, List.of(new YarnAllocation(0, 20_000, c)));
    ReservationComparison cmp = ReservationComparison.of(t, yarn, null, 10);
    assertThat(cmp.differences())
        .hasSize(2)
        .anyMatch(d -> d.contains("grants <2048,2>") && d.contains("asked for <4096,4>"))
        .anyMatch(d -> d.contains("leaves the window [2,6)"));
    assertThat(cmp.stepsThatDiffer()).isNull();
  }
}
