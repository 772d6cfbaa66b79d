package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded ragged plans for the scan tests: 1 to 8 nodes of (8 GB, 8 vcores), a horizon of 20 to 319
 * one-minute steps, half of the time a node lost for a while (or for good), and up to 59
 * single-block reservations of random sizes, some of them past the capacity.
 */
final class RaggedPlans {
  private RaggedPlans() {}

  /** A ragged plan and the number of nodes it was built with. */
  record Ragged(Plan plan, int nodes) {}

  /** The next ragged plan of {@code rnd}. */
  static Ragged next(SplittableRandom rnd) {
    int nodes = 1 + rnd.nextInt(8);
    Resources node = Resources.of(8192, 8);
    long horizon = 20 + rnd.nextInt(300);
    Plan plan = Plan.empty(node.times(nodes), horizon, 60);
    if (rnd.nextBoolean()) {
      long at = rnd.nextLong(horizon);
      plan.changeCapacity(new CapacityChange(at, Resources.ZERO.minus(node), "node lost"));
      if (rnd.nextBoolean())
        plan.changeCapacity(new CapacityChange(at + 1 + rnd.nextLong(horizon), node, "node back"));
    }
    for (int i = 0, n = rnd.nextInt(60); i < n; i++) {
      long from = rnd.nextLong(horizon);
      long to = Math.min(horizon, from + 1 + rnd.nextLong(1 + horizon / 4));
      Resources bundle = Resources.of(1024L << rnd.nextInt(3), 1 + rnd.nextInt(2));
      plan.add(
          Fixtures.request("r" + i, "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)"),
          new ReservationAllocation(
              "r" + i,
              List.of(
                  new AtomAllocation(
                      "", bundle, List.of(new Step(from, to, 1 + rnd.nextInt(2 * nodes)))))));
    }
    return new Ragged(plan, nodes);
  }

  /**
   * The next atom of {@code rnd} for a ragged plan of {@code nodes} nodes and {@code horizon}
   * steps: a gang of 1 to 3, a lease of 1 to 8 steps, a width of up to the whole cluster, and a
   * work of up to a third of the horizon at full width (with {@code smallerToo}, half of the time
   * up to a thirtieth), so that it often fits in no run or only across several; it may be invalid.
   */
  static Rdl.Atom atom(SplittableRandom rnd, int nodes, long horizon, boolean smallerToo) {
    int g = 1 + rnd.nextInt(3);
    int units = 1 + rnd.nextInt(Math.max(1, 8 * nodes / g));
    long l = 1 + rnd.nextInt(8);
    long share = smallerToo && !rnd.nextBoolean() ? 30 : 3;
    return Rdl.atom(
        Resources.of(1024, 1),
        g,
        g * units,
        l,
        (long) g * (l + rnd.nextLong(1 + units * (horizon / share))));
  }
}
