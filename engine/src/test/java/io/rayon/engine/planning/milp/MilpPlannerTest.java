package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.time.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One small instance per RDL feature, with the optimum worked out by hand (in the comments). Every
 * placement goes through a self-checking reservation system, so every accepted allocation passes
 * {@link PlanValidator} and the capacity check, and the whole plan is validated afterwards.
 */
class MilpPlannerTest {
  static final MilpOptions OPTS = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(20));

  /** Places the requests together with the MILP, self-checked, and validates the final plan. */
  static MilpResult solve(Plan plan, MilpOptions opts, ReservationRequest... requests) {
    MilpPlanner p = new MilpPlanner(opts);
    ReservationSystem rs =
        new ReservationSystem(plan, p, SharingPolicySpec.NONE).setSelfChecking(true);
    List<Decision> ds = rs.submitAll(List.of(requests));
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
    MilpResult r = p.lastResult();
    assertThat(ds).hasSize(requests.length);
    for (int i = 0; i < ds.size(); i++)
      assertThat(ds.get(i).accepted()).isEqualTo(r.decisions().get(i).accepted());
    return r;
  }

  static List<Step> steps(Decision d, String path) {
    for (AtomAllocation a : d.allocation().atoms()) if (a.path().equals(path)) return a.steps();
    throw new AssertionError("no allocation for atom " + path + " in " + d);
  }

  @Test
  void malleableAtomFillsTheWholeCapacityWhenItMust() {
    // 12 bundle-steps in 3 steps with 4 cores: 4 bundles at every step is the only placement
    MilpResult r = solve(aPlan(1, 4096, 4, 3), OPTS, req("a", "atom(<1024,1>,1,4,1,12)"));
    assertThat(r.solver().status()).isEqualTo(SolverStatus.OPTIMAL);
    assertThat(steps(r.decisions().get(0), "")).containsExactly(new Step(0, 3, 4));
    // objective: one rise of 4 and one fall of 4, preemption weight 1
    assertThat(r.solver().objective()).isEqualTo(8.0);
    assertThat(r.solver().gap()).isEqualTo(0.0);
  }

  @Test
  void parallelismCapsBundlesPerStepAndRejectsWhenTheWindowIsTooShort() {
    MilpResult ok =
        solve(aPlan(1, 16384, 16, 10), OPTS, req("a", "window(atom(<1024,1>,1,2,1,6),0,3)"));
    assertThat(steps(ok.decisions().get(0), "0")).containsExactly(new Step(0, 3, 2));

    MilpResult no =
        solve(aPlan(1, 16384, 16, 10), OPTS, req("a", "window(atom(<1024,1>,1,2,1,6),0,2)"));
    Decision d = no.decisions().get(0);
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.WINDOW);
    assertThat(d.rejection().path()).isEqualTo("0");
    assertThat(d.rejection().message()).contains("max parallelism 2");
  }

  @Test
  void gangAtomsHoldWholeMultiplesOfTheGang() {
    // 5 free cores, gang 2: at most 4 bundles per step, so 8 bundle-steps take both steps at 4
    MilpResult ok = solve(aPlan(1, 8192, 5, 2), OPTS, req("a", "atom(<1024,1>,2,4,1,8)"));
    assertThat(steps(ok.decisions().get(0), "")).containsExactly(new Step(0, 2, 4));
    // 3 free cores: only one gang of 2 per step, 4 < 8 bundle-steps
    MilpResult no = solve(aPlan(1, 8192, 3, 2), OPTS, req("a", "atom(<1024,1>,2,4,1,8)"));
    assertThat(no.decisions().get(0).accepted()).isFalse();
    assertThat(no.decisions().get(0).rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(no.decisions().get(0).rejection().resource()).isEqualTo("vcores");
  }

  @Test
  void rigidGangTakesTheOnlyBlockOfLeaseStepsAroundCommittedAllocations() {
    Plan plan = aPlan(1, 8192, 2, 6);
    // an earlier reservation holds one core at step 2, so a rigid gang of 2 for 3 steps fits only
    // at [3,6)
    plan.add(
        req("old", "atom(<1024,1>,1,1,1,1)"),
        new ReservationAllocation(
            "old",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(2, 3, 1))))));
    MilpResult r = solve(plan, OPTS, req("a", "atom(<1024,1>,2,2,3,6)"));
    assertThat(steps(r.decisions().get(0), "")).containsExactly(new Step(3, 6, 2));
  }

  @Test
  void nonRigidLeaseKeepsEveryBundleAtLeastLeaseSteps() {
    // h=2, l=3, w=4 in 4 steps: any second bundle would need 3 more steps (6 > 4), so the only
    // valid shape is one bundle for all 4 steps — even without the preemption term
    MilpResult r =
        solve(
            aPlan(1, 8192, 4, 4), OPTS.withPreemptionWeight(0), req("a", "atom(<1024,1>,1,2,3,4)"));
    assertThat(steps(r.decisions().get(0), "")).containsExactly(new Step(0, 4, 1));
  }

  @Test
  void nonRigidGangIsRewrittenIntoRigidPiecesWhoseAllocationsAreSummedBack() {
    // g=2, h=4, l=2, w=8 in a window of 2 steps: the compiler's rewrite gives two rigid lanes of a
    // gang of 2 for 2 steps; both must run side by side, summed back into 4 bundles at path "0"
    for (boolean rewrite : new boolean[] {true, false}) {
      MilpResult r =
          solve(
              aPlan(1, 8192, 4, 6),
              OPTS.withRigidGangRewrite(rewrite),
              req("a", "window(atom(<1024,1>,2,4,2,8),0,2)"));
      assertThat(r.decisions().get(0).allocation().atoms()).as("rewrite " + rewrite).hasSize(1);
      assertThat(steps(r.decisions().get(0), "0"))
          .as("rewrite " + rewrite)
          .containsExactly(new Step(0, 2, 4));
    }
  }

  @Test
  void preemptionTermPrefersTheFlattestAllocation() {
    // w=4 in 4 steps, h=2: one bundle throughout has 2 transitions; anything taller has more
    MilpResult r = solve(aPlan(1, 8192, 4, 4), OPTS, req("a", "atom(<1024,1>,1,2,1,4)"));
    assertThat(steps(r.decisions().get(0), "")).containsExactly(new Step(0, 4, 1));
    assertThat(r.solver().objective()).isEqualTo(2.0);
  }

  @Test
  void anyPicksTheOneAlternativeThatFits() {
    // a gang of 4 never fits 2 cores; the malleable alternative does
    MilpResult r =
        solve(
            aPlan(1, 8192, 2, 4),
            OPTS,
            req("a", "any(atom(<1024,1>,4,4,1,4),atom(<1024,1>,1,2,1,4))"));
    Decision d = r.decisions().get(0);
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().atoms()).extracting(AtomAllocation::path).containsExactly("1");
  }

  @Test
  void allIsAllOrNothing() {
    // 4 + 2 bundle-steps > 2 cores x 2 steps: the whole expression is rejected, nothing partly
    // placed
    MilpResult r =
        solve(
            aPlan(1, 8192, 2, 2),
            OPTS,
            req("a", "all(atom(<1024,1>,1,2,1,4),atom(<1024,1>,1,2,1,2))"));
    assertThat(r.decisions().get(0).accepted()).isFalse();
    assertThat(r.solver().status()).isEqualTo(SolverStatus.OPTIMAL);
  }

  @Test
  void orderPlacesEachChildStrictlyAfterThePreviousOne() {
    // 4 cores, 4 steps, two stages of 4 bundle-steps: the flattest split is 2+2 steps of 2 bundles
    // (objective 4 + 4 = 8); 1+3 steps would cost 8 + 4 = 12
    MilpResult r =
        solve(
            aPlan(1, 8192, 4, 4),
            OPTS,
            req("a", "order(atom(<1024,1>,1,4,1,4),atom(<1024,1>,1,4,1,4))"));
    Decision d = r.decisions().get(0);
    assertThat(steps(d, "0")).containsExactly(new Step(0, 2, 2));
    assertThat(steps(d, "1")).containsExactly(new Step(2, 4, 2));
    assertThat(r.solver().objective()).isEqualTo(8.0);
  }

  @Test
  void windowKeepsEveryAllocationInside() {
    MilpResult r =
        solve(aPlan(1, 8192, 4, 10), OPTS, req("a", "window(atom(<1024,1>,1,4,1,6),2,4)"));
    assertThat(steps(r.decisions().get(0), "0")).containsExactly(new Step(2, 4, 3));
  }

  @Test
  void nestedPipelineOfThePaperIsPlacedWithTheGangLast() {
    // Figure 5(b): order(all(A, B), C) inside a window; C is a rigid gang that must come after A
    // and B
    // (without the preemption term: ojAlgo proves this instance optimal at once instead of in
    // seconds)
    MilpResult r =
        solve(
            aPlan(2, 8192, 4, 12),
            OPTS.withPreemptionWeight(0),
            req(
                "p",
                "window(order(all(atom(<1024,1>,1,4,1,8),atom(<1024,1>,1,4,1,8)),atom(<1024,1>,4,4,2,8)),0,8)"));
    Decision d = r.decisions().get(0);
    assertThat(d.accepted()).isTrue();
    long endAB =
        Math.max(
            steps(d, "0.0.0").get(steps(d, "0.0.0").size() - 1).end(),
            steps(d, "0.0.1").get(steps(d, "0.0.1").size() - 1).end());
    assertThat(steps(d, "0.1").get(0).start()).isGreaterThanOrEqualTo(endAB);
  }

  @Test
  void memoryCanBeTheScarceDimension() {
    // 4096 MB and 8 cores; bundles of 2048 MB: two per step
    MilpResult ok = solve(aPlan(1, 4096, 8, 2), OPTS, req("a", "atom(<2048,1>,1,8,1,4)"));
    assertThat(steps(ok.decisions().get(0), "")).containsExactly(new Step(0, 2, 2));
    MilpResult no = solve(aPlan(1, 4096, 8, 2), OPTS, req("a", "atom(<2048,1>,1,8,1,6)"));
    assertThat(no.decisions().get(0).rejection().resource()).isEqualTo("memoryMB");
  }

  @Test
  void offlineMilpAcceptsBothWhereGreedyInArrivalOrderRejectsOne() {
    // r1 is flexible over [0,4); r2 is a rigid gang of 2 over [2,4). GREE puts r1 late (steps 2-3)
    // and has no room left for r2; the MILP puts r1 early and accepts both.
    ReservationRequest r1 = req("r1", "window(atom(<1024,1>,1,2,1,4),0,4)");
    ReservationRequest r2 = req("r2", "window(atom(<1024,1>,2,2,2,4),2,4)");
    MilpResult r = solve(aPlan(1, 8192, 2, 4), OPTS, r1, r2);
    assertThat(r.acceptedCount()).isEqualTo(2);

    ReservationSystem greedy =
        new ReservationSystem(aPlan(1, 8192, 2, 4), new GreePlanner(), SharingPolicySpec.NONE);
    assertThat(greedy.submitAll(List.of(r1, r2))).filteredOn(Decision::accepted).hasSize(1);
  }

  @Test
  void instantaneousSharingPolicyCapsEachUsersAllocationInTheModel() {
    // 4 cores, instantaneous cap 50%: alice may hold 2 cores at a time, so 8 bundle-steps over 4
    // steps must be exactly 2 per step (and 10 would not fit)
    Plan plan = aPlan(1, 8192, 4, 4);
    MilpPlanner p = new MilpPlanner(OPTS);
    SharingPolicySpec cap = SharingPolicySpec.parse("instantaneous:0.5");
    ReservationSystem rs = new ReservationSystem(plan, p, cap).setSelfChecking(true);
    List<Decision> ds =
        rs.submitAll(
            List.of(
                req("a", "alice", "atom(<1024,1>,1,4,1,8)"),
                req("b", "alice", "atom(<1024,1>,1,4,1,2)")));
    assertThat(ds.get(0).accepted()).isTrue();
    assertThat(steps(ds.get(0), "")).containsExactly(new Step(0, 4, 2));
    assertThat(ds.get(1).accepted()).isFalse();
    assertThat(PlanValidator.validate(rs.plan(), cap)).isEmpty();
  }

  @Test
  void onlinePlacementKeepsEarlierAllocationsFixed() {
    // one by one through the reservation system: the second request only sees what the first left
    Plan plan = aPlan(1, 8192, 2, 4);
    ReservationSystem rs =
        new ReservationSystem(plan, new MilpPlanner(OPTS), SharingPolicySpec.NONE)
            .setSelfChecking(true);
    Decision first = rs.create(req("r1", "window(atom(<1024,1>,1,2,1,4),0,4)"));
    ReservationAllocation held = first.allocation();
    Decision second = rs.create(req("r2", "window(atom(<1024,1>,1,2,1,2),0,4)"));
    assertThat(first.accepted()).isTrue();
    assertThat(second.accepted()).isTrue();
    assertThat(rs.plan().allocationOf("r1")).isEqualTo(held);
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }

  @Test
  void invalidExpressionsAreRejectedBeforeTheSolverRuns() {
    MilpResult r =
        solve(
            aPlan(1, 8192, 4, 4),
            OPTS,
            req("bad", "atom(<1024,1>,2,4,1,3)"),
            req("ok", "atom(<1024,1>,1,1,1,1)"));
    assertThat(r.decisions().get(0).rejection().code()).isEqualTo(Rejection.Code.INVALID);
    assertThat(r.decisions().get(1).accepted()).isTrue();
  }

  @Test
  void coarserGridSolutionIsMappedBackAndTrimmedToTheExactWork() {
    // grid 2: model steps of 2 plan steps; w=5 rounds up to 6 and the excess step is trimmed
    MilpResult r =
        solve(aPlan(1, 8192, 1, 8), OPTS.withGrid(2), req("a", "atom(<1024,1>,1,1,1,5)"));
    Decision d = r.decisions().get(0);
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().work()).isEqualTo(5);
    assertThat(r.notes()).isEmpty();
  }

  @Test
  void mappedSolutionThatBreaksTheLeaseIsRePlacedOnThePlansGrid() {
    Plan plan = aPlan(1, 8192, 2, 8);
    // steps 2-3 are taken, so on grid 2 the model can only use model steps 0 and 2 at 2 bundles:
    // mapped back and trimmed to w=7 this is [2,2,0,0,2,1], whose last bundle is held 1 < l=2 steps
    plan.add(
        req("old", "atom(<1024,1>,2,2,2,4)"),
        new ReservationAllocation(
            "old",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(2, 4, 2))))));
    MilpResult r = solve(plan, OPTS.withGrid(2), req("a", "window(atom(<1024,1>,1,2,2,7),0,7)"));
    assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("minimum lease"));
    assertThat(r.notes())
        .anySatisfy(n -> assertThat(n).contains("re-placed on the plan's grid: accepted"));
    assertThat(r.decisions().get(0).allocation().work()).isEqualTo(7);
  }

  /** Issue 13's plan: everything from step 20 to the horizon 30 is taken by a gang of 4 cores. */
  static Plan fullFromStep20() {
    Plan plan = aPlan(1, 8192, 4, 30);
    plan.add(
        req("full", "window(atom(<1024,1>,4,4,10,40),20,30)"),
        new ReservationAllocation(
            "full",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(20, 30, 4))))));
    return plan;
  }

  static ReservationRequest arriving(ReservationRequest r, long arrival) {
    return new ReservationRequest(
        r.id(), r.name(), r.user(), r.queue(), r.rdl(), r.priority(), arrival);
  }

  @Test
  void aRequestArrivingWhenNothingIsFreeAnyMoreIsRejectedByTheModelItself() {
    // online commitment (§4.1.2): the late request may not use steps 0..19, and 20..29 are full
    ReservationRequest late = arriving(req("late", "atom(<1024,1>,1,4,1,8)"), 20);
    for (int grid : new int[] {1, 2}) {
      MilpOptions opts = OPTS.withGrid(grid);
      MilpResult r = new MilpPlanner(opts).replan(fullFromStep20(), List.of(late), opts);
      assertThat(r.decisions().get(0).accepted()).as("grid %d", grid).isFalse();
      // the model's own answer is the rejection: no solution before arrival to repair afterwards
      assertThat(r.notes()).as("grid %d", grid).noneMatch(n -> n.contains("arrives"));
      assertThat(r.solver().status()).isEqualTo(SolverStatus.OPTIMAL);
      assertThat(r.solver().objective())
          .isEqualTo(MilpFormulation.alpha(late, opts.preemptionWeight(), grid));
      // the reason names the steps the arrival leaves: from 20 to the horizon
      assertThat(r.decisions().get(0).rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
      assertThat(r.decisions().get(0).rejection().message())
          .contains("[20,30)")
          .contains("arrives at step 20 and cannot use earlier steps");
    }
    MilpResult h = new HybridPlanner(OPTS).plan(fullFromStep20(), List.of(late), null);
    assertThat(h.decisions().get(0).accepted()).isFalse();
    assertThat(h.notes()).noneMatch(n -> n.contains("arrives"));
    // GREE, which the MILP's and the hybrid's cross-checks compare with, sees the same problem
    assertThat(new GreePlanner().place(fullFromStep20(), late, null).accepted()).isFalse();
  }

  @Test
  void aRequestIsPlacedBetweenItsArrivalAndTheTakenSteps() {
    // arriving at 15, 8 bundle-steps at up to 4 per step fit only in [15,20)
    ReservationRequest late = arriving(req("late", "atom(<1024,1>,1,4,1,8)"), 15);
    for (int grid : new int[] {1, 2}) {
      MilpOptions opts = OPTS.withGrid(grid);
      MilpResult r = new MilpPlanner(opts).replan(fullFromStep20(), List.of(late), opts);
      assertThat(r.decisions().get(0).accepted()).as("grid %d", grid).isTrue();
      assertThat(r.notes()).as("grid %d", grid).noneMatch(n -> n.contains("arrives"));
      assertThat(steps(r.decisions().get(0), ""))
          .allSatisfy(
              st -> {
                assertThat(st.start()).isGreaterThanOrEqualTo(15);
                assertThat(st.end()).isLessThanOrEqualTo(20);
              });
    }
  }

  @Test
  void theTimeLimitIsReadInTheOneDurationGrammar() {
    assertThat(MilpOptions.from(PlannerOptions.NONE.with("time-limit", "1h30m")).timeLimit())
        .isEqualTo(Duration.ofMinutes(90));
    assertThat(MilpOptions.from(PlannerOptions.NONE.with("time-limit", "90")).timeLimit())
        .isEqualTo(Duration.ofSeconds(90));
    assertThat(MilpOptions.from(PlannerOptions.NONE.with("time-limit", "250ms")).timeLimit())
        .isEqualTo(Duration.ofMillis(250));
    assertThatThrownBy(() -> MilpOptions.from(PlannerOptions.NONE.with("time-limit", "soon")))
        .hasMessage("time-limit: 'soon' is not a duration; write " + Durations.EXAMPLES);
    assertThatThrownBy(() -> MilpOptions.from(PlannerOptions.NONE.with("time-limit", "0s")))
        .hasMessageStartingWith("time-limit: duration '0s' must be longer than zero");
    assertThatThrownBy(() -> MilpOptions.from(PlannerOptions.NONE.with("time-limit", "PT2S")))
        .hasMessageStartingWith("time-limit: 'PT2S' is not a duration");
  }

  /**
   * An instance with random arrivals on which ojAlgo 57.1 claims optimality for a plan that rejects
   * more work than GREE's (found by running {@code milpAcceptsAtLeastAsMuchWorkAsGree}'s generator
   * on 150 further seeds: 2 such claims). The claim never reaches the user as OPTIMAL: the
   * planner's cross-check against GREE, on the same problem (same arrivals), turns it into FEASIBLE
   * and says why; the hybrid, which starts from the greedy plans, accepts at least GREE's work.
   */
  @Test
  void aFalseOptimalityClaimIsCaughtByTheCrossCheckOnTheSameProblem() {
    List<ReservationRequest> batch = new ArrayList<>(Instances.generate(48 * 7919, 4, 6));
    batch.sort(Comparator.comparingLong(ReservationRequest::arrival));
    MilpOptions opts =
        MilpOptions.DEFAULT
            .withPreemptionWeight(0)
            .withRigidGangRewrite(false)
            .withGrid(1)
            .withTimeLimit(Duration.ofSeconds(20));
    List<Decision> g = MilpPropertiesTest.run(new GreePlanner(), batch);
    long greeWork = MilpPropertiesTest.acceptedWork(batch, g);
    MilpResult m = new MilpPlanner(opts).replan(aPlan(1, 8192, 4, Instances.HORIZON), batch, opts);
    long milpWork = MilpPropertiesTest.acceptedWork(batch, m.decisions());
    if (m.solver().status() == SolverStatus.OPTIMAL) {
      assertThat(milpWork).isGreaterThanOrEqualTo(greeWork);
    } else {
      assertThat(m.solver().status()).isEqualTo(SolverStatus.FEASIBLE);
      assertThat(milpWork).isLessThan(greeWork);
      assertThat(m.solver().message()).contains("not optimal: GREE's plan has objective");
      assertThat(m.notes())
          .anySatisfy(n -> assertThat(n).contains("the solver's optimality claim is wrong"));
    }
    MilpOptions quick = opts.withTimeLimit(Duration.ofSeconds(2));
    MilpResult h = new HybridPlanner(quick).plan(aPlan(1, 8192, 4, Instances.HORIZON), batch, null);
    assertThat(MilpPropertiesTest.acceptedWork(batch, h.decisions()))
        .isGreaterThanOrEqualTo(greeWork);
  }
}
