package io.rayon.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.Fixtures;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanMetricsTest {
  @Test
  void preemptionSumsEveryDownwardTransitionIncludingTheFinalDrop() {
    // 4 -> 2 (down 2), 2 -> 0 at the gap (down 2), 3 -> 0 at the end (down 3): 7 bundles of 1024 MB
    ReservationAllocation a =
        new ReservationAllocation(
            "a",
            List.of(
                new AtomAllocation(
                    "",
                    Resources.of(1024, 1),
                    List.of(new Step(0, 2, 4), new Step(2, 4, 2), new Step(6, 8, 3)))));
    assertThat(PlanMetrics.downwardMemory(a)).isEqualTo(7 * 1024.0);
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    p.add(Fixtures.req("a", "atom(<1024,1>,1,4,1,18)"), a);
    assertThat(PlanMetrics.preemption(p)).isEqualTo(7 * 1024.0 / 8192);
  }

  @Test
  void uniformityIsZeroForAFlatPlanAndGrowsWithPeaks() {
    Plan flat = Fixtures.aPlan(1, 8192, 8, 10);
    flat.add(
        Fixtures.req("a", "atom(<1024,1>,1,1,1,10)"),
        new ReservationAllocation(
            "a",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(0, 10, 1))))));
    assertThat(PlanMetrics.uniformity(flat)).isZero();
    Plan peak = Fixtures.aPlan(1, 8192, 8, 10);
    peak.add(
        Fixtures.req("a", "atom(<1024,1>,1,5,1,10)"),
        new ReservationAllocation(
            "a",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(8, 10, 5))))));
    // utilization 0 for 8 steps, 5/8 for 2: mean 0.125, stddev 0.25 -> 2.0
    assertThat(PlanMetrics.uniformity(peak)).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void acceptanceIsCountedAndWeightedByWork() {
    Plan p = Fixtures.aPlan(1, 8192, 8, 10);
    ReservationRequest small = Fixtures.req("s", "atom(<1024,1>,1,1,1,10)");
    ReservationRequest big = Fixtures.req("b", "atom(<1024,1>,1,1,1,30)");
    List<Decision> ds =
        List.of(
            Decision.accept(new ReservationAllocation("s", List.of())),
            Decision.reject("b", Rejection.of(Rejection.Code.CAPACITY, "", "full")));
    PlanMetrics m = PlanMetrics.of(p, List.of(small, big), ds);
    assertThat(m.accepted()).isEqualTo(1);
    assertThat(m.rejected()).isEqualTo(1);
    assertThat(m.acceptance()).isEqualTo(0.5);
    assertThat(m.weightedAcceptance()).isEqualTo(0.25);
  }
}
