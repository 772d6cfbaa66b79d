package io.rayon.engine.planning;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.scenario.SharingPolicySpec;
import org.junit.jupiter.api.Test;

class GreeSmokeTest {
  @Test
  void placesThePapersThreeStagePipelineLateAndValid() {
    for (Planner p : new Planner[] {new GreePlanner(), new GreeLPlanner()}) {
      Plan plan = aPlan(100, 8192, 8, 1000);
      ReservationSystem rs = new ReservationSystem(plan, p, SharingPolicySpec.NONE).selfChecking(true);
      Decision d = rs.create(req("r1", "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),"
          + "atom(<1024,1>,1,15,120,1800)),0,800)"));
      assertThat(d.accepted()).as(p.name() + " " + d).isTrue();
      System.out.println(p.name() + ": " + d.allocation());
      assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE)).isEmpty();
    }
  }
}
