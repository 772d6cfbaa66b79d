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
    checkValid(new GreePlanner(), seed);
  }

  @Property(tries = 1000)
  void greeLOutputAlwaysPassesTheIndependentValidator(@ForAll("seeds") long seed) {
    checkValid(new GreeLPlanner(), seed);
  }

  private static void checkValid(Planner planner, long seed) {
    RandomWorkloads w = RandomWorkloads.of(seed);
    ReservationSystem rs = new ReservationSystem(w.plan(), planner, w.policy());
    List<Decision> ds = rs.submitAll(w.requests());
    List<Violation> v = PlanValidator.validate(rs.plan(), w.policy());
    assertThat(v).as("%s with %s: %s", planner.name(), w, w.requests()).isEmpty();
    for (Decision d : ds) {
      if (!d.accepted()) {
        assertThat(d.rejection()).as("seed %d: rejection of %s", seed, d.reservationId()).isNotNull();
        assertThat(d.rejection().message()).as("seed %d", seed).isNotBlank();
      }
    }
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
  void anAtomThatFitsAnEmptyPlanIsAlwaysAcceptedByGree(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Resources cap = Resources.of(8192L * (1 + rnd.nextInt(8)), 8L * (1 + rnd.nextInt(8)));
    long horizon = 10 + rnd.nextInt(100);
    Rdl.Atom a = RandomWorkloads.atom(rnd);
    if (a.bundle().extras().containsKey("gpu")) a = Rdl.atom(Resources.of(1024, 1), a.gang(), a.maxParallelism(), a.minLease(), a.work());
    long s = rnd.nextLong(horizon);
    long f = s + 1 + rnd.nextLong(horizon - s);
    Rdl e = Rdl.window(a, s, f);
    boolean fits = fitsEmptyPlan(a, cap, f - s);
    Plan plan = Plan.empty(cap, horizon, 60);
    Decision d = new GreePlanner().place(plan, ReservationRequest.of("x", e), PlanningContext.DEFAULT);
    assertThat(d.accepted()).as("seed %d: %s on %s over %d steps: %s", seed, e, cap, horizon, d.rejection()).isEqualTo(fits);
    if (d.accepted()) {
      plan.add(ReservationRequest.of("x", e), d.allocation());
      assertThat(PlanValidator.validate(plan, null)).as("seed %d", seed).isEmpty();
    } else {
      assertThat(d.rejection().code()).isIn(Rejection.Code.CAPACITY, Rejection.Code.GANG_OR_LEASE,
          Rejection.Code.WINDOW, Rejection.Code.INVALID);
    }
  }
}
