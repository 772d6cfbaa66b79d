package io.rayon.engine.reservation;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import java.util.ArrayList;
import java.util.List;

/**
 * The Adapter of Rayon §5.1 step 8 and §5.2: when the capacity changes (nodes fail or are added) at
 * step {@code now} it applies the change to the plan and, if the accepted reservations no longer
 * fit at some step, re-plans from {@code now} only ({@link ReservationSystem#replanFrom}): steps
 * before {@code now} are history and never change; reservations already running keep their
 * allocations where the remaining capacity holds them (otherwise the newest are rejected first);
 * the ones not yet started are placed again, no earlier than {@code now}, with the system's
 * planner. Reservations that cannot be kept are rejected a posteriori, with the reason prefixed by
 * the capacity change that caused it. When everything still fits and the sharing policy still holds
 * (its caps are shares of the capacity, so a smaller cluster can break it with no step
 * over-committed), nothing moves.
 *
 * <p>Reading left open by the paper: a rejected reservation leaves the plan entirely (its past
 * usage is history of the cluster, not part of the plan's future commitments), so the validator
 * holds on the new plan; every reservation that stays has the same allocation before {@code now}.
 * One exception, which no re-plan can mend: a capacity-over-time window that began before {@code
 * now} has a cap that is a share of the capacity over the whole window, so a loss at {@code now}
 * can lower it below what a user held before {@code now}. Such a window is history when the user
 * holds nothing in it from {@code now} on ({@link PlanValidator#policyViolationsFrom}): it neither
 * makes the Adapter re-plan nor rejects anyone (the reservations that held it may have finished),
 * and {@link PlanValidator#validate} still reports it. A window the user also holds from {@code
 * now} on is mended as any other violation (the newest started reservation of that user holding
 * capacity from now on is rejected first; the ones not started are placed again under the policy,
 * which keeps them out of that window).
 */
public final class Adapter {
  private final ReservationSystem system;

  public Adapter(ReservationSystem system) {
    this.system = system;
  }

  /** What a capacity change did to the plan. */
  public record Result(
      CapacityChange change, boolean replanned, List<String> kept, List<Decision> rejected) {
    public Result {
      kept = List.copyOf(kept);
      rejected = List.copyOf(rejected);
    }
  }

  public Result onCapacityChange(CapacityChange change) {
    system.changeCapacity(change);
    List<Long> over = system.livePlan().overcommittedSteps();
    long policyBreak = over.isEmpty() ? system.firstPolicyViolationFrom(change.step()) : -1;
    if (over.isEmpty() && policyBreak < 0) {
      return new Result(change, false, new ArrayList<>(system.plan().reservationIds()), List.of());
    }
    List<Decision> ds = system.replanFrom(change.step());
    List<String> kept = new ArrayList<>(system.plan().reservationIds());
    List<Decision> rejected = new ArrayList<>();
    String cause =
        "no longer fits after the capacity change at step "
            + change.step()
            + (change.reason() == null || change.reason().isBlank()
                ? ""
                : " (" + change.reason() + ")")
            + (over.isEmpty()
                ? ", sharing policy broken from step " + policyBreak
                : ", first over-committed step " + over.get(0))
            + ": ";
    for (Decision d : ds) {
      if (!d.accepted()) {
        kept.remove(d.reservationId());
        Rejection r = d.rejection();
        rejected.add(
            Decision.reject(
                d.reservationId(),
                new Rejection(
                    r.code(),
                    r.path(),
                    r.windowStart(),
                    r.windowFinish(),
                    r.resource(),
                    r.policyLimit(),
                    cause + r.message())));
      }
    }
    return new Result(change, true, kept, rejected);
  }
}
