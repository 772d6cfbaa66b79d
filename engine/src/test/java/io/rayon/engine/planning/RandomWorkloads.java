package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded random planning workloads for property tests: a small cluster (sometimes with GPUs), a
 * short horizon, a sharing policy, and reservations of every RDL operator with gangs, leases and
 * windows. The same seed always gives the same workload.
 */
public record RandomWorkloads(
    long seed, Plan plan, SharingPolicySpec policy, List<ReservationRequest> requests) {

  static final Resources[] BUNDLES = {
    Resources.of(1024, 1),
    Resources.of(2048, 1),
    Resources.of(1024, 4),
    Resources.of(4096, 2),
    Resources.of(1024, 1, Map.of("gpu", 1L))
  };

  public static RandomWorkloads of(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int nodes = 1 + rnd.nextInt(12);
    long horizon = 20 + rnd.nextInt(200);
    boolean gpus = rnd.nextInt(4) == 0;
    Resources node = gpus ? Resources.of(8192, 8, Map.of("gpu", 2L)) : Resources.of(8192, 8);
    Plan plan = Plan.empty(node.times(nodes), horizon, 60);
    if (rnd.nextInt(5) == 0) {
      plan.changeCapacity(
          new CapacityChange(
              rnd.nextInt((int) horizon),
              Resources.ZERO.minus(node.times(rnd.nextInt(nodes))),
              "node failure"));
    }
    SharingPolicySpec policy =
        switch (rnd.nextInt(4)) {
          case 0 -> SharingPolicySpec.parse("instantaneous:0.5");
          case 1 -> SharingPolicySpec.parse("capacity-over-time:0.6,0.3,30m");
          default -> SharingPolicySpec.NONE;
        };
    int n = 1 + rnd.nextInt(12);
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Rdl e = expr(rnd, 1 + rnd.nextInt(3), horizon);
      if (rnd.nextBoolean()) {
        long s = rnd.nextLong(horizon);
        e = Rdl.window(e, s, s + 1 + rnd.nextLong(horizon - s));
      }
      rs.add(
          new ReservationRequest(
              "r" + i,
              null,
              "u" + rnd.nextInt(3),
              "default",
              e,
              0,
              rnd.nextInt(3) == 0 ? rnd.nextLong(horizon / 2) : 0));
    }
    return new RandomWorkloads(seed, plan, policy, rs);
  }

  /**
   * The workload of {@code seed} with every request arriving at a random step of the first three
   * quarters of the horizon (sorted by arrival, as an online system receives them), so planners
   * must never allocate before a request's arrival.
   */
  public static RandomWorkloads arrivingAtRandom(long seed) {
    RandomWorkloads w = of(seed);
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
    long span = Math.max(1, w.plan().horizon() * 3 / 4);
    List<ReservationRequest> rs = new ArrayList<>();
    for (ReservationRequest r : w.requests()) {
      rs.add(
          new ReservationRequest(
              r.id(), r.name(), r.user(), r.queue(), r.rdl(), r.priority(), rnd.nextLong(span)));
    }
    rs.sort(Comparator.comparingLong(ReservationRequest::arrival));
    return new RandomWorkloads(seed, w.plan(), w.policy(), rs);
  }

  static Rdl expr(SplittableRandom rnd, int depth, long horizon) {
    if (depth <= 1 || rnd.nextInt(3) == 0) return atom(rnd);
    int k = 1 + rnd.nextInt(3);
    List<Rdl> cs = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      Rdl c = expr(rnd, depth - 1, horizon);
      if (rnd.nextInt(4) == 0) {
        long s = rnd.nextLong(horizon);
        c = Rdl.window(c, s, s + 1 + rnd.nextLong(horizon - s));
      }
      cs.add(c);
    }
    return switch (rnd.nextInt(3)) {
      case 0 -> new Rdl.Order(cs);
      case 1 -> new Rdl.All(cs);
      default -> new Rdl.Any(cs);
    };
  }

  static Rdl.Atom atom(SplittableRandom rnd) {
    Resources b = BUNDLES[rnd.nextInt(BUNDLES.length)];
    int g = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(4) : 1;
    int h = g * (1 + rnd.nextInt(6)) + (rnd.nextInt(4) == 0 ? rnd.nextInt(g) : 0);
    long l = rnd.nextInt(2) == 0 ? 1 : 1 + rnd.nextInt(8);
    long w = rnd.nextInt(15) == 0 ? 0 : g * (l + rnd.nextLong(40));
    return Rdl.atom(b, g, h, l, w);
  }

  @Override
  public String toString() {
    return "workload(seed="
        + seed
        + ", horizon="
        + plan.horizon()
        + ", capacity="
        + plan.capacityAt(0)
        + ", policy="
        + policy
        + ", "
        + requests.size()
        + " requests)";
  }
}
