package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * {@link ReservedView} against the plan it wraps: free capacity less the reserve at every step, the
 * same runs, and range questions that agree with reading step by step.
 */
class ReservedViewTest {

  @Property(tries = 300)
  void theViewIsThePlanLessTheReserveStepByStepAndRangeByRange(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    Planner greel = new GreeLPlanner();
    for (ReservationRequest r : w.requests()) {
      Decision d = greel.place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    Resources cap = plan.capacityAt(0);
    Resources reserve = cap.scale(rnd.nextDouble());
    ReservedView v = new ReservedView(plan, reserve);
    List<String> dims = plan.dimensions();
    long h = plan.horizon();
    for (long t = 0; t < h; t++) {
      assertThat(v.freeAt(t)).isEqualTo(plan.freeAt(t).minus(reserve));
      for (int d = 0; d < dims.size(); d++)
        assertThat(v.free(d, t)).isEqualTo(plan.free(d, t) - reserve.get(dims.get(d)));
      // the same runs: free is constant (less the same reserve) over [runStart, runEnd]
      assertThat(v.freeAt(v.runStart(t))).isEqualTo(v.freeAt(t));
      assertThat(v.freeAt(v.runEnd(t))).isEqualTo(v.freeAt(t));
    }
    for (int k = 0; k < 20; k++) {
      long from = rnd.nextLong(0, h);
      long to = Math.min(h, from + rnd.nextLong(0, h / 2 + 2));
      long[] need = new long[dims.size()];
      boolean fits = true;
      for (int d = 0; d < dims.size(); d++) {
        long least = Long.MAX_VALUE;
        for (long t = from; t < to; t++) least = Math.min(least, v.free(d, t));
        assertThat(v.minFree(d, from, to)).isEqualTo(least);
        need[d] = rnd.nextInt(4) == 0 ? -1 : rnd.nextLong(0, cap.get(dims.get(d)) + 1);
        if (need[d] >= 0 && least < need[d]) fits = false;
      }
      assertThat(v.fitsEverywhere(need, from, to)).as("[%d, %d)", from, to).isEqualTo(fits);
    }
    assertThat(v.knownWithinCapacity()).isFalse();
  }
}
