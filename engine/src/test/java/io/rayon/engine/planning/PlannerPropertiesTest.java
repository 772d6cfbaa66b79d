package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Invariants of GREE and GREE-L on thousands of seeded random workloads (the seed is in every
 * failure message; rerun one with {@code RandomWorkloads.of(seed)}).
 */
class PlannerPropertiesTest {

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 1000)
  void greeOutputAlwaysPassesTheIndependentValidator(@ForAll("seeds") long seed) {
    checkValid(new GreePlanner(), RandomWorkloads.of(seed));
  }

  @Property(tries = 1000)
  void greeLOutputAlwaysPassesTheIndependentValidator(@ForAll("seeds") long seed) {
    checkValid(new GreeLPlanner(), RandomWorkloads.of(seed));
  }

  /** Every option and every combination of options, with requests arriving at random steps. */
  @Property(tries = 600)
  void everyOptionOfGreeAndGreeLPassesTheValidatorWithRandomArrivals(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    int bits = (int) Math.floorMod(seed, 16L);
    GreedyOptions o =
        new GreedyOptions((bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0);
    checkValid(new GreePlanner(o), w);
    checkValid(new GreeLPlanner(o), w);
  }

  /**
   * Paper mode with random arrivals: nothing before a request's arrival, checked by the validator
   * and directly.
   */
  @Property(tries = 600)
  void paperModeNeverAllocatesBeforeArrival(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    for (Planner p : List.of(new GreePlanner(), new GreeLPlanner())) {
      List<Decision> ds = checkValid(p, RandomWorkloads.arrivingAtRandom(seed));
      for (int i = 0; i < ds.size(); i++) {
        Decision d = ds.get(i);
        long arrival = w.requests().get(i).arrival();
        if (d.accepted()) {
          assertThat(d.allocation().atoms())
              .allSatisfy(
                  a ->
                      assertThat(a.start())
                          .as("seed %d %s", seed, p.name())
                          .isGreaterThanOrEqualTo(arrival));
        }
      }
    }
  }

  private static List<Decision> checkValid(Planner planner, RandomWorkloads w) {
    long seed = w.seed();
    ReservationSystem rs = new ReservationSystem(w.plan(), planner, w.policy());
    List<Decision> ds = rs.submitAll(w.requests());
    List<Violation> v = PlanValidator.validate(rs.plan(), w.policy());
    assertThat(v).as("%s with %s: %s", planner.name(), w, w.requests()).isEmpty();
    for (Decision d : ds) {
      if (!d.accepted()) {
        assertThat(d.rejection())
            .as("seed %d: rejection of %s", seed, d.reservationId())
            .isNotNull();
        assertThat(d.rejection().message()).as("seed %d", seed).isNotBlank();
      }
    }
    return ds;
  }

  /**
   * An atom fits an empty plan of constant capacity iff, with U = the gangs that fit at once
   * (bounded by h and by the capacity in every dimension), n = the window length and q = w/g, some
   * k in [1, U] has k·l ≤ q ≤ k·n (k lanes, each held between l and n steps). Written here
   * independently of the planner.
   */
  static boolean fitsEmptyPlan(Rdl.Atom a, Resources capacity, long n) {
    if (a.work() == 0) return true;
    long units = Math.min(a.maxParallelism() / a.gang(), capacity.fitCount(a.bundle()) / a.gang());
    long q = a.work() / a.gang();
    for (long k = 1; k <= units; k++) {
      if (k * a.minLease() <= q && q <= k * n) return true;
    }
    return false;
  }

  @Property(tries = 3000)
  void anAtomThatFitsAnEmptyPlanIsAlwaysAcceptedByGreeWithTheStackedScan(
      @ForAll("seeds") long seed) {
    emptyPlanCase(seed, new GreePlanner(new GreedyOptions(true, false, false, false)), true);
  }

  /**
   * The paper's scan can reject an atom that fits (see {@code GreePlannerTest}); it never accepts
   * one that does not, and what it accepts is valid.
   */
  @Property(tries = 3000)
  void thePapersScanAcceptsOnlyAtomsThatFitAnEmptyPlan(@ForAll("seeds") long seed) {
    emptyPlanCase(seed, new GreePlanner(), false);
  }

  private static void emptyPlanCase(long seed, Planner planner, boolean complete) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Resources cap = Resources.of(8192L * (1 + rnd.nextInt(8)), 8L * (1 + rnd.nextInt(8)));
    long horizon = 10 + rnd.nextInt(100);
    Rdl.Atom a = RandomWorkloads.atom(rnd);
    if (a.bundle().extras().containsKey("gpu"))
      a = Rdl.atom(Resources.of(1024, 1), a.gang(), a.maxParallelism(), a.minLease(), a.work());
    long s = rnd.nextLong(horizon);
    long f = s + 1 + rnd.nextLong(horizon - s);
    Rdl e = Rdl.window(a, s, f);
    boolean fits = fitsEmptyPlan(a, cap, f - s);
    Plan plan = Plan.empty(cap, horizon, 60);
    Decision d = planner.place(plan, ReservationRequest.of("x", e), PlanningContext.DEFAULT);
    if (complete || !fits) {
      assertThat(d.accepted())
          .as("seed %d: %s on %s over %d steps: %s", seed, e, cap, horizon, d.rejection())
          .isEqualTo(fits);
    }
    if (d.accepted()) {
      plan.add(ReservationRequest.of("x", e), d.allocation());
      assertThat(PlanValidator.validate(plan, null)).as("seed %d", seed).isEmpty();
    } else {
      assertThat(d.rejection().code())
          .isIn(
              Rejection.Code.CAPACITY,
              Rejection.Code.GANG_OR_LEASE,
              Rejection.Code.WINDOW,
              Rejection.Code.INVALID);
    }
  }
}
