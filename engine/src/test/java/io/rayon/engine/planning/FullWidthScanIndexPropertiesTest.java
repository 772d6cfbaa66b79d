package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.AtomRoomDirectReadPropertiesTest.Opaque;
import io.rayon.model.plan.Decision;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The full-width atom scan ({@code early-shape=rigid}) passes over whole blocks of the plan's
 * free-capacity index where the index shows room ({@link AtomRoom#wholeBlockStart}). Checked on
 * seeded plans, more or less full, under the four views greel-plus stacks (the plan, its reserve,
 * their time mirrors), with and without a tentative block of the reservation's own:
 *
 * <ul>
 *   <li>every stretch {@code wholeBlockStart} answers has the room it claims, step by step, read
 *       through the views (no index there);
 *   <li>the scan reading the plan directly, with the index, places the same blocks as the scan
 *       reading through the views, run by run.
 * </ul>
 */
class FullWidthScanIndexPropertiesTest {

  @Property(tries = 300)
  void theScanWithTheIndexPlacesWhatTheRunByRunScanPlaces(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    SplittableRandom rnd = new SplittableRandom(seed);
    // a full plan, or one with only a part of the workload placed (more blocks with room)
    int placed = rnd.nextBoolean() ? w.requests().size() : rnd.nextInt(w.requests().size() + 1);
    Planner greel = new GreeLPlanner();
    for (ReservationRequest r : w.requests().subList(0, placed)) {
      Decision d = greel.place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
    Resources reserve = plan.capacityAt(0).scale(0.5 * rnd.nextDouble());
    ReservedView reserved = new ReservedView(plan, reserve);
    List<PlanView> views =
        List.of(plan, reserved, new TimeMirror(plan).view(), new TimeMirror(reserved).view());
    int h = (int) plan.horizon();
    ReservationRequest req = w.requests().get(rnd.nextInt(w.requests().size()));
    int skips = 0;
    for (PlanView v : views) {
      TentativePlacement direct = new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
      TentativePlacement viaViews =
          new TentativePlacement(new Opaque(v), req, PlanningContext.DEFAULT, null);
      assertThat(direct.base).isSameAs(plan);
      for (int k = 0; k < 4; k++) {
        int g = 1 + rnd.nextInt(2);
        Rdl.Atom atom =
            Rdl.atom(
                Resources.of(512L << rnd.nextInt(4), 1 + rnd.nextInt(3)),
                g,
                g * (1 + rnd.nextInt(60)),
                1 + rnd.nextInt(6),
                g * (1 + rnd.nextInt(1500)));
        if (k == 3) {
          // a tentative block of the reservation's own under part of the range
          long s = rnd.nextInt(h);
          long e = Math.min(h, s + 1 + rnd.nextInt(60));
          long b = 1 + rnd.nextInt(3);
          direct.add("x", atom, s, e, b);
          viaViews.add("x", atom, s, e, b);
        }
        int lo = rnd.nextInt(h);
        int hi = lo + 1 + rnd.nextInt(h - lo);
        AtomRoom a = new AtomRoom(direct, atom, lo, hi, false);
        AtomRoom b = new AtomRoom(viaViews, atom, lo, hi, false);
        for (int t = lo; t < hi; t++) {
          long count = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 60);
          int from = a.wholeBlockStart(t, t + 1, count);
          assertThat(b.wholeBlockStart(t, t + 1, count)).isEqualTo(Integer.MAX_VALUE);
          if (from == Integer.MAX_VALUE) continue;
          assertThat(from).as("seed %d view %s step %d", seed, v, t).isBetween(lo, t);
          if (from < a.segmentStart(t)) skips++;
          for (int u = from; u <= t; u++) {
            assertThat(b.bundles(u))
                .as("seed %d view %s: room for %d bundles over [%d, %d]", seed, v, count, from, t)
                .isGreaterThanOrEqualTo(count);
          }
        }
        if (RdlChecks.validate(atom) == null) {
          List<long[]> x = AtomScans.greeAtom(atom, a, true);
          List<long[]> y = AtomScans.greeAtom(atom, b, true);
          assertThat(x == null ? null : x.stream().map(Arrays::toString).toList())
              .as("seed %d view %s atom %s in [%d, %d)", seed, v, atom, lo, hi)
              .isEqualTo(y == null ? null : y.stream().map(Arrays::toString).toList());
        }
      }
    }
    Statistics.label("answers that pass over runs").collect(skips > 0);
  }

  @Test
  void onAnEmptyPlanTheScanPassesOverWholeBlocksAndPlacesTheSame() {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(7);
    Plan plan = w.plan();
    ReservationRequest req = w.requests().get(0);
    // runs cut by a few short reservations, so the run-by-run scan reads many runs
    for (int i = 0; i < 6; i++) {
      ReservationRequest r = w.requests().get(i + 1);
      Decision d = new GreeLPlanner().place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
    for (PlanView v : List.of(plan, new TimeMirror(plan).view())) {
      TentativePlacement direct = new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
      TentativePlacement viaViews =
          new TentativePlacement(new Opaque(v), req, PlanningContext.DEFAULT, null);
      Rdl.Atom atom = Rdl.atom(Resources.of(512, 1), 1, 2, 1, 2 * (plan.horizon() / 2));
      int h = (int) plan.horizon();
      AtomRoom a = new AtomRoom(direct, atom, 0, h, false);
      AtomRoom b = new AtomRoom(viaViews, atom, 0, h, false);
      assertThat(a.wholeBlockStart(h - 1, h, 2)).isLessThan(h - 1);
      List<long[]> x = AtomScans.greeAtom(atom, a, true);
      List<long[]> y = AtomScans.greeAtom(atom, b, true);
      assertThat(x).isNotNull();
      assertThat(x.stream().map(Arrays::toString).toList())
          .isEqualTo(y.stream().map(Arrays::toString).toList());
    }
  }
}
