package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;

/**
 * GREE-L, the low-preemption greedy planner of Rayon §4.2 (Algorithm 1). It walks the RDL tree like
 * {@link GreePlanner} (right to left, reverseChild, no backtracking, window intersects, any keeps
 * the first alternative that fits, all undoes a partial placement), but:
 *
 * <ul>
 *   <li><b>guessInterval</b>: the interval of an {@code order}, {@code all} or {@code any} is split
 *       into one sub-interval per child, the rightmost first, each child's share proportional to
 *       its minimum duration (the steps it needs at full parallelism, at least its minimum lease)
 *       among the children still to place, and never shorter than that minimum duration. After each
 *       child is placed the space left of it is split again among the remaining children ({@code
 *       guess-interval=order-only}: children of {@code all} and {@code any} share their parent's
 *       interval).
 *   <li>An atom is assigned as flat as possible over its guessed interval ("p.assign(e, ti,
 *       e.w/ti.length)"): u gangs over the last n steps plus one gang over the last rem steps, with
 *       n as long as possible (w/g = u·n + rem, rem = 0 or rem ≥ l). If that shape does not fit,
 *       the reservation is rejected, as in the paper ("GREE-L rejects more jobs than GREE because
 *       it does not backtrack"); {@code flat-fallback=true} falls back to GREE's placement in the
 *       guessed interval, then in the whole valid range.
 * </ul>
 *
 * Same gang, lease, parallelism, multi-resource and sharing-policy rules as GREE. Pure. Every
 * departure from the paper is a {@link GreedyOptions} value, off by default. The traversal is
 * {@code GreeLTraversal}, over the shared {@code TentativePlacement}.
 */
public final class GreeLPlanner implements Planner {
  public static final String NAME = "greel";

  private final GreedyOptions options;

  /** The paper's GREE-L ({@link GreedyOptions#PAPER}). */
  public GreeLPlanner() {
    this(GreedyOptions.PAPER);
  }

  /** GREE-L with the given departures from the paper (null: the paper's). */
  public GreeLPlanner(GreedyOptions options) {
    this.options = options == null ? GreedyOptions.PAPER : options;
  }

  public GreedyOptions options() {
    return options;
  }

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
    TentativePlacement p = new TentativePlacement(plan, request, context, options);
    return p.run(new GreeLTraversal(p));
  }
}
