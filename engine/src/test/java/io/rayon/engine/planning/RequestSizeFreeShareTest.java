package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.plan.Plan;
import io.rayon.model.plan.Decision;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * {@link RequestSize#freeShare}, which greel-plus's {@code reserve-rule=crowded} reads, against an
 * independent step-by-step reading of the plan: for each step of the request's window the least
 * free share over the dimensions (never below 0), averaged over the window.
 */
class RequestSizeFreeShareTest {

  @Property(tries = 500)
  void theFreeShareIsTheStepByStepAverageOfTheLeastFreeShare(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    Planner planner = new GreelPlusPlanner();
    List<ReservationRequest> requests = w.requests();
    for (ReservationRequest r : requests) {
      // read before placing, as greel-plus does, and on the plan as it fills up
      double share = RequestSize.freeShare(plan, r);
      assertThat(share).as("seed %d, %s", seed, r.id()).isBetween(0.0, 1.0);
      assertThat(share)
          .as("seed %d, %s: %s", seed, r.id(), r.rdl())
          .isCloseTo(byStep(plan, r), within(1e-9));
      Decision d = planner.place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
  }

  /**
   * {@code WindowRoom.freeShareBelow}, which reads the window only until the answer is known (the
   * admission's crowdedness), answers as {@code freeShare() < below} for thresholds at the edges,
   * in between and at the window's own free share; and the room it keeps when it read the whole
   * window is the free share's, bit for bit.
   */
  @Property(tries = 300)
  void theCrowdednessReadEarlyAnswersAsTheWholeFreeShare(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    Planner planner = new GreelPlusPlanner();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (ReservationRequest r : w.requests()) {
      double share = RequestSize.freeShare(plan, r);
      double[] belows = {
        0, 1, 0.1, rnd.nextDouble(), share, Math.nextUp(share), Math.nextDown(share)
      };
      for (double below : belows) {
        RequestSize.WindowRoom room = new RequestSize.WindowRoom(plan, r);
        assertThat(room.freeShareBelow(below))
            .as("seed %d, %s, below %s (free share %s)", seed, r.id(), below, share)
            .isEqualTo(share < below);
        assertThat(room.freeShare()).isEqualTo(share);
        assertThat(room.freeShareBelow(below)).isEqualTo(share < below);
      }
      Decision d = planner.place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
  }

  /**
   * The window read step by step with the plan's resource vectors (no runs, no dimension index).
   */
  private static double byStep(Plan plan, ReservationRequest r) {
    long from = Math.max(0, r.arrival());
    long to = plan.horizon();
    Rdl e = r.rdl();
    while (e instanceof Rdl.Window win) {
      from = Math.max(from, win.start());
      to = Math.min(to, win.finish());
      e = win.expr();
    }
    if (to <= from) return 0;
    double sum = 0;
    for (long t = from; t < to; t++) {
      Resources cap = plan.capacityAt(t);
      Resources free = plan.freeAt(t);
      double least = 1;
      for (String dim : plan.dimensions()) {
        long c = cap.get(dim);
        if (c > 0) least = Math.min(least, (double) free.get(dim) / c);
      }
      sum += Math.max(0, least);
    }
    return sum / (to - from);
  }
}
