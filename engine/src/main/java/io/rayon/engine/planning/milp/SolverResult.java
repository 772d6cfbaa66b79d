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
 * @param rounds solver rounds run (the solver runs in rounds of growing length so that progress can
 *     be reported and the incumbent carried over)
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

  /** Combines the results of several solves (for example one per online placement): worst status, largest gap. */
  public static SolverResult combine(SolverResult a, SolverResult b) {
    if (a == null) return b;
    if (b == null) return a;
    SolverStatus s = a.status.ordinal() >= b.status.ordinal() ? a.status : b.status;
    double gap = Double.isNaN(a.gap) ? b.gap : Double.isNaN(b.gap) ? a.gap : Math.max(a.gap, b.gap);
    return new SolverResult(
        s,
        a.objective + b.objective,
        a.bound + b.bound,
        gap,
        Math.max(a.variables, b.variables),
        Math.max(a.integerVariables, b.integerVariables),
        Math.max(a.constraints, b.constraints),
        a.rounds + b.rounds,
        b.message);
  }
}
