package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The atom room read straight from the {@link Plan} under the views greel-plus stacks ({@link
 * TentativePlacement#base}: the plan, its {@link ReservedView}, its {@link TimeMirror}, the mirror
 * of its reserved view) against the same room read through the views themselves (hidden behind a
 * wrapper, so no direct read is possible): the same bundles and the same segment starts at every
 * step, with and without tentative blocks, and the same blocks from the stacked scan, on seeded
 * crowded plans. The full-width scan (greel-plus's {@code early-shape=rigid}) asks the plan for its
 * runs directly when the room is {@link AtomRoom#plain}; read through the views it cannot, and goes
 * segment by segment: both give the same blocks.
 */
class AtomRoomDirectReadPropertiesTest {

  @Property(tries = 300)
  void theDirectReadIsTheViewsReadAtEveryStep(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    Planner greel = new GreeLPlanner();
    for (ReservationRequest r : w.requests()) {
      Decision d = greel.place(plan, r, PlanningContext.DEFAULT);
      if (d.accepted()) plan.add(r, d.allocation());
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    Resources reserve = plan.capacityAt(0).scale(0.5 * rnd.nextDouble());
    ReservedView reserved = new ReservedView(plan, reserve);
    List<PlanView> views =
        List.of(plan, reserved, new TimeMirror(plan).view(), new TimeMirror(reserved).view());
    int h = (int) plan.horizon();
    ReservationRequest req = w.requests().get(rnd.nextInt(w.requests().size()));
    for (PlanView v : views) {
      TentativePlacement direct = new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
      TentativePlacement viaViews =
          new TentativePlacement(new Opaque(v), req, PlanningContext.DEFAULT, null);
      assertThat(direct.base).as("the direct read is taken for %s", v).isSameAs(plan);
      assertThat(viaViews.base).isNull();
      for (int k = 0; k < 3; k++) {
        Rdl.Atom atom =
            Rdl.atom(
                Resources.of(512L << rnd.nextInt(4), 1 + rnd.nextInt(3)),
                1,
                1 + rnd.nextInt(40),
                1 + rnd.nextInt(4),
                1 + rnd.nextInt(400));
        if (k == 2) {
          // a tentative block of the reservation's own under part of the range
          long s = rnd.nextInt(h);
          long e = Math.min(h, s + 1 + rnd.nextInt(30));
          direct.add("x", atom, s, e, 1 + rnd.nextInt(3));
          viaViews.add("x", atom, s, e, direct.blocks().get(direct.blocks().size() - 1).bundles());
        }
        int lo = rnd.nextInt(h);
        int hi = lo + 1 + rnd.nextInt(h - lo);
        AtomRoom a = new AtomRoom(direct, atom, lo, hi, false);
        AtomRoom b = new AtomRoom(viaViews, atom, lo, hi, false);
        for (int t = lo; t < hi; t++) {
          assertThat(a.bundles(t))
              .as("seed %d view %s step %d", seed, v, t)
              .isEqualTo(b.bundles(t));
          assertThat(a.segmentStart(t))
              .as("seed %d view %s step %d", seed, v, t)
              .isEqualTo(b.segmentStart(t));
        }
        if (RdlChecks.validate(atom) == null) {
          List<long[]> x = AtomScans.greeAtom(atom, a);
          List<long[]> y = AtomScans.greeAtom(atom, b);
          assertThat(x == null ? null : x.stream().map(Arrays::toString).toList())
              .isEqualTo(y == null ? null : y.stream().map(Arrays::toString).toList());
        }
      }
    }
  }

  @Property(tries = 300)
  void theFullWidthScanAskedOfThePlanIsTheScanReadSegmentBySegment(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    fullWidthScansAgree(seed, new TreeMap<>());
  }

  @Test
  void theFullWidthScansAgreeInOneRunInSeveralRunsAndWhenNothingFits() {
    Map<String, Integer> outcomes = new TreeMap<>();
    for (long seed = 0; seed < 200; seed++) fullWidthScansAgree(seed, outcomes);
    assertThat(outcomes).containsKeys("one run", "several runs", "no fit");
    assertThat(outcomes.values()).allSatisfy(n -> assertThat(n).isGreaterThan(100));
  }

  /**
   * On a ragged plan (random allocations, some over capacity, and a node lost for a while) under
   * each of the four views: random atoms (gangs of 1 to 3, leases of 1 to 8 steps, widths of up to
   * the whole cluster and works up to a third of the horizon at full width, so that they often fit
   * in no run or only across several), the full-width scan of the room read from the plan (the
   * plan's runs) against the one read through the views (segment by segment); counts the outcomes
   * by kind.
   */
  private static void fullWidthScansAgree(long seed, Map<String, Integer> outcomes) {
    SplittableRandom rnd = new SplittableRandom(seed);
    RaggedPlans.Ragged ragged = RaggedPlans.next(rnd);
    Plan plan = ragged.plan();
    int nodes = ragged.nodes();
    long horizon = plan.horizon();
    ReservedView reserved =
        new ReservedView(plan, plan.capacityAt(0).scale(0.3 * rnd.nextDouble()));
    List<PlanView> views =
        List.of(plan, reserved, new TimeMirror(plan).view(), new TimeMirror(reserved).view());
    int h = (int) horizon;
    ReservationRequest req = Fixtures.request("q", "u0", "atom(<1024,1>,1,4,1,4)");
    for (PlanView v : views) {
      TentativePlacement direct = new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
      TentativePlacement viaViews =
          new TentativePlacement(new Opaque(v), req, PlanningContext.DEFAULT, null);
      for (int k = 0; k < 6; k++) {
        Rdl.Atom atom = RaggedPlans.atom(rnd, nodes, horizon, false);
        if (RdlChecks.validate(atom) != null) continue;
        int lo = rnd.nextInt(h);
        int hi = lo + 1 + rnd.nextInt(h - lo);
        AtomRoom a = new AtomRoom(direct, atom, lo, hi, false);
        AtomRoom b = new AtomRoom(viaViews, atom, lo, hi, false);
        assertThat(a.plain()).as("the plan answers for %s", v).isTrue();
        assertThat(b.plain()).isFalse();
        List<long[]> x = AtomScans.greeAtom(atom, a, true);
        List<long[]> y = AtomScans.greeAtom(atom, b, true);
        assertThat(x == null ? null : x.stream().map(Arrays::toString).toList())
            .as("seed %d view %s atom %s in [%d,%d)", seed, v, atom, lo, hi)
            .isEqualTo(y == null ? null : y.stream().map(Arrays::toString).toList());
        String kind =
            x == null
                ? "no fit"
                : x.stream().mapToLong(blk -> blk[1]).distinct().count() > 1
                    ? "several runs"
                    : "one run";
        outcomes.merge(kind, 1, Integer::sum);
      }
    }
  }

  /** A view behind a wrapper of no known type: every question goes to it, as asked. */
  private record Opaque(PlanView v) implements PlanView {
    @Override
    public long horizon() {
      return v.horizon();
    }

    @Override
    public long stepSeconds() {
      return v.stepSeconds();
    }

    @Override
    public Resources capacityAt(long step) {
      return v.capacityAt(step);
    }

    @Override
    public Resources allocatedAt(long step) {
      return v.allocatedAt(step);
    }

    @Override
    public Resources freeAt(long step) {
      return v.freeAt(step);
    }

    @Override
    public Resources userAllocatedAt(String user, long step) {
      return v.userAllocatedAt(user, step);
    }

    @Override
    public Collection<String> reservationIds() {
      return v.reservationIds();
    }

    @Override
    public ReservationAllocation allocationOf(String id) {
      return v.allocationOf(id);
    }

    @Override
    public ReservationRequest requestOf(String id) {
      return v.requestOf(id);
    }

    @Override
    public List<String> dimensions() {
      return v.dimensions();
    }

    @Override
    public long free(int dim, long step) {
      return v.free(dim, step);
    }

    @Override
    public long runStart(long step) {
      return v.runStart(step);
    }

    @Override
    public long runEnd(long step) {
      return v.runEnd(step);
    }

    @Override
    public long capacity(int dim, long step) {
      return v.capacity(dim, step);
    }
  }
}
