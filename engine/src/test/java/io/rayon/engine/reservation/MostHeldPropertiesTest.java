package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * {@link MostHeld} against the plain reading it replaces in bounded repair: sort every candidate by
 * "most held first, then earlier start, then smaller id" (the comparator as ReservationSystem had
 * it) and take the first k. Held values are drawn from a few values (ties), with 0.0, -0.0, NaN and
 * infinities among them; starts from a few values, ids distinct.
 */
class MostHeldPropertiesTest {

  private record C(double held, long start, String id) {}

  private static final Comparator<C> PLAIN =
      Comparator.<C>comparingDouble(c -> -c.held())
          .thenComparingLong(C::start)
          .thenComparing(C::id);

  private static final double[] SPECIAL = {
    0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300
  };

  @Property(tries = 1000)
  void theFirstKOfTheSortedCandidatesInOrder(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed,
      @ForAll @IntRange(min = 0, max = 200) int n,
      @ForAll @IntRange(min = 0, max = 12) int k) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int heldValues = 1 + rnd.nextInt(6);
    List<C> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double h =
          rnd.nextInt(20) == 0
              ? SPECIAL[rnd.nextInt(SPECIAL.length)]
              : rnd.nextInt(heldValues) * 0.25 + (rnd.nextBoolean() ? 0 : 1.0 / 3);
      long start = rnd.nextInt(1 + rnd.nextInt(8)) - 2;
      // distinct ids, in an order unrelated to the index
      String id = "r" + Integer.toString((i * 7919) % 100_003, 36) + "-" + i;
      all.add(new C(h, start, id));
    }
    MostHeld<C> top = new MostHeld<>(k);
    for (C c : all) top.offer(c.held(), c.start(), c.id(), c);
    List<C> sorted = new ArrayList<>(all);
    sorted.sort(PLAIN);
    List<C> expected = sorted.subList(0, Math.min(k, sorted.size()));
    assertThat(top.size()).isEqualTo(expected.size());
    assertThat(top.best()).containsExactlyElementsOf(expected);
  }
}
