package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Plan#capacityRunEnd}, {@link Plan#userRunEnd} and {@link Plan#runCount} against a scan of
 * the plan after seeded edits (adds, removals, capacity changes, copies, a new dimension, the user
 * index built late): the answer is the last step of the run, exactly (never shorter, which would
 * only cost time, and never longer, which would be wrong).
 */
class PlanRunsPropertiesTest {
  private static final Resources NODE = EditedPlans.NODE;

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 500)
  void runEndsAreTheLastStepsOfTheRuns(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 300);
    Plan plan = Plan.empty(NODE.times(4), horizon, 60);
    boolean askEarly = rnd.nextBoolean();
    if (askEarly) plan.userRunEnd("u0", 0); // builds the user index before the edits
    Plan edited = EditedPlans.edit(plan, rnd, 20);
    checkRunCounts(rnd, edited, seed);
    for (long t = 0; t < horizon; t++) {
      assertThat(edited.capacityRunEnd(t))
          .as("seed %d, capacity at %d", seed, t)
          .isEqualTo(lastEqual(edited, t, edited::capacityAt));
      for (String u : List.of("u0", "u1", "u2", "nobody")) {
        assertThat(edited.userRunEnd(u, t))
            .as("seed %d, user %s at %d", seed, u, t)
            .isEqualTo(lastEqual(edited, t, s -> edited.userAllocatedAt(u, s)));
      }
    }
  }

  /** {@link Plan#runCount} against a count of the changes, step by step, on random ranges. */
  private static void checkRunCounts(SplittableRandom rnd, Plan plan, long seed) {
    long h = plan.horizon();
    for (int i = 0; i < 20; i++) {
      long from = rnd.nextLong(-5, h + 5);
      long to = from + rnd.nextLong(0, h + 10);
      for (String u : List.of("u0", "u1", "nobody")) {
        long lo = Math.max(0, from);
        long hi = Math.min(h, to);
        long want = 0;
        for (long t = lo; t < hi; t++) {
          if (t == lo
              || !plan.userAllocatedAt(u, t).equals(plan.userAllocatedAt(u, t - 1))
              || !plan.capacityAt(t).equals(plan.capacityAt(t - 1))) want++;
        }
        assertThat(plan.runCount(u, from, to))
            .as("seed %d, user %s, [%d,%d)", seed, u, from, to)
            .isEqualTo(want);
      }
    }
  }

  @Test
  void outsideTheHorizonARunEndIsTheStepItself() {
    Plan plan = Plan.empty(NODE, 10, 60);
    assertThat(plan.capacityRunEnd(-3)).isEqualTo(-3);
    assertThat(plan.capacityRunEnd(10)).isEqualTo(10);
    assertThat(plan.userRunEnd("u", 12)).isEqualTo(12);
    assertThat(plan.capacityRunEnd(0)).isEqualTo(9);
    assertThat(plan.userRunEnd("u", 0)).isEqualTo(9);
    assertThat(plan.runCount("u", -5, 20)).isEqualTo(1);
    assertThat(plan.runCount("u", 10, 20)).isZero();
  }

  private interface At {
    Resources at(long step);
  }

  private static long lastEqual(Plan plan, long t, At f) {
    long e = t;
    while (e + 1 < plan.horizon() && f.at(e + 1).equals(f.at(t))) e++;
    return e;
  }
}
