package io.rayon.engine.sim.rush;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.rush.RushDecision;
import io.rayon.engine.rush.RushJobState;
import io.rayon.engine.rush.RushOptions;
import io.rayon.engine.rush.RushSolver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The RUSH scheduler's feedback loop ("RUSH: A RobUst ScHeduler to Manage Uncertain
 * Completion-Times in Shared Clouds" §IV, the container assignment unit): at every scheduling
 * event, every unfinished job's demand is re-estimated from the runtimes of its finished tasks and
 * the whole problem is solved again ({@link RushSolver#solve}: worst-case demand estimation, onion
 * peeling, slot mapping); only the decision for the current slot is used. "When the decision for
 * the next time slot is obtained, it is compared with the number of containers occupied by each
 * job, and the CA unit selects a job that has the largest difference between the new and old
 * assignments to assign the available container."
 *
 * <p><b>Reading.</b> With several free containers at one event the rule is applied once per
 * container, each grant counting as held for the next one; the solver runs once per event (its
 * inputs do not change between the grants of one instant). Only jobs with a waiting task can take a
 * container. The largest difference may be zero or negative (every job already holds its
 * assignment): the container still goes to the job with the largest difference, as the paper's rule
 * says, so the cluster stays busy. Ties go to the earlier target completion, then to the earlier
 * arrival, then to the order in the scenario.
 */
public final class RushFeedbackScheduler implements RushScheduler {
  public static final String NAME = "rush";

  private final RushOptions options;
  private final RushSolver solver;

  public RushFeedbackScheduler(RushOptions options) {
    this.options = options;
    this.solver = new RushSolver(options);
  }

  /** The solver's options (θ, δ, estimator, bins, tolerance); defaults are the paper's. */
  public static List<OptionSpec> specs() {
    return RushOptions.specs();
  }

  public static RushFeedbackScheduler from(Options o) {
    return new RushFeedbackScheduler(RushOptions.from(o));
  }

  public RushOptions options() {
    return options;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return options.describe();
  }

  @Override
  public Grant schedule(Event e) {
    List<JobView> jobs = e.jobs();
    int n = jobs.size();
    List<RushJobState> states = new ArrayList<>(n);
    for (JobView j : jobs) {
      states.add(
          new RushJobState(
              j.spec().id(),
              j.spec().utility(),
              j.spec().arrival(),
              j.pendingTasks(),
              j.runningElapsed(),
              j.finishedRuntimes(),
              j.priorTaskRuntime()));
    }
    RushDecision d = solver.solve(e.now(), e.capacity(), states);
    return new Grant(
        assign(d, jobs, e.free()),
        d.targetCompletion().clone(),
        d.projectedCompletion().clone(),
        d.hopeless().clone());
  }

  /**
   * The paper's container assignment rule: each free container in turn goes to the job with a
   * waiting task whose new assignment {@code containersNow} exceeds what it holds (running tasks
   * plus the grants before) by the most.
   *
   * @return per free container the position in {@code jobs} of the job that gets it
   */
  static int[] assign(RushDecision d, List<JobView> jobs, int free) {
    int n = jobs.size();
    int[] held = new int[n];
    int[] pending = new int[n];
    for (int k = 0; k < n; k++) {
      held[k] = jobs.get(k).runningTasks();
      pending[k] = jobs.get(k).pendingTasks();
    }
    int[] grants = new int[free];
    int g = 0;
    while (g < grants.length) {
      int best = -1;
      for (int k = 0; k < n; k++) {
        if (pending[k] == 0) continue;
        if (best < 0 || better(k, best, d, held, jobs)) best = k;
      }
      if (best < 0) break;
      grants[g++] = best;
      held[best]++;
      pending[best]--;
    }
    return Arrays.copyOf(grants, g);
  }

  /** Whether job {@code a} should get the container before job {@code b}. */
  static boolean better(int a, int b, RushDecision d, int[] held, List<JobView> jobs) {
    long gapA = (long) d.containersNow()[a] - held[a];
    long gapB = (long) d.containersNow()[b] - held[b];
    if (gapA != gapB) return gapA > gapB;
    int c = Double.compare(d.targetCompletion()[a], d.targetCompletion()[b]);
    if (c != 0) return c < 0;
    c = Double.compare(jobs.get(a).spec().arrival(), jobs.get(b).spec().arrival());
    if (c != 0) return c < 0;
    return jobs.get(a).index() < jobs.get(b).index();
  }
}
