package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * greel-plus's early candidate for a lone atom decided straight from the plan ({@link
 * LoneAtomEarly}) against the general path it stands for ({@link GreelPlusPlanner#earlyPlaced}: the
 * mirrored request, GREE's traversal on the mirror of the plan, the full-width scan, the allocation
 * reflected back). On seeded ragged plans (some steps over capacity, a node lost for a while), with
 * and without a reserve, for atoms and windows around atoms (gangs of 1 to 3, widths up to the
 * whole cluster, windows reaching past the horizon, arrivals inside and after the window): whenever
 * the lone-atom path decides, the general path decides the same, to the step; when it does not (a
 * partial block, a policy whose headroom binds), the general path still runs.
 */
class LoneAtomEarlyPropertiesTest {
  private static final GreelPlusPlanner PLANNER = new GreelPlusPlanner();

  @Property(tries = 300)
  void theLoneAtomPathDecidesAsTheGeneralPath(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    agree(seed, new TreeMap<>());
  }

  @Test
  void placedNoFitAndLeftToTheGeneralPathAreAllMetOften() {
    Map<String, Integer> outcomes = new TreeMap<>();
    for (long seed = 0; seed < 200; seed++) agree(seed, outcomes);
    assertThat(outcomes)
        .containsKeys("placed", "no fit", "general path: partial", "general path: policy");
    assertThat(outcomes.values()).allSatisfy(n -> assertThat(n).isGreaterThan(100));
  }

  @Test
  void anAtomInAWindowIsPlacedAtTheWindowsStartOnAnEmptyPlan() {
    Plan plan = Plan.empty(Resources.of(8192, 8).times(4), 100, 60);
    Rdl.Atom atom = Rdl.atom(Resources.of(1024, 1), 1, 8, 5, 40);
    ReservationRequest r =
        new ReservationRequest("q", "q", "u", "dedicated", Rdl.window(atom, 20, 60), 0, 10);
    LoneAtomEarly.Outcome o = LoneAtomEarly.place(plan, null, r, 10, PlanningContext.DEFAULT);
    assertThat(o.allocation)
        .isEqualTo(
            new ReservationAllocation(
                "q",
                List.of(new AtomAllocation("0", atom.bundle(), List.of(new Step(20, 25, 8))))));
  }

  @Test
  void aCancelledPlacementIsLeftToTheGeneralPathWhichReportsIt() {
    Plan plan = Plan.empty(Resources.of(8192, 8).times(4), 100, 60);
    CancellationToken cancel = new CancellationToken();
    cancel.cancel();
    PlanningContext ctx = new PlanningContext(null, ProgressListener.NONE, cancel);
    ReservationRequest r = Fixtures.request("q", "u", "atom(<1024,1>,1,4,1,4)");
    assertThat(LoneAtomEarly.place(plan, null, r, 0, ctx)).isSameAs(LoneAtomEarly.UNDECIDED);
  }

  /**
   * One seeded plan, its reserve and policy, and six lone-atom requests on it: the two paths
   * compared; counts the outcomes by kind.
   */
  private static void agree(long seed, Map<String, Integer> outcomes) {
    SplittableRandom rnd = new SplittableRandom(seed);
    RaggedPlans.Ragged ragged = RaggedPlans.next(rnd);
    Plan plan = ragged.plan();
    int nodes = ragged.nodes();
    long horizon = plan.horizon();
    SharingPolicySpec spec =
        switch (rnd.nextInt(4)) {
          case 0 -> SharingPolicySpec.NONE;
          case 1 -> SharingPolicySpec.parse("instantaneous:1");
          case 2 -> SharingPolicySpec.parse("capacity-over-time:1,1,30m");
          default -> SharingPolicySpec.parse("instantaneous:0.5");
        };
    SharingPolicy policy = SharingPolicies.from(spec, plan.stepSeconds());
    PlanningContext ctx = PlanningContext.DEFAULT.withPolicy(policy);
    boolean headroomBinds = policy != null && !policy.headroomCoversFree();
    double share = rnd.nextBoolean() ? 0 : 0.3 * rnd.nextDouble();
    int h = (int) horizon;
    for (int k = 0; k < 6; k++) {
      Rdl.Atom atom = RaggedPlans.atom(rnd, nodes, horizon, true);
      if (RdlChecks.validate(atom) != null) continue;
      Rdl rdl = atom;
      if (rnd.nextBoolean()) {
        long s = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(horizon + 10);
        rdl = Rdl.window(atom, s, s + 1 + rnd.nextLong(horizon));
      }
      long arrival = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(horizon);
      ReservationRequest r =
          new ReservationRequest("q", "q", "u" + rnd.nextInt(3), "dedicated", rdl, 0, arrival);
      ReservedView reserved =
          share > 0 ? new ReservedView(plan, plan.capacityAt(arrival).scale(share)) : null;
      PlanView seen = reserved == null ? plan : reserved;
      LoneAtomEarly.Outcome o =
          LoneAtomEarly.place(
              plan, reserved == null ? null : reserved.reserveByDimension(), r, arrival, ctx);
      // the general path without the policy's final check, which both paths share
      Decision general =
          PLANNER.earlyPlaced(plan, r, PlanningContext.DEFAULT, false, seen, arrival);
      String what = "seed " + seed + " request " + rdl + " arriving at " + arrival + " on " + h;
      if (headroomBinds) {
        assertThat(o).as(what).isSameAs(LoneAtomEarly.UNDECIDED);
        outcomes.merge("general path: policy", 1, Integer::sum);
      } else if (o == LoneAtomEarly.UNDECIDED) {
        // a partial block at the end of a run, or two blocks of unequal widths: the segment loop's
        outcomes.merge("general path: partial", 1, Integer::sum);
      } else if (o == LoneAtomEarly.NO_FIT) {
        assertThat(general).as(what).isNull();
        outcomes.merge("no fit", 1, Integer::sum);
      } else {
        assertThat(general).as(what).isNotNull();
        assertThat(o.allocation).as(what).isEqualTo(general.allocation());
        outcomes.merge("placed", 1, Integer::sum);
      }
    }
  }
}
