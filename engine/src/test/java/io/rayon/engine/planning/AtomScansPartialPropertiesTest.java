package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link AtomScans#partial} finds each k's length by a product where it can, instead of dividing
 * for every k; it answers as the division for every k (written out here, as it was) on generated
 * arguments: small ones (where the rest's adjustment and the skipped k's happen), the sizes the
 * SWIM workloads give, and ones large enough that the product could overflow.
 */
class AtomScansPartialPropertiesTest {

  /** The block as it was found: {@code len = min(maxLen, q / k)} by division for every k. */
  private static long[] reference(long maxK, long maxLen, long q, long l) {
    for (long k = Math.min(maxK, q / l); k >= 1; k--) {
      long len = Math.min(maxLen, q / k);
      if (len < l) continue;
      long rest = q - k * len;
      if (rest > 0 && rest < l) {
        len -= (l - rest + k - 1) / k;
        if (len < l) continue;
      }
      return new long[] {k, len};
    }
    return null;
  }

  /** maxK, maxLen, q, l as the scan calls it: l ≥ 1, maxLen ≥ l, q ≥ 1, maxK ≥ 1. */
  @Provide
  Arbitrary<long[]> small() {
    Arbitrary<Long> l = Arbitraries.longs().between(1, 12);
    return l.flatMap(
        lease ->
            Combinators.combine(
                    Arbitraries.longs().between(1, 60),
                    Arbitraries.longs().between(lease, lease + 40),
                    Arbitraries.longs().between(1, 800))
                .as((k, len, q) -> new long[] {k, len, q, lease}));
  }

  @Provide
  Arbitrary<long[]> swimSized() {
    Arbitrary<Long> l = Arbitraries.longs().between(1, 2_000);
    return l.flatMap(
        lease ->
            Combinators.combine(
                    Arbitraries.longs().between(1, 4_000),
                    Arbitraries.longs().between(lease, 20_000),
                    Arbitraries.longs().between(1, 40_000_000))
                .as((k, len, q) -> new long[] {k, len, q, lease}));
  }

  /** Large factors: k · maxLen may pass 2^63, so the product must not be trusted there. */
  @Provide
  Arbitrary<long[]> large() {
    Arbitrary<Long> l = Arbitraries.longs().between(1, 1L << 20);
    return l.flatMap(
        lease ->
            Combinators.combine(
                    Arbitraries.longs().between(1, Long.MAX_VALUE),
                    Arbitraries.longs().between(lease, Long.MAX_VALUE),
                    Arbitraries.longs().between(1, Long.MAX_VALUE))
                .as((k, len, q) -> new long[] {k, len, q, lease}));
  }

  private static void check(long[] a) {
    long maxK = a[0];
    long maxLen = a[1];
    long q = a[2];
    long l = a[3];
    long[] want = reference(maxK, maxLen, q, l);
    long[] got = AtomScans.partial(maxK, maxLen, q, l, q / l);
    Statistics.collect(want == null ? "none" : "block");
    assertThat(got).as("partial(%d, %d, %d, %d)", maxK, maxLen, q, l).isEqualTo(want);
  }

  @Property(tries = 20_000, seed = "20261127")
  void smallArgumentsGiveTheSameBlock(@ForAll("small") long[] a) {
    check(a);
  }

  @Property(tries = 20_000, seed = "20261128")
  void swimSizedArgumentsGiveTheSameBlock(@ForAll("swimSized") long[] a) {
    check(a);
  }

  @Property(tries = 5_000, seed = "20261129")
  void largeArgumentsGiveTheSameBlock(@ForAll("large") long[] a) {
    check(a);
  }

  /** Every argument up to small bounds, where the skipped k's and the adjustment are dense. */
  @Property(tries = 1)
  void everySmallArgumentGivesTheSameBlock() {
    for (long l = 1; l <= 6; l++)
      for (long maxLen = l; maxLen <= l + 12; maxLen++)
        for (long maxK = 1; maxK <= 14; maxK++)
          for (long q = 1; q <= 120; q++) check(new long[] {maxK, maxLen, q, l});
  }
}
