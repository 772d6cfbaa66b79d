package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import java.util.List;

/**
 * A planner that places a whole set of reservations at once (offline, for example a MILP). The
 * reservation system gives it every request of a batch; it returns one decision per request, in the
 * same order, whose accepted allocations fit the plan together. Pure like {@link Planner}.
 */
public interface BatchPlanner extends Planner {
  List<Decision> placeAll(
      PlanView plan, List<ReservationRequest> requests, PlanningContext context);
}
