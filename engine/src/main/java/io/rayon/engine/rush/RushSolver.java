package io.rayon.engine.rush;

import io.rayon.engine.rush.DemandEstimator.DemandEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One full RUSH re-solve ("RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in Shared
 * Clouds", §III-IV): for every unfinished job, the distribution estimator's reference demand, the
 * worst-case demand η within the KL ball (Algorithms 1-2), then target completion times by onion
 * peeling (Algorithm 3) and a continuous container assignment (Algorithm 4). Pure and
 * deterministic: the same inputs give the same decision.
 *
 * <p>What is scheduled. η covers the whole remaining demand. The part still to be placed on
 * containers is {@code η − Σ residuals of the running tasks} (0 when no task is pending: a job
 * without pending tasks cannot use another container); the running tasks keep their containers for
 * their expected residuals, which both onion peeling and the mapping count as busy capacity. A job
 * cannot complete before its running tasks' expected end.
 */
public final class RushSolver {
  private final RushOptions options;
  private final DemandEstimator estimator;

  public RushSolver(RushOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    this.estimator = DemandEstimator.of(options);
  }

  public RushOptions options() {
    return options;
  }

  /**
   * One full re-solve: estimators → WCDE (Alg. 1-2) → onion peeling (Alg. 3) → slot mapping (Alg.
   * 4).
   */
  public RushDecision solve(double now, int capacity, List<RushJobState> jobs) {
    return solve(
        now,
        capacity,
        jobs,
        (t, c, residual, peelJobs) ->
            OnionPeeling.solve(t, c, residual, peelJobs, options.tolerance(), options.tieRule()));
  }

  /** Algorithm 3 as a step of the re-solve (tests put an earlier implementation in its place). */
  @FunctionalInterface
  interface Peeler {
    OnionPeeling.Result peel(
        double now, int capacity, double[] residual, List<OnionPeeling.Job> jobs);
  }

  /** {@link #solve(double, int, List)} with the onion peeling done by {@code peeler}. */
  RushDecision solve(double now, int capacity, List<RushJobState> jobs, Peeler peeler) {
    if (!Double.isFinite(now))
      throw new IllegalArgumentException("RUSH: the current time must be finite, not " + now);
    if (capacity < 1)
      throw new IllegalArgumentException(
          "RUSH: the cluster needs at least 1 container, not " + capacity);
    Objects.requireNonNull(jobs, "jobs");
    int n = jobs.size();
    double[] eta = new double[n];
    double[] work = new double[n];
    double[] runtime = new double[n];
    int[] maxNow = new int[n];
    int running = 0;
    for (RushJobState j : jobs) running += j.running();
    int[] owner = new int[running];
    double[] residual = new double[running];
    List<OnionPeeling.Job> peelJobs = new ArrayList<>(n);
    int b = 0;
    for (int i = 0; i < n; i++) {
      RushJobState j = jobs.get(i);
      DemandEstimate e = estimator.estimate(j);
      eta[i] = WorstCaseEstimator.eta(e.reference(), options.theta(), options.delta());
      double busy = 0;
      double floor = 0;
      for (double r : e.runningResidual()) {
        busy += r;
        floor = Math.max(floor, r);
        owner[b] = i;
        residual[b++] = r;
      }
      work[i] = j.pendingTasks() > 0 ? Math.max(0, eta[i] - busy) : 0;
      runtime[i] = e.taskRuntime();
      maxNow[i] = j.running() + j.pendingTasks();
      peelJobs.add(new OnionPeeling.Job(j.utility(), j.arrival(), work[i], now + floor));
    }
    OnionPeeling.Result peel = peeler.peel(now, capacity, residual, peelJobs);
    SlotMapping.Result map =
        SlotMapping.map(
            now, capacity, peel.targetCompletion(), work, runtime, maxNow, owner, residual);
    return new RushDecision(
        eta,
        peel.targetCompletion(),
        map.projectedCompletion(),
        peel.targetUtility(),
        map.containersNow(),
        peel.hopeless(),
        peel.layers());
  }
}
