package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;

/**
 * Places one reservation against a plan. Implementations are pure: they read the plan, never change
 * it, and return a {@link Decision} — an accepted allocation for every atom of the request's RDL
 * expression, or a rejection whose reason names the sub-expression, window, resource or policy
 * limit. The reservation system commits accepted decisions.
 */
public interface Planner {
  /** Short name used on the command line and in reports (gree, greel, milp, hybrid). */
  String name();

  Decision place(PlanView plan, ReservationRequest request, PlanningContext context);

  /**
   * True when every accepted {@link Decision} of this planner already passed {@code
   * context.policy().check(...)} against the plan it was given; the reservation system then does
   * not repeat that check before committing. False by default (the system checks).
   */
  default boolean checksSharingPolicy() {
    return false;
  }

  /**
   * How many accepted reservations that have not started the reservation system may move to make
   * room for a request this planner rejected (bounded repair, {@code ReservationSystem#create}); 0
   * (the default) never moves any. The planner stays pure: the system does the moving and asks this
   * planner to place every reservation involved.
   */
  default int repairBound() {
    return 0;
  }

  /**
   * The bound of bounded repair for {@code request}, which this planner just rejected on {@code
   * plan} (the plan as it rejected it): what the reservation system reads. {@link #repairBound} by
   * default; a planner may allow more moves for some requests than for others (greel-plus: {@code
   * small-repair}), or none for some (greel-plus: a request its admission by plan share refused),
   * but never any when {@link #repairBound} is 0. 0: the rejection stands as it is.
   */
  default int repairBound(PlanView plan, ReservationRequest request) {
    return repairBound();
  }

  /**
   * Which reservations bounded repair takes out ({@link RepairPick}); read only when {@link
   * #repairBound} is more than 0. {@link RepairPick#MOST_HELD} by default.
   */
  default RepairPick repairPick() {
    return RepairPick.DEFAULT;
  }

  /**
   * The planner that places again the reservations bounded repair took out (the request itself is
   * placed by this planner); read only when {@link #repairBound} is more than 0. This planner by
   * default. It must place what this planner accepted as this planner could (no admission of its
   * own), and it is never asked to repair.
   */
  default Planner repairPlacer() {
    return this;
  }
}
