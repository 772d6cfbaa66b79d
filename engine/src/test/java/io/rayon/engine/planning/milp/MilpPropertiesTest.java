package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.Variable;

/** Properties on seeded random small instances (see {@link Instances}); few tries to stay fast. */
class MilpPropertiesTest {

  static long acceptedWork(List<ReservationRequest> rs, List<Decision> ds) {
    long w = 0;
    for (int i = 0; i < rs.size(); i++) if (ds.get(i).accepted()) w += rs.get(i).rdl().totalWork();
    return w;
  }

  static List<Decision> run(Planner p, List<ReservationRequest> batch) {
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
            .setSelfChecking(true);
    List<Decision> ds = rs.submitAll(batch);
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
    return ds;
  }

  /**
   * On small instances with random arrivals, solved on the plan's own grid with the exact lease
   * model and without the preemption term (so α_j = 1.5 w_j and the MILP maximises accepted work),
   * the MILP accepts at least as much work as GREE placing the same requests one by one in arrival
   * order. Asserted in its two parts on every try:
   *
   * <ol>
   *   <li>the model: GREE's plan is a feasible point of the same model (same arrivals, same
   *       windows) — every accepted reservation representable, every constraint and bound met, the
   *       same objective — so the model's optimum accepts at least GREE's work;
   *   <li>the solver: the instances are generated small (4 requests, a horizon of 10 steps,
   *       arrivals in [0, 6]) so that every one finishes well within the time limit, and a run
   *       proven OPTIMAL accepts at least GREE's work. The one other outcome allowed is ojAlgo
   *       57.1's known false optimality claim, which the planner's cross-check against GREE catches
   *       (status FEASIBLE, with the message that says so; part 1 shows it is the solver's fault);
   *       it must stay rare: at least 75 % of the tries are proven optimal. A solver stopped by its
   *       limit fails the property.
   * </ol>
   */
  @Property(tries = 16, seed = "20261122")
  void milpAcceptsAtLeastAsMuchWorkAsGree(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    List<ReservationRequest> batch = new ArrayList<>(Instances.generate(seed, 4, 6));
    // the order in which the reservation system places them (and the model numbers them)
    batch.sort(Comparator.comparingLong(ReservationRequest::arrival));
    MilpOptions opts =
        MilpOptions.DEFAULT
            .withPreemptionWeight(0)
            .withRigidGangRewrite(false)
            .withGrid(1)
            .withAutoGrid(false)
            .withTimeLimit(Duration.ofSeconds(20));
    MilpPlanner milp = new MilpPlanner(opts);
    List<Decision> m = run(milp, batch);
    SolverResult s = milp.lastResult().solver();
    List<Decision> g = run(new GreePlanner(), batch);
    String what = String.format("seed %d: %s; MILP %s vs GREE %s", seed, s.message(), m, g);

    // 1. GREE's plan is a feasible point of the model
    MilpFormulation f =
        new MilpFormulation(aPlan(1, 8192, 4, Instances.HORIZON), batch, opts, null);
    Map<String, ReservationAllocation> greeAccepted = new HashMap<>();
    for (Decision d : g) if (d.accepted()) greeAccepted.put(d.reservationId(), d.allocation());
    double[] point = f.warmStart(greeAccepted);
    assertThat(point).as(what).isNotNull();
    long placed =
        f.reservations.stream()
            .filter(r -> MilpFormulation.val(point, r.root.placed) > 0.5)
            .count();
    assertThat(placed)
        .as("GREE's accepted reservations representable in the model; " + what)
        .isEqualTo(greeAccepted.size());
    assertThat(violations(f, point)).as(what).isEmpty();
    assertThat(f.objective(point))
        .as(what)
        .isCloseTo(MilpPlanner.planObjective(batch, g, 0), within(1e-9));

    // 2. the solver reaches that optimum, or its false claim is caught and said
    boolean optimal = s.status() == SolverStatus.OPTIMAL;
    Statistics.label("MILP").collect(optimal ? "optimal" : "false optimality claim caught");
    Statistics.label("MILP").coverage(c -> c.check("optimal").percentage(p -> p >= 75));
    if (optimal) {
      assertThat(acceptedWork(batch, m)).as(what).isGreaterThanOrEqualTo(acceptedWork(batch, g));
    } else {
      assertThat(s.status()).as(what).isEqualTo(SolverStatus.FEASIBLE);
      assertThat(s.message())
          .as(what)
          .contains("not optimal: GREE's plan has objective")
          .contains("the solver's optimality claim is wrong");
    }
  }

  /** Names of the constraints and variable bounds that a vector of values violates. */
  static List<String> violations(MilpFormulation f, double[] v) {
    List<String> out = new ArrayList<>();
    for (Expression e : f.model.getExpressions()) {
      double sum = 0;
      for (var k : e.getLinearKeySet()) sum += e.get(k).doubleValue() * v[k.index];
      if ((e.getLowerLimit() != null && sum < e.getLowerLimit().doubleValue() - 1e-9)
          || (e.getUpperLimit() != null && sum > e.getUpperLimit().doubleValue() + 1e-9)) {
        out.add(e.getName() + " = " + sum);
      }
    }
    for (Variable x : f.model.getVariables()) {
      double val = v[x.getIndex().index];
      if ((x.getLowerLimit() != null && val < x.getLowerLimit().doubleValue() - 1e-9)
          || (x.getUpperLimit() != null && val > x.getUpperLimit().doubleValue() + 1e-9)
          || (x.isInteger() && val != Math.rint(val))) {
        out.add(x.getName() + " = " + val);
      }
    }
    return out;
  }

  /**
   * Online commitment (§4.1.2) on random arrivals: the MILP's and the hybrid's accepted allocations
   * hold nothing before their request's arrival, on the plan's grid and on a coarser one, and the
   * model's own solution already respects it (no solution is repaired afterwards for it).
   */
  @Property(tries = 6, seed = "13013")
  void milpAndHybridNeverAllocateBeforeArrival(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 2) int grid) {
    List<ReservationRequest> batch = Instances.generate(seed, 4, 8);
    MilpOptions opts = MilpOptions.DEFAULT.withGrid(grid).withTimeLimit(Duration.ofSeconds(5));
    MilpResult m = new MilpPlanner(opts).replan(aPlan(1, 8192, 4, Instances.HORIZON), batch, opts);
    MilpResult h = new HybridPlanner(opts).plan(aPlan(1, 8192, 4, Instances.HORIZON), batch, null);
    for (MilpResult r : List.of(m, h)) {
      assertThat(r.notes()).as("seed %d", seed).noneMatch(n -> n.contains("arrives"));
      Plan plan = aPlan(1, 8192, 4, Instances.HORIZON);
      for (int i = 0; i < batch.size(); i++) {
        Decision d = r.decisions().get(i);
        if (!d.accepted()) continue;
        ReservationRequest rq = batch.get(i);
        for (AtomAllocation a : d.allocation().atoms()) {
          for (Step st : a.steps())
            assertThat(st.start()).as("seed %d %s", seed, d).isGreaterThanOrEqualTo(rq.arrival());
        }
        plan.add(rq, d.allocation());
      }
      // the independent validator on the whole plan: RDL, windows, arrival and capacity
      assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE))
          .as("seed %d", seed)
          .isEmpty();
    }
  }

  /** On random arrivals too: the hybrid keeps the better of its MILP and greedy answers. */
  @Property(tries = 3, seed = "424242")
  void hybridIsNeverWorseThanGreedyOnTheObjective(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    List<ReservationRequest> batch = Instances.generate(seed, 4, 6);
    HybridPlanner hybrid =
        new HybridPlanner(MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(300)));
    List<Decision> h = run(hybrid, batch);
    double lambda = MilpOptions.DEFAULT.preemptionWeight();
    double oh = MilpPlanner.planObjective(batch, h, lambda);
    double og = MilpPlanner.planObjective(batch, run(new GreePlanner(), batch), lambda);
    double ogl = MilpPlanner.planObjective(batch, run(new GreeLPlanner(), batch), lambda);
    assertThat(oh).as("seed %d", seed).isLessThanOrEqualTo(Math.min(og, ogl));
    assertThat(hybrid.report()).containsKeys("solverStatus", "gap", "warmStart", "chosen");
  }
}
