package io.rayon.engine.reservation;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.RandomWorkloads;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The Adapter re-plans from the step of a capacity change only: the past never changes. */
class AdapterTest {

  @Test
  void seedsThatFailedBeforeHoldNow() {
    // seeds that once broke the property (a capacity-over-time window reaching past the change; a
    // user's second started reservation; a loss larger than a later step's capacity)
    afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(402, true);
    afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(1750, false);
    afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(778222, true);
    afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(453, true);
    // a window only the past held, its cap lowered by a later loss (aWindowOnlyThePastHolds...)
    afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(352805, true);
  }

  private static final SharingPolicySpec AVERAGE_30 =
      SharingPolicySpec.parse("capacity-over-time:0.6,0.3,30m");

  /**
   * Three nodes (24,576 MB); u2 held 3, then 6 bundles of 2,048 MB over [83,100): 202,752 MB-steps,
   * under the 30-step window's average cap 0.3 × 30 × 24,576 = 221,184.
   */
  private static ReservationSystem pastHeldByU2() {
    Plan plan = aPlan(3, 8192, 8, 129);
    plan.add(
        req("past", "u2", "window(atom(<2048,1>,1,6,1,99),0,129)"),
        new ReservationAllocation(
            "past",
            List.of(
                new AtomAllocation(
                    "0",
                    Resources.of(2048, 1),
                    List.of(new Step(83, 84, 3), new Step(84, 100, 6))))));
    return new ReservationSystem(plan, new GreeLPlanner(), AVERAGE_30).setSelfChecking(true);
  }

  /**
   * A node lost at step 105 lowers the cap of the window [83,113) to 0.3 × (22 × 24,576 + 8 ×
   * 16,384) = 201,523, below what u2 held there before 105. Only the past holds that window, so
   * nothing can mend it: the Adapter neither re-plans (another user's reservation not started stays
   * where it was) nor rejects, the validator still reports the window, and nothing is left to mend
   * from step 105 on.
   */
  @Test
  void aWindowOnlyThePastHoldsIsHistoryAndMovesNothing() {
    ReservationSystem rs = pastHeldByU2();
    assertThat(rs.create(req("later", "u1", "window(atom(<8192,8>,1,1,5,5),110,129)")).accepted())
        .isTrue();
    ReservationAllocation later = rs.plan().allocationOf("later");
    assertThat(PlanValidator.validate(rs.plan(), AVERAGE_30)).isEmpty();
    Adapter.Result r =
        new Adapter(rs)
            .onCapacityChange(new CapacityChange(105, Resources.of(-8192, -8), "node lost"));
    assertThat(r.replanned()).isFalse();
    assertThat(r.rejected()).isEmpty();
    assertThat(r.kept()).containsExactlyInAnyOrder("past", "later");
    assertThat(rs.plan().allocationOf("later")).isEqualTo(later);
    assertThat(PlanValidator.validate(rs.plan(), AVERAGE_30))
        .singleElement()
        .satisfies(
            v ->
                assertThat(v.what())
                    .contains("user u2 holds 202752 memoryMB-steps in the window [83,113)")
                    .contains("limit 201523"));
    assertThat(PlanValidator.policyViolationsFrom(rs.plan(), AVERAGE_30, 105)).isEmpty();
    assertThat(PlanValidator.policyViolationsFrom(rs.plan(), AVERAGE_30, 0)).hasSize(1);
  }

  /**
   * The same loss when u2 also holds that window from step 105 on (a reservation not started, in
   * [105,113)): that is mended. The reservation is placed again under the policy, which keeps it
   * out of the window the past already fills, and its own window leaves no other room, so it is
   * rejected a posteriori for the policy; nothing is left to mend from 105 on.
   */
  @Test
  void aWindowTheUserAlsoHoldsFromNowOnIsMended() {
    ReservationSystem rs = pastHeldByU2();
    assertThat(rs.create(req("soon", "u2", "window(atom(<2048,1>,1,1,1,2),105,113)")).accepted())
        .isTrue();
    Adapter.Result r =
        new Adapter(rs)
            .onCapacityChange(new CapacityChange(105, Resources.of(-8192, -8), "node lost"));
    assertThat(r.replanned()).isTrue();
    assertThat(r.kept()).containsExactly("past");
    assertThat(r.rejected())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.reservationId()).isEqualTo("soon");
              assertThat(d.rejection().message())
                  .contains("capacity change at step 105")
                  .contains("sharing policy broken");
            });
    assertThat(PlanValidator.policyViolationsFrom(rs.plan(), AVERAGE_30, 105)).isEmpty();
  }

  @Test
  void losingMoreThanTheClusterHasIsRefusedAndChangesNothing() {
    Plan plan = aPlan(2, 8192, 8, 10);
    ReservationSystem rs = new ReservationSystem(plan, new GreePlanner(), SharingPolicySpec.NONE);
    assertThat(rs.create(req("a", "window(atom(<8192,8>,1,1,5,5),5,10)")).accepted()).isTrue();
    assertThatThrownBy(
            () ->
                new Adapter(rs)
                    .onCapacityChange(
                        new CapacityChange(3, Resources.of(-3 * 8192, -8), "rack lost")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "step 3 (rack lost) removes 24576 memoryMB but step 3 has only 16384");
    assertThat(rs.plan().capacityAt(3)).isEqualTo(Resources.of(16384, 16));
    assertThat(rs.plan().allocationOf("a").start()).isEqualTo(5);
  }

  @Test
  void aFailureAtStepFiveNeverMovesAReservationIntoThePast() {
    // two nodes, two reservations of one whole node each at [5,10); one node fails at step 5
    Plan plan = aPlan(2, 8192, 8, 10);
    ReservationSystem rs =
        new ReservationSystem(plan, new GreePlanner(), SharingPolicySpec.NONE)
            .setSelfChecking(true);
    assertThat(rs.create(req("a", "window(atom(<8192,8>,1,1,5,5),5,10)")).accepted()).isTrue();
    assertThat(rs.create(req("b", "window(atom(<8192,8>,1,1,5,5),5,10)")).accepted()).isTrue();
    Adapter.Result r =
        new Adapter(rs)
            .onCapacityChange(new CapacityChange(5, Resources.of(-8192, -8), "node n-1 failed"));
    assertThat(r.replanned()).isTrue();
    assertThat(r.kept()).containsExactly("a");
    assertThat(r.rejected())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.reservationId()).isEqualTo("b");
              assertThat(d.rejection().message())
                  .contains("capacity change at step 5")
                  .contains("node n-1 failed");
            });
    assertThat(rs.plan().allocationOf("a").start())
        .as("nothing before the failure's step")
        .isEqualTo(5);
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }

  @Test
  void aRunningReservationKeepsItsAllocationAndTheNewestRunningOnesGoFirst() {
    // three running reservations of one node each on three nodes, from step 0; two nodes fail at
    // step 4: the oldest keeps running, the two newest are rejected (newest first)
    Plan plan = aPlan(3, 8192, 8, 10);
    ReservationSystem rs = new ReservationSystem(plan, new GreePlanner(), SharingPolicySpec.NONE);
    for (String id : List.of("a", "b", "c"))
      assertThat(rs.create(req(id, "window(atom(<8192,8>,1,1,10,10),0,10)")).accepted()).isTrue();
    ReservationAllocation before = rs.plan().allocationOf("a");
    Adapter.Result r =
        new Adapter(rs)
            .onCapacityChange(new CapacityChange(4, Resources.of(-2 * 8192, -16), "rack lost"));
    assertThat(r.kept()).containsExactly("a");
    assertThat(r.rejected())
        .extracting(Decision::reservationId)
        .containsExactlyInAnyOrder("b", "c");
    assertThat(rs.plan().allocationOf("a")).isEqualTo(before);
  }

  /** The part of an allocation before {@code now}, as (atom path, start, end, bundles) cuts. */
  static List<String> before(ReservationAllocation a, long now) {
    List<String> out = new ArrayList<>();
    for (AtomAllocation at : a.atoms()) {
      for (Step s : at.steps()) {
        if (s.start() < now)
          out.add(at.path() + "@" + s.start() + ".." + Math.min(s.end(), now) + "x" + s.bundles());
      }
    }
    return out;
  }

  @Property(tries = 500)
  void afterAnySequenceOfCapacityChangesThePastIsUnchangedAndThePlanValid(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed, @ForAll boolean greeL) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    ReservationSystem rs =
        new ReservationSystem(plan, greeL ? new GreeLPlanner() : new GreePlanner(), w.policy());
    rs.submitAll(w.requests());
    SplittableRandom rnd = new SplittableRandom(seed);
    long now = 0;
    for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
      now = Math.min(plan.horizon() - 1, now + rnd.nextLong(Math.max(1, plan.horizon() / 3)));
      Map<String, List<String>> past = new HashMap<>();
      for (String id : rs.plan().reservationIds())
        past.put(id, before(rs.plan().allocationOf(id), now));
      // the smallest capacity from now on: a loss may not take more than any later step has
      Resources cap = rs.plan().capacityAt(now);
      for (long t = now; t < plan.horizon(); t++) {
        Resources c = rs.plan().capacityAt(t);
        cap =
            Resources.of(
                Math.min(cap.memoryMB(), c.memoryMB()), Math.min(cap.vcores(), c.vcores()));
      }
      // lose up to half the capacity, or gain some back
      Resources delta =
          rnd.nextInt(4) == 0
              ? Resources.of(8192, 8)
              : Resources.ZERO.minus(
                  Resources.of(cap.memoryMB() / 2 / 8192 * 8192, cap.vcores() / 2 / 8 * 8));
      Adapter.Result r =
          new Adapter(rs).onCapacityChange(new CapacityChange(now, delta, "change " + k));
      for (String id : rs.plan().reservationIds()) {
        if (past.containsKey(id))
          assertThat(before(rs.plan().allocationOf(id), now)).as(id).isEqualTo(past.get(id));
        long start = rs.plan().allocationOf(id).start();
        if (start >= 0) {
          assertThat(start)
              .as("kept or re-placed at or after its arrival")
              .isGreaterThanOrEqualTo(rs.plan().requestOf(id).arrival());
        }
      }
      assertThat(r.kept()).containsExactlyInAnyOrderElementsOf(rs.plan().reservationIds());
      // nothing a placement can mend is left; what the validator still reports is history: a
      // capacity-over-time window the user holds nothing of from now on, whose cap the change
      // lowered below what the user held before now
      assertThat(PlanValidator.policyViolationsFrom(rs.plan(), w.policy(), now)).isEmpty();
      for (Violation v : PlanValidator.validate(rs.plan(), w.policy()))
        assertThat(v.what()).as("only history is left: %s", v).contains("above the average cap");
    }
  }
}
