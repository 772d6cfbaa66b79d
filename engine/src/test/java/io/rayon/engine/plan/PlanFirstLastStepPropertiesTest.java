package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Plan#firstStep} and {@link Plan#lastStep} (read run by run) against a step-by-step read of
 * {@link Plan#free} after seeded edits (adds, removals, capacity changes, copies, a third
 * dimension), for needs that read some dimensions and not others, name a dimension the plan lacks,
 * or are 0, and for ranges inside, across and outside the horizon.
 */
class PlanFirstLastStepPropertiesTest {
  private static final Resources NODE = EditedPlans.NODE;

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 500)
  void theFirstAndLastStepsAreThoseAStepByStepReadFinds(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 400);
    Plan plan = EditedPlans.edit(Plan.empty(NODE.times(4), horizon, 60), rnd, 25);
    int dims = plan.dimensions().size();
    for (int i = 0; i < 30; i++) {
      long[] need = new long[dims + (rnd.nextInt(6) == 0 ? 1 : 0)];
      for (int d = 0; d < need.length; d++) {
        long cap = d < dims ? plan.capacity(d, 0) : 4;
        need[d] =
            switch (rnd.nextInt(5)) {
              case 0 -> -1;
              case 1 -> 0;
              default -> rnd.nextLong(Math.max(1, cap + 2));
            };
      }
      long from = rnd.nextLong(-5, horizon + 5);
      long to = from + rnd.nextLong(0, horizon + 10);
      for (boolean shortOnes : new boolean[] {true, false}) {
        long first = to;
        for (long t = from; t < to && first == to; t++)
          if (isShort(plan, need, t) == shortOnes) first = t;
        long last = from - 1;
        for (long t = to - 1; t >= from && last == from - 1; t--)
          if (isShort(plan, need, t) == shortOnes) last = t;
        assertThat(plan.firstStep(need, from, to, shortOnes))
            .as(
                "seed %d, first %s step of [%d,%d)",
                seed, shortOnes ? "short" : "fitting", from, to)
            .isEqualTo(first);
        assertThat(plan.lastStep(need, from, to, shortOnes))
            .as("seed %d, last %s step of [%d,%d)", seed, shortOnes ? "short" : "fitting", from, to)
            .isEqualTo(last);
      }
    }
  }

  @Test
  void aFullStepInTheMiddleIsFoundFromBothSidesAndOutsideNothingIsFree() {
    Plan plan = Plan.empty(NODE.times(2), 10, 60);
    plan.add(
        Fixtures.request("a", "u", "atom(<1024,1>,1,4,1,4)"),
        new ReservationAllocation(
            "a", List.of(new AtomAllocation("", NODE, List.of(new Step(4, 6, 1))))));
    long[] node = {8192, 8};
    long[] twoNodes = {16384, -1};
    assertThat(plan.firstStep(node, 0, 10, true)).isEqualTo(10);
    assertThat(plan.firstStep(twoNodes, 0, 10, true)).isEqualTo(4);
    assertThat(plan.lastStep(twoNodes, 0, 10, true)).isEqualTo(5);
    assertThat(plan.firstStep(twoNodes, 4, 10, false)).isEqualTo(6);
    assertThat(plan.lastStep(twoNodes, 0, 6, false)).isEqualTo(3);
    assertThat(plan.firstStep(node, -3, 10, true)).isEqualTo(-3);
    assertThat(plan.lastStep(node, 0, 14, true)).isEqualTo(13);
    assertThat(plan.lastStep(node, 0, 14, false)).isEqualTo(9);
    assertThat(plan.firstStep(new long[] {0, 0}, -3, 14, true)).isEqualTo(14);
    assertThat(plan.firstStep(new long[] {-1, -1, 1}, 0, 10, true)).isZero();
  }

  /** Short at t: some read dimension has less free than needed (nothing is free outside). */
  private static boolean isShort(Plan plan, long[] need, long t) {
    int dims = plan.dimensions().size();
    for (int d = 0; d < need.length; d++) {
      if (need[d] < 0) continue;
      long free = d < dims ? plan.free(d, t) : 0;
      if (free < need[d]) return true;
    }
    return false;
  }
}
