package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.RandomWorkloads;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.reservation.ReservationRequest;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The reasons of {@link ReservationSystem#create}'s final rejections, whose first placement is
 * diagnosed only when the rejection is final ({@link PlanningContext#diagnosed}): each is what the
 * planner's diagnosed placement on the plan as it was before the create says (placed here on a
 * copy), exactly when no repair ran, and followed by why the repair failed when one did; an
 * accepted request is accepted by that placement too, with the same allocation when nothing moved.
 * On the workloads and greel-plus settings of {@link BoundedRepairTest} (every repair-pick,
 * admissions, max-stretch, sharing policies), where repairs both succeed and fail.
 */
class RepairReasonsPropertiesTest {
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 300)
  void everyFinalRejectionSaysWhatTheDiagnosedPlacementSays(@ForAll("seeds") long seed) {
    RandomWorkloads w =
        Math.floorMod(seed >> 8, 3L) == 0
            ? RandomWorkloads.arrivingAtRandom(seed)
            : BoundedRepairTest.crowded(seed);
    GreelPlusPlanner p = BoundedRepairTest.planner(seed);
    ReservationSystem rs = new ReservationSystem(w.plan(), p, w.policy());
    for (ReservationRequest r : w.requests()) {
      Plan before = rs.snapshot();
      PlanningContext ctx =
          PlanningContext.DEFAULT.withPolicy(
              SharingPolicies.from(w.policy(), before.stepSeconds()));
      Decision eager = p.place(before, r, ctx);
      Decision d = rs.create(r);
      String at = "seed " + seed + ", " + r.id();
      if (d.accepted()) {
        if (rs.lastMoves().isEmpty()) {
          assertThat(eager.accepted()).as(at).isTrue();
          assertThat(d.allocation()).as(at).isEqualTo(eager.allocation());
        }
        continue;
      }
      assertThat(eager.accepted()).as(at).isFalse();
      Rejection e = eager.rejection();
      Rejection got = d.rejection();
      String repaired = "; bounded repair (repair=";
      if (!got.message().startsWith(e.message() + repaired)) {
        assertThat(got).as(at).isEqualTo(e);
        continue;
      }
      assertThat(got.code()).as(at).isEqualTo(e.code());
      assertThat(got.path()).as(at).isEqualTo(e.path());
      assertThat(got.windowStart()).as(at).isEqualTo(e.windowStart());
      assertThat(got.windowFinish()).as(at).isEqualTo(e.windowFinish());
      assertThat(got.resource()).as(at).isEqualTo(e.resource());
      assertThat(got.policyLimit()).as(at).isEqualTo(e.policyLimit());
    }
  }
}
