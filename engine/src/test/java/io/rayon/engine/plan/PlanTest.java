package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.planning.Fixtures;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanTest {
  private static ReservationAllocation alloc(String id, long from, long to, long n) {
    return new ReservationAllocation(
        id, List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(from, to, n)))));
  }

  @Test
  void planFromScenarioAppliesCapacityChangesAsACanonicalSkyline() {
    Cluster c =
        new Cluster(
            "c",
            List.of(NodeGroup.of("n", 4, Resources.of(8192, 8))),
            List.of(),
            List.of(
                new CapacityChange(10, Resources.of(-8192, -8), "failure"),
                new CapacityChange(20, Resources.of(8192, 8), "back")));
    Scenario s = new Scenario(1, "s", null, 60, 30, c, null, null, null, null, null, null);
    Plan p = Plan.fromScenario(s);
    assertThat(p.capacitySkyline())
        .hasToString("{0=<32768,32>, 10=<24576,24>, 20=<32768,32>, 30=<0,0>}");
    assertThat(p.capacityAt(15)).isEqualTo(Resources.of(24576, 24));
    assertThat(p.capacityAt(30)).isEqualTo(Resources.ZERO);
  }

  @Test
  void addAndRemoveKeepFreeCapacityAndPerUserTotals() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    p.add(Fixtures.req("a", "alice", "atom(<1024,1>,1,2,1,10)"), alloc("a", 0, 5, 2));
    assertThat(p.freeAt(2)).isEqualTo(Resources.of(6144, 6));
    assertThat(p.userAllocatedAt("alice", 2)).isEqualTo(Resources.of(2048, 2));
    assertThat(p.minFree(0, 10)).isEqualTo(Resources.of(6144, 6));
    assertThat(p.allocationSkyline()).hasToString("{0=<2048,2>, 5=<0,0>}");
    assertThat(p.skylineOf("a")).hasToString("{0=<2048,2>, 5=<0,0>}");
    assertThat(p.remove("a")).isTrue();
    assertThat(p.freeAt(2)).isEqualTo(Resources.of(8192, 8));
    assertThat(p.users()).isEmpty();
  }

  @Test
  void copyIsIndependentOfTheOriginal() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    Plan c = p.copy();
    c.add(Fixtures.req("a", "atom(<1024,1>,1,2,1,10)"), alloc("a", 0, 5, 2));
    assertThat(p.reservationIds()).isEmpty();
    assertThat(p.freeAt(0)).isEqualTo(Resources.of(8192, 8));
    assertThat(c.freeAt(0)).isEqualTo(Resources.of(6144, 6));
  }

  @Test
  void overcommitNamesStepDimensionAndAmounts() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    assertThat(p.overcommit(alloc("x", 3, 4, 9))).contains("step 3").contains("memoryMB");
    assertThat(p.overcommit(alloc("x", 8, 12, 1))).contains("outside the plan horizon");
    assertThat(p.fits(alloc("x", 0, 10, 8))).isTrue();
  }

  @Test
  void addIfFitsRefusesAnOvercommitAndLeavesThePlanAsItWas() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    p.add(Fixtures.req("a", "atom(<1024,1>,1,4,1,8)"), alloc("a", 2, 4, 4));
    String before = p.allocationSkyline().toString();
    long run = p.runStart(5);
    // 5 more bundles fit at steps 0-1 and 4-9, but only 4 at steps 2-3
    assertThat(p.addIfFits(Fixtures.req("b", "atom(<1024,1>,1,5,1,25)"), alloc("b", 0, 5, 5)))
        .get()
        .asString()
        .contains("step 2")
        .contains("memoryMB");
    assertThat(p.contains("b")).isFalse();
    assertThat(p.allocationSkyline()).hasToString(before);
    assertThat(p.runStart(5)).isEqualTo(run);
    assertThat(p.users()).containsExactly("alice");
    assertThat(p.addIfFits(Fixtures.req("b", "atom(<1024,1>,1,4,1,20)"), alloc("b", 0, 5, 4)))
        .isEmpty();
    assertThat(p.freeAt(2)).isEqualTo(Resources.ZERO);
    assertThat(p.addIfFits(Fixtures.req("c", "atom(<1024,1>,1,1,1,1)"), alloc("c", 9, 11, 1)))
        .get()
        .asString()
        .contains("outside the plan horizon");
  }

  @Test
  void aResourceFirstSeenInAReservationBecomesADimensionOfThePlanAndOfItsCopies() {
    Plan p = Plan.empty(Resources.of(8192, 8), 10, 60);
    assertThat(p.dimensions()).containsExactly("memoryMB", "vcores");
    ReservationAllocation a =
        new ReservationAllocation(
            "g",
            List.of(
                new AtomAllocation(
                    "", Resources.of(1024, 1, Map.of("gpu", 1L)), List.of(new Step(0, 2, 2)))));
    p.add(Fixtures.req("g", "atom(<1024,1,gpu=1>,1,2,1,4)"), a);
    assertThat(p.dimensions()).containsExactly("memoryMB", "vcores", "gpu");
    assertThat(p.copy().dimensions()).containsExactly("memoryMB", "vcores", "gpu");
    assertThat(p.emptyCopy().dimensions()).containsExactly("memoryMB", "vcores");
  }

  @Test
  void extraResourcesAreTrackedAsTheirOwnDimension() {
    Plan p = Plan.empty(Resources.of(8192, 8, Map.of("gpu", 2L)), 10, 60);
    assertThat(p.dimensions()).containsExactly("memoryMB", "vcores", "gpu");
    ReservationAllocation a =
        new ReservationAllocation(
            "g",
            List.of(
                new AtomAllocation(
                    "", Resources.of(1024, 1, Map.of("gpu", 1L)), List.of(new Step(0, 2, 2)))));
    p.add(Fixtures.req("g", "atom(<1024,1,gpu=1>,1,2,1,4)"), a);
    assertThat(p.freeAt(1).get("gpu")).isZero();
    assertThat(p.overcommit(a)).contains("gpu");
  }

  @Test
  void duplicateIdsAndHugeHorizonsAreRefused() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    p.add(Fixtures.req("a", "atom(<1024,1>,1,2,1,10)"), alloc("a", 0, 5, 2));
    assertThatThrownBy(
            () -> p.add(Fixtures.req("a", "atom(<1024,1>,1,2,1,10)"), alloc("a", 0, 5, 2)))
        .hasMessageContaining("already in the plan");
    assertThatThrownBy(() -> Plan.empty(Resources.of(1, 1), Plan.MAX_HORIZON + 1, 60))
        .hasMessageContaining("horizon");
  }

  @Test
  void stepFunctionsAreCanonical() {
    StepFunction a = StepFunction.rectangle(0, 5, Resources.of(1, 1));
    StepFunction b = StepFunction.rectangle(5, 10, Resources.of(1, 1));
    assertThat(a.plus(b)).hasToString("{0=<1,1>, 10=<0,0>}");
    assertThat(a.plus(b).minus(b)).isEqualTo(a);
    assertThat(a.plus(b).minOver(3, 7)).isEqualTo(Resources.of(1, 1));
    assertThat(StepFunction.ZERO).hasToString("{}");
  }
}
