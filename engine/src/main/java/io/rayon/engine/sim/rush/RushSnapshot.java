package io.rayon.engine.sim.rush;

/**
 * The state at one scheduling event, after the free containers were handed out. Every array is
 * indexed like {@link RushRunResult#jobs()} (the scenario's order), and holds an entry for jobs
 * that have not arrived yet (0 containers, NaN times) and for finished ones (their completion time
 * as projected and target).
 *
 * @param time the event's time (seconds)
 * @param containers the containers each job holds
 * @param targetCompletion rush's target completion time (onion peeling, Alg. 3); NaN when unknown
 *     (not arrived, or a scheduler without targets)
 * @param projectedCompletion the projected completion time: rush's slot mapping (Alg. 4); for the
 *     other schedulers {@code time + remaining mean work / held containers}; NaN when unknown (not
 *     arrived, or holding no container)
 * @param hopeless whether the job cannot keep a non-zero utility (rush only; false otherwise)
 * @param finished whether the job has finished
 */
public record RushSnapshot(
    double time,
    int[] containers,
    double[] targetCompletion,
    double[] projectedCompletion,
    boolean[] hopeless,
    boolean[] finished) {

  /** Containers busy at this event. */
  public int busy() {
    int b = 0;
    for (int c : containers) b += c;
    return b;
  }
}
