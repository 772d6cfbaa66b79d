package io.rayon.app.reservations;

import io.rayon.model.plan.ReservationAllocation;

/**
 * The live-feasibility verdict for the expression being composed: would the selected planner accept
 * it now, against the current plan, and where (the {@code ghost} allocation to draw)?
 */
public record Feasibility(Status status, String message, ReservationAllocation ghost) {
  public enum Status {
    /** Nothing is being composed. */
    NONE,
    /** An operator or window is still empty. */
    INCOMPLETE,
    /** The RDL compiler rejects the expression (see the marked blocks). */
    INVALID,
    /** The planner is trying it in the background. */
    CHECKING,
    ACCEPTED,
    REJECTED
  }

  public static final Feasibility NONE = new Feasibility(Status.NONE, "", null);
}
