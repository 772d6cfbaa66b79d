package io.rayon.engine.rdl;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of RDL expressions for property-based tests, shared across modules' tests.
 *
 * <p>{@link Config} bounds the shape (depth, width) and the values. With {@link Config#validOnly}
 * every generated expression passes {@link RdlCompiler#validate} (it may still be infeasible); with
 * it off, atoms and windows take arbitrary, possibly negative or contradictory values, which is
 * what parser and printer tests want. Bundles come from a small set so that compatible atoms meet
 * and the compiler's unification is exercised.
 *
 * <pre>{@code
 * @Property
 * void myInvariant(@ForAll("exprs") Rdl e) { ... }
 *
 * @Provide
 * Arbitrary<Rdl> exprs() { return RdlGenerators.expressions(Config.DEFAULT.withMaxDepth(4)); }
 * }</pre>
 */
public final class RdlGenerators {
  private RdlGenerators() {}

  /**
   * Bounds of generated expressions: {@code maxDepth} levels (1 = atoms only), operators with 1 to
   * {@code maxWidth} children, gangs up to {@code maxGang}, parallelism up to {@code maxGang *
   * maxGangsInParallel}, leases up to {@code maxLease}, at most {@code maxUnits} gang-leases of
   * work, window starts below {@code maxWindowStart} and lengths up to {@code maxWindowLength}.
   */
  public record Config(
      int maxDepth,
      int maxWidth,
      int maxGang,
      int maxGangsInParallel,
      long maxLease,
      long maxUnits,
      long maxWindowStart,
      long maxWindowLength,
      boolean validOnly) {

    public static final Config DEFAULT = new Config(4, 4, 4, 8, 10, 20, 200, 600, true);

    public Config withMaxDepth(int d) {
      return new Config(
          d,
          maxWidth,
          maxGang,
          maxGangsInParallel,
          maxLease,
          maxUnits,
          maxWindowStart,
          maxWindowLength,
          validOnly);
    }

    public Config withMaxWidth(int w) {
      return new Config(
          maxDepth,
          w,
          maxGang,
          maxGangsInParallel,
          maxLease,
          maxUnits,
          maxWindowStart,
          maxWindowLength,
          validOnly);
    }

    public Config withValidOnly(boolean v) {
      return new Config(
          maxDepth,
          maxWidth,
          maxGang,
          maxGangsInParallel,
          maxLease,
          maxUnits,
          maxWindowStart,
          maxWindowLength,
          v);
    }

    public Config withValues(int gang, int gangsInParallel, long lease, long units) {
      return new Config(
          maxDepth,
          maxWidth,
          gang,
          gangsInParallel,
          lease,
          units,
          maxWindowStart,
          maxWindowLength,
          validOnly);
    }

    public Config withWindows(long start, long length) {
      return new Config(
          maxDepth,
          maxWidth,
          maxGang,
          maxGangsInParallel,
          maxLease,
          maxUnits,
          start,
          length,
          validOnly);
    }
  }

  /** Expressions with the default bounds. */
  public static Arbitrary<Rdl> expressions() {
    return expressions(Config.DEFAULT);
  }

  public static Arbitrary<Rdl> expressions(int maxDepth, int maxWidth) {
    return expressions(Config.DEFAULT.withMaxDepth(maxDepth).withMaxWidth(maxWidth));
  }

  public static Arbitrary<Rdl> expressions(Config c) {
    Arbitrary<Rdl> level = atoms(c).map(a -> (Rdl) a);
    for (int d = 2; d <= c.maxDepth(); d++) {
      Arbitrary<Rdl> below = level;
      Arbitrary<List<Rdl>> kids = below.list().ofMinSize(1).ofMaxSize(Math.max(1, c.maxWidth()));
      level =
          Arbitraries.frequencyOf(
              Tuple.of(3, below),
              Tuple.of(2, kids.map(l -> (Rdl) new Rdl.Any(l))),
              Tuple.of(2, kids.map(l -> (Rdl) new Rdl.All(l))),
              Tuple.of(2, kids.map(l -> (Rdl) new Rdl.Order(l))),
              Tuple.of(
                  2,
                  Combinators.combine(below, windowRanges(c))
                      .as((e, r) -> (Rdl) new Rdl.Window(e, r[0], r[1]))));
    }
    return level;
  }

  /** A few bundles, so that equal bundles meet; one with a named extra. */
  public static Arbitrary<Resources> bundles() {
    return Arbitraries.of(
        Resources.of(1024, 1),
        Resources.of(2048, 1),
        Resources.of(4096, 2),
        Resources.of(8192, 4, Map.of("gpu", 1L)));
  }

  public static Arbitrary<Rdl.Atom> atoms(Config c) {
    if (!c.validOnly()) {
      Arbitrary<Resources> raw =
          Combinators.combine(
                  Arbitraries.longs().between(-10, 100_000), Arbitraries.longs().between(-2, 64))
              .as(Resources::of);
      return Combinators.combine(
              Arbitraries.oneOf(bundles(), raw),
              Arbitraries.integers().between(-2, 50),
              Arbitraries.integers().between(-2, 500),
              Arbitraries.longs().between(-2, 1_000),
              Arbitraries.longs().between(-2, 1_000_000))
          .as(Rdl.Atom::new);
    }
    Arbitrary<Integer> gang = Arbitraries.integers().between(1, Math.max(1, c.maxGang()));
    return gang.flatMap(
        g ->
            Combinators.combine(
                    bundles(),
                    Arbitraries.integers()
                        .between(g, g * Math.max(1, c.maxGangsInParallel()) + g - 1),
                    Arbitraries.longs().between(1, Math.max(1, c.maxLease())),
                    Arbitraries.frequency(Tuple.of(1, 0L), Tuple.of(6, 1L)),
                    Arbitraries.longs().between(1, Math.max(1, c.maxUnits())),
                    Arbitraries.longs().between(0, Math.max(0, c.maxLease() - 1)))
                .as(
                    (b, h, l, nonZero, units, extra) ->
                        // w = g * (units * l + extra) is a multiple of g and w/g >= l
                        new Rdl.Atom(b, g, h, l, nonZero * g * (units * l + extra))));
  }

  private static Arbitrary<long[]> windowRanges(Config c) {
    if (!c.validOnly()) {
      return Combinators.combine(
              Arbitraries.longs().between(-5, 1000), Arbitraries.longs().between(-5, 1000))
          .as((s, f) -> new long[] {s, f});
    }
    return Combinators.combine(
            Arbitraries.longs().between(0, Math.max(0, c.maxWindowStart())),
            Arbitraries.longs().between(1, Math.max(1, c.maxWindowLength())))
        .as((s, len) -> new long[] {s, s + len});
  }
}
