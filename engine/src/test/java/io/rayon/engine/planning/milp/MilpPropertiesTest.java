package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/** Properties on seeded random small instances (see {@link Instances}); few tries to stay fast. */
class MilpPropertiesTest {

  static long acceptedWork(List<ReservationRequest> rs, List<Decision> ds) {
    long w = 0;
    for (int i = 0; i < rs.size(); i++) if (ds.get(i).accepted()) w += rs.get(i).rdl().totalWork();
    return w;
  }

  static List<Decision> run(Planner p, List<ReservationRequest> batch) {
    ReservationSystem rs = new ReservationSystem(aPlan(1, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
        .setSelfChecking(true);
    List<Decision> ds = rs.submitAll(batch);
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
    return ds;
  }

  @Property(tries = 8, seed = "20261122")
  void milpAcceptsAtLeastAsMuchWorkAsGree(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    List<ReservationRequest> batch = Instances.generate(seed, 4);
    // without the preemption term the MILP maximises accepted work exactly (α_j = 1.5 w_j); the
    // property needs the exact lease model: the compiler's rigid-gang rewrite is sound but not
    // complete, so a greedy placement of a non-rigid gang may lie outside the rewritten model
    MilpPlanner milp = new MilpPlanner(MilpOptions.DEFAULT.withPreemptionWeight(0).withRigidGangRewrite(false)
        .withTimeLimit(Duration.ofSeconds(20)));
    List<Decision> m = run(milp, batch);
    SolverResult s = milp.lastResult().solver();
    List<Decision> g = run(new GreePlanner(), batch);
    // small instances finish well within the limit; ojAlgo 57.1 sometimes claims optimality for a
    // worse solution, which the planner's cross-check against GREE catches and reports as FEASIBLE
    assertThat(s.status()).as("seed %d", seed).isIn(SolverStatus.OPTIMAL, SolverStatus.FEASIBLE);
    if (s.status() == SolverStatus.OPTIMAL) {
      assertThat(acceptedWork(batch, m)).as("seed %d: MILP %s vs GREE %s", seed, m, g)
          .isGreaterThanOrEqualTo(acceptedWork(batch, g));
    } else {
      assertThat(s.message()).as("seed %d", seed).contains("GREE");
    }
  }

  @Property(tries = 3, seed = "424242")
  void hybridIsNeverWorseThanGreedyOnTheObjective(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    List<ReservationRequest> batch = Instances.generate(seed, 4);
    HybridPlanner hybrid = new HybridPlanner(MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(300)));
    List<Decision> h = run(hybrid, batch);
    double lambda = MilpOptions.DEFAULT.preemptionWeight();
    double oh = MilpPlanner.planObjective(batch, h, lambda);
    double og = MilpPlanner.planObjective(batch, run(new GreePlanner(), batch), lambda);
    double ogl = MilpPlanner.planObjective(batch, run(new GreeLPlanner(), batch), lambda);
    assertThat(oh).as("seed %d", seed).isLessThanOrEqualTo(Math.min(og, ogl));
    assertThat(hybrid.report()).containsKeys("solverStatus", "gap", "warmStart", "chosen");
  }
}
