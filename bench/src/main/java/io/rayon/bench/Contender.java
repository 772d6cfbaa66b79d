package io.rayon.bench;

/**
 * One planner under test. {@link #run} places every request of a prepared workload, in order, on a
 * fresh empty plan and times each placement (placing and committing to the plan, as Hadoop's agents
 * do in {@code createReservation}).
 */
interface Contender {
  String name();

  RunOutcome run(PreparedWorkload workload);
}
