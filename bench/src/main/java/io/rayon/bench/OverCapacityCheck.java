package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.GreelPlusOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import java.util.List;

/**
 * Whether the requests a Hadoop agent refused because its own allocation would overcommit the plan
 * ({@link Refusal#OVER_CAPACITY}) had room in that plan. The agent's run is replayed in arrival
 * order into one of our plans: each accepted allocation (read back from Hadoop's plan) is added as
 * it was; at each such refusal {@link GreelPlusPlanner} with no early reserve (its early candidate
 * over the whole capacity, then its late one) is asked to place the request on the plan as it
 * stood, under the workload's sharing policy, and nothing is added. A placement it finds fits the
 * plan and the policy, so the request could have been accepted; one it does not find may still
 * exist (a lower bound).
 */
final class OverCapacityCheck {
  private OverCapacityCheck() {}

  /** How many of the run's over-capacity refusals greel-plus could place. */
  static int fitted(PreparedWorkload w, RunOutcome hadoop) {
    Refusal[] why = hadoop.refusedWhy();
    boolean any = false;
    for (Refusal r : why) any |= r == Refusal.OVER_CAPACITY;
    if (!any) return 0;
    Scenario s = w.scenario();
    Plan plan = Plan.fromScenario(s);
    PlanningContext ctx =
        PlanningContext.DEFAULT.withPolicy(
            SharingPolicies.from(s.sharingPolicy(), s.stepSeconds()));
    GreelPlusPlanner probe = new GreelPlusPlanner(GreelPlusOptions.PLAIN);
    List<ReservationRequest> rs = w.requests();
    int fitted = 0;
    for (int i = 0; i < rs.size(); i++) {
      if (hadoop.allocations()[i] != null) {
        plan.add(rs.get(i), hadoop.allocations()[i]);
      } else if (i < why.length && why[i] == Refusal.OVER_CAPACITY) {
        Decision d = probe.place(plan, rs.get(i), ctx);
        if (d.accepted()) fitted++;
      }
    }
    return fitted;
  }
}
