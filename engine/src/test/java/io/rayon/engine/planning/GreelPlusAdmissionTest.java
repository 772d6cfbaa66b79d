package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planners.Planners;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * greel-plus's admission ({@code max-room-share}), and a request bigger than its window's free room
 * refused for the late candidate's reason.
 */
class GreelPlusAdmissionTest {
  private static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(
        id, id, "alice", "default", Fixtures.req(id, rdl).rdl(), 0, arrival);
  }

  /** A plan of one node (8 GB, 8 vcores) over 100 steps with 4 bundles held over [0, 50). */
  private static Plan halfUsedPlan() {
    Plan plan = Fixtures.aPlan(1, 8192, 8, 100);
    ReservationRequest r = request("held", "atom(<1024,1>,4,4,50,200)", 0);
    plan.add(
        r,
        new ReservationAllocation(
            "held",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(0, 50, 4))))));
    return plan;
  }

  @Test
  void theShareOfRoomIsTheWorkOverWhatTheWindowHasLeft() {
    Plan plan = halfUsedPlan();
    // 80 bundle-steps of 1/8 of the node: 10 node-steps; the window [0, 100) has 50 × 1/2 + 50 left
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    assertThat(RequestSize.shareOfRoom(plan, r)).isCloseTo(10.0 / 75, within());
    // the arrival narrows the window: [60, 100) is empty, 40 node-steps
    ReservationRequest late = request("s", "window(atom(<1024,1>,1,8,10,80),0,100)", 60);
    assertThat(RequestSize.shareOfRoom(plan, late)).isCloseTo(10.0 / 40, within());
  }

  private static Offset<Double> within() {
    return Offset.offset(1e-9);
  }

  /**
   * greel-plus with these options on the tall shape without {@code max-stretch}: the planner the
   * admission was written for (the defaults before the fifth session of 2026-11-27), so that only
   * the admission refuses here; without the admission by plan share (a default since the eighth
   * session) unless asked for, and with it, whatever the plan holds.
   */
  static GreelPlusPlanner tallPlanner(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("max-stretch", "0");
    m.put("early-shape", "tall");
    m.put("max-plan-share", "1");
    m.put("small-share-at-least", "0");
    for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
    return (GreelPlusPlanner) Planners.byName("greel-plus", new PlannerOptions(m));
  }

  @Test
  void theAdmissionRefusesARequestTakingMoreThanItsShareAndSaysWhy() {
    Plan plan = halfUsedPlan();
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    GreelPlusPlanner strict = tallPlanner("max-room-share", "0.1", "room-share-below", "1");
    assertThat(strict.options().maxRoomShare()).isEqualTo(0.1);
    Decision refused = strict.place(plan, r, PlanningContext.DEFAULT);
    assertThat(refused.accepted()).isFalse();
    assertThat(refused.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(refused.rejection().message()).contains("max-room-share=0.1").contains("0.133");
    GreelPlusPlanner lenient = tallPlanner("max-room-share", "0.2", "room-share-below", "1");
    Decision accepted = lenient.place(plan, r, PlanningContext.DEFAULT);
    assertThat(accepted.accepted()).isTrue();
    // no admission by the room by default since the fifth session (the rigid shape and max-stretch
    // keep the room instead)
    assertThat(new GreelPlusPlanner().options().maxRoomShare())
        .isEqualTo(GreelPlusPlanner.DEFAULT_MAX_ROOM_SHARE)
        .isEqualTo(GreelPlusPlanner.NO_MAX_ROOM_SHARE);
  }

  /**
   * {@code room-share-below}: the admission applies only where the window's free share is below the
   * value. The half-used plan's window [0, 100) is 3/4 free, and the request would take 0.133 of
   * its room: refused at {@code max-room-share=0.1} when the admission applies below 0.8 (or
   * always, at 1), placed when it applies only below 0.7; out of [0, 1] the value is refused with
   * the option's name.
   */
  @Test
  void theAdmissionAppliesOnlyWhereTheWindowIsCrowdedEnough() {
    Plan plan = halfUsedPlan();
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    assertThat(RequestSize.freeShare(plan, r)).isCloseTo(0.75, within());
    for (String below : List.of("0.8", "1")) {
      GreelPlusPlanner p = tallPlanner("max-room-share", "0.1", "room-share-below", below);
      assertThat(p.options().roomShareBelow()).isEqualTo(Double.parseDouble(below));
      Decision d = p.place(plan, r, PlanningContext.DEFAULT);
      assertThat(d.accepted()).as(below).isFalse();
      assertThat(d.rejection().message()).contains("max-room-share=0.1");
    }
    GreelPlusPlanner onlyCrowded = tallPlanner("max-room-share", "0.1", "room-share-below", "0.7");
    assertThat(onlyCrowded.place(plan, r, PlanningContext.DEFAULT).accepted()).isTrue();
    assertThat(new GreelPlusPlanner().options().roomShareBelow())
        .isEqualTo(GreelPlusPlanner.DEFAULT_ROOM_SHARE_BELOW)
        .isEqualTo(0.1);
    // at the default room-share-below the half-used plan's window is free enough: no admission
    GreelPlusPlanner atDefaultBelow = tallPlanner("max-room-share", "0.1");
    assertThat(atDefaultBelow.place(plan, r, PlanningContext.DEFAULT).accepted()).isTrue();
    assertThatThrownBy(
            () ->
                Planners.byName(
                    "greel-plus", new PlannerOptions(Map.of("room-share-below", "1.5"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("room-share-below");
  }

  /**
   * {@code max-plan-share}: the admission by absolute size. The request holds 80 bundle-steps of
   * 1/8 of the node, 10 node-steps, a tenth of the plan's 100: refused at 0.05 (with the admission
   * applied to every request and the share of the room off), placed at 0.2, and by default (off).
   */
  @Test
  void theAdmissionBySizeRefusesARequestTakingMoreThanItsShareOfThePlan() {
    Plan plan = halfUsedPlan();
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    assertThat(RequestSize.shareOfPlan(plan, r)).isCloseTo(0.1, within());
    GreelPlusPlanner strict =
        tallPlanner("max-plan-share", "0.05", "max-room-share", "1", "room-share-below", "1");
    assertThat(strict.options().maxPlanShare()).isEqualTo(0.05);
    Decision refused = strict.place(plan, r, PlanningContext.DEFAULT);
    assertThat(refused.accepted()).isFalse();
    assertThat(refused.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(refused.rejection().message())
        .contains("max-plan-share=0.05")
        .contains("of the plan's whole capacity");
    assertThat(
            new GreelPlusPlanner(strict.options().withMaxPlanShare(0.2))
                .place(plan, r, PlanningContext.DEFAULT)
                .accepted())
        .isTrue();
    // where the window is free enough (3/4 free, the admission only below 0.5) nothing is refused
    assertThat(
            new GreelPlusPlanner(strict.options().withRoomShareBelow(0.5))
                .place(plan, r, PlanningContext.DEFAULT)
                .accepted())
        .isTrue();
    assertThat(new GreelPlusPlanner().options().maxPlanShare())
        .isEqualTo(GreelPlusPlanner.DEFAULT_MAX_PLAN_SHARE)
        .isEqualTo(0.0005);
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", new PlannerOptions(Map.of("max-plan-share", "0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-plan-share");
  }

  /** The half-used plan with {@code small} more reservations of 4 bundle-steps each at step 60. */
  private static Plan halfUsedPlanWithSmallOnes(int small) {
    Plan plan = halfUsedPlan();
    for (int i = 0; i < small; i++) {
      String id = "small" + i;
      plan.add(
          request(id, "atom(<1024,1>,1,1,4,4)", 0),
          new ReservationAllocation(
              id,
              List.of(
                  new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(60, 64, 1))))));
    }
    return plan;
  }

  /**
   * The admission by plan share at 0.05 on every window, small meaning below 0.01 of the plan, with
   * this {@code small-share-at-least}.
   */
  private static GreelPlusPlanner bySizeWithGate(String atLeast) {
    return tallPlanner(
        "max-plan-share",
        "0.05",
        "room-share-below",
        "1",
        "small-below",
        "0.01",
        "small-share-at-least",
        atLeast);
  }

  /**
   * {@code small-share-at-least}: the admission applies only while at least that share of the
   * plan's reservations are small. In the half-used plan the held reservation takes a quarter of
   * the plan (200 bundle-steps of 1/8 of the node over 100 node-steps) and each small one 0.005 (4
   * bundle-steps); with {@code small-below=0.01} the small ones are small and the held one is not.
   * The request takes a tenth of the plan, more than {@code max-plan-share=0.05}: refused where 3
   * of the 4 reservations are small (at 0.5 and 0.75), placed where 1 of 2 is small and the option
   * asks for 0.75, where none is, and on the empty plan; refused everywhere at 0, the rule before
   * the option.
   */
  @Test
  void theAdmissionAppliesOnlyWhileSmallReservationsAreMostOfThePlan() {
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    Plan mostlySmall = halfUsedPlanWithSmallOnes(3);
    Plan halfSmall = halfUsedPlanWithSmallOnes(1);
    Plan noneSmall = halfUsedPlan();
    Plan empty = Fixtures.aPlan(1, 8192, 8, 100);
    assertThat(mostlySmall.reservationsBelow(0.01)).isEqualTo(3);
    assertThat(halfSmall.reservationsBelow(0.01)).isEqualTo(1);
    assertThat(noneSmall.reservationsBelow(0.01)).isZero();
    for (String atLeast : List.of("0.5", "0.75")) {
      GreelPlusPlanner p = bySizeWithGate(atLeast);
      Decision refused = p.place(mostlySmall, r, PlanningContext.DEFAULT);
      assertThat(refused.accepted()).as(atLeast).isFalse();
      assertThat(refused.rejection().message()).contains("max-plan-share=0.05");
      assertThat(p.place(noneSmall, r, PlanningContext.DEFAULT).accepted()).as(atLeast).isTrue();
      assertThat(p.place(empty, r, PlanningContext.DEFAULT).accepted()).as(atLeast).isTrue();
      // one of two small: at least half, not three quarters
      assertThat(p.place(halfSmall, r, PlanningContext.DEFAULT).accepted())
          .as(atLeast)
          .isEqualTo(atLeast.equals("0.75"));
    }
    GreelPlusPlanner always = bySizeWithGate("0");
    for (Plan plan : List.of(mostlySmall, halfSmall, noneSmall, empty))
      assertThat(always.place(plan, r, PlanningContext.DEFAULT).accepted()).isFalse();
    assertThat(new GreelPlusPlanner().options().smallShareAtLeast())
        .isEqualTo(GreelPlusPlanner.DEFAULT_SMALL_SHARE_AT_LEAST)
        .isEqualTo(0.5);
    assertThat(GreelPlusOptions.PLAIN.smallShareAtLeast()).isEqualTo(GreelPlusPlanner.ANY_MIX);
    for (String bad : List.of("-0.1", "1.5"))
      assertThatThrownBy(
              () ->
                  Planners.byName(
                      "greel-plus", new PlannerOptions(Map.of("small-share-at-least", bad))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("small-share-at-least");
  }

  @Test
  void anInvalidRequestIsRejectedAsInvalidWhateverTheAdmission() {
    Plan plan = halfUsedPlan();
    // gang 3 above the parallelism 2
    ReservationRequest bad = request("bad", "atom(<1024,1>,3,2,1,6)", 0);
    Decision d =
        new GreelPlusPlanner(GreelPlusOptions.PLAIN.withMaxRoomShare(0.01))
            .place(plan, bad, PlanningContext.DEFAULT);
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.INVALID);
  }

  @Test
  void aShareOfZeroOrLessIsRefusedWithTheOptionsName() {
    assertThatThrownBy(() -> GreelPlusOptions.PLAIN.withMaxRoomShare(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-room-share");
    assertThatThrownBy(
            () ->
                Planners.byName("greel-plus", new PlannerOptions(Map.of("max-room-share", "1.5"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-room-share");
  }

  @Test
  void aRequestBiggerThanTheFreeRoomIsRefusedForTheLateCandidatesReason() {
    Plan plan = halfUsedPlan();
    // the window's free room is 4 × 50 + 8 × 50 = 600 bundle-steps: 700 cannot fit, 600 can
    ReservationRequest r = request("big", "window(atom(<1024,1>,1,8,1,700),0,100)", 0);
    Decision plus = new GreelPlusPlanner().place(plan, r, PlanningContext.DEFAULT);
    Decision late =
        new GreeLPlanner(GreelPlusPlanner.DEFAULT_GREEDY).place(plan, r, PlanningContext.DEFAULT);
    assertThat(plus.accepted()).isFalse();
    assertThat(plus.rejection()).isEqualTo(late.rejection());
    ReservationRequest fits = request("fits", "window(atom(<1024,1>,1,8,1,600),0,100)", 0);
    assertThat(new GreelPlusPlanner().place(plan, fits, PlanningContext.DEFAULT).accepted())
        .isTrue();
  }
}
