package io.rayon.views.plan;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/** Fixture builder: {@code aPlan().capacity(0, mem, vc).reservation("r1", 10, 40, 4).build()}. */
final class Plans {
  private final TreeMap<Long, Resources> capacity = new TreeMap<>();
  private final List<ReservationAllocation> allocations = new ArrayList<>();
  private final List<Decision> rejected = new ArrayList<>();
  private long stepSeconds = 60;
  private long horizon;
  static final Resources BUNDLE = Resources.of(8192, 4);

  static Plans aPlan() {
    return new Plans();
  }

  Plans capacity(long from, long memoryMB, long vcores) {
    capacity.put(from, Resources.of(memoryMB, vcores));
    return this;
  }

  /** A reservation of one atom holding {@code bundles} bundles of <8192,4> over [start, end). */
  Plans reservation(String id, long start, long end, long bundles) {
    allocations.add(
        new ReservationAllocation(
            id, List.of(new AtomAllocation("0", BUNDLE, List.of(new Step(start, end, bundles))))));
    return this;
  }

  Plans rejected(String id, String message) {
    rejected.add(Decision.reject(id, Rejection.of(Rejection.Code.CAPACITY, "0", message)));
    return this;
  }

  Plans horizon(long h) {
    horizon = h;
    return this;
  }

  Plans stepSeconds(long s) {
    stepSeconds = s;
    return this;
  }

  PlanData build() {
    return new PlanData(capacity, allocations, rejected, stepSeconds, horizon, Map.of());
  }

  /**
   * A large random plan: {@code n} reservations over {@code horizon} steps, each with one to three
   * atoms of one to four steps, never exceeding capacity by construction of the levels (the
   * picture, not the plan's validity, is what the views test).
   */
  static PlanData random(long seed, int n, long horizon) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationAllocation> as = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int atoms = 1 + rnd.nextInt(3);
      List<AtomAllocation> list = new ArrayList<>();
      for (int a = 0; a < atoms; a++) {
        long t = rnd.nextLong(horizon - 50);
        List<Step> steps = new ArrayList<>();
        int k = 1 + rnd.nextInt(4);
        for (int s = 0; s < k && t < horizon - 1; s++) {
          long len = 1 + rnd.nextLong(Math.min(400, horizon - t - 1));
          steps.add(new Step(t, t + len, 1 + rnd.nextInt(8)));
          t += len;
        }
        list.add(
            new AtomAllocation(
                Integer.toString(a),
                Resources.of(1024L << rnd.nextInt(4), 1 + rnd.nextInt(4)),
                steps));
      }
      as.add(new ReservationAllocation("r" + i, list));
    }
    TreeMap<Long, Resources> cap = new TreeMap<>();
    cap.put(0L, Resources.of(16L * 1024 * 1024, 8192));
    cap.put(horizon / 2, Resources.of(14L * 1024 * 1024, 7000));
    return new PlanData(cap, as, List.of(), 60, horizon, Map.of());
  }
}
