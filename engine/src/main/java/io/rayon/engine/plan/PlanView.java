package io.rayon.engine.plan;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Read access to a plan: capacity over time, what accepted reservations hold, and what is free.
 * Steps are whole numbers in {@code [0, horizon())}. Planners read a plan through this interface
 * and never change it; they return a proposal that the reservation system commits.
 */
public interface PlanView {
  /** Number of steps the plan covers. */
  long horizon();

  /** Plan step length in seconds. */
  long stepSeconds();

  Resources capacityAt(long step);

  /** Sum of every accepted reservation's resources at the step. */
  Resources allocatedAt(long step);

  /** Capacity minus allocation at the step (may be negative after a capacity loss). */
  Resources freeAt(long step);

  /** Resources that one user's accepted reservations hold at the step. */
  Resources userAllocatedAt(String user, long step);

  /** The ids of the accepted reservations, in commit order. */
  Collection<String> reservationIds();

  ReservationAllocation allocationOf(String reservationId);

  ReservationRequest requestOf(String reservationId);

  /**
   * The resource dimensions this plan tracks, in a fixed order: {@code memoryMB}, {@code vcores},
   * then the extras of the capacity by name. Indexes into this list are used by {@link #free}.
   */
  default List<String> dimensions() {
    List<String> d = new ArrayList<>(List.of("memoryMB", "vcores"));
    d.addAll(capacityAt(0).extras().keySet());
    return d;
  }

  /** Free amount of dimension number {@code dim} (see {@link #dimensions}) at the step. */
  default long free(int dim, long step) {
    return freeAt(step).get(dimensions().get(dim));
  }

  /** Component-wise minimum of {@link #freeAt} over {@code [from, to)}; zero for an empty range. */
  default Resources minFree(long from, long to) {
    if (to <= from) return Resources.ZERO;
    Resources m = freeAt(from);
    for (long t = from + 1; t < to; t++) m = m.componentMin(freeAt(t));
    return m;
  }

  /** How many accepted reservations the plan holds ({@link #reservationIds}' size). */
  default int reservationCount() {
    return reservationIds().size();
  }

  /**
   * How many accepted reservations are <b>small</b>: the work of their allocation, in
   * capacity-steps (each atom's bundle-steps × its bundle's dominant share of the capacity at the
   * allocation's first step), is less than {@code share} of the plan's whole capacity (the capacity
   * counted as 1 at every step of the horizon; {@link #shareOfPlan}). Read by greel-plus's
   * admission gate ({@code small-share-at-least}). This default reads every reservation; {@link
   * Plan} keeps the count up to date as reservations come and go, so a planner can ask it for every
   * request.
   */
  default int reservationsBelow(double share) {
    int n = 0;
    for (String id : reservationIds()) if (shareOfPlan(this, allocationOf(id)) < share) n++;
    return n;
  }

  /**
   * The share of {@code plan}'s whole capacity an allocation holds (see {@link
   * #reservationsBelow}): 0 for an empty allocation, {@link Double#POSITIVE_INFINITY} on a plan
   * without steps. The capacity is read at the allocation's first step, clamped into the horizon.
   */
  static double shareOfPlan(PlanView plan, ReservationAllocation a) {
    long horizon = plan.horizon();
    if (horizon <= 0) return Double.POSITIVE_INFINITY;
    long start = a.start();
    if (start < 0) return 0;
    Resources cap = plan.capacityAt(Math.min(start, horizon - 1));
    double s = 0;
    for (AtomAllocation atom : a.atoms()) {
      long w = atom.work();
      if (w > 0) s += w * atom.bundle().dominantShare(cap);
    }
    return s / horizon;
  }

  /**
   * The first step of the run of equal free capacity that contains {@code step}: a step {@code s <=
   * step} such that {@link #freeAt} is the same at every step of {@code [s, step]} in every
   * dimension. Planners use it to read the free capacity segment by segment instead of step by
   * step. Any {@code s} with that property is correct; a view that does not track runs answers
   * {@code step} itself (the default). Defined for steps in {@code [0, horizon())}.
   */
  default long runStart(long step) {
    return step;
  }

  /**
   * The last step of the run of equal free capacity that contains {@code step}: a step {@code e >=
   * step} such that {@link #freeAt} is the same at every step of {@code [step, e]} in every
   * dimension (the mirror of {@link #runStart}). Any such {@code e} is correct; a view that does
   * not track runs answers {@code step} itself (the default). Defined for steps in {@code [0,
   * horizon())}.
   */
  default long runEnd(long step) {
    return step;
  }

  /**
   * The last step of the run of equal capacity that contains {@code step}: a step {@code e >= step}
   * such that {@link #capacityAt} is the same at every step of {@code [step, e]} in every
   * dimension. Any such {@code e} is correct; a view that does not track runs answers {@code step}
   * itself (the default). Defined for steps in {@code [0, horizon())}.
   */
  default long capacityRunEnd(long step) {
    return step;
  }

  /**
   * The last step of the run of equal holdings of one user that contains {@code step}: a step
   * {@code e >= step} such that {@link #userAllocatedAt} is the same at every step of {@code [step,
   * e]} in every dimension. Sharing policies use it to read a user's holdings run by run. Any such
   * {@code e} is correct; a view that does not track runs answers {@code step} itself (the
   * default). Defined for steps in {@code [0, horizon())}.
   */
  default long userRunEnd(String user, long step) {
    return step;
  }

  /**
   * How many runs the steps of {@code [from, to)} inside the horizon fall into, where a run is a
   * maximal stretch of steps over which both one user's holdings ({@link #userAllocatedAt}) and the
   * capacity ({@link #capacityAt}) stay the same; or any number above that. A view that does not
   * track runs answers the number of steps (the default). Sharing policies use it to choose between
   * reading a range run by run and step by step.
   */
  default long runCount(String user, long from, long to) {
    return Math.max(0, Math.min(horizon(), to) - Math.max(0, from));
  }

  /**
   * The least {@link #free(int, long)} of dimension number {@code dim} over the steps {@code [from,
   * to)} (steps outside the horizon count as 0); {@code Long.MAX_VALUE} for an empty range.
   */
  default long minFree(int dim, long from, long to) {
    long m = Long.MAX_VALUE;
    for (long t = from; t < to; t++) m = Math.min(m, t < 0 || t >= horizon() ? 0 : free(dim, t));
    return m;
  }

  /**
   * True when at every step of {@code [from, to)} the free amount of every dimension d with {@code
   * need[d] >= 0} is at least {@code need[d]} (indexes as in {@link #dimensions}; a negative entry
   * leaves its dimension unchecked; steps outside the horizon have nothing free).
   */
  default boolean fitsEverywhere(long[] need, long from, long to) {
    for (int d = 0; d < need.length; d++) {
      if (need[d] >= 0 && minFree(d, from, to) < need[d]) return false;
    }
    return true;
  }

  /**
   * True only when the view knows, without scanning, that at every step of the horizon the
   * allocation is at most the capacity in every dimension (so no user holds more than the capacity
   * anywhere). False when some step is over capacity (after a capacity loss) or when the view does
   * not know (the default); callers then take the long way. Sharing policies use it for exact
   * shortcuts.
   */
  default boolean knownWithinCapacity() {
    return false;
  }

  /** Capacity of dimension number {@code dim} (see {@link #dimensions}) at the step. */
  default long capacity(int dim, long step) {
    return capacityAt(step).get(dimensions().get(dim));
  }

  /** What one user's reservations hold of dimension number {@code dim} at the step. */
  default long userAllocated(String user, int dim, long step) {
    return userAllocatedAt(user, step).get(dimensions().get(dim));
  }

  /** {@link #capacity(int, long)} over the steps {@code [from, to)} (zero outside the horizon). */
  default long[] capacityRange(int dim, long from, long to) {
    long[] out = new long[(int) Math.max(0, to - from)];
    for (long t = from; t < to; t++)
      out[(int) (t - from)] = t < 0 || t >= horizon() ? 0 : capacity(dim, t);
    return out;
  }

  /** {@link #userAllocated(String, int, long)} over the steps {@code [from, to)}. */
  default long[] userAllocatedRange(String user, int dim, long from, long to) {
    long[] out = new long[(int) Math.max(0, to - from)];
    for (long t = from; t < to; t++)
      out[(int) (t - from)] = t < 0 || t >= horizon() ? 0 : userAllocated(user, dim, t);
    return out;
  }
}
