package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.model.plan.Decision;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link RequestSize#roomMayFit} reads every dimension in one pass over the window's runs, from the
 * window's end backwards; it answers as the reading one dimension at a time from the window's start
 * (written out here, as it was) on the plans greel-plus builds from generated workloads (every
 * operator, gpus, capacity changes, policies), request by request.
 */
class RoomMayFitOnePassPropertiesTest {
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** The check one dimension at a time, each summing its free room run by run up to its need. */
  private static boolean reference(PlanView plan, ReservationRequest request) {
    long[] win = RequestSize.window(plan, request);
    long from = win[0];
    long to = win[1];
    List<String> dims = plan.dimensions();
    for (int d = 0; d < dims.size(); d++) {
      long need = leastNeed(inner(request.rdl()), dims.get(d));
      if (need <= 0) continue;
      if (to <= from) return false;
      long room = 0;
      for (long t = from; t < to && room < need; ) {
        long end = Math.min(to, plan.runEnd(t) + 1);
        long free = Math.max(0, plan.free(d, t));
        room =
            free > 0 && end - t > (Long.MAX_VALUE - room) / free
                ? Long.MAX_VALUE
                : room + free * (end - t);
        t = end;
      }
      if (room < need) return false;
    }
    return true;
  }

  private static long leastNeed(Rdl e, String dim) {
    if (e instanceof Rdl.Atom a) {
      long b = a.bundle().get(dim);
      long w = a.work();
      if (b <= 0 || w <= 0) return 0;
      return b > Long.MAX_VALUE / w ? Long.MAX_VALUE : b * w;
    }
    if (e instanceof Rdl.Any any) {
      long m = Long.MAX_VALUE;
      for (Rdl c : any.children()) m = Math.min(m, leastNeed(c, dim));
      return m;
    }
    long sum = 0;
    for (Rdl c : e.children()) {
      long n = leastNeed(c, dim);
      sum = n > Long.MAX_VALUE - sum ? Long.MAX_VALUE : sum + n;
    }
    return sum;
  }

  private static Rdl inner(Rdl e) {
    while (e instanceof Rdl.Window w) e = w.expr();
    return e;
  }

  @Property(tries = 300)
  void answersAsTheCheckOneDimensionAtATime(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    PlanningContext ctx =
        PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(w.policy(), plan.stepSeconds()));
    GreelPlusPlanner planner = new GreelPlusPlanner();
    int refused = 0;
    for (ReservationRequest r : w.requests()) {
      boolean expected = reference(plan, r);
      assertThat(RequestSize.roomMayFit(plan, r))
          .as("seed %d, %s", seed, r.rdl())
          .isEqualTo(expected);
      assertThat(new RequestSize.WindowRoom(plan, r).mayFit())
          .as("seed %d, %s", seed, r.rdl())
          .isEqualTo(expected);
      if (!expected) refused++;
      Decision d = planner.place(plan, r, ctx);
      if (d.accepted()) plan.add(r, d.allocation());
    }
    Statistics.label("some request cannot fit its window's room").collect(refused > 0);
  }
}
