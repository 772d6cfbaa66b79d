package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.TentativePlacement.Block;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.testsupport.Fixtures;
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
    RaggedPlans.Ragged ragged = RaggedPlans.next(rnd);
    Plan plan = ragged.plan();
    int h = (int) plan.horizon();
    for (PlanView v : views(plan, rnd)) {
      Rdl.Atom atom = RaggedPlans.atom(rnd, ragged.nodes(), h, true);
      if (RdlChecks.validate(atom) != null) continue;
      int lo = 1 + rnd.nextInt(h - 2);
      int hi = lo + 1 + rnd.nextInt(h - 1 - lo);
      TentativePlacement bare = placement(v);
      TentativePlacement withBlocks = placement(v);
      // one block ending exactly at lo, one starting exactly at hi, and one more on either side
      withBlocks.add("a", atom, rnd.nextInt(lo), lo, 1 + rnd.nextInt(3));
      withBlocks.add("b", atom, hi, hi + 1 + rnd.nextInt(h - hi), 1 + rnd.nextInt(3));
      if (rnd.nextBoolean()) {
        int s = rnd.nextInt(lo);
        withBlocks.add("c", atom, s, s + 1 + rnd.nextInt(lo - s), 1);
      } else {
        int s = hi + rnd.nextInt(h - hi);
        withBlocks.add("c", atom, s, s + 1 + rnd.nextInt(h - s), 1);
      }
      AtomRoom a = new AtomRoom(withBlocks, atom, lo, hi, false);
      AtomRoom b = new AtomRoom(bare, atom, lo, hi, false);
      assertThat(a.plain()).as("seed %d view %s", seed, v).isEqualTo(b.plain()).isTrue();
      for (int t = lo; t < hi; t++) {
        assertThat(a.bundles(t)).as("seed %d view %s step %d", seed, v, t).isEqualTo(b.bundles(t));
        assertThat(a.segmentStart(t))
            .as("seed %d view %s step %d", seed, v, t)
            .isEqualTo(b.segmentStart(t));
      }
      assertThat(shown(AtomScans.greeAtom(atom, a, true)))
          .as("full width, seed %d view %s", seed, v)
          .isEqualTo(shown(AtomScans.greeAtom(atom, b, true)));
      assertThat(shown(AtomScans.greeAtom(atom, a)))
          .as("stacked, seed %d view %s", seed, v)
          .isEqualTo(shown(AtomScans.greeAtom(atom, b)));
    }
  }

  @Property(tries = 300)
  void ownBlocksOverlappingTheRangeAreTakenOffEveryStepTheyHold(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    RaggedPlans.Ragged ragged = RaggedPlans.next(rnd);
    Plan plan = ragged.plan();
    int h = (int) plan.horizon();
    for (PlanView v : views(plan, rnd)) {
      Rdl.Atom atom = RaggedPlans.atom(rnd, ragged.nodes(), h, true);
      int lo = 1 + rnd.nextInt(h - 2);
      int hi = lo + 1 + rnd.nextInt(h - 1 - lo);
      TentativePlacement p = placement(v);
      // one step of overlap at the range's first or last step, from a block that starts (or ends)
      // outside it; then a block outside the range
      if (rnd.nextBoolean()) p.add("a", atom, rnd.nextInt(lo), lo + 1, 1 + rnd.nextInt(3));
      else p.add("a", atom, hi - 1, hi + rnd.nextInt(h - hi + 1), 1 + rnd.nextInt(3));
      p.add("b", atom, hi, hi + 1 + rnd.nextInt(h - hi), 1 + rnd.nextInt(3));
      AtomRoom room = new AtomRoom(p, atom, lo, hi, false);
      assertThat(room.plain()).as("seed %d view %s", seed, v).isFalse();
      List<String> dims = v.dimensions();
      for (int t = lo; t < hi; t++) {
        long expected = expectedBundles(v, dims, atom, p.blocks(), t);
        assertThat(room.bundles(t)).as("seed %d view %s step %d", seed, v, t).isEqualTo(expected);
        int s = room.segmentStart(t);
        assertThat(s).as("seed %d view %s step %d", seed, v, t).isBetween(lo, t);
        for (int u = s; u < t; u++)
          assertThat(expectedBundles(v, dims, atom, p.blocks(), u))
              .as("seed %d view %s: segment [%d, %d] at %d", seed, v, s, t, u)
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

  /** The plan, its reserved view, and the two mirrors. */
  private static List<PlanView> views(Plan plan, SplittableRandom rnd) {
    ReservedView reserved =
        new ReservedView(plan, plan.capacityAt(0).scale(0.3 * rnd.nextDouble()));
    return List.of(plan, reserved, new TimeMirror(plan).view(), new TimeMirror(reserved).view());
  }

  private static TentativePlacement placement(PlanView v) {
    ReservationRequest req = Fixtures.request("q", "u0", "atom(<1024,1>,1,4,1,4)");
    return new TentativePlacement(v, req, PlanningContext.DEFAULT, null);
  }

  private static List<String> shown(List<long[]> blocks) {
    return blocks == null ? null : blocks.stream().map(Arrays::toString).toList();
  }
}
