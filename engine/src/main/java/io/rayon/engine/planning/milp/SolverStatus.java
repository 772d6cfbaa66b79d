package io.rayon.engine.planning.milp;

/**
 * How a MILP solve ended, in our own words (no solver type leaks out of this package).
 *
 * <ul>
 *   <li>{@link #OPTIMAL}: the solution is proven optimal (gap 0 within the solver's tolerance).
 *   <li>{@link #FEASIBLE}: a valid solution (the incumbent), not proven optimal — typically the
 *       time limit was reached; the gap says how far it may be from the optimum.
 *   <li>{@link #INFEASIBLE}: the model has no solution. With rejection allowed (the default) this
 *       cannot happen, because rejecting everything is always feasible.
 *   <li>{@link #UNBOUNDED}: the objective can decrease without limit (a modelling error).
 *   <li>{@link #FAILED}: the solver broke down or stopped without any solution.
 *   <li>{@link #CANCELLED}: the caller cancelled; the result holds the best solution found so far.
 * </ul>
 */
public enum SolverStatus {
  OPTIMAL,
  FEASIBLE,
  INFEASIBLE,
  UNBOUNDED,
  FAILED,
  CANCELLED;

  /** True when the result carries a usable solution. */
  public boolean hasSolution() {
    return this == OPTIMAL || this == FEASIBLE || this == CANCELLED;
  }
}
