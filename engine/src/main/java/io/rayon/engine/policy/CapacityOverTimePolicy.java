package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * YARN's CapacityOverTimePolicy semantics (Rayon §5.2): an {@link InstantaneousPolicy} cap at every
 * step, plus an integral cap: over every sliding window of {@code windowSteps} consecutive steps,
 * the resource-steps a user holds are at most {@code average} times the capacity-steps of that
 * window, in every dimension. Windows may stick out of the plan: there the user holds nothing and
 * the capacity is taken to continue the value at the nearest edge of the horizon, so a short plan
 * is judged like a long one with the same capacity.
 *
 * <p>{@link #headroom} reports the instantaneous part only; {@link #check} covers both and names
 * the window that breaks the average.
 *
 * <p>Speed. The integral test, read step by step ({@link #checkByScan}), costs the proposal's
 * length plus twice the window per dimension, whatever the plan holds (2 × 1,440 steps at
 * one-minute steps, 2 × 86,400 at one-second steps, for a 24-hour window). {@link #check} skips it
 * exactly where it cannot fail: when the average cap is 100% of the capacity (so the instantaneous
 * cap is too) and the plan is nowhere over capacity ({@link PlanView#knownWithinCapacity}), every
 * step of every window holds at most its capacity once the instantaneous test passed, so no
 * window's sum can exceed the capacity's. That is Hadoop's default policy (100%/100%, 24 h). In
 * every other case {@link #check} is {@link #checkByScan}; a property test checks that the two give
 * the same verdict and the same reason on generated plans.
 */
public final class CapacityOverTimePolicy extends InstantaneousPolicy {
  private final double average;
  private final long windowSteps;
  private final String label;

  public CapacityOverTimePolicy(
      double instantaneous, double average, long windowSteps, String label) {
    super(instantaneous);
    if (!(average > 0 && average <= instantaneous)) {
      throw new IllegalArgumentException(
          "average cap must be in (0, instantaneous cap " + instantaneous + "], got " + average);
    }
    if (windowSteps < 1)
      throw new IllegalArgumentException("averaging window must be at least one step");
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
  public Optional<Rejection> check(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal);
    if (r != null) return Optional.of(r);
    if (averageImpliedByInstantaneous(plan)) return Optional.empty();
    return Optional.ofNullable(firstAverageViolation(plan, request, proposal));
  }

  /**
   * The straightforward check, step by step, with no shortcut: the instantaneous test, then every
   * window that touches the proposal. {@link #check} gives the same answer (the reference for the
   * property test).
   */
  @Override
  public Optional<Rejection> checkByScan(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal, false);
    if (r != null) return Optional.of(r);
    return Optional.ofNullable(firstAverageViolation(plan, request, proposal));
  }

  /**
   * True when, once the instantaneous test passed, no window can break the average: the average cap
   * is at least 100% and no step of the plan holds more than its capacity. Then at every in-horizon
   * step of a window the user holds at most the capacity (at the proposal's steps the instantaneous
   * test said so; elsewhere the user holds part of what the plan holds), outside the horizon
   * nothing, so the window's sum is at most its capacity-steps, exactly, in whole numbers.
   */
  private boolean averageImpliedByInstantaneous(PlanView plan) {
    return average >= 1.0 && plan.knownWithinCapacity();
  }

  /** The first window that breaks the average, or null. */
  private Rejection firstAverageViolation(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
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
    long[][] use = new long[dn][];
    long[][] cap = new long[dn][];
    TreeMap<Long, Resources> sky = proposal.skyline();
    for (int d = 0; d < dn; d++) {
      String dim = dims.get(d);
      long edgeLo = plan.capacity(d, 0);
      long edgeHi = plan.capacity(d, h - 1);
      long[] c = plan.capacityRange(d, a, b);
      for (long t = a; t < lo; t++) c[(int) (t - a)] = edgeLo;
      for (long t = Math.max(a, h); t < b; t++) c[(int) (t - a)] = edgeHi;
      cap[d] = c;
      use[d] = plan.userAllocatedRange(request.user(), d, a, b);
      Long prev = null;
      long val = 0;
      for (Map.Entry<Long, Resources> e : sky.entrySet()) {
        if (prev != null && val != 0) {
          for (long t = Math.max(prev, Math.max(a, 0));
              t < Math.min(e.getKey(), Math.min(b, h));
              t++) use[d][(int) (t - a)] += val;
        }
        prev = e.getKey();
        val = e.getValue().get(dim);
      }
    }
    for (int d = 0; d < dn; d++) {
      long used = 0;
      long capSum = 0;
      for (int i = 0; i < n; i++) {
        used += use[d][i];
        capSum += cap[d][i];
        if (i >= w) {
          used -= use[d][(int) (i - w)];
          capSum -= cap[d][(int) (i - w)];
        }
        if (i >= w - 1 && used > average * (double) capSum) {
          long ws = a + i - w + 1;
          return new Rejection(
              Rejection.Code.POLICY,
              "",
              ws,
              ws + w,
              dims.get(d),
              label,
              "user '"
                  + request.user()
                  + "' would hold "
                  + used
                  + " "
                  + dims.get(d)
                  + "-steps in the window ["
                  + ws
                  + ","
                  + (ws + w)
                  + "), above the average cap of "
                  + percent(average)
                  + " of capacity (limit "
                  + (long) Math.floor(average * capSum)
                  + "); maybe move the reservation or reduce its work");
        }
      }
    }
    return null;
  }
}
