package io.rayon.engine.planning;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-made cases for GREE: each operator, each rejection reason, the cases of Hadoop's agent
 * tests.
 */
class GreePlannerTest {
  private static ReservationSystem system(Plan plan, String policy) {
    return new ReservationSystem(plan, new GreePlanner(), SharingPolicySpec.parse(policy))
        .setSelfChecking(true);
  }

  private static List<Step> steps(Decision d, String path) {
    for (AtomAllocation a : d.allocation().atoms()) if (a.path().equals(path)) return a.steps();
    return List.of();
  }

  @Test
  void simpleAtomIsPlacedAsTallAndAsLateAsPossible() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), "none");
    Decision d = rs.create(req("r", "window(atom(<1024,1>,1,10,1,100),0,100)"));
    assertThat(d.accepted()).isTrue();
    assertThat(steps(d, "0")).containsExactly(new Step(90, 100, 10));
  }

  @Test
  void gangAtomHoldsWholeGangsForAtLeastTheLease() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), "none");
    Decision d = rs.create(req("r", "atom(<1024,1>,4,14,5,120)"));
    assertThat(d.accepted()).isTrue();
    // 30 gang-steps, at most 3 gangs at once, each at least 5 steps: 3 gangs for 10 steps at the
    // end
    assertThat(steps(d, "")).containsExactly(new Step(90, 100, 12));
  }

  @Test
  void orderPlacesTheLastStageLastAndEarlierStagesStrictlyBeforeWithoutGaps() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 1000), "none");
    Decision d =
        rs.create(
            req(
                "r",
                "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),"
                    + "atom(<1024,1>,1,15,120,1800)),0,800)"));
    assertThat(d.accepted()).isTrue();
    assertThat(steps(d, "0.2")).containsExactly(new Step(680, 800, 15));
    assertThat(steps(d, "0.1")).containsExactly(new Step(560, 680, 20));
    assertThat(steps(d, "0.0")).containsExactly(new Step(320, 560, 10));
  }

  @Test
  void orderIsRejectedWhenTheEarlierStageHasNoRoomBeforeTheLaterOne() {
    Plan plan = aPlan(1, 8192, 8, 100);
    ReservationSystem rs = system(plan, "none");
    // a blocker fills [0,50) completely
    assertThat(rs.create(req("blocker", "window(atom(<8192,8>,1,1,50,50),0,50)")).accepted())
        .isTrue();
    Decision d = rs.create(req("r", "order(atom(<1024,1>,1,1,10,10),atom(<1024,1>,1,8,1,400))"));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().path()).isEqualTo("0");
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(d.rejection().windowFinish()).isEqualTo(50L);
    assertThat(rs.plan().reservationIds()).containsExactly("blocker");
  }

  @Test
  void orderThatCannotFitItsWindowEvenOnAnEmptyClusterIsRejectedForTheWindow() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), "none");
    Decision d =
        rs.create(
            req("r", "window(order(atom(<1024,1>,2,2,15,30),atom(<1024,1>,2,2,15,30)),0,20)"));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.WINDOW);
    assertThat(d.rejection().message()).isNotBlank();
  }

  @Test
  void anyTakesTheFirstAlternativeThatFitsTryingThemRightToLeftAsThePaperDoes() {
    String rdl = "any(atom(<8192,8>,4,4,10,40),atom(<1024,1>,1,4,1,40),atom(<1024,1>,1,8,1,80))";
    // alternative 0 needs 4 nodes at once and never fits; 1 and 2 both fit
    Decision paper = system(aPlan(2, 8192, 8, 100), "none").create(req("r", rdl));
    assertThat(paper.allocation().atoms()).extracting(AtomAllocation::path).containsExactly("2");
    ReservationSystem written =
        new ReservationSystem(
                aPlan(2, 8192, 8, 100),
                new GreePlanner(new GreedyOptions(false, true, false, false)),
                SharingPolicySpec.NONE)
            .setSelfChecking(true);
    assertThat(written.create(req("r", rdl)).allocation().atoms())
        .extracting(AtomAllocation::path)
        .containsExactly("1");
  }

  /**
   * Hand-computed: 8 free bundles at steps 6..8 and 2 at step 9, an atom of 10 bundle-steps (l = 1,
   * h = 8) in [6,10). The paper's scan: the run [9,10) is l long, t_lim = 9, block 2×1; restart at
   * 8: block 8×1; done: 8 at step 8, 2 at step 9 (tallest, rightmost). Ours (stacked): the run
   * [6,10) (m = 2) is too short for 10 at height 2, so it gives up 2×4 over [6,10) and then stacks
   * 2 more at step 8 on the headroom left: 2, 2, 4, 2.
   */
  @Test
  void atomScanRestartsAtTlimMinusOneInThePapersRuleAndStacksInOurs() {
    String rdl = "window(atom(<1024,1>,1,8,1,10),6,10)";
    Plan p1 = aPlan(1, 8192, 8, 10);
    ReservationSystem paper =
        new ReservationSystem(p1, new GreePlanner(), SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(paper.create(req("b", "window(atom(<1024,1>,1,6,1,6),9,10)")).accepted()).isTrue();
    assertThat(steps(paper.create(req("r", rdl)), "0"))
        .containsExactly(new Step(8, 9, 8), new Step(9, 10, 2));
    ReservationSystem ours =
        new ReservationSystem(
                aPlan(1, 8192, 8, 10),
                new GreePlanner(new GreedyOptions(true, false, false, false)),
                SharingPolicySpec.NONE)
            .setSelfChecking(true);
    assertThat(ours.create(req("b", "window(atom(<1024,1>,1,6,1,6),9,10)")).accepted()).isTrue();
    assertThat(steps(ours.create(req("r", rdl)), "0"))
        .containsExactly(new Step(6, 8, 2), new Step(8, 9, 4), new Step(9, 10, 2));
  }

  /**
   * Hand-computed: room for 3 units over 3 steps, l = 2, q = 7. The paper's scan takes 2×2 over
   * [1,3) (3×2 would leave 1 < l), restarts at t_lim − 1 = 1 and needs one unit for 3 steps from
   * step 1 leftwards: there are only 2. Ours finds 2 units over [1,3) and one over [0,3).
   */
  @Test
  void thePapersScanCanRejectAnAtomThatOursPlaces() {
    String rdl = "window(atom(<1024,1>,1,3,2,7),0,3)";
    Decision paper = system(aPlan(1, 8192, 8, 10), "none").create(req("r", rdl));
    assertThat(paper.accepted()).isFalse();
    assertThat(paper.rejection().code()).isEqualTo(Rejection.Code.GANG_OR_LEASE);
    Decision ours =
        new ReservationSystem(
                aPlan(1, 8192, 8, 10),
                new GreePlanner(new GreedyOptions(true, false, false, false)),
                SharingPolicySpec.NONE)
            .setSelfChecking(true)
            .create(req("r", rdl));
    assertThat(steps(ours, "0")).containsExactly(new Step(0, 1, 1), new Step(1, 3, 3));
  }

  @Test
  void anyIsRejectedWhenNoAlternativeFitsAndSaysSo() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 100), "none");
    Decision d = rs.create(req("r", "any(atom(<8192,8>,2,2,10,20),atom(<16384,1>,1,1,1,1))"));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().message()).contains("none of the 2 alternatives");
  }

  @Test
  void allPlacesEveryChildOrNothing() {
    Plan plan = aPlan(1, 8192, 8, 100);
    ReservationSystem rs = system(plan, "none");
    Decision ok = rs.create(req("a", "all(atom(<1024,1>,1,4,1,40),atom(<2048,2>,1,2,1,20))"));
    assertThat(ok.accepted()).isTrue();
    assertThat(ok.allocation().atoms()).hasSize(2);
    Decision no = rs.create(req("b", "all(atom(<1024,1>,1,1,1,10),atom(<8192,8>,1,1,1,1000))"));
    assertThat(no.accepted()).isFalse();
    assertThat(no.rejection().path()).isEqualTo("1");
    assertThat(rs.plan().reservationIds()).containsExactly("a");
    assertThat(rs.plan().allocatedAt(99))
        .isEqualTo(ok.allocation().skyline().floorEntry(99L).getValue());
  }

  @Test
  void malformedExpressionIsRejectedAsInvalidWithItsPath() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 100), "none");
    Decision d = rs.create(req("r", "order(atom(<1024,1>,1,4,1,4),atom(<1024,1>,4,2,1,8))"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.INVALID);
    assertThat(d.rejection().path()).isEqualTo("1");
  }

  @Test
  void requestArrivingAfterTheHorizonIsRejectedForItsWindow() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 100), "none");
    Decision d =
        rs.create(
            new ReservationRequest(
                "late", null, "u", "q", Rdl.atom(Resources.of(1024, 1), 1, 1, 1, 1), 0, 100));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.WINDOW);
  }

  @Test
  void capacityRejectionNamesTheExhaustedDimension() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 10), "none");
    Decision d = rs.create(req("r", "atom(<1024,4>,1,10,1,30)"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(d.rejection().resource()).isEqualTo("vcores");
    assertThat(d.rejection().windowStart()).isEqualTo(0L);
    assertThat(d.rejection().windowFinish()).isEqualTo(10L);
  }

  @Test
  void bundleNeedingAResourceTheClusterLacksIsRejectedNamingIt() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 10), "none");
    Decision d = rs.create(req("r", "atom(<1024,1,gpu=1>,1,1,1,1)"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(d.rejection().resource()).isEqualTo("gpu");
  }

  @Test
  void aStepFitsOnlyWhenEveryDimensionFits() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 10), "none");
    // memory allows 8 bundles, vcores only 2
    Decision d = rs.create(req("r", "atom(<1024,4>,1,10,1,20)"));
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 10, 2));
  }

  @Test
  void gangThatCannotBeHeldForItsLeaseInFragmentedCapacityIsRejectedForGangOrLease() {
    Plan plan = aPlan(1, 8192, 8, 40);
    ReservationSystem rs = system(plan, "none");
    // blockers leave holes of 3 steps: [0,3) [10,13) [20,23) [30,33)
    for (int i = 0; i < 4; i++) {
      assertThat(
              rs.create(
                      req(
                          "b" + i,
                          "window(atom(<8192,8>,1,1,7,7),"
                              + (i * 10 + 3)
                              + ","
                              + (i * 10 + 10)
                              + ")"))
                  .accepted())
          .isTrue();
    }
    Decision d = rs.create(req("r", "atom(<1024,1>,1,1,5,5)"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.GANG_OR_LEASE);
  }

  @Test
  void gangLargerThanTheClusterIsRejected() {
    ReservationSystem rs = system(aPlan(2, 8192, 8, 100), "none");
    Decision d = rs.create(req("r", "atom(<8192,8>,3,3,1,3)"));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.GANG_OR_LEASE);
    assertThat(d.rejection().message()).contains("than the cluster has").contains("at most 2");
  }

  @Test
  void gangThatNeverFindsEnoughFreeBundlesAtOnceSaysHowManyWereFree() {
    ReservationSystem rs = system(aPlan(2, 8192, 8, 10), "none");
    assertThat(rs.create(req("half", "atom(<8192,8>,1,1,10,10)")).accepted()).isTrue();
    Decision d = rs.create(req("r", "atom(<8192,8>,2,2,1,2)"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.GANG_OR_LEASE);
    assertThat(d.rejection().message())
        .contains("never 2 bundles free at once")
        .contains("at most 1");
  }

  @Test
  void instantaneousPolicyHeadroomMakesGreeSpreadTheWorkInsteadOfRejecting() {
    Plan plan = aPlan(10, 8192, 8, 100); // 80 vcores; a user may hold 16
    ReservationSystem rs = system(plan, "instantaneous:0.2");
    Decision d = rs.create(req("r", "atom(<1024,1>,1,80,1,160)"));
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(90, 100, 16));
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.parse("instantaneous:0.2")))
        .isEmpty();
  }

  @Test
  void gangAboveTheInstantaneousCapIsRejectedNamingThePolicyLimit() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), "instantaneous:0.2");
    Decision d = rs.create(req("r", "atom(<1024,1>,20,20,1,20)"));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.POLICY);
    assertThat(d.rejection().policyLimit()).contains("instantaneous");
    assertThat(d.rejection().message()).contains("at most 16 such bundles at once");
  }

  @Test
  void averageOverTimeCapRejectsAUsersThirdReservationButNotAnotherUsers() {
    // 10 nodes, 30-step averaging window, average cap 10%: 8 vcores x 30 steps per window
    Plan plan = aPlan(10, 8192, 8, 30);
    ReservationSystem rs = system(plan, "capacity-over-time:0.5,0.1,30m");
    assertThat(rs.create(req("a1", "alice", "atom(<1024,1>,1,40,1,100)")).accepted()).isTrue();
    assertThat(rs.create(req("a2", "alice", "atom(<1024,1>,1,40,1,100)")).accepted()).isTrue();
    Decision third = rs.create(req("a3", "alice", "atom(<1024,1>,1,40,1,100)"));
    assertThat(third.rejection().code()).isEqualTo(Rejection.Code.POLICY);
    assertThat(third.rejection().windowStart()).isNotNull();
    assertThat(third.rejection().message()).contains("average");
    assertThat(rs.create(req("b1", "bob", "atom(<1024,1>,1,40,1,100)")).accepted()).isTrue();
  }

  @Test
  void aRejectedRequestLeavesThePlanUnchanged() {
    Plan plan = aPlan(1, 8192, 8, 10);
    ReservationSystem rs = system(plan, "none");
    rs.create(req("a", "atom(<1024,1>,1,4,1,20)"));
    String before = plan.allocationSkyline().toString();
    assertThat(rs.create(req("b", "atom(<8192,8>,1,1,1,100)")).accepted()).isFalse();
    assertThat(plan.allocationSkyline().toString()).isEqualTo(before);
  }
}
