package io.rayon.engine.planning.milp;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the branch and bound tells us while it runs (through {@link ObservedStrategy}), kept in our
 * own terms: the best incumbent's values, node counts and a lower bound, reported to the {@link
 * ProgressListener} as the search goes. No solver type appears here.
 *
 * <h2>The bound</h2>
 *
 * The bound is the larger of two valid lower bounds on the optimal objective:
 *
 * <ul>
 *   <li>the value of the LP relaxation (solved before the search, when it finishes in its budget);
 *   <li>once the root node has been solved, {@code min(incumbent, min over open nodes of their LP
 *       value)}. A node counts as open from the moment its LP is solved until both of its children
 *       have been solved or proven infeasible. A node whose children are never reported (pruned by
 *       the solver before their LP was solved, abandoned, or lost to a failed LP) simply stays
 *       open, which can only make the bound lower, never wrong. A node's LP value bounds every
 *       solution in its subtree that improves on the incumbent (the solver adds "objective below
 *       incumbent" to every node), so the minimum is a valid bound. An infeasible report closes a
 *       node only once the solver has solved another node after it: a node LP cut short by the time
 *       limit or a cancel is also reported infeasible, and the solver then stops, so that last
 *       report is never trusted. With more than one solver thread infeasible reports never close a
 *       node (another thread's node could be solved after a cut-short one).
 * </ul>
 *
 * The solver's root node is solved after its presolve and with its root cuts, so its value is
 * usually well above the plain LP relaxation; nodes solved later without those cuts can report
 * lower values. Every bound computed this way was valid when it was computed and the optimum does
 * not change, so the monitor keeps the largest one seen.
 *
 * <p>Nodes whose LP value is not below the incumbent cannot lower the bound and are dropped, so the
 * bookkeeping stays as small as the part of the tree that still matters.
 *
 * <p>Progress fractions are the elapsed part of the run's deadline (the caller's clock), or -1
 * (unknown) without one: the size of a branch-and-bound tree is not known in advance. The message
 * carries the elapsed time against the limit, the incumbent, the bound, the gap and node counts.
 * The listener hears every new incumbent and, between incumbents, every {@value #REPORT_EVERY}
 * nodes. Calls come from the solver's thread; all methods are synchronized.
 */
final class SearchMonitor {
  /** Between incumbents, one progress report per this many nodes. */
  static final int REPORT_EVERY = 50;

  /** Prefix of the report of a new incumbent found during the search. */
  static final String INCUMBENT = "MILP improved";

  /** Prefix of the periodic report between incumbents. */
  static final String SEARCH = "MILP search";

  private final MilpFormulation f;
  private final ProgressListener progress;
  private final CancellationToken cancel;
  private final Runnable stopSolver;
  private final double lpBound;
  private final double tolerance;
  private final boolean trustInfeasible;
  private final Deadline overall;
  private boolean closed;

  private double[] best;
  private double bestObj;
  private int incumbents;
  private long nodes;
  private long infeasibleNodes;
  private boolean rootSolved;
  private boolean stopRequested;

  /** The largest bound seen so far (every bound seen stays valid, so the largest is the best). */
  private double bestBound = Double.NaN;

  /** Open nodes: sequence → [LP value (our objective), children still unreported]. */
  private final Map<Long, double[]> open = new HashMap<>();

  /** LP values of the open nodes as a multiset (value → count), for the minimum. */
  private final TreeMap<Double, Integer> openValues = new TreeMap<>();

  private final Set<Long> seen = new HashSet<>();

  /** An infeasible report not yet confirmed by a later solved node: {sequence, parent}. */
  private long[] pendingClose;

  SearchMonitor(
      MilpFormulation f,
      double[] start,
      double lpBound,
      ProgressListener progress,
      CancellationToken cancel,
      Runnable stopSolver,
      boolean trustInfeasible,
      Deadline overall) {
    this.f = f;
    this.best = start;
    this.bestObj = start == null ? Double.NaN : f.objective(start);
    this.lpBound = lpBound;
    this.progress = progress;
    this.cancel = cancel;
    this.stopSolver = stopSolver;
    this.trustInfeasible = trustInfeasible;
    this.overall = overall == null ? Deadline.NONE : overall;
    this.tolerance = 1e-6 * Math.max(1, Math.abs(f.objectiveConstant()));
  }

  /** A node's LP was solved to optimality with this value of the solver's objective. */
  synchronized void nodeSolved(long sequence, long parent, double solverValue) {
    if (closed) return;
    applyPendingClose();
    nodes++;
    double v = solverValue + f.objectiveConstant();
    if (seen.add(sequence)) {
      if (parent != sequence) childReported(parent);
      rootSolved = true;
      if (Double.isNaN(bestObj) || v < bestObj) {
        open.put(sequence, new double[] {v, 2});
        openValues.merge(v, 1, Integer::sum);
      }
    } else {
      // the same node solved again after its bounds were tightened: its value can only rise
      double[] e = open.get(sequence);
      if (e != null && v > e[0]) {
        removeValue(e[0]);
        e[0] = v;
        openValues.merge(v, 1, Integer::sum);
      }
    }
    if (nodes % REPORT_EVERY == 0) report(SEARCH);
    checkCancel();
  }

  /** The node's LP was infeasible (or cut short; see the class comment). */
  synchronized void nodeInfeasible(long sequence, long parent) {
    if (closed) return;
    applyPendingClose();
    nodes++;
    infeasibleNodes++;
    if (trustInfeasible) pendingClose = new long[] {sequence, parent};
    checkCancel();
  }

  /**
   * The solver found an integer solution (values of the model's variables, in model order; null
   * when they cannot be read). Reports it when it improves on the best so far.
   */
  synchronized void integerSolution(double[] values) {
    if (values == null || closed) return;
    values = f.snap(values);
    double obj = f.objective(values);
    if (!Double.isNaN(bestObj) && obj >= bestObj - tolerance) return;
    best = values;
    bestObj = obj;
    incumbents++;
    while (!openValues.isEmpty() && openValues.lastKey() >= bestObj) {
      double v = openValues.lastKey();
      openValues.remove(v);
      open.values().removeIf(e -> e[0] == v);
    }
    report(INCUMBENT);
    checkCancel();
  }

  /** The best solution's values (the start when nothing better was found; null without any). */
  synchronized double[] best() {
    return best;
  }

  synchronized double bestObjective() {
    return bestObj;
  }

  /** How many improving incumbents the search itself found (the start not counted). */
  synchronized int incumbentsFound() {
    return incumbents;
  }

  synchronized long nodes() {
    return nodes;
  }

  /** The best valid lower bound known now (NaN when none); see the class comment. */
  synchronized double bound() {
    double b = lpBound;
    if (rootSolved) {
      double tree = openValues.isEmpty() ? bestObj : Math.min(bestObj, openValues.firstKey());
      if (!Double.isNaN(tree)) b = Double.isNaN(b) ? tree : Math.max(b, tree);
    }
    if (!Double.isNaN(b)) bestBound = Double.isNaN(bestBound) ? b : Math.max(bestBound, b);
    b = bestBound;
    if (!Double.isNaN(b) && !Double.isNaN(bestObj)) b = Math.min(b, bestObj);
    return b;
  }

  /** One line for people: incumbent, bound, gap and nodes. */
  synchronized String summary() {
    double b = bound();
    return String.format(
        Locale.ROOT,
        "incumbent %s, bound %s, gap %s; %d nodes (%d infeasible), %d open",
        num(bestObj),
        num(b),
        pct(SolverResult.gapOf(bestObj, b)),
        nodes,
        infeasibleNodes,
        open.size());
  }

  /**
   * Ignore the solver from now on: after a solve was abandoned at its deadline the solver's thread
   * may still call in, and the planner has already taken the best incumbent.
   */
  synchronized void close() {
    closed = true;
  }

  /** Elapsed part of the run's deadline, or -1 (unknown) without one. */
  double fraction() {
    if (!overall.isSet()) return -1;
    return Math.min(1.0, overall.elapsedMillis() / (double) Math.max(1, overall.limitMillis()));
  }

  /**
   * "MILP improved at 3.2 s of 10.0 s: incumbent 12.00, bound 3.00, gap 75.0%; 120 nodes (3
   * infeasible), 12 open" (without the time when the run has no deadline).
   */
  String line(String prefix) {
    return prefix + (overall.isSet() ? " at " + overall.describe() : "") + ": " + summary();
  }

  private void report(String prefix) {
    progress.progress(fraction(), line(prefix));
  }

  private void checkCancel() {
    if (!stopRequested && cancel.isCancelled()) {
      stopRequested = true;
      stopSolver.run();
    }
  }

  private void applyPendingClose() {
    if (pendingClose == null) return;
    long seq = pendingClose[0];
    long parent = pendingClose[1];
    pendingClose = null;
    if (seen.add(seq) && parent != seq) childReported(parent);
    double[] e = open.remove(seq);
    if (e != null) removeValue(e[0]);
  }

  private void childReported(long parent) {
    double[] e = open.get(parent);
    if (e == null) return;
    e[1]--;
    if (e[1] <= 0) {
      open.remove(parent);
      removeValue(e[0]);
    }
  }

  private void removeValue(double v) {
    openValues.computeIfPresent(v, (k, c) -> c <= 1 ? null : c - 1);
  }

  static String num(double d) {
    return Double.isNaN(d) ? "none" : String.format(Locale.ROOT, "%.2f", d);
  }

  static String pct(double d) {
    return Double.isNaN(d) ? "unknown" : String.format(Locale.ROOT, "%.1f%%", 100 * d);
  }
}
