package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * greel-plus's {@code aligned} candidate ({@link AlignedScan}, Hadoop's low-cost aligned stage
 * placement): valid allocations on generated workloads, the shape Hadoop's allocator gives on
 * hand-built plans, and the option's values.
 */
class AlignedCandidateTest {
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** Every atom's work rounded up to whole leases of whole gangs (g·l divides w), as Hadoop's. */
  private static Rdl wholeLeases(Rdl e) {
    if (e instanceof Rdl.Atom a) {
      long unit = (long) a.gang() * a.minLease();
      long w = (a.work() + unit - 1) / unit * unit;
      return new Rdl.Atom(a.bundle(), a.gang(), a.maxParallelism(), a.minLease(), w);
    }
    if (e instanceof Rdl.Window w)
      return new Rdl.Window(wholeLeases(w.expr()), w.start(), w.finish());
    List<Rdl> cs = new ArrayList<>();
    for (Rdl c : e.children()) cs.add(wholeLeases(c));
    if (e instanceof Rdl.Order) return new Rdl.Order(cs);
    if (e instanceof Rdl.All) return new Rdl.All(cs);
    return new Rdl.Any(cs);
  }

  private static List<ReservationRequest> wholeLeaseRequests(RandomWorkloads w) {
    List<ReservationRequest> out = new ArrayList<>();
    for (ReservationRequest r : w.requests())
      out.add(
          new ReservationRequest(
              r.id(),
              r.name(),
              r.user(),
              r.queue(),
              wholeLeases(r.rdl()),
              r.priority(),
              r.arrival()));
    return out;
  }

  private static final double[] RESERVES = {0, GreelPlusPlanner.DEFAULT_EARLY_RESERVE};

  private static GreelPlusPlanner aligned(GreelPlusPlanner.Aligned where, double reserve) {
    return new GreelPlusPlanner(
        GreelPlusOptions.PLAIN.withEarlyReserve(reserve).withAligned(where));
  }

  /**
   * 600 seeded plans: each request's aligned candidate alone, added to the plan when it fits. The
   * plan passes the validator (capacity, windows, gangs, parallelism, leases, order, policy); every
   * accepted allocation starts at or after the arrival, holds whole gangs, at most the atom's
   * parallelism, in steps whose lengths are whole leases; a lone atom's steps are aligned to its
   * first allowed step.
   */
  @Property(tries = 600)
  void alignedAllocationsPassTheValidator(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    SharingPolicySpec spec = Math.floorMod(seed, 3L) == 0 ? SharingPolicySpec.NONE : w.policy();
    Plan plan = w.plan();
    PlanningContext ctx =
        PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(spec, plan.stepSeconds()));
    GreelPlusPlanner plus =
        aligned(GreelPlusPlanner.Aligned.FIRST, RESERVES[(int) Math.floorMod(seed >> 4, 2L)]);
    for (ReservationRequest r : wholeLeaseRequests(w)) {
      Decision d = plus.alignedCandidate(plan, r, ctx);
      if (d == null) continue;
      assertThat(d.accepted()).isTrue();
      ReservationAllocation a = d.allocation();
      for (AtomAllocation at : a.atoms()) {
        Rdl.Atom atom = (Rdl.Atom) Rdl.at(r.rdl(), at.path());
        assertThat(at.start()).as("seed %d, %s", seed, r.id()).isGreaterThanOrEqualTo(r.arrival());
        assertThat(at.work()).as("seed %d, %s", seed, r.id()).isEqualTo(atom.work());
        for (Step s : at.steps()) {
          assertThat(s.bundles() % atom.gang()).as("seed %d, %s", seed, r.id()).isZero();
          assertThat(s.bundles()).isLessThanOrEqualTo(atom.maxParallelism());
          assertThat((s.end() - s.start()) % atom.minLease())
              .as("seed %d, %s: %s", seed, r.id(), at)
              .isZero();
        }
      }
      long first = firstAllowedStepOfALoneAtom(r);
      if (first >= 0 && !a.atoms().isEmpty()) {
        Rdl.Atom atom = (Rdl.Atom) Rdl.at(r.rdl(), a.atoms().get(0).path());
        for (Step s : a.atoms().get(0).steps())
          assertThat((s.start() - first) % atom.minLease())
              .as("seed %d, %s", seed, r.id())
              .isZero();
      }
      plan.add(r, a);
    }
    assertThat(PlanValidator.validate(plan, spec)).as("seed %d, %s", seed, w).isEmpty();
  }

  /** The same workloads through the whole planner with each {@code aligned} value: valid plans. */
  @Property(tries = 500)
  void greelPlusWithTheAlignedCandidatePlansPassTheValidator(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    SharingPolicySpec spec = w.policy();
    // first, after-early, full-after-early, late-before-late
    GreelPlusPlanner.Aligned where =
        GreelPlusPlanner.Aligned.values()[1 + (int) Math.floorMod(seed, 4L)];
    ReservationSystem rs =
        new ReservationSystem(
            w.plan(), aligned(where, RESERVES[(int) Math.floorMod(seed >> 4, 2L)]), spec);
    List<Decision> ds = rs.submitAll(seed % 4 == 0 ? w.requests() : wholeLeaseRequests(w));
    assertThat(PlanValidator.validate(rs.plan(), spec)).as("seed %d, %s", seed, w).isEmpty();
    for (Decision d : ds)
      if (!d.accepted()) assertThat(d.rejection().message()).as("seed %d", seed).isNotBlank();
  }

  /** The first step a request made of one atom (in windows) may use, or -1 for other requests. */
  private static long firstAllowedStepOfALoneAtom(ReservationRequest r) {
    long first = Math.max(0, r.arrival());
    Rdl e = r.rdl();
    while (e instanceof Rdl.Window w) {
      first = Math.max(first, w.start());
      e = w.expr();
    }
    return e instanceof Rdl.Atom ? first : -1;
  }

  /** An empty plan of {@code nodes} nodes of 8 GB and 8 vcores, minute steps. */
  private static Plan plan(int nodes, long horizon) {
    return Plan.empty(Resources.of(8192L * nodes, 8L * nodes), horizon, 60);
  }

  private static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(id, id, "alice", "default", Fixtures.rdl(rdl), 0, arrival);
  }

  /**
   * On an empty plan Hadoop's allocator spreads a stage over its whole window, a few gangs per
   * round into the least loaded interval; the tall early candidate packs it from the arrival on.
   */
  @Test
  void onAnEmptyPlanTheAlignedPlacementSpreadsWhereTheTallOneStacks() {
    // 10 nodes of 8 bundles: 80 bundles at every step
    Plan plan = plan(10, 200);
    ReservationRequest r = request("a", "window(atom(<1024,1>,1,80,10,800),0,105)", 5);
    GreelPlusPlanner plus = aligned(GreelPlusPlanner.Aligned.FIRST, 0);
    Decision tall = plus.earlyCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(tall.allocation().atoms().get(0).steps()).containsExactly(new Step(5, 15, 80));
    // 80 one-bundle gangs of 10 steps, 10 intervals [5, 15), ..., [95, 105): one gang per round
    // (max(1, 80/10/10)), always into the cheapest interval, the earliest on a tie
    Decision al = plus.alignedCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(al.allocation().atoms().get(0).steps()).containsExactly(new Step(5, 105, 8));
    // and greel-plus with aligned=first keeps the aligned one
    assertThat(plus.place(plan, r, PlanningContext.DEFAULT).allocation())
        .isEqualTo(al.allocation());
  }

  /**
   * The two orientations: aligned to the arrival (intervals from step 5, the step left over at the
   * window's end unused, ties to the earliest) and to the window's end (Hadoop's {@code
   * favor-early-allocation=false}: intervals back from step 100, ties to the latest).
   */
  @Test
  void theEarlyOrientationAlignsToTheArrivalAndTheLateOneToTheWindowsEnd() {
    Plan plan = plan(10, 200);
    // 80 gangs of one bundle for 10 steps; 95 steps of window: 9 intervals, one gang per round
    ReservationRequest r = request("a", "window(atom(<1024,1>,1,80,10,800),0,100)", 5);
    GreelPlusPlanner plus = aligned(GreelPlusPlanner.Aligned.LATE_BEFORE_LATE, 0);
    Decision early = plus.alignedCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(early.allocation().atoms().get(0).steps())
        .containsExactly(new Step(5, 85, 9), new Step(85, 95, 8));
    Decision late = plus.lateAlignedCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(late.allocation().atoms().get(0).steps())
        .containsExactly(new Step(10, 20, 8), new Step(20, 100, 9));
    // late-before-late comes after the early candidate, which fits here
    assertThat(plus.place(plan, r, PlanningContext.DEFAULT).allocation())
        .isEqualTo(plus.earlyCandidate(plan, r, PlanningContext.DEFAULT).allocation());
  }

  /**
   * An interval already half loaded costs more than the free ones: the gangs go round the two free
   * intervals and skip the loaded one, where the tall candidate would stack on the earliest.
   */
  @Test
  void theAlignedPlacementSkipsTheLoadedIntervalAndAlternatesBetweenTheCheapOnes() {
    Plan plan = plan(10, 100);
    ReservationRequest busy = request("busy", "window(atom(<1024,1>,40,40,10,400),10,20)", 0);
    Decision b = new GreePlanner().place(plan, busy, PlanningContext.DEFAULT);
    assertThat(b.allocation().atoms().get(0).steps()).containsExactly(new Step(10, 20, 40));
    plan.add(busy, b.allocation());
    // 24 gangs of 1 bundle for 10 steps in [0, 30): intervals [0,10) cost 0, [10,20) cost 5,
    // [20,30) cost 0; each gang adds 10/80 to its interval's cost, so 12 go to each free one
    ReservationRequest r = request("r", "window(atom(<1024,1>,1,80,10,240),0,30)", 0);
    GreelPlusPlanner plus = aligned(GreelPlusPlanner.Aligned.FIRST, 0);
    Decision al = plus.alignedCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(al.allocation().atoms().get(0).steps())
        .containsExactly(new Step(0, 10, 12), new Step(20, 30, 12));
    Decision tall = plus.earlyCandidate(plan, r, PlanningContext.DEFAULT);
    assertThat(tall.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 10, 24));
    plan.add(r, al.allocation());
    assertThat(PlanValidator.validate(plan, null)).isEmpty();
  }

  /** An order's stages go first to last, each aligned to where the one before ends. */
  @Test
  void anOrdersStagesAreAlignedOneAfterTheOther() {
    Plan plan = plan(1, 60);
    ReservationRequest r = request("p", "order(atom(<1024,1>,2,8,3,24),atom(<1024,1>,1,8,4,8))", 2);
    Decision d =
        aligned(GreelPlusPlanner.Aligned.FIRST, 0)
            .alignedCandidate(plan, r, PlanningContext.DEFAULT);
    Map<String, AtomAllocation> byPath = new HashMap<>();
    for (AtomAllocation a : d.allocation().atoms()) byPath.put(a.path(), a);
    AtomAllocation first = byPath.get("0");
    AtomAllocation second = byPath.get("1");
    // 4 gangs of 2 for 3 steps over 19 intervals from step 2: one gang each, the earliest on ties
    assertThat(first.steps()).containsExactly(new Step(2, 14, 2));
    // 2 one-bundle gangs of 4 steps from step 14: one in each of the first two intervals
    assertThat(second.steps()).containsExactly(new Step(14, 22, 1));
  }

  /** A stage whose work is not whole leases has no Hadoop stage: the aligned candidate declines. */
  @Test
  void anAtomThatIsNotWholeLeasesIsLeftToTheOtherCandidates() {
    Plan plan = plan(1, 60);
    ReservationRequest r = request("x", "atom(<1024,1>,1,8,3,10)", 0);
    GreelPlusPlanner plus = aligned(GreelPlusPlanner.Aligned.FIRST, 0);
    assertThat(plus.alignedCandidate(plan, r, PlanningContext.DEFAULT)).isNull();
    Decision d = plus.place(plan, r, PlanningContext.DEFAULT);
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation())
        .isEqualTo(plus.earlyCandidate(plan, r, PlanningContext.DEFAULT).allocation());
  }

  @Test
  void theOptionIsParsedCheckedAndOffByDefault() {
    assertThat(new GreelPlusPlanner().options().aligned()).isEqualTo(GreelPlusPlanner.Aligned.OFF);
    assertThat(
            ((GreelPlusPlanner) Planners.byName("greel-plus", PlannerOptions.NONE))
                .options()
                .aligned())
        .isEqualTo(GreelPlusPlanner.Aligned.OFF);
    for (GreelPlusPlanner.Aligned a : GreelPlusPlanner.Aligned.values()) {
      GreelPlusPlanner p =
          (GreelPlusPlanner)
              Planners.byName("greel-plus", new PlannerOptions(Map.of("aligned", a.text())));
      assertThat(p.options().aligned()).isEqualTo(a);
    }
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", new PlannerOptions(Map.of("aligned", "last"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("aligned");
    assertThatThrownBy(
            () ->
                Planners.byName(
                    "greel-plus",
                    new PlannerOptions(Map.of("aligned", "first", "direction", "late"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("direction=late");
  }
}
