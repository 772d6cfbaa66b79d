package io.rayon.engine.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationSetup;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.assertj.core.data.Offset;

class FederationPropertiesTest {

  static Federation generated(long seed, int scs, boolean failures) {
    FederationSetup s =
        FederationGenerator.generate(
            new FederationGenerator.Params(scs, 60 * scs, 40, 8, 1.2, seed));
    if (failures) s = s.withFailures(FailureSpec.always(List.of("sc0"), 0.05, seed));
    Routing.Router r = Routing.Router.values()[(int) (seed % 4)];
    Routing.Proxy p = Routing.Proxy.values()[(int) (seed % 3)];
    return Federation.of(s, new Routing(r, p, false, seed));
  }

  @Property(tries = 40)
  void capacityIsNeverExceededPerSubCluster(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 8) int scs,
      @ForAll boolean failures) {
    Federation f = generated(seed, scs, failures);
    for (String name : SharePolicies.REGISTRY.names()) {
      SharePolicy p = SharePolicies.create(name);
      double[][] x = p.shares(f);
      Placement.Result r = Placement.place(f, x, p.oneScheduler(), p.relaxLocality(), false);
      for (int j = 0; j < scs; j++) {
        double share = 0;
        long placed = 0;
        for (int q = 0; q < x.length; q++) {
          assertThat(x[q][j]).as(name).isGreaterThanOrEqualTo(-1e-9);
          share += x[q][j];
          placed += r.placed()[q][j];
        }
        assertThat(share).as(name + " shares in " + j).isLessThanOrEqualTo(f.capacity(j) + 1e-6);
        assertThat(placed).as(name + " placed in " + j).isLessThanOrEqualTo(f.capacity(j));
      }
    }
  }

  /**
   * Under GIF no sub-cluster leaves capacity idle while a queue could use it there: a queue with
   * unmet demand located in that sub-cluster (routed: its demand sent there), or, with flexible
   * any-requests, with flexible demand not yet given share anywhere, unless it already has all its
   * demand.
   */
  @Property(tries = 40)
  void gifIsWorkPreserving(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 8) int scs,
      @ForAll boolean failures,
      @ForAll boolean flexible) {
    Federation f = generated(seed, scs, failures);
    int leaves = f.tree().leafCount();
    double[][] xl;
    double[][] xa;
    double[][] located;
    double[] any;
    if (flexible) {
      double[][][] parts = GifPolicy.parts(f, f.located, f.anyDemand, 4);
      xl = parts[0];
      xa = parts[1];
      located = f.located;
      any = f.anyDemand;
      assertThat(SharePolicies.create("gif").shares(f)).isDeepEqualTo(GifPolicy.sum(parts));
    } else {
      xl = SharePolicies.REGISTRY.create("gif", Map.of("any-requests", "routed")).shares(f);
      xa = new double[leaves][scs];
      located = f.demand;
      any = new double[leaves];
    }
    double[] total = new double[leaves];
    double[] usedAny = new double[leaves];
    for (int q = 0; q < leaves; q++) {
      for (int j = 0; j < scs; j++) {
        assertThat(xl[q][j]).isLessThanOrEqualTo(located[q][j] + 1e-6); // at most the demand there
        total[q] += xl[q][j] + xa[q][j];
        usedAny[q] += xa[q][j];
      }
      assertThat(usedAny[q]).isLessThanOrEqualTo(any[q] + 1e-6);
      assertThat(total[q]).isLessThanOrEqualTo(f.leafDemand(q) + 1e-6);
    }
    for (int j = 0; j < scs; j++) {
      double load = 0;
      double couldUse = 0;
      for (int q = 0; q < leaves; q++) {
        load += xl[q][j] + xa[q][j];
        couldUse +=
            Math.max(
                0,
                Math.min(
                    located[q][j] - xl[q][j] + any[q] - usedAny[q], f.leafDemand(q) - total[q]));
      }
      assertThat(load).isLessThanOrEqualTo(f.capacity(j) + 1e-6);
      if (couldUse > 1e-6) {
        assertThat(load)
            .as("sub-cluster " + j + " idles while a queue could use it")
            .isCloseTo(f.capacity(j), Offset.offset(1e-6 * (1 + f.capacity(j))));
      }
    }
  }

  /** A queue demanding at least its guarantee gets it under the oracle (one pool, no locality). */
  @Property(tries = 40)
  void guaranteesAreMetWhenDemanded(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 8) int scs) {
    Federation f = generated(seed, scs, false);
    double[] share = GifPolicy.global(f);
    QueueTree t = f.tree();
    double total = 0;
    for (int q = 0; q < share.length; q++) {
      double g = t.leafGuaranteedFraction(q) * f.totalCapacity();
      assertThat(share[q]).isGreaterThanOrEqualTo(Math.min(g, f.leafDemand(q)) - 1e-6);
      assertThat(share[q])
          .isLessThanOrEqualTo(
              Math.min(f.leafDemand(q), t.leafMaximumFraction(q) * f.totalCapacity()) + 1e-6);
      total += share[q];
    }
    assertThat(total).isLessThanOrEqualTo(f.totalCapacity() + 1e-6);
    double[][] oracle = SharePolicies.create("oracle").shares(f);
    for (int q = 0; q < share.length; q++) {
      double s = 0;
      for (double v : oracle[q]) s += v;
      assertThat(s).isGreaterThanOrEqualTo(share[q] - 1e-6);
    }
  }

  @Property(tries = 30)
  void gacAdmitsOnlyWholeGangsWithinQuota(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 8) int scs) {
    Federation f = generated(seed, scs, false);
    SharePolicy gac = SharePolicies.create("gac");
    Placement.Result r = Placement.place(f, gac.shares(f), false, false, false);
    QueueTree t = f.tree();
    for (int q = 0; q < t.leafCount(); q++) {
      for (int j = 0; j < scs; j++) {
        if (t.leafGang(q) > 0) assertThat(r.placed()[q][j] % t.leafGang(q)).isZero();
        assertThat(r.placed()[q][j])
            .isLessThanOrEqualTo(
                (long) Math.floor(t.leafGuaranteedFraction(q) * f.capacity(j) + 1e-9));
      }
    }
  }
}
