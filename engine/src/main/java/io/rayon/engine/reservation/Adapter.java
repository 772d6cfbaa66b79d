package io.rayon.engine.reservation;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import java.util.ArrayList;
import java.util.List;

/**
 * The Adapter of Rayon §5.1 step 8 and §5.2: when the capacity changes (nodes fail or are added)
 * it applies the change to the plan and, if the accepted reservations no longer fit at some step,
 * re-plans all of them anew with the system's planner (offline mode, in commit order). Reservations
 * that cannot be placed again are rejected a posteriori, with the planner's reason prefixed by the
 * capacity change that caused it. When everything still fits nothing moves.
 */
public final class Adapter {
  private final ReservationSystem system;

  public Adapter(ReservationSystem system) {
    this.system = system;
  }

  /** What a capacity change did to the plan. */
  public record Result(CapacityChange change, boolean replanned, List<String> kept, List<Decision> rejected) {
    public Result {
      kept = List.copyOf(kept);
      rejected = List.copyOf(rejected);
    }
  }

  public Result onCapacityChange(CapacityChange change) {
    system.changeCapacity(change);
    List<Long> over = system.livePlan().overcommittedSteps();
    if (over.isEmpty()) {
      return new Result(change, false, new ArrayList<>(system.plan().reservationIds()), List.of());
    }
    List<Decision> ds = system.replan();
    List<String> kept = new ArrayList<>();
    List<Decision> rejected = new ArrayList<>();
    String cause = "no longer fits after the capacity change at step " + change.step()
        + (change.reason() == null || change.reason().isBlank() ? "" : " (" + change.reason() + ")")
        + ", first over-committed step " + over.get(0) + ": ";
    for (Decision d : ds) {
      if (d.accepted()) {
        kept.add(d.reservationId());
      } else {
        Rejection r = d.rejection();
        rejected.add(Decision.reject(d.reservationId(), new Rejection(r.code(), r.path(), r.windowStart(),
            r.windowFinish(), r.resource(), r.policyLimit(), cause + r.message())));
      }
    }
    return new Result(change, true, kept, rejected);
  }
}
