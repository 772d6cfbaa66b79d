package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.TentativePlacement.Block;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * The reservation's own tentative blocks in an atom's room ({@link AtomRoom}): a room reads them
 * only when one overlaps its range. In an order, GREE-L places the stages right to left, so the
 * stages placed before lie after the range of the one being placed; the room then reads as the plan
 * alone, and the full-width scan asks the plan for its runs ({@link AtomRoom#plain}). On seeded
 * ragged plans under the four views greel-plus stacks (the plan, its reserved view, their mirrors):
 *
 * <ul>
 *   <li>blocks outside the range, including blocks that end exactly at its first step or start
 *       exactly at its end, change no step of it: the same bundles and segment starts as the room
 *       with no block at all, and the same blocks from the stacked and the full-width scans;
 *   <li>a block that overlaps the range, even by one step at either end, is taken off: the room is
 *       not plain, every step's bundles are the view's free capacity less the blocks over it
 *       (worked out here from the view, not by the room), and each segment start leaves the bundles
 *       constant from it to the step asked.
 * </ul>
 */
class AtomRoomOwnBlocksPropertiesTest {

  @Property(tries = 300)
  void ownBlocksOutsideTheRangeChangeNoStepOfIt(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    for (Case c : cases(rnd)) {
      if (RdlChecks.validate(c.atom()) != null) continue;
      TentativePlacement withBlocks = placement(c.view());
      // one block ending exactly at lo, one starting exactly at hi, and one more on either side
      withBlocks.add("a", c.atom(), rnd.nextInt(c.lo()), c.lo(), 1 + rnd.nextInt(3));
      withBlocks.add("b", c.atom(), c.hi(), c.hi() + 1 + rnd.nextInt(c.h() - c.hi()), 2);
      int s = rnd.nextBoolean() ? rnd.nextInt(c.lo()) : c.hi() + rnd.nextInt(c.h() - c.hi());
      int e = s < c.lo() ? s + 1 + rnd.nextInt(c.lo() - s) : s + 1 + rnd.nextInt(c.h() - s);
      withBlocks.add("c", c.atom(), s, e, 1);
      AtomRoom a = new AtomRoom(withBlocks, c.atom(), c.lo(), c.hi(), false);
      AtomRoom b = new AtomRoom(placement(c.view()), c.atom(), c.lo(), c.hi(), false);
      String what = "seed " + seed + " view " + c.view();
      assertThat(a.plain()).as(what).isEqualTo(b.plain()).isTrue();
      for (int t = c.lo(); t < c.hi(); t++) {
        assertThat(a.bundles(t)).as("%s step %d", what, t).isEqualTo(b.bundles(t));
        assertThat(a.segmentStart(t)).as("%s step %d", what, t).isEqualTo(b.segmentStart(t));
      }
      assertThat(shown(AtomScans.greeAtom(c.atom(), a, true)))
          .as("full width, %s", what)
          .isEqualTo(shown(AtomScans.greeAtom(c.atom(), b, true)));
      assertThat(shown(AtomScans.greeAtom(c.atom(), a)))
          .as("stacked, %s", what)
          .isEqualTo(shown(AtomScans.greeAtom(c.atom(), b)));
    }
  }

  @Property(tries = 300)
  void ownBlocksOverlappingTheRangeAreTakenOffEveryStepTheyHold(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    for (Case c : cases(rnd)) {
      TentativePlacement p = placement(c.view());
      // one step of overlap at the range's first or last step, from a block that starts (or ends)
      // outside it; then a block outside the range
      if (rnd.nextBoolean()) p.add("a", c.atom(), rnd.nextInt(c.lo()), c.lo() + 1, 3);
      else p.add("a", c.atom(), c.hi() - 1, c.hi() + rnd.nextInt(c.h() - c.hi() + 1), 3);
      p.add("b", c.atom(), c.hi(), c.hi() + 1 + rnd.nextInt(c.h() - c.hi()), 1 + rnd.nextInt(3));
      AtomRoom room = new AtomRoom(p, c.atom(), c.lo(), c.hi(), false);
      String what = "seed " + seed + " view " + c.view();
      assertThat(room.plain()).as(what).isFalse();
      List<String> dims = c.view().dimensions();
      for (int t = c.lo(); t < c.hi(); t++) {
        long expected = expectedBundles(c.view(), dims, c.atom(), p.blocks(), t);
        assertThat(room.bundles(t)).as("%s step %d", what, t).isEqualTo(expected);
        int start = room.segmentStart(t);
        assertThat(start).as("%s step %d", what, t).isBetween(c.lo(), t);
        for (int u = start; u < t; u++)
          assertThat(expectedBundles(c.view(), dims, c.atom(), p.blocks(), u))
              .as("%s: segment [%d, %d] at %d", what, start, t, u)
              .isEqualTo(expected);
      }
    }
  }

  /**
   * Bundles of {@code atom} that fit at step t of view {@code v} once the blocks over t are taken
   * off its free capacity, worked out from the view's own free capacity.
   */
  private static long expectedBundles(
      PlanView v, List<String> dims, Rdl.Atom atom, List<Block> blocks, int t) {
    long out = Long.MAX_VALUE;
    for (int d = 0; d < dims.size(); d++) {
      long need = atom.bundle().get(dims.get(d));
      if (need <= 0) continue;
      long x = v.free(d, t);
      for (Block b : blocks) if (b.start() <= t && t < b.end()) x -= b.perDim()[d];
      out = Math.min(out, x <= 0 ? 0 : x / need);
    }
    return out;
  }

  /**
   * One atom and one range {@code [lo, hi)} with {@code 1 <= lo < hi < h}, h the horizon (so blocks
   * fit on both sides of it), on a view of a ragged plan.
   */
  private record Case(PlanView view, Rdl.Atom atom, int lo, int hi, int h) {}

  /**
   * The next ragged plan of {@code rnd} under each of the four views (the plan, its reserved view
   * and the two mirrors), each with an atom (possibly invalid) and a range.
   */
  private static List<Case> cases(SplittableRandom rnd) {
    RaggedPlans.Ragged ragged = RaggedPlans.next(rnd);
    Plan plan = ragged.plan();
    int h = (int) plan.horizon();
    ReservedView reserved =
        new ReservedView(plan, plan.capacityAt(0).scale(0.3 * rnd.nextDouble()));
    List<Case> out = new ArrayList<>();
    for (PlanView v :
        List.of(plan, reserved, new TimeMirror(plan).view(), new TimeMirror(reserved).view())) {
      Rdl.Atom atom = RaggedPlans.atom(rnd, ragged.nodes(), h, true);
      int lo = 1 + rnd.nextInt(h - 2);
      int hi = lo + 1 + rnd.nextInt(h - 1 - lo);
      out.add(new Case(v, atom, lo, hi, h));
    }
    return out;
  }

  private static TentativePlacement placement(PlanView v) {
    ReservationRequest req = Fixtures.request("q", "u0", "atom(<1024,1>,1,4,1,4)");
    return new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
  }

  private static List<String> shown(List<long[]> blocks) {
    return blocks == null ? null : blocks.stream().map(Arrays::toString).toList();
  }
}
