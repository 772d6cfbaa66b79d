package io.rayon.engine.planning.milp;

import io.rayon.engine.task.Deadline;

/**
 * The time one solve may take, as the planner hands it to the solver.
 *
 * @param millis the solve's share in milliseconds (the LP relaxation takes 1/8 of it, the branch
 *     and bound the rest); the solver passes it on to ojAlgo as its time limit
 * @param end when the solve must have returned, on the caller's clock ({@link Deadline#NONE}
 *     without a clock: then only ojAlgo's own limit applies, which it checks between nodes only)
 * @param overall the whole run's deadline, for "elapsed of limit" in progress reports
 */
record SolveBudget(long millis, Deadline end, Deadline overall) {
  SolveBudget {
    if (millis < 1) millis = 1;
    if (end == null) end = Deadline.NONE;
    if (overall == null) overall = Deadline.NONE;
  }

  /** A budget without a clock: ojAlgo's own time limit only. */
  static SolveBudget unclocked(long millis) {
    return new SolveBudget(millis, Deadline.NONE, Deadline.NONE);
  }
}
