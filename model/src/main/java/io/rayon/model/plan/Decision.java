package io.rayon.model.plan;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The outcome for one reservation: accepted with its allocation, or rejected with a reason. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Decision(String reservationId, boolean accepted, Rejection rejection, ReservationAllocation allocation) {
  public static Decision accept(ReservationAllocation a) {
    return new Decision(a.reservationId(), true, null, a);
  }

  public static Decision reject(String id, Rejection r) {
    return new Decision(id, false, r, null);
  }
}
