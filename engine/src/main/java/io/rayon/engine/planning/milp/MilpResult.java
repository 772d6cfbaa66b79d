package io.rayon.engine.planning.milp;

import io.rayon.model.plan.Decision;
import java.util.List;

/**
 * What a MILP placement returns: one decision per request (in the order given), how the solver
 * ended, what was repaired or fallen back on (for people; empty when nothing was), and the plan
 * objective of the decisions — {@code sum alpha_j over rejected + preemptionWeight * sum |x_t -
 * x_(t-1)|} measured on the plan's own grid — by which the hybrid planner compares solutions.
 */
public record MilpResult(List<Decision> decisions, SolverResult solver, List<String> notes, double planObjective) {
  public MilpResult {
    decisions = List.copyOf(decisions);
    notes = List.copyOf(notes);
  }

  public long acceptedCount() {
    return decisions.stream().filter(Decision::accepted).count();
  }
}
