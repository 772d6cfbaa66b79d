package io.rayon.engine.planning;

import java.util.Map;

/**
 * A planner with figures of its own to report after a run (for example a MILP's "gap" and
 * "solverStatus"); the CLI adds them to its JSON output after the standard keys.
 */
public interface ReportingPlanner extends Planner {
  /** Extra figures of the last run, by JSON key (values: numbers, strings or booleans). */
  Map<String, Object> report();
}
