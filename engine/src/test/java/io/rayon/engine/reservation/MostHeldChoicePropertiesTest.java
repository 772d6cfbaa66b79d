package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.GreelPlusOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.reservation.ReservationSystem.Reservation;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Bounded repair's choice of whom to move ({@code ReservationSystem#mostHeld}, read through its
 * index by start) against a plain recomputation from the plan, as its Javadoc says it must equal:
 * every reservation of the plan that starts after {@code now} and before {@code to} and holds
 * capacity inside {@code [from, to)}, sorted most held first, then earlier start, then smaller id,
 * the first k. The plans are built by a system with repair on (so reservations move, and failed
 * tries put them back), with deletions and updates between, and horizons from a few steps to thirty
 * thousand (the index's buckets then hold several starts each); the choice is asked many times over
 * the run, so the index is read while it is kept up to date.
 */
class MostHeldChoicePropertiesTest {

  private static final Resources[] BUNDLES = {
    Resources.of(1024, 1), Resources.of(2048, 1), Resources.of(1024, 4), Resources.of(4096, 2)
  };

  @Property(tries = 200)
  void theChoiceIsTheFirstKOfThePlainOrder(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = rnd.nextBoolean() ? 10 + rnd.nextInt(300) : 300 + rnd.nextInt(30_000);
    int nodes = 1 + rnd.nextInt(6);
    Plan plan = Plan.empty(Resources.of(8192, 8).times(nodes), horizon, 60);
    ReservationSystem rs =
        new ReservationSystem(
            plan,
            new GreelPlusPlanner(GreelPlusOptions.PLAIN.withRepair(1 + rnd.nextInt(4))),
            SharingPolicySpec.NONE);
    int n = 20 + rnd.nextInt(120);
    for (int i = 0; i < n; i++) {
      ReservationRequest r = request(rnd, "r" + rnd.nextInt(3 * n), horizon);
      int what = rnd.nextInt(10);
      if (what == 0 && plan.contains(r.id())) rs.delete(r.id());
      else if (what == 1 && plan.contains(r.id())) rs.update(r.id(), r);
      else if (!plan.contains(r.id())) rs.create(r);
      if (rnd.nextInt(3) == 0) {
        long now = rnd.nextLong(-2, horizon);
        long from = Math.max(0, now) + rnd.nextLong(Math.max(1, horizon / 3));
        long to = from + rnd.nextLong(horizon + 1 - Math.min(horizon, from));
        int k = rnd.nextInt(12);
        assertThat(ids(rs.mostHeld(now, from, to, k)))
            .as("seed %d, step %d: now %d, [%d, %d), k %d", seed, i, now, from, to, k)
            .containsExactlyElementsOf(ids(plain(plan, now, from, to, k)));
      }
    }
  }

  /** A request of one to three atoms (in order), sometimes in a window, arriving at random. */
  private static ReservationRequest request(SplittableRandom rnd, String id, long horizon) {
    int atoms = 1 + rnd.nextInt(3);
    Rdl[] parts = new Rdl[atoms];
    for (int j = 0; j < atoms; j++) {
      int g = 1 + rnd.nextInt(2);
      int h = g * (1 + rnd.nextInt(4));
      long lease = 1 + rnd.nextInt((int) Math.min(20, horizon / 4 + 1));
      // works from a few values, so that many reservations hold the same (ties)
      long w = g * lease * (1 + rnd.nextInt(3));
      parts[j] = Rdl.atom(BUNDLES[rnd.nextInt(BUNDLES.length)], g, h, lease, w);
    }
    Rdl e = atoms == 1 ? parts[0] : Rdl.order(parts);
    if (rnd.nextInt(3) == 0) {
      long s = rnd.nextLong(horizon);
      e = Rdl.window(e, s, s + 1 + rnd.nextLong(horizon - s));
    }
    long arrival = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(horizon);
    return new ReservationRequest(id, null, "u" + rnd.nextInt(3), "default", e, 0, arrival);
  }

  private record Held(String id, long start, double held) {}

  /** The plain recomputation: every reservation of the plan read, sorted, the first k. */
  private static List<Reservation> plain(Plan plan, long now, long from, long to, int k) {
    Resources cap = plan.capacityAt(from);
    List<Held> all = new ArrayList<>();
    for (String id : plan.reservationIds()) {
      ReservationAllocation a = plan.allocationOf(id);
      if (a.start() <= now || a.start() >= to || a.end() <= from) continue;
      double s = 0;
      for (AtomAllocation atom : a.atoms()) {
        long bs = 0;
        for (Step st : atom.steps()) {
          long lo = Math.max(from, st.start());
          long hi = Math.min(to, st.end());
          if (hi > lo) bs += st.bundles() * (hi - lo);
        }
        if (bs > 0) s += bs * atom.bundle().dominantShare(cap);
      }
      if (s > 0) all.add(new Held(id, a.start(), s));
    }
    all.sort(
        Comparator.<Held>comparingDouble(h -> -h.held())
            .thenComparingLong(Held::start)
            .thenComparing(Held::id));
    List<Reservation> out = new ArrayList<>();
    for (Held h : all.subList(0, Math.min(k, all.size())))
      out.add(new Reservation(plan.requestOf(h.id()), plan.allocationOf(h.id())));
    return out;
  }

  private static List<String> ids(List<Reservation> rs) {
    List<String> out = new ArrayList<>();
    for (Reservation r : rs) out.add(r.request().id() + "@" + r.allocation().start());
    return out;
  }
}
