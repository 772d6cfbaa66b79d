package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * greel-plus's {@code early-shape=rigid} (each stage placed early at its full width, never
 * stretched thinner) and {@code max-stretch} (a placement must end within that many times the
 * request's shortest length after its arrival), and {@link RequestSize#shortestLength}.
 */
class GreelPlusShapeTest {
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  private static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(
        id, id, "alice", "default", Fixtures.req(id, rdl).rdl(), 0, arrival);
  }

  /** One node (8 bundles of (1 GB, 1 vcore)) over 100 steps, {@code held} bundles over [0, 50). */
  private static Plan planHolding(long held) {
    Plan plan = Fixtures.aPlan(1, 8192, 8, 100);
    ReservationRequest r = request("held", "atom(<1024,1>,1," + held + ",50," + held * 50 + ")", 0);
    plan.add(
        r,
        new ReservationAllocation(
            "held",
            List.of(
                new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(0, 50, held))))));
    return plan;
  }

  /**
   * {@link GreelPlusAdmissionTest#tallPlanner} (the tall shape and no max-stretch unless a test
   * sets them: the defaults before the fifth session of 2026-11-27, against which these options
   * were written) with no admission and no early reserve, then {@code kv}.
   */
  private static GreelPlusPlanner greelPlus(String... kv) {
    String[] all = new String[kv.length + 4];
    all[0] = "max-room-share";
    all[1] = "1";
    all[2] = "early-reserve";
    all[3] = "0";
    System.arraycopy(kv, 0, all, 4, kv.length);
    return GreelPlusAdmissionTest.tallPlanner(all);
  }

  /**
   * 4 of 8 bundles are free over [0, 50). A stage of 8 containers for 10 steps: the tall early
   * candidate stretches it to 4 containers for 20 steps from the arrival; the rigid one waits for
   * the step where all 8 fit side by side, 50, and holds them for 10 steps.
   */
  @Test
  void theRigidShapePlacesAStageAtItsFullWidthWhereTheTallOneStretchesIt() {
    Plan plan = planHolding(4);
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    Decision tall = greelPlus().place(plan, r, PlanningContext.DEFAULT);
    assertThat(tall.accepted()).isTrue();
    assertThat(tall.allocation().start()).isZero();
    assertThat(tall.allocation().atoms().get(0).steps())
        .allSatisfy(s -> assertThat(s.bundles()).isEqualTo(4));
    Decision rigid = greelPlus("early-shape", "rigid").place(plan, r, PlanningContext.DEFAULT);
    assertThat(rigid.accepted()).isTrue();
    assertThat(rigid.allocation().atoms().get(0).steps()).containsExactly(new Step(50, 60, 8));
    assertThat(greelPlus("early-shape", "rigid").options().earlyShape())
        .isEqualTo(GreelPlusPlanner.EarlyShape.RIGID);
    // the default since the fifth session of 2026-11-27
    assertThat(new GreelPlusPlanner().options().earlyShape())
        .isEqualTo(GreelPlusPlanner.EarlyShape.RIGID);
  }

  /**
   * The whole node is held over [0, 50), so the stage (shortest length 10) can start at 50 at the
   * earliest and ends 60 steps after its arrival: 6 times its shortest length. {@code
   * max-stretch=5} refuses it and says why; 6 and 0 (off) place it; the default is 3.
   */
  @Test
  void maxStretchRefusesAPlacementEndingTooFarAfterTheArrivalAndSaysWhy() {
    Plan plan = planHolding(8);
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    GreelPlusPlanner five = greelPlus("max-stretch", "5");
    assertThat(five.options().maxStretch()).isEqualTo(5.0);
    Decision refused = five.place(plan, r, PlanningContext.DEFAULT);
    assertThat(refused.accepted()).isFalse();
    assertThat(refused.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(refused.rejection().message())
        .contains("max-stretch=5")
        .contains("60 steps after its earliest start")
        .contains("shortest length of 10 steps");
    assertThat(greelPlus("max-stretch", "6").place(plan, r, PlanningContext.DEFAULT).accepted())
        .isTrue();
    assertThat(greelPlus().place(plan, r, PlanningContext.DEFAULT).accepted()).isTrue();
    assertThat(new GreelPlusPlanner().options().maxStretch())
        .isEqualTo(GreelPlusPlanner.DEFAULT_MAX_STRETCH)
        .isEqualTo(3.0);
  }

  /**
   * A reservation asked ahead of its window is measured from the window's start, not from when it
   * was asked: asked at step 0 for the window [60, 90), the stage (shortest length 10) placed at
   * 60–70 ends 10 steps after its earliest start, well within the default {@code max-stretch=3},
   * though 70 steps after it was asked. Placed where the plan is full until 75, it would end 25
   * steps after its earliest start and is refused at {@code max-stretch=2}.
   */
  @Test
  void maxStretchCountsFromTheWindowsStartForAReservationAskedAhead() {
    Plan plan = Fixtures.aPlan(1, 8192, 8, 100);
    ReservationRequest ahead = request("ahead", "window(atom(<1024,1>,1,8,10,80),60,90)", 0);
    GreelPlusPlanner byDefault = new GreelPlusPlanner();
    assertThat(RequestSize.shareOfPlan(plan, ahead))
        .isGreaterThan(byDefault.options().stretchAbove());
    Decision d = byDefault.place(plan, ahead, PlanningContext.DEFAULT);
    assertThat(d.accepted()).as("%s", d.rejection()).isTrue();
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(60, 70, 8));
    // full until 75 inside the window: the stage ends at 85, 25 steps after 60 (2.5 times 10)
    ReservationRequest blocker = request("blocker", "window(atom(<1024,1>,1,8,15,120),60,75)", 0);
    plan.add(
        blocker,
        new ReservationAllocation(
            "blocker",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(60, 75, 8))))));
    Decision refused =
        greelPlus("early-shape", "rigid", "max-stretch", "2")
            .place(plan, ahead, PlanningContext.DEFAULT);
    assertThat(refused.accepted()).isFalse();
    assertThat(refused.rejection().message())
        .contains("25 steps after its earliest start")
        .contains("max-stretch=2");
    assertThat(
            greelPlus("early-shape", "rigid", "max-stretch", "3")
                .place(plan, ahead, PlanningContext.DEFAULT)
                .accepted())
        .isTrue();
  }

  /**
   * {@code stretch-above}: the request (80 bundle-steps of 1/8 of the node: 10 of the plan's 100
   * node-steps, a share of 0.1) is refused by {@code max-stretch=5} when the rule applies above a
   * share of 0.05, and placed when it applies only above 0.2.
   */
  @Test
  void stretchAboveAppliesMaxStretchOnlyToBigRequests() {
    Plan plan = planHolding(8);
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,8,10,80),0,100)", 0);
    GreelPlusPlanner big = greelPlus("max-stretch", "5", "stretch-above", "0.05");
    assertThat(big.options().stretchAbove()).isEqualTo(0.05);
    assertThat(big.place(plan, r, PlanningContext.DEFAULT).accepted()).isFalse();
    GreelPlusPlanner bigger = greelPlus("max-stretch", "5", "stretch-above", "0.2");
    assertThat(bigger.place(plan, r, PlanningContext.DEFAULT).accepted()).isTrue();
    assertThatThrownBy(() -> greelPlus("stretch-above", "2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stretch-above");
  }

  @Test
  void badValuesAreRefusedWithTheOptionsName() {
    assertThatThrownBy(() -> greelPlus("max-stretch", "0.5"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-stretch");
    assertThatThrownBy(() -> greelPlus("max-stretch", "-1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-stretch");
    assertThatThrownBy(() -> greelPlus("early-shape", "square"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("early-shape")
        .hasMessageContaining("rigid");
  }

  @Test
  void theShortestLengthFollowsTheOperators() {
    Resources b = Resources.of(1024, 1);
    Rdl wide = Rdl.atom(b, 1, 8, 10, 80); // 8 at once for 10 steps
    Rdl narrow = Rdl.atom(b, 1, 4, 5, 40); // 4 at once: 10 steps, more than its lease of 5
    Rdl gangs = Rdl.atom(b, 2, 8, 3, 16); // 4 gangs of 2 at once: 2 steps, but the lease is 3
    assertThat(RequestSize.shortestLength(wide)).isEqualTo(10);
    assertThat(RequestSize.shortestLength(narrow)).isEqualTo(10);
    assertThat(RequestSize.shortestLength(gangs)).isEqualTo(3);
    assertThat(RequestSize.shortestLength(new Rdl.Order(List.of(wide, gangs)))).isEqualTo(13);
    assertThat(RequestSize.shortestLength(new Rdl.All(List.of(wide, gangs)))).isEqualTo(10);
    assertThat(RequestSize.shortestLength(new Rdl.Any(List.of(wide, gangs)))).isEqualTo(3);
    assertThat(RequestSize.shortestLength(Rdl.window(new Rdl.Order(List.of(wide, wide)), 0, 90)))
        .isEqualTo(20);
    assertThat(RequestSize.shortestLength(Rdl.atom(b, 1, 8, 10, 0))).isZero();
  }

  /**
   * On plans filled by a seeded workload, a Hadoop-like stage (n containers of 1 bundle for l
   * steps, work n·l) that the rigid early candidate places is held as one rectangle of n bundles
   * over l steps, inside its window and after its arrival, within the free capacity.
   */
  @Property(tries = 300)
  void aRigidStageIsOneRectangleAtItsFullWidth(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    new ReservationSystem(plan, Planners.byName("greel"), SharingPolicySpec.NONE)
        .submitAll(w.requests());
    SplittableRandom rnd = new SplittableRandom(seed);
    long h = plan.horizon();
    int n = 1 + rnd.nextInt(12);
    long l = 1 + rnd.nextLong(Math.max(1, h / 4));
    long arrival = rnd.nextLong(h);
    long finish = Math.min(h, arrival + l + rnd.nextLong(h));
    ReservationRequest r =
        new ReservationRequest(
            "stage",
            null,
            "u0",
            "default",
            Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, n, l, n * l), arrival, finish),
            0,
            arrival);
    Decision d = greelPlus("early-shape", "rigid").earlyCandidate(plan, r, PlanningContext.DEFAULT);
    Statistics.collect(d != null);
    if (d == null) return;
    List<Step> steps = d.allocation().atoms().get(0).steps();
    assertThat(steps).as("seed %d", seed).hasSize(1);
    Step s = steps.get(0);
    assertThat(s.bundles()).as("seed %d", seed).isEqualTo(n);
    assertThat(s.length()).as("seed %d", seed).isEqualTo(l);
    assertThat(s.start()).as("seed %d", seed).isGreaterThanOrEqualTo(arrival);
    assertThat(s.end()).as("seed %d", seed).isLessThanOrEqualTo(finish);
    assertThat(plan.fits(d.allocation())).as("seed %d", seed).isTrue();
  }

  /**
   * 300 seeded workloads through the reservation system (bounded repair on): with {@code
   * early-shape=rigid}, {@code max-stretch=2} and {@code stretch-above=0.01} the plans pass the
   * validator, and every request accepted that holds more than 1% of the plan ends, when accepted,
   * at most twice its shortest length after its earliest start (its arrival, or its window's start
   * when later).
   */
  @Property(tries = 300)
  void rigidAndStretchedPlansPassTheValidatorAndKeepTheirStretch(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Planner p =
        Planners.byName(
            "greel-plus",
            new PlannerOptions(
                Map.of("early-shape", "rigid", "max-stretch", "2", "stretch-above", "0.01")));
    ReservationSystem rs = new ReservationSystem(w.plan(), p, w.policy()).setSelfChecking(true);
    for (ReservationRequest r : w.requests()) {
      Decision d = rs.create(r);
      if (!d.accepted()) {
        assertThat(d.rejection().message()).as("seed %d", seed).isNotBlank();
        continue;
      }
      long shortest = RequestSize.shortestLength(r.rdl());
      boolean big = RequestSize.shareOfPlan(rs.plan(), r) > 0.01;
      if (big && shortest > 0 && !d.allocation().atoms().isEmpty())
        assertThat(d.allocation().end() - RequestSize.window(rs.plan(), r)[0])
            .as("seed %d, %s", seed, r.id())
            .isLessThanOrEqualTo(2 * shortest);
    }
    assertThat(PlanValidator.validate(rs.plan(), w.policy())).as("seed %d", seed).isEmpty();
  }
}
