package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;

/**
 * GREE, the procrastinating greedy planner of Rayon §4.2: one reservation at a time, never
 * revisiting earlier ones; a one-pass, right-deep, depth-first traversal of the RDL tree placing
 * every sub-expression as late as possible.
 *
 * <p>Our reading of the paper, exactly:
 *
 * <ul>
 *   <li>The range of the root is {@code [max(0, arrival), horizon)}; {@code window(e,s,f)}
 *       intersects it with {@code [s,f)}.
 *   <li>{@code order(e1..en)} places e_n first in the range, then e_{n-1} in the range cut to end
 *       at the first step e_n uses (strict precedence), and so on.
 *   <li>{@code all} places every child, right to left, in the same range; if one fails the partial
 *       placement is undone and the {@code all} fails.
 *   <li>{@code any} tries its alternatives right to left (reverseChild, like every operator) and
 *       keeps the first that fits ({@code any-order=written}: in the order written).
 *   <li>An atom is placed by a right-to-left scan (see {@code AtomScans#greeAtomPaper}): tracking
 *       the most constrained step t_lim, it allocates a block as tall as t_lim allows over each l
 *       consecutive steps with room for a gang and restarts at t_lim − 1 ({@code
 *       atom-scan=stacked}: our scan, {@code AtomScans#greeAtom}, which restarts at the run's end
 *       and stacks on the headroom left). At every step the atom holds 0 or a multiple of g in [g,
 *       h] bundles, each gang for at least l consecutive steps, w bundle-steps in total. A step
 *       fits when every resource dimension of the bundles fits in the free capacity (and in the
 *       user's sharing-policy headroom).
 *   <li>No backtracking: a sub-expression that does not fit makes the reservation fail (except
 *       inside {@code any}); the rejection names the sub-expression, its window, the exhausted
 *       dimension, or the policy limit.
 * </ul>
 *
 * The sharing policy of the context is respected twice: its instantaneous headroom bounds every
 * step during the search, and its {@code check} (which also covers averages over time) must pass
 * before the proposal is returned. Pure: the plan is only read. Every departure from the paper is a
 * {@link GreedyOptions} value, off by default. The traversal is {@code GreeTraversal}, over the
 * shared {@code TentativePlacement}.
 */
public final class GreePlanner implements Planner {
  public static final String NAME = "gree";

  private final GreedyOptions options;

  /** The paper's GREE ({@link GreedyOptions#PAPER}). */
  public GreePlanner() {
    this(GreedyOptions.PAPER);
  }

  /** GREE with the given departures from the paper (null: the paper's). */
  public GreePlanner(GreedyOptions options) {
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
    return p.run(new GreeTraversal(p));
  }
}
