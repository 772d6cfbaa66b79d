package io.rayon.bench;

/**
 * One planner under test. {@link #run} places every request of a prepared workload, in order, on a
 * fresh empty plan and times each placement (placing and committing to the plan, as Hadoop's agents
 * do in {@code createReservation}).
 */
interface Contender {
  String name();

  /** A run whose outcome is checked (its allocations read back and validated). */
  default RunOutcome run(PreparedWorkload workload) {
    return run(workload, true);
  }

  /**
   * A run; with {@code check} false (warm-up) only the timed placement loop runs: the allocations
   * are neither read back nor validated, so the outcome's allocations and problems are empty.
   */
  default RunOutcome run(PreparedWorkload workload, boolean check) {
    return run(workload, check, true);
  }

  /**
   * A run, with the wall clock read around each placement when {@code clocks} (the per-request
   * times, {@link RunOutcome#nanos}) or not at all (those times are then 0, and the loop's CPU time
   * holds nothing but the placements: {@link Measure}'s warm figure).
   */
  RunOutcome run(PreparedWorkload workload, boolean check, boolean clocks);
}
