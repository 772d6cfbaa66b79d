package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Optional;

/**
 * Limits on what one user may reserve (Rayon §5.2; YARN's SharingPolicy). Planners ask {@link
 * #headroom} while they search, so they can steer around a limit, and the reservation system calls
 * {@link #check} on every proposal before committing it.
 */
public interface SharingPolicy {
  String name();

  /**
   * The most that {@code user} may newly hold at {@code step} given what the plan already holds for
   * them (instantaneous limit only; integral limits are checked by {@link #check}).
   */
  Resources headroom(PlanView plan, String user, long step);

  /** Empty when the proposal respects the policy, otherwise the limit it breaks (code POLICY). */
  Optional<Rejection> check(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal);

  /**
   * {@link #check} of a proposal that fits the plan's free capacity at every step and in every
   * dimension it uses, inside the horizon (as every proposal that the greedy planners' searches
   * build does: each block is placed within the free capacity less the reservation's own earlier
   * blocks). Under that condition it gives exactly {@link #check}'s answer; implementations skip
   * what the fit already settles (at a 100% instantaneous cap, the whole instantaneous test: what
   * the user would hold is part of what the plan would hold, at most the capacity). The default is
   * {@link #check}. A proposal that does not fit must not be given here: the answer is then not
   * defined (the reservation system's commit still refuses it for capacity).
   */
  default Optional<Rejection> checkFitting(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return check(plan, request, proposal);
  }

  /**
   * True when {@link #headroom} is never below the plan's free capacity, for any plan, user, step
   * and dimension: then the policy's instantaneous limit cannot bind a placement that fits the free
   * capacity, and a planner may leave it out of its search (an exact shortcut, not an
   * approximation). False by default.
   */
  default boolean headroomCoversFree() {
    return false;
  }

  /**
   * {@link #headroom(PlanView, String, long)} of one dimension (an index into {@link
   * PlanView#dimensions()}); implementations override it to answer without building vectors.
   */
  default long headroom(PlanView plan, String user, int dim, long step) {
    return headroom(plan, user, step).get(plan.dimensions().get(dim));
  }

  /**
   * {@link #headroom(PlanView, String, int, long)} for every step of {@code [from, to)}, element
   * {@code t - from} for step {@code t}. Planners read a whole range at once; implementations that
   * can answer from the plan's indexes override it (it must agree with the per-step answer).
   */
  default long[] headroomRange(PlanView plan, String user, int dim, long from, long to) {
    long[] out = new long[(int) (to - from)];
    for (long t = from; t < to; t++) out[(int) (t - from)] = headroom(plan, user, dim, t);
    return out;
  }
}
