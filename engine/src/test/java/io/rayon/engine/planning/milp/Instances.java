package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.req;

import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random small instances: atoms, gangs, leases, windows, order and any, on a horizon of 10;
 * optionally with random arrivals.
 */
final class Instances {
  private Instances() {}

  static final long HORIZON = 10;

  static List<ReservationRequest> generate(long seed, int count) {
    return generate(seed, count, 0);
  }

  /**
   * {@code count} requests whose arrivals are drawn from {@code [0, maxArrival]} (all 0 when
   * maxArrival is 0); a request may arrive inside or after its window.
   */
  static List<ReservationRequest> generate(long seed, int count, int maxArrival) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int s = rnd.nextInt(0, 5);
      int f = rnd.nextInt(s + 3, (int) HORIZON + 1);
      String body =
          switch (rnd.nextInt(4)) {
            case 0 -> atom(rnd);
            case 1 -> "order(" + atom(rnd) + "," + atom(rnd) + ")";
            case 2 -> "any(" + atom(rnd) + "," + atom(rnd) + ")";
            default -> "all(" + atom(rnd) + "," + atom(rnd) + ")";
          };
      ReservationRequest r = req("r" + i, "window(" + body + "," + s + "," + f + ")");
      if (maxArrival > 0) {
        r =
            new ReservationRequest(
                r.id(),
                r.name(),
                r.user(),
                r.queue(),
                r.rdl(),
                r.priority(),
                rnd.nextInt(0, maxArrival + 1));
      }
      out.add(r);
    }
    return out;
  }

  private static String atom(SplittableRandom rnd) {
    int g = rnd.nextInt(1, 3);
    int h = g * rnd.nextInt(1, 3);
    int l = rnd.nextInt(1, 3);
    int w = g * l * rnd.nextInt(1, 3);
    return "atom(<1024,1>," + g + "," + h + "," + l + "," + w + ")";
  }
}
