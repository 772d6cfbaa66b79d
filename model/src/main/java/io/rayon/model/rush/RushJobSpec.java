package io.rayon.model.rush;

import java.util.Objects;

/**
 * One job of a RUSH scenario ("RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in
 * Shared Clouds" §II): {@code tasks} independent tasks, each holding one container for a runtime
 * drawn from {@code runtime}, and a utility of its latency (completion minus arrival).
 *
 * @param id unique in the scenario
 * @param template the job template it was made from (a label, e.g. "word-count")
 * @param jobClass its time-sensitivity class (a label; the generator writes "critical", "sensitive"
 *     or "insensitive")
 * @param arrival seconds from the scenario's start at which it is submitted
 * @param tasks how many tasks it runs, each in one container
 * @param runtime what each task's runtime is drawn from
 * @param benchmarkRuntime the job's runtime in seconds measured alone on the whole cluster (the
 *     paper's "benchmarked runtime", §V.B, which time budgets are multiples of); informational
 * @param utility its utility as a function of latency
 */
public record RushJobSpec(
    String id,
    String template,
    String jobClass,
    double arrival,
    int tasks,
    RuntimeDistribution runtime,
    double benchmarkRuntime,
    UtilityFunction utility) {

  /** The most tasks one job may have. */
  public static final int MAX_TASKS = 1_000_000;

  /** The latest arrival a file may give: one year in seconds. */
  public static final double MAX_ARRIVAL = 365 * 86_400.0;

  public RushJobSpec {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(runtime, "runtime");
    Objects.requireNonNull(utility, "utility");
    template = template == null ? "" : template;
    jobClass = jobClass == null ? "" : jobClass;
    if (id.isBlank()) throw new IllegalArgumentException("id is blank; give every job a name");
    if (!Double.isFinite(arrival) || arrival < 0 || arrival > MAX_ARRIVAL) {
      throw new IllegalArgumentException(
          "arrival is "
              + arrival
              + "; it must be a number of seconds from 0 to "
              + (long) MAX_ARRIVAL);
    }
    if (tasks < 1 || tasks > MAX_TASKS)
      throw new IllegalArgumentException(
          "tasks is " + tasks + "; it must be from 1 to " + MAX_TASKS);
    if (!Double.isFinite(benchmarkRuntime) || benchmarkRuntime < 0) {
      throw new IllegalArgumentException(
          "benchmarkRuntime is "
              + benchmarkRuntime
              + "; it must be zero (unknown) or a positive number of seconds");
    }
  }

  /** The job's mean work in container-seconds: {@code tasks × runtime.mean()}. */
  public double meanWork() {
    return tasks * runtime.mean();
  }

  /**
   * The latency after which the job counts as late, in seconds from its arrival. For linear and
   * sigmoid utilities it is their time budget B. Utilities without a budget (constant, piecewise)
   * are late once they are worth nothing: the largest latency at which the utility is still
   * positive ({@code utility.latestLatencyFor(Double.MIN_VALUE)}); +Infinity when it never drops to
   * zero (a constant utility is never late). EDF orders jobs by {@code arrival + budget()}.
   */
  public double budget() {
    if (utility instanceof UtilityFunction.Linear l) return l.budget();
    if (utility instanceof UtilityFunction.Sigmoid s) return s.budget();
    double t = utility.latestLatencyFor(Double.MIN_VALUE);
    return Double.isNaN(t) || t < 0 ? 0 : t;
  }

  /** The absolute deadline {@code arrival + budget()}, +Infinity when the job is never late. */
  public double deadline() {
    return arrival + budget();
  }
}
