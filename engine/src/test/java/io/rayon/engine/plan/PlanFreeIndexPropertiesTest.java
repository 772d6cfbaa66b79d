package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The plan's free-capacity index ({@link Plan#minFreeOfBlock}: per dimension and block of {@value
 * Plan#INDEX_BLOCK} steps, the least free capacity) against a plain recomputation, the minimum of
 * {@link Plan#free} over the block's steps, after seeded sequences of edits: additions (checked and
 * not), removals, capacity gains and losses (losses can leave steps over capacity, so edits take
 * the step-by-step path), copies, and a dimension added by the first bundle that asks for it. After
 * each edit only some blocks are asked about, so blocks that stayed current across several edits
 * (lowered or raised in place) are checked as well as blocks read again; horizons of 1 to 300
 * steps, so the last block is whole or partial.
 */
class PlanFreeIndexPropertiesTest {
  private static final Resources NODE = Resources.of(8192, 8);

  @Property(tries = 500)
  void theIndexIsTheLeastFreeCapacityOfEachBlock(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int horizon =
        switch (rnd.nextInt(3)) {
          case 0 -> 1 + rnd.nextInt(40);
          case 1 -> Plan.INDEX_BLOCK * (1 + rnd.nextInt(8));
          default -> 1 + rnd.nextInt(300);
        };
    Resources capacity =
        rnd.nextBoolean() ? Resources.of(8192 * 4, 32, Map.of("gpu", 4L)) : NODE.times(4);
    Plan plan = Plan.empty(capacity, horizon, 60);
    Map<String, ReservationAllocation> held = new LinkedHashMap<>();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      switch (rnd.nextInt(9)) {
        case 0, 1 -> {
          if (!ids.isEmpty()) {
            String id = ids.remove(rnd.nextInt(ids.size()));
            assertThat(plan.remove(id)).isTrue();
            held.remove(id);
          }
        }
        case 2 -> {
          Resources delta = rnd.nextBoolean() ? NODE : Resources.ZERO.minus(NODE);
          try {
            plan.changeCapacity(new CapacityChange(rnd.nextLong(horizon + 1), delta, "change"));
          } catch (IllegalArgumentException e) {
            // below zero: refused, the plan stays as it was
          }
        }
        case 3 -> plan = plan.copy();
        default -> {
          String id = "r" + i;
          ReservationAllocation a = allocation(rnd, id, horizon);
          if (rnd.nextInt(3) != 0) {
            if (plan.addIfFits(Fixtures.request(id, "u", "atom(<1024,1>,1,4,1,4)"), a).isPresent())
              break;
          } else {
            plan.add(Fixtures.request(id, "u", "atom(<1024,1>,1,4,1,4)"), a);
          }
          held.put(id, a);
          ids.add(id);
        }
      }
      check(plan, rnd, seed, i == 39);
    }
  }

  private static ReservationAllocation allocation(SplittableRandom rnd, String id, int horizon) {
    List<AtomAllocation> atoms = new ArrayList<>();
    int n = 1 + rnd.nextInt(2);
    for (int k = 0; k < n; k++) {
      Resources bundle =
          rnd.nextInt(6) == 0 ? Resources.of(1024, 1, Map.of("gpu", 1L)) : Resources.of(2048, 2);
      List<Step> steps = new ArrayList<>();
      long t = rnd.nextLong(horizon);
      for (int j = 0; j < 3 && t < horizon; j++) {
        // short steps inside one block, and long ones over several
        long len = rnd.nextBoolean() ? 1 + rnd.nextLong(8) : 1 + rnd.nextLong(Math.max(1, horizon));
        long end = Math.min(horizon, t + len);
        steps.add(new Step(t, end, 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 20)));
        t = end + rnd.nextInt(3);
      }
      atoms.add(new AtomAllocation("a" + k, bundle, steps));
    }
    return new ReservationAllocation(id, atoms);
  }

  /** Some blocks (all when {@code all}) against the minimum of {@link Plan#free} over them. */
  private static void check(Plan plan, SplittableRandom rnd, long seed, boolean all) {
    int h = (int) plan.horizon();
    int blocks = (h + Plan.INDEX_BLOCK - 1) / Plan.INDEX_BLOCK;
    for (int k = 0; k < blocks; k++) {
      if (!all && rnd.nextInt(3) != 0) continue;
      for (int d = 0; d < plan.dimensions().size(); d++) {
        long want = Long.MAX_VALUE;
        for (int t = k * Plan.INDEX_BLOCK; t < Math.min(h, (k + 1) * Plan.INDEX_BLOCK); t++)
          want = Math.min(want, plan.free(d, t));
        assertThat(plan.minFreeOfBlock(d, k))
            .as("seed %d: least free %s in block %d", seed, plan.dimensions().get(d), k)
            .isEqualTo(want);
      }
    }
  }

  @Test
  void aLongReservationLowersTheBlocksItCoversAndMarksItsEnds() {
    Plan plan = Plan.empty(NODE.times(2), 200, 60);
    assertThat(plan.minFreeOfBlock(1, 2)).isEqualTo(16);
    ReservationAllocation a =
        new ReservationAllocation(
            "r",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(40, 170, 3)))));
    assertThat(plan.addIfFits(Fixtures.request("r", "u", "atom(<1024,1>,1,4,1,4)"), a)).isEmpty();
    // block 0 [0, 32) untouched, block 1 [32, 64) in part, blocks 2–4 whole, block 5 [160, 192)
    // in part, block 6 [192, 200) untouched and partial
    assertThat(plan.minFreeOfBlock(1, 0)).isEqualTo(16);
    for (int k = 1; k <= 5; k++) assertThat(plan.minFreeOfBlock(1, k)).isEqualTo(13);
    assertThat(plan.minFreeOfBlock(1, 6)).isEqualTo(16);
    assertThat(plan.minFreeOfBlock(0, 3)).isEqualTo(2 * 8192 - 3 * 1024);
    assertThat(plan.remove("r")).isTrue();
    for (int k = 0; k <= 6; k++) assertThat(plan.minFreeOfBlock(1, k)).isEqualTo(16);
  }
}
