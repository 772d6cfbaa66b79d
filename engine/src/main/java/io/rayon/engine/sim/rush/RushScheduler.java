package io.rayon.engine.sim.rush;

import io.rayon.model.rush.RushJobSpec;
import java.util.List;
import java.util.Objects;

/**
 * Decides, at a scheduling event of {@link RushSimulator}, which waiting job gets each free
 * container. An event happens whenever a container frees or a job arrives and at least one
 * container is free while a job waits. A task holds its container until it finishes (no
 * preemption), so a scheduler only ever hands out free containers. One instance serves one run and
 * may keep state between events; the registry ({@link RushSchedulers#REGISTRY}) makes a new one per
 * run.
 */
public interface RushScheduler {
  /** The name users type ({@code --scheduler rush}). */
  String name();

  /** The settings in words, for reports ({@code theta=0.9 delta=0.7 ...}). */
  String settings();

  /** Hands out the event's free containers. */
  Grant schedule(Event event);

  /**
   * One scheduling event.
   *
   * @param now the simulated time in seconds
   * @param capacity C, the cluster's containers
   * @param free how many containers are free now (at least 1)
   * @param slotSeconds the scenario's time slot
   * @param jobs every arrived, unfinished job (with or without waiting tasks), in arrival order
   */
  record Event(double now, int capacity, int free, double slotSeconds, List<JobView> jobs) {
    public Event {
      jobs = List.copyOf(jobs);
    }
  }

  /**
   * What the scheduler knows about one unfinished job: its spec (utility, arrival, benchmarked mean
   * runtime through {@link RushJobSpec#runtime()}{@code .mean()}) and what it has seen of it so
   * far. The true runtimes of tasks not yet finished are not visible.
   */
  interface JobView {
    /** The job's index in the scenario (and in {@link RushRunResult#jobs()}). */
    int index();

    RushJobSpec spec();

    /** Tasks not yet started. */
    int pendingTasks();

    /** Tasks running now, one container each. */
    int runningTasks();

    /** For each running task, how long it has run so far (seconds); a fresh array. */
    double[] runningElapsed();

    /** The runtimes of the job's finished tasks, in finishing order; a fresh array. */
    double[] finishedRuntimes();

    /** How many of its tasks have finished. */
    int finishedTasks();

    /**
     * The mean task runtime the scheduler assumes before it has seen any: the job's benchmarked
     * mean.
     */
    default double priorTaskRuntime() {
      return spec().runtime().mean();
    }

    /**
     * The remaining work in container-seconds by the mean: pending tasks at the observed mean
     * runtime (the prior before any task finished) plus, per running task, what the mean leaves of
     * it (at least nothing).
     */
    default double remainingMeanWork() {
      double mean = meanTaskRuntime();
      double w = pendingTasks() * mean;
      for (double e : runningElapsed()) w += Math.max(mean - e, 0);
      return w;
    }

    /** The mean runtime of finished tasks, or the prior before any finished. */
    default double meanTaskRuntime() {
      double[] f = finishedRuntimes();
      if (f.length == 0) return priorTaskRuntime();
      double s = 0;
      for (double v : f) s += v;
      return s / f.length;
    }
  }

  /**
   * The scheduler's answer. Arrays are indexed like {@link Event#jobs()}.
   *
   * @param containers for each free container in turn, the position in {@link Event#jobs()} of the
   *     job that gets it; fewer entries than free containers leave the rest idle until the next
   *     event; a job may appear at most as often as it has pending tasks
   * @param targetCompletion target completion times (absolute seconds), or {@code null} when the
   *     scheduler has none
   * @param projectedCompletion projected completion times, or {@code null} to let the simulator
   *     project {@code now + remaining mean work / held containers}
   * @param hopeless jobs that cannot keep a non-zero utility, or {@code null} when unknown
   */
  record Grant(
      int[] containers,
      double[] targetCompletion,
      double[] projectedCompletion,
      boolean[] hopeless) {
    public Grant {
      Objects.requireNonNull(containers, "containers");
    }

    /** Only the assignment. */
    public static Grant of(int[] containers) {
      return new Grant(containers, null, null, null);
    }
  }
}
