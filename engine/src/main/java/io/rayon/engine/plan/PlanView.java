package io.rayon.engine.plan;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Collection;

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
  default java.util.List<String> dimensions() {
    java.util.List<String> d = new java.util.ArrayList<>(java.util.List.of("memoryMB", "vcores"));
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
}
