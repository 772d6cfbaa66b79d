package io.rayon.engine.planning.milp;

/**
 * The outcome of one MILP solve, independent of the solver library.
 *
 * @param status how the solve ended
 * @param objective objective value of the returned solution (NaN when there is none); the objective
 *     is {@code sum_j alpha_j * o_j + preemptionWeight * sum_jt y_jt} (see {@link MilpFormulation})
 * @param bound a proven lower bound on the optimal objective: the objective itself when optimal,
 *     otherwise the value of the LP relaxation (NaN when unknown)
 * @param gap {@code (objective - bound) / max(|objective|, 1)}, 0 when optimal, NaN when unknown
 * @param variables number of model variables
 * @param integerVariables how many of them are integer or binary
 * @param constraints number of constraints
 * @param rounds branch-and-bound runs made (1; 0 when stopped or failed before the search)
 * @param message a sentence for people (why it stopped, what was done about it)
 */
public record SolverResult(
    SolverStatus status,
    double objective,
    double bound,
    double gap,
    int variables,
    int integerVariables,
    int constraints,
    int rounds,
    String message) {

  /** A result for work that never reached the solver (for example: nothing to place). */
  public static SolverResult trivial(String message) {
    return new SolverResult(SolverStatus.OPTIMAL, 0, 0, 0, 0, 0, 0, 0, message);
  }

  /** Relative gap between an objective and a lower bound; NaN when either is unknown. */
  public static double gapOf(double objective, double bound) {
    if (Double.isNaN(objective) || Double.isNaN(bound)) return Double.NaN;
    double g = (objective - bound) / Math.max(Math.abs(objective), 1.0);
    return Math.max(0.0, g);
  }
}
