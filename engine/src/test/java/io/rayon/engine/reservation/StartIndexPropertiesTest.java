package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Bounded repair's index of reservations by start ({@link StartIndex}) against a plain set of (id,
 * start) pairs, on seeded sequences of entries, range reads and drops: a read visits exactly the
 * pairs whose start lies strictly inside its range, each once; a pair the visitor drops is gone; an
 * entry already there is not entered twice. The horizons cover one bucket per step (shorter than
 * {@link StartIndex#BUCKETS}, down to a single step), exactly as many steps as buckets, and several
 * steps per bucket; starts reach past the horizon, which the last bucket keeps.
 */
class StartIndexPropertiesTest {
  private static final long[] HORIZONS = {
    1,
    2,
    63,
    64,
    65,
    1440,
    StartIndex.BUCKETS - 1,
    StartIndex.BUCKETS,
    StartIndex.BUCKETS + 1,
    86_400,
    20_000_000
  };

  private record Pair(String id, long start) {}

  @Property(tries = 200)
  void readsVisitExactlyThePairsInsideTheirRange(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
    agree(seed);
  }

  @Test
  void everyHorizonAgreesWithThePlainSet() {
    for (long seed = 0; seed < 3 * HORIZONS.length; seed++) assertThat(agree(seed)).isPositive();
  }

  @Test
  void aHorizonOfOneStepKeepsEveryStartInItsOneBucket() {
    StartIndex index = new StartIndex(1);
    index.add("a", 0);
    index.add("b", 5);
    index.add("a", 0);
    Set<Pair> seen = new HashSet<>();
    index.forEachIn(-1, 10, (id, start) -> seen.add(new Pair(id, start)));
    assertThat(seen).containsExactlyInAnyOrder(new Pair("a", 0), new Pair("b", 5));
    assertThat(index.size()).isEqualTo(2);
  }

  /** Runs one seeded sequence against the plain set; returns how many pairs the reads visited. */
  private static long agree(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = HORIZONS[(int) (seed % HORIZONS.length)];
    StartIndex index = new StartIndex(horizon);
    Set<Pair> model = new HashSet<>();
    long visited = 0;
    int ids = 1 + rnd.nextInt(40);
    for (int op = 0; op < 300; op++) {
      if (rnd.nextInt(3) > 0) {
        Pair p = new Pair("r" + rnd.nextInt(ids), start(rnd, horizon));
        index.add(p.id(), p.start());
        model.add(p);
      } else {
        long after = start(rnd, horizon) - 1 - rnd.nextInt(2);
        long before = after + rnd.nextLong(Math.max(1, horizon)) + rnd.nextInt(3);
        Set<Pair> drop = new HashSet<>();
        Set<Pair> seen = new HashSet<>();
        int dropOneIn = 1 + rnd.nextInt(4);
        index.forEachIn(
            after,
            before,
            (id, start) -> {
              Pair p = new Pair(id, start);
              assertThat(seen.add(p)).as("visited once: %s", p).isTrue();
              if (rnd.nextInt(dropOneIn) == 0) {
                drop.add(p);
                return false;
              }
              return true;
            });
        Set<Pair> inside = new HashSet<>();
        for (Pair p : model) if (p.start() > after && p.start() < before) inside.add(p);
        assertThat(seen)
            .as("seed %d, horizon %d, read (%d, %d)", seed, horizon, after, before)
            .isEqualTo(inside);
        model.removeAll(drop);
        visited += seen.size();
      }
      assertThat(index.size()).isEqualTo(model.size());
    }
    return visited;
  }

  /** A start in [0, horizon), now and then at or past it, now and then at one of its ends. */
  private static long start(SplittableRandom rnd, long horizon) {
    return switch (rnd.nextInt(8)) {
      case 0 -> 0;
      case 1 -> horizon - 1;
      case 2 -> horizon + rnd.nextInt(100);
      default -> rnd.nextLong(horizon);
    };
  }
}
