package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * YARN's CapacityOverTimePolicy semantics (Rayon §5.2): an {@link InstantaneousPolicy} cap at every
 * step, plus an integral cap: over every sliding window of {@code windowSteps} consecutive steps,
 * the resource-steps a user holds are at most {@code average} times the capacity-steps of that
 * window, in every dimension. Windows may stick out of the plan: there the user holds nothing and
 * the capacity is taken to continue the value at the nearest edge of the horizon, so a short plan
 * is judged like a long one with the same capacity.
 *
 * <p>{@link #headroom} reports the instantaneous part only; {@link #check} covers both and names the
 * window that breaks the average.
 */
public final class CapacityOverTimePolicy extends InstantaneousPolicy {
  private final double average;
  private final long windowSteps;
  private final String label;

  public CapacityOverTimePolicy(double instantaneous, double average, long windowSteps, String label) {
    super(instantaneous);
    if (!(average > 0 && average <= instantaneous)) {
      throw new IllegalArgumentException(
          "average cap must be in (0, instantaneous cap " + instantaneous + "], got " + average);
    }
    if (windowSteps < 1) throw new IllegalArgumentException("averaging window must be at least one step");
    this.average = average;
    this.windowSteps = windowSteps;
    this.label = label;
  }

  public double average() {
    return average;
  }

  public long windowSteps() {
    return windowSteps;
  }

  @Override
  public String name() {
    return label;
  }

  @Override
  public Rejection check(PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal);
    if (r != null) return r;
    long start = proposal.start();
    if (start < 0) return null;
    long end = proposal.end();
    long h = plan.horizon();
    long w = windowSteps;
    // windows [t, t+w) that touch the proposal: t in [start-w+1, end-1]; values needed on [a, b)
    long a = start - w + 1;
    long b = end - 1 + w;
    long lo = Math.max(0, a);
    long hi = Math.min(h, b);
    List<String> dims = plan.dimensions();
    int n = (int) (b - a);
    int dn = dims.size();
    long[][] use = new long[dn][n];
    long[][] cap = new long[dn][n];
    TreeMap<Long, Resources> sky = proposal.skyline();
    Resources edgeLo = plan.capacityAt(0);
    Resources edgeHi = plan.capacityAt(h - 1);
    for (long t = a; t < b; t++) {
      int i = (int) (t - a);
      Resources c = t < 0 ? edgeLo : t >= h ? edgeHi : plan.capacityAt(t);
      Resources u = t >= lo && t < hi ? plan.userAllocatedAt(request.user(), t) : Resources.ZERO;
      Map.Entry<Long, Resources> p = sky.floorEntry(t);
      if (p != null && t >= 0 && t < h) u = u.plus(p.getValue());
      for (int d = 0; d < dn; d++) {
        use[d][i] = u.get(dims.get(d));
        cap[d][i] = c.get(dims.get(d));
      }
    }
    for (int d = 0; d < dn; d++) {
      long used = 0;
      double capSum = 0;
      for (int i = 0; i < n; i++) {
        used += use[d][i];
        capSum += cap[d][i];
        if (i >= w) {
          used -= use[d][(int) (i - w)];
          capSum -= cap[d][(int) (i - w)];
        }
        if (i >= w - 1 && used > average * capSum + 1e-6) {
          long ws = a + i - w + 1;
          return new Rejection(Rejection.Code.POLICY, "", ws, ws + w, dims.get(d), label,
              "user '" + request.user() + "' would hold " + used + " " + dims.get(d) + "-steps in the window ["
                  + ws + "," + (ws + w) + "), above the average cap of " + percent(average) + " of capacity (limit "
                  + (long) Math.floor(average * capSum) + "); maybe move the reservation or reduce its work");
        }
      }
    }
    return null;
  }
}
