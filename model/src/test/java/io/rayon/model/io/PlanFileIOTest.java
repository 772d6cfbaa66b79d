package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFileIOTest {
  private static PlanFile sample() {
    ReservationAllocation a =
        new ReservationAllocation(
            "r1",
            List.of(
                new AtomAllocation(
                    "0",
                    Resources.of(1024, 1),
                    List.of(new Step(10, 20, 4), new Step(20, 30, 2)))));
    Rejection why =
        new Rejection(
            Rejection.Code.CAPACITY, "0.1", 0L, 100L, "memoryMB", null, "not enough memoryMB");
    return new PlanFile(
        PlanFile.FORMAT_VERSION,
        "demo",
        "gree",
        "instantaneous:0.5",
        60,
        100,
        Map.of("accepted", 1),
        List.of(Decision.accept(a), Decision.reject("r2", why)));
  }

  @Test
  void planFileRoundTripsThroughJson() throws Exception {
    PlanFile p = sample();
    String json = PlanFileIO.toJson(p);
    PlanFile back = PlanFileIO.parse(json, "p.json");
    assertThat(back.decisions()).isEqualTo(p.decisions());
    assertThat(back.planner()).isEqualTo("gree");
    assertThat(PlanFileIO.toJson(back)).isEqualTo(json);
  }

  @Test
  void csvHasOneRowPerAtomRunWithTotals() {
    assertThat(PlanFileIO.toCsv(sample()))
        .isEqualTo(
            "reservation,path,start,end,bundles,memoryMB,vcores\nr1,0,10,20,4,4096,4\nr1,0,20,30,2,2048,2\n");
  }

  @Test
  void wrongVersionIsReportedWithItsPath() {
    assertThatThrownBy(
            () -> PlanFileIO.parse("{\"formatVersion\":7,\"planner\":\"gree\"}", "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("p.json at $.formatVersion");
  }
}
