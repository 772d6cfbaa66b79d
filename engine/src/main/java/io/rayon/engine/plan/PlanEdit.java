package io.rayon.engine.plan;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;

/**
 * Write access to a plan. Only the reservation system (and tools that load saved plans) commit
 * through this interface; planners read a {@link PlanView} and return proposals.
 */
public interface PlanEdit extends PlanView {
  /**
   * Records an accepted reservation and its allocation. The plan does not check capacity or RDL
   * semantics here (callers check with {@link Plan#fits} and {@link PlanValidator} first); it
   * rejects only a duplicate id.
   *
   * @throws IllegalArgumentException when {@code request.id()} is already in the plan
   */
  void add(ReservationRequest request, ReservationAllocation allocation);

  /** Removes a reservation; returns false when it was not in the plan. */
  boolean remove(String reservationId);

  /**
   * Applies a capacity change from its step on (node failure: negative delta; addition: positive).
   */
  void changeCapacity(CapacityChange change);

  /** An independent copy: edits of the copy do not affect this plan and vice versa. */
  PlanEdit copy();
}
