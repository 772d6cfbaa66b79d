package io.rayon.engine.planning;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Step;
import io.rayon.model.scenario.SharingPolicySpec;
import org.junit.jupiter.api.Test;

class GreeLPlannerTest {
  private static ReservationSystem system(Plan plan, Planner p) {
    return new ReservationSystem(plan, p, SharingPolicySpec.NONE).selfChecking(true);
  }

  @Test
  void atomIsSpreadAsFlatAsPossibleOverItsInterval() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), new GreeLPlanner());
    Decision d = rs.create(req("r", "window(atom(<1024,1>,1,10,1,150),0,100)"));
    // 150 bundle-steps over 100 steps: 2 bundles for 75 steps, right-aligned
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(25, 100, 2));
  }

  @Test
  void orderStagesGetIntervalsProportionalToTheirMinimumDuration() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 1000), new GreeLPlanner());
    Decision d = rs.create(req("r", "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),"
        + "atom(<1024,1>,1,15,120,1800)),0,800)"));
    assertThat(d.accepted()).isTrue();
    AtomAllocation last = d.allocation().atoms().get(2);
    assertThat(last.steps()).containsExactly(new Step(600, 800, 9));
    assertThat(d.allocation().atoms().get(1).steps()).containsExactly(new Step(400, 600, 12));
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 400, 6));
  }

  @Test
  void flatAtomFallsBackToGreeWhenTheFlatShapeDoesNotFit() {
    Plan plan = aPlan(1, 8192, 8, 100);
    ReservationSystem rs = system(plan, new GreeLPlanner());
    assertThat(rs.create(req("blocker", "window(atom(<8192,8>,1,1,50,50),0,50)")).accepted()).isTrue();
    Decision d = rs.create(req("r", "atom(<1024,1>,1,8,1,400)"));
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(50, 100, 8));
  }

  @Test
  void greeLPreemptsLessThanGreeOnTheSameWorkload() {
    String[] rdls = {
      "window(atom(<1024,1>,1,40,1,400),0,100)",
      "window(order(atom(<1024,1>,1,20,5,200),atom(<1024,1>,1,20,5,200)),0,100)",
      "window(atom(<1024,1>,1,30,1,300),20,100)"
    };
    double[] preemption = new double[2];
    Planner[] ps = {new GreePlanner(), new GreeLPlanner()};
    for (int i = 0; i < 2; i++) {
      Plan plan = aPlan(10, 8192, 8, 100);
      ReservationSystem rs = system(plan, ps[i]);
      for (int j = 0; j < rdls.length; j++) assertThat(rs.create(req("r" + j, rdls[j])).accepted()).isTrue();
      preemption[i] = PlanMetrics.preemption(plan);
    }
    assertThat(preemption[1]).isLessThan(preemption[0]);
  }
}
