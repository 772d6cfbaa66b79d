package io.rayon.engine.plan;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded edits of a plan for the plan's property tests: additions of up to three steps each (now
 * and then over capacity, now and then with a GPU, a dimension the plan may not have yet),
 * removals, node-sized capacity gains and losses (a loss below zero is refused and changes nothing)
 * and copies, in a random order.
 */
final class EditedPlans {
  static final Resources NODE = Resources.of(8192, 8);

  private EditedPlans() {}

  /** {@code plan} after {@code edits} seeded edits; a copy of it when one of them was a copy. */
  static Plan edit(Plan plan, SplittableRandom rnd, int edits) {
    long horizon = plan.horizon();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < edits; i++) {
      switch (rnd.nextInt(7)) {
        case 0 -> {
          if (!ids.isEmpty()) plan.remove(ids.remove(rnd.nextInt(ids.size())));
        }
        case 1 -> {
          try {
            plan.changeCapacity(
                new CapacityChange(
                    rnd.nextLong(horizon),
                    rnd.nextBoolean() ? NODE : Resources.ZERO.minus(NODE),
                    "change"));
          } catch (IllegalArgumentException e) {
            // below zero: refused, the plan stays as it was
          }
        }
        case 2 -> plan = plan.copy();
        default -> {
          String id = "r" + i;
          Resources bundle =
              rnd.nextInt(8) == 0
                  ? Resources.of(1024, 1, Map.of("gpu", 1L))
                  : Resources.of(1024L << rnd.nextInt(3), 1 + rnd.nextInt(2));
          List<Step> steps = new ArrayList<>();
          long t = rnd.nextLong(horizon);
          for (int k = 0; k < 3 && t < horizon; k++) {
            long end = Math.min(horizon, t + 1 + rnd.nextLong(horizon));
            steps.add(new Step(t, end, 1 + rnd.nextInt(8)));
            t = end + rnd.nextInt(3);
          }
          plan.add(
              Fixtures.request(id, "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)"),
              new ReservationAllocation(id, List.of(new AtomAllocation("", bundle, steps))));
          ids.add(id);
        }
      }
    }
    return plan;
  }
}
