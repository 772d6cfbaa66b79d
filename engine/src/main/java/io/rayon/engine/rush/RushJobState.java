package io.rayon.engine.rush;

import io.rayon.model.rush.UtilityFunction;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the RUSH scheduler knows about one unfinished job at a scheduling event.
 *
 * @param id the job's name, for messages
 * @param utility its utility as a function of latency (completion − arrival)
 * @param arrival absolute simulation seconds at which the job arrived
 * @param pendingTasks tasks not started yet, {@code >= 0}
 * @param runningElapsed one entry per container running one of its tasks: seconds that task has run
 * @param finishedRuntimes runtimes (seconds) of this job's finished tasks: the estimators' samples
 * @param priorTaskRuntime the benchmarked mean task runtime (seconds, {@code > 0}), used before
 *     samples exist
 */
public record RushJobState(
    String id,
    UtilityFunction utility,
    double arrival,
    int pendingTasks,
    double[] runningElapsed,
    double[] finishedRuntimes,
    double priorTaskRuntime) {

  public RushJobState {
    Objects.requireNonNull(id, "RUSH job id");
    if (utility == null)
      throw new IllegalArgumentException("RUSH job " + id + ": utility function is missing");
    if (!Double.isFinite(arrival))
      throw new IllegalArgumentException(
          "RUSH job " + id + ": arrival must be a finite time, not " + arrival);
    if (pendingTasks < 0)
      throw new IllegalArgumentException(
          "RUSH job " + id + ": pending tasks must be >= 0, not " + pendingTasks);
    runningElapsed = checked(id, "running elapsed time", runningElapsed);
    finishedRuntimes = checked(id, "finished task runtime", finishedRuntimes);
    if (!(priorTaskRuntime > 0) || !Double.isFinite(priorTaskRuntime)) {
      throw new IllegalArgumentException(
          "RUSH job "
              + id
              + ": prior task runtime must be a finite number of seconds > 0, not "
              + priorTaskRuntime);
    }
  }

  private static double[] checked(String id, String what, double[] values) {
    if (values == null) return new double[0];
    double[] copy = values.clone();
    for (int i = 0; i < copy.length; i++) {
      if (!(copy[i] >= 0) || !Double.isFinite(copy[i])) {
        throw new IllegalArgumentException(
            "RUSH job "
                + id
                + ": "
                + what
                + " ["
                + i
                + "] must be a finite number of seconds >= 0, not "
                + copy[i]);
      }
    }
    return copy;
  }

  /** Running containers. */
  public int running() {
    return runningElapsed.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RushJobState s
        && id.equals(s.id)
        && utility.equals(s.utility)
        && Double.compare(arrival, s.arrival) == 0
        && pendingTasks == s.pendingTasks
        && Arrays.equals(runningElapsed, s.runningElapsed)
        && Arrays.equals(finishedRuntimes, s.finishedRuntimes)
        && Double.compare(priorTaskRuntime, s.priorTaskRuntime) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        id,
        utility,
        arrival,
        pendingTasks,
        Arrays.hashCode(runningElapsed),
        Arrays.hashCode(finishedRuntimes),
        priorTaskRuntime);
  }

  @Override
  public String toString() {
    return "RushJobState["
        + id
        + ", "
        + utility
        + ", arrival="
        + arrival
        + ", pending="
        + pendingTasks
        + ", running="
        + Arrays.toString(runningElapsed)
        + ", samples="
        + finishedRuntimes.length
        + ", prior="
        + priorTaskRuntime
        + "]";
  }
}
