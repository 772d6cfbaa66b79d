package io.rayon.engine.planning.milp;

import io.rayon.model.plan.Decision;
import java.util.List;

/**
 * What a MILP placement returns: one decision per request (in the order given), how the solver
 * ended, what was repaired or fallen back on (for people; empty when nothing was), and the plan
 * objective of the decisions — {@code sum alpha_j over rejected + preemptionWeight * sum |x_t -
 * x_(t-1)|} measured on the plan's own grid — by which the hybrid planner compares solutions — and
 * how many of the same requests GREE-L accepts ({@code greeLAccepted}, -1 when it was not compared:
 * no time left, or cancelled), so a MILP answer that accepts less is never shown without saying so.
 */
public record MilpResult(
    List<Decision> decisions,
    SolverResult solver,
    List<String> notes,
    double planObjective,
    int greeLAccepted) {
  public MilpResult {
    decisions = List.copyOf(decisions);
    notes = List.copyOf(notes);
  }

  public MilpResult(
      List<Decision> decisions, SolverResult solver, List<String> notes, double planObjective) {
    this(decisions, solver, notes, planObjective, -1);
  }

  /** True when GREE-L was compared and accepts more of the same requests than this result. */
  public boolean belowGreeL() {
    return greeLAccepted >= 0 && acceptedCount() < greeLAccepted;
  }

  public long acceptedCount() {
    return decisions.stream().filter(Decision::accepted).count();
  }
}
