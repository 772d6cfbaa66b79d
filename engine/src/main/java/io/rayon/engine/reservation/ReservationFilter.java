package io.rayon.engine.reservation;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;

/**
 * Selects reservations for {@link ReservationSystem#list}: by user, by queue, and by activity in a
 * step range {@code [activeFrom, activeTo)} (an allocation overlapping it). Null fields match all.
 */
public record ReservationFilter(String user, String queue, Long activeFrom, Long activeTo) {
  public static final ReservationFilter ALL = new ReservationFilter(null, null, null, null);

  public static ReservationFilter ofUser(String user) {
    return new ReservationFilter(user, null, null, null);
  }

  public boolean matches(ReservationRequest r, ReservationAllocation a) {
    if (user != null && !user.equals(r.user())) return false;
    if (queue != null && !queue.equals(r.queue())) return false;
    if (activeFrom != null || activeTo != null) {
      if (a.start() < 0) return false;
      long from = activeFrom == null ? Long.MIN_VALUE : activeFrom;
      long to = activeTo == null ? Long.MAX_VALUE : activeTo;
      return a.start() < to && a.end() > from;
    }
    return true;
  }
}
