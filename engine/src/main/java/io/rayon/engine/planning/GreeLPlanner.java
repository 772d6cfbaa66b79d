package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;

/**
 * GREE-L, the low-preemption greedy planner of Rayon §4.2 (Algorithm 1). It walks the RDL tree
 * like {@link GreePlanner} (right to left, no backtracking, window intersects, any keeps the first
 * alternative that fits, all undoes a partial placement), but:
 *
 * <ul>
 *   <li><b>guessInterval</b>: the interval of an {@code order} is split into one sub-interval per
 *       child, the rightmost first, each child's share proportional to its minimum duration (the
 *       steps it needs at full parallelism, at least its minimum lease) among the children still
 *       to place, and never shorter than that minimum duration. Children of {@code all} and
 *       {@code any} share their parent's interval. After each child is placed the space left of it
 *       is split again among the remaining children.
 *   <li>An atom is assigned as flat as possible over its guessed interval: u gangs over the last n
 *       steps plus one gang over the last rem steps, with n as long as possible (w/g = u·n + rem,
 *       rem = 0 or rem ≥ l). If that shape does not fit, the atom falls back to GREE's placement
 *       in its guessed interval, then in its whole valid range.
 * </ul>
 *
 * Same gang, lease, parallelism, multi-resource and sharing-policy rules as GREE. Pure.
 */
public final class GreeLPlanner implements Planner {
  public static final String NAME = "greel";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean checksSharingPolicy() {
    return true;
  }

  @Override
  public Decision place(PlanView plan, ReservationRequest request, PlanningContext context) {
    return new GreedyPlacement(plan, request, context == null ? PlanningContext.DEFAULT : context).run(true);
  }
}
