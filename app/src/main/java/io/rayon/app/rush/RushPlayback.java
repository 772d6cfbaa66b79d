package io.rayon.app.rush;

import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushSnapshot;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the RUSH view shows of a run, computed from a {@link RushRunResult} alone (no JavaFX): the
 * jobs' state at a snapshot (the table, with the jobs that can no longer keep a non-zero utility),
 * a job's container count over time, its utility curve, the run's utility CDF, and several runs'
 * per-job utilities side by side.
 */
public final class RushPlayback {
  private RushPlayback() {}

  /** What a job is doing at a snapshot. */
  public enum State {
    /** It has not arrived yet. */
    NOT_ARRIVED("not arrived"),
    /** Arrived, no container. */
    WAITING("waiting"),
    /** Holds at least one container. */
    RUNNING("running"),
    /** All its tasks finished. */
    FINISHED("finished");

    private final String label;

    State(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * One row of the jobs table at a snapshot. {@code target} and {@code projected} are absolute
   * simulation seconds (NaN when the scheduler has none: every scheduler but RUSH, and jobs not
   * arrived); {@code expectedUtility} is the utility at the projected completion while the job
   * runs, its final utility once finished. {@code hopeless} is the scheduler's word that the job
   * cannot keep a non-zero utility (the paper's red row); it is never set for a finished job.
   */
  public record JobRow(
      int index,
      String id,
      String jobClass,
      String utilityKind,
      double arrival,
      State state,
      int containers,
      double target,
      double projected,
      double expectedUtility,
      double finalUtility,
      boolean hopeless) {}

  /** The last snapshot at or before {@code time} (0 when there is none). */
  public static int snapshotAt(RushRunResult run, double time) {
    List<RushSnapshot> s = run.snapshots();
    int lo = 0;
    int hi = s.size() - 1;
    int best = 0;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (s.get(mid).time() <= time) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return best;
  }

  /** The simulation time of a snapshot (0 for a run without snapshots). */
  public static double timeOf(RushRunResult run, int snapshot) {
    if (run.snapshots().isEmpty()) return 0;
    return run.snapshots().get(clamp(snapshot, run.snapshots().size())).time();
  }

  private static int clamp(int i, int n) {
    return Math.max(0, Math.min(i, n - 1));
  }

  /** Every job's row at a snapshot, in the run's job order. */
  public static List<JobRow> rows(RushRunResult run, int snapshot) {
    List<JobRow> rows = new ArrayList<>(run.jobs().size());
    RushSnapshot snap =
        run.snapshots().isEmpty()
            ? null
            : run.snapshots().get(clamp(snapshot, run.snapshots().size()));
    for (int i = 0; i < run.jobs().size(); i++) rows.add(row(run.jobs().get(i), i, snap));
    return rows;
  }

  static JobRow row(RushJobResult j, int i, RushSnapshot snap) {
    double now = snap == null ? Double.POSITIVE_INFINITY : snap.time();
    boolean finished = snap == null || snap.finished()[i];
    State state;
    if (finished) state = State.FINISHED;
    else if (now < j.arrival()) state = State.NOT_ARRIVED;
    else if (snap.containers()[i] > 0) state = State.RUNNING;
    else state = State.WAITING;
    int containers = snap == null ? 0 : snap.containers()[i];
    double target =
        snap == null || state == State.NOT_ARRIVED ? Double.NaN : snap.targetCompletion()[i];
    double projected =
        snap == null || state == State.NOT_ARRIVED ? Double.NaN : snap.projectedCompletion()[i];
    double expected;
    if (state == State.FINISHED) expected = j.utility();
    else if (Double.isFinite(projected))
      expected = j.utilityFunction().value(projected - j.arrival());
    else expected = Double.NaN;
    boolean hopeless =
        snap != null && state != State.FINISHED && state != State.NOT_ARRIVED && snap.hopeless()[i];
    return new JobRow(
        i,
        j.id(),
        j.jobClass(),
        j.utilityFunction().kind(),
        j.arrival(),
        state,
        containers,
        target,
        projected,
        expected,
        j.utility(),
        hopeless);
  }

  /** The snapshots' times, in order. */
  public static double[] snapshotTimes(RushRunResult run) {
    double[] t = new double[run.snapshots().size()];
    for (int k = 0; k < t.length; k++) t[k] = run.snapshots().get(k).time();
    return t;
  }

  /**
   * The snapshots where the set of red jobs (hopeless, arrived, unfinished) differs from the
   * snapshot before; the first snapshot counts when it has red jobs.
   */
  public static int[] hopelessChanges(RushRunResult run) {
    List<Integer> out = new ArrayList<>();
    boolean[] before = new boolean[run.jobs().size()];
    for (int k = 0; k < run.snapshots().size(); k++) {
      RushSnapshot s = run.snapshots().get(k);
      boolean changed = false;
      for (int i = 0; i < before.length; i++) {
        boolean red =
            s.hopeless()[i] && !s.finished()[i] && s.time() >= run.jobs().get(i).arrival();
        if (red != before[i]) changed = true;
        before[i] = red;
      }
      if (changed) out.add(k);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** How many jobs are hopeless (red) at a snapshot. */
  public static int hopelessCount(RushRunResult run, int snapshot) {
    int n = 0;
    for (JobRow r : rows(run, snapshot)) if (r.hopeless()) n++;
    return n;
  }

  /**
   * A job's containers over the run as a step line: x the snapshot times (each change drawn as a
   * vertical step), y the containers it held from that time on.
   */
  public static double[][] containers(RushRunResult run, int job) {
    List<RushSnapshot> s = run.snapshots();
    double[] x = new double[2 * s.size()];
    double[] y = new double[2 * s.size()];
    int n = 0;
    for (int k = 0; k < s.size(); k++) {
      int c = s.get(k).containers()[job];
      if (n > 0) {
        x[n] = s.get(k).time();
        y[n] = y[n - 1];
        n++;
      }
      x[n] = s.get(k).time();
      y[n] = c;
      n++;
    }
    return new double[][] {Arrays.copyOf(x, n), Arrays.copyOf(y, n)};
  }

  /**
   * The containers held by all jobs together over the run, as a step line like {@link #containers}.
   */
  public static double[][] totalContainers(RushRunResult run) {
    List<RushSnapshot> s = run.snapshots();
    double[] x = new double[Math.max(0, 2 * s.size() - 1)];
    double[] y = new double[x.length];
    int n = 0;
    for (int k = 0; k < s.size(); k++) {
      int busy = 0;
      for (int c : s.get(k).containers()) busy += c;
      if (n > 0) {
        x[n] = s.get(k).time();
        y[n] = y[n - 1];
        n++;
      }
      x[n] = s.get(k).time();
      y[n] = busy;
      n++;
    }
    return new double[][] {x, y};
  }

  /**
   * A utility function sampled for drawing: x latency from 0 to {@code maxLatency} in {@code
   * points} steps, y its utility.
   */
  public static double[][] utilityCurve(UtilityFunction u, double maxLatency, int points) {
    int n = Math.max(2, points);
    double[] x = new double[n];
    double[] y = new double[n];
    for (int k = 0; k < n; k++) {
      x[k] = maxLatency * k / (n - 1);
      y[k] = u.value(x[k]);
    }
    return new double[][] {x, y};
  }

  /**
   * The latency range worth drawing for a job's utility: past where it drops to zero (or, for a
   * utility that never does, past its budget-like points), and past the marked latencies.
   */
  public static double curveSpan(UtilityFunction u, double... marks) {
    double span = 0;
    double zero = u.latestLatencyFor(Math.ulp(0.0) + 1e-9 * Math.max(1, u.maxValue()));
    if (Double.isFinite(zero)) span = zero;
    double half = u.latestLatencyFor(0.5 * u.maxValue());
    if (Double.isFinite(half)) span = Math.max(span, 2 * half);
    for (double m : marks) if (Double.isFinite(m)) span = Math.max(span, m);
    return span <= 0 ? 1 : span * 1.1;
  }

  /** The jobs' final utilities, ascending. */
  public static double[] sortedUtilities(RushRunResult run) {
    double[] u = new double[run.jobs().size()];
    for (int i = 0; i < u.length; i++) u[i] = run.jobs().get(i).utility();
    Arrays.sort(u);
    return u;
  }

  /**
   * The empirical CDF of the jobs' utilities (the paper's Fig. 6) as a step line: x utility, y the
   * fraction of jobs with at most that utility.
   */
  public static double[][] utilityCdf(RushRunResult run) {
    double[] u = sortedUtilities(run);
    int n = u.length;
    if (n == 0) return new double[][] {new double[0], new double[0]};
    double[] x = new double[2 * n];
    double[] y = new double[2 * n];
    for (int k = 0; k < n; k++) {
      x[2 * k] = u[k];
      y[2 * k] = (double) k / n;
      x[2 * k + 1] = u[k];
      y[2 * k + 1] = (double) (k + 1) / n;
    }
    return new double[][] {x, y};
  }

  /**
   * A job's final utility in each of several runs of the same scenario, NaN in a run that has no
   * job of that id; {@link #delta} is what a run gained over the first.
   */
  public record JobUtilities(String id, String jobClass, double[] utilities) {
    public JobUtilities {
      utilities = utilities.clone();
    }

    /** The utility in run {@code k}. */
    public double utility(int k) {
      return utilities[k];
    }

    /** Run {@code k}'s utility less the first run's (NaN when either has no such job). */
    public double delta(int k) {
      return utilities[k] - utilities[0];
    }

    /** The number of runs. */
    public int runs() {
      return utilities.length;
    }

    /** Whether some run earned less than the first for this job. */
    public boolean worseSomewhere() {
      for (int k = 1; k < utilities.length; k++) if (delta(k) < -1e-9) return true;
      return false;
    }
  }

  /**
   * The per-job utilities of runs of the same scenario, matched by job id, in the first run's job
   * order; jobs the first run does not have are left out, and a later run without the job has NaN
   * there.
   */
  public static List<JobUtilities> utilities(List<RushRunResult> runs) {
    if (runs.isEmpty()) return List.of();
    List<Map<String, RushJobResult>> byId = new ArrayList<>();
    for (RushRunResult r : runs) {
      Map<String, RushJobResult> m = new HashMap<>();
      for (RushJobResult j : r.jobs()) m.put(j.id(), j);
      byId.add(m);
    }
    List<JobUtilities> out = new ArrayList<>();
    for (RushJobResult j : runs.get(0).jobs()) {
      double[] u = new double[runs.size()];
      for (int k = 0; k < u.length; k++) {
        RushJobResult other = byId.get(k).get(j.id());
        u[k] = other == null ? Double.NaN : other.utility();
      }
      out.add(new JobUtilities(j.id(), j.jobClass(), u));
    }
    return out;
  }
}
