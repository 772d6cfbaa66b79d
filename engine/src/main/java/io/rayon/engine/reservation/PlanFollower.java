package io.rayon.engine.reservation;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * The PlanFollower of Rayon §5.2: translates the plan at one step into scheduler settings. Every
 * reservation that holds resources at the step gets a reservation queue (named {@code
 * reservation-<id>}, a child of the request's queue) whose guaranteed capacity is its allocation
 * divided by the capacity at the step — as a fraction, the dominant share over the dimensions (the
 * largest of allocation/capacity over memory, vcores and extras). What no reservation holds is left
 * to the default (best-effort) queue. The app calls this on a timer; the engine only computes (no
 * clock here).
 */
public final class PlanFollower {
  private PlanFollower() {}

  /** One reservation queue's setting. */
  public record QueueSetting(
      String queue,
      String parentQueue,
      String reservationId,
      String user,
      Resources guaranteed,
      double guaranteedFraction) {}

  /** All settings at one step: reservation queues plus the unreserved fraction for best effort. */
  public record Settings(
      long step,
      Resources capacity,
      List<QueueSetting> reservationQueues,
      Resources unreserved,
      double unreservedFraction) {
    public Settings {
      reservationQueues = List.copyOf(reservationQueues);
    }
  }

  public static Settings settingsAt(PlanView plan, long step) {
    Resources cap = plan.capacityAt(step);
    List<QueueSetting> qs = new ArrayList<>();
    Resources total = Resources.ZERO;
    for (String id : plan.reservationIds()) {
      ReservationAllocation a = plan.allocationOf(id);
      Resources r = Resources.ZERO;
      for (AtomAllocation at : a.atoms()) {
        long n = at.bundlesAt(step);
        if (n > 0) r = r.plus(at.bundle().times(n));
      }
      if (r.isZero()) continue;
      ReservationRequest req = plan.requestOf(id);
      total = total.plus(r);
      qs.add(
          new QueueSetting(
              "reservation-" + id, req.queue(), id, req.user(), r, r.dominantShare(cap)));
    }
    Resources unreserved = cap.minus(total);
    double reservedShare = total.dominantShare(cap);
    return new Settings(step, cap, qs, unreserved, Math.max(0, 1 - reservedShare));
  }
}
