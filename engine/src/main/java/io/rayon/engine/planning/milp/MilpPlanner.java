package io.rayon.engine.planning.milp;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.RdlChecks;
import io.rayon.engine.planning.ReportingPlanner;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Places reservations by solving the MILP of Rayon §4.1 (see {@link MilpFormulation} for the
 * formulation and our reading of the paper's formulas) with ojAlgo.
 *
 * <ul>
 *   <li><b>Online</b> ({@link #place}): one reservation against the committed plan; earlier
 *       allocations stay fixed (they are part of the plan's allocated capacity).
 *   <li><b>Offline</b> ({@link #replan}): a set of reservations placed together against a plan
 *       (empty, or holding allocations that stay fixed) — the reorganisation the Adapter runs.
 * </ul>
 *
 * With {@code grid = k > 1} the model runs on steps of k plan steps (free capacity is the minimum
 * over the k steps, windows shrink to whole model steps, leases round up, work may round up by less
 * than one gang-model-step). The solution is mapped back to the plan's grid (the rounding excess
 * trimmed from the latest steps) and every accepted reservation is checked with {@link
 * PlanValidator} and against the free capacity; a reservation whose mapped allocation violates
 * anything is re-placed on the plan's own grid (grid 1) against everything accepted so far, and the
 * result's notes say so.
 *
 * <p>Every accepted allocation passes the validator; a rejection says whether it is proven (status
 * OPTIMAL) or the solver stopped first (STOPPED), and names the window, resource or constraint that
 * is short. An OPTIMAL claim is checked against a GREE plan of the same requests; when GREE does
 * better (ojAlgo 57.1 sometimes declares non-optimal incumbents optimal; a coarser grid or the
 * rigid-gang rewrite restricts the model) the status becomes FEASIBLE with a note saying so.
 *
 * <p>The time limit holds for the whole call when the context carries a {@link Deadline} (see
 * {@link #replan}); a model too large for it or for the memory is refused before it is built
 * ({@link ModelTooLargeException}). Every result is compared with GREE-L on the same input, and a
 * MILP answer that accepts fewer reservations says so ({@link MilpResult#belowGreeL()}).
 *
 * <p>Options on the command line ({@link MilpOptions#from}): {@code --time-limit}, {@code --grid},
 * {@code -O preemption-weight=…}, {@code -O threads=…}, {@code -O rigid-gang-rewrite=true|false}.
 */
public final class MilpPlanner implements BatchPlanner, ReportingPlanner {
  public static final String NAME = "milp";

  /**
   * The solver the planner calls: ojAlgo, or in tests a fake that checks the budgets it is given.
   */
  @FunctionalInterface
  interface Solver {
    OjAlgoSolver.Outcome solve(
        MilpFormulation f,
        double[] start,
        CancellationToken cancel,
        ProgressListener progress,
        SolveBudget budget);
  }

  private final MilpOptions options;
  private final Solver solver;
  private volatile MilpResult last;

  public MilpPlanner() {
    this(MilpOptions.DEFAULT);
  }

  public MilpPlanner(MilpOptions options) {
    this(options, OjAlgoSolver::solve);
  }

  MilpPlanner(MilpOptions options, Solver solver) {
    this.options = options;
    this.solver = solver;
  }

  public MilpOptions options() {
    return options;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Decision place(PlanView plan, ReservationRequest request, PlanningContext context) {
    return placeOnline(plan, request, context).decisions().get(0);
  }

  /**
   * Offline: all requests placed together by one MILP (what {@code rayon plan --planner milp}
   * runs).
   */
  @Override
  public List<Decision> placeAll(
      PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
    return replan(plan, requests, options, context, Map.of()).decisions();
  }

  /** The result of the last placement (null before the first). */
  public MilpResult lastResult() {
    return last;
  }

  /**
   * {@code solverStatus}, {@code gap}, {@code objective}, {@code bound} and the solver's message of
   * the last run.
   */
  @Override
  public Map<String, Object> report() {
    return report(last);
  }

  static Map<String, Object> report(MilpResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (r == null) return m;
    SolverResult s = r.solver();
    m.put("solverStatus", s.status().name());
    m.put("gap", finite(s.gap()));
    m.put("objective", finite(s.objective()));
    m.put("bound", finite(s.bound()));
    m.put("planObjective", finite(r.planObjective()));
    m.put("modelVariables", s.variables());
    m.put("modelIntegerVariables", s.integerVariables());
    m.put("modelConstraints", s.constraints());
    m.put("solverMessage", s.message());
    if (!r.notes().isEmpty()) m.put("solverNotes", r.notes());
    if (r.greeLAccepted() >= 0) {
      m.put("greeLAccepted", r.greeLAccepted());
      m.put("belowGreeL", r.acceptedCount() < r.greeLAccepted());
    }
    return m;
  }

  private static Double finite(double d) {
    return Double.isFinite(d) ? d : null;
  }

  /** Online placement with the solver's result: one reservation, earlier allocations fixed. */
  public MilpResult placeOnline(
      PlanView plan, ReservationRequest request, PlanningContext context) {
    return replan(plan, List.of(request), options, context, Map.of());
  }

  /** Offline re-planning of {@code requests} together, against an empty or base plan. */
  public MilpResult replan(
      PlanView emptyOrBase, List<ReservationRequest> requests, MilpOptions opts) {
    return replan(emptyOrBase, requests, opts, PlanningContext.DEFAULT, Map.of());
  }

  /**
   * Offline re-planning with a context (sharing policy, progress, cancellation, deadline) and an
   * optional starting solution (accepted allocations by reservation id, for example a greedy plan)
   * that the solver takes as its first incumbent where it can represent it.
   *
   * <h2>Time</h2>
   *
   * With a deadline in the context (the command line's and the application's runs have one) the
   * whole call keeps to it: the available time is the smaller of what is left of the deadline and
   * the time limit; the model's size is checked against it before anything is built ({@link
   * #preflight}); the solver gets what is left after the build minus a share of {@value
   * #FINISH_SHARE_PERCENT}% (at least {@value #MIN_FINISH_MILLIS} ms) kept for reading the
   * solution, re-placing reservations on the plan's grid and the comparison with GREE-L, each of
   * which runs only while time is left. Without a deadline (no clock) every solve gets the time
   * limit.
   *
   * @throws ModelTooLargeException when the model is too large for the time or the memory
   */
  public MilpResult replan(
      PlanView emptyOrBase,
      List<ReservationRequest> requests,
      MilpOptions opts,
      PlanningContext context,
      Map<String, ReservationAllocation> start) {
    if (context == null) context = PlanningContext.DEFAULT;
    Deadline deadline = context.deadline();
    long available = available(deadline, opts);
    Decision[] dec = new Decision[requests.size()];
    List<String> notes = new ArrayList<>();
    List<Integer> valid = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      Rejection inv = RdlChecks.validate(requests.get(i).rdl());
      if (inv != null) dec[i] = Decision.reject(requests.get(i).id(), inv);
      else valid.add(i);
    }
    if (valid.isEmpty()) {
      return remember(finish(requests, dec, SolverResult.trivial("nothing to place"), notes, opts));
    }
    List<ReservationRequest> vr = new ArrayList<>();
    for (int i : valid) vr.add(requests.get(i));

    Preflight pf =
        preflight(
            emptyOrBase,
            vr,
            opts,
            available,
            context.policy() == null ? 0 : users(vr),
            deadline.isSet());
    if (pf.note() != null) {
      notes.add(pf.note());
      context.progress().progress(0.0, pf.note());
    }
    boolean autoChosen = pf.grid() != opts.grid();
    if (autoChosen) opts = opts.withGrid(pf.grid());
    if (deadline.isSet()) {
      context
          .progress()
          .progress(
              -1,
              "MILP building the model at "
                  + deadline.describe()
                  + ": "
                  + pf.size().describe()
                  + ", about "
                  + (pf.size().estimatedBytes() >> 20)
                  + " MB");
    }
    MilpFormulation f = new MilpFormulation(emptyOrBase, vr, opts, context.policy());
    double[] ws = f.warmStart(start == null ? Map.of() : start);
    long finishReserve = finishReserve(available);
    SolveBudget budget = solveBudget(deadline, opts, finishReserve);
    OjAlgoSolver.Outcome out;
    if (budget == null) {
      String why =
          "no time left for the solver: the model ("
              + pf.size().describe()
              + ") was built at "
              + deadline.describe()
              + "; maybe raise --time-limit, use a coarser --grid or --planner hybrid";
      notes.add(why);
      out =
          new OjAlgoSolver.Outcome(
              new SolverResult(
                  SolverStatus.FAILED,
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  f.variableCount(),
                  f.integerCount(),
                  f.constraintCount(),
                  0,
                  why),
              null);
    } else {
      if (deadline.isSet()) {
        context
            .progress()
            .progress(
                -1,
                String.format(
                    Locale.ROOT,
                    "MILP model built at %s: %d variables (%d integer), %d constraints; the solver gets %d ms",
                    deadline.describe(),
                    f.variableCount(),
                    f.integerCount(),
                    f.constraintCount(),
                    budget.millis()));
      }
      out = solver.solve(f, ws, context.cancel(), context.progress(), budget);
    }
    SolverResult sr = out.result();
    if (out.values() == null) {
      for (int i : valid) dec[i] = Decision.reject(requests.get(i).id(), noSolution(sr));
      return remember(
          compareWithGreeL(emptyOrBase, requests, context, finish(requests, dec, sr, notes, opts)));
    }

    MilpFormulation.Reading rd = f.read(out.values());
    OverlayPlan overlay = new OverlayPlan(emptyOrBase);
    List<Integer> repair = new ArrayList<>();
    for (int j = 0; j < valid.size(); j++) {
      int i = valid.get(j);
      ReservationRequest rq = requests.get(i);
      if (!rd.accepted()[j]) continue;
      ReservationAllocation alloc = rd.allocations().get(j);
      String problem = problemWith(overlay, rq, alloc);
      if (problem != null) {
        notes.add(
            "reservation "
                + rq.id()
                + ": the solution mapped from grid "
                + opts.grid()
                + " "
                + problem);
        repair.add(i);
        continue;
      }
      Rejection policy =
          context.policy() == null ? null : context.policy().check(overlay, rq, alloc).orElse(null);
      if (policy != null) {
        dec[i] = Decision.reject(rq.id(), policy);
        continue;
      }
      overlay.add(rq, alloc);
      dec[i] = Decision.accept(alloc);
    }
    // re-placing keeps the last part of the finishing share for the comparison with GREE-L
    Deadline repairDeadline = deadline.minus(finishReserve / 2);
    for (int i : repair) {
      ReservationRequest rq = requests.get(i);
      // after an automatic grid, the plan's grid is tried only when its model for this one
      // reservation fits the time limit's budget (else it would overshoot the limit by far)
      long fineSize =
          autoChosen ? MilpFormulation.integerVariables(overlay, List.of(rq), opts.withGrid(1)) : 0;
      long left = repairDeadline.remainingMillis();
      if (autoChosen
          && fineSize > MilpOptions.integerBudget(Math.min(left, opts.timeLimit().toMillis()))) {
        notes.add(
            "reservation "
                + rq.id()
                + ": not re-placed on the plan's grid, whose model ("
                + fineSize
                + " integer variables) is too large for the time left");
        dec[i] =
            Decision.reject(
                rq.id(),
                new Rejection(
                    Rejection.Code.STOPPED,
                    "",
                    null,
                    null,
                    null,
                    null,
                    "the MILP solution on the automatic grid "
                        + opts.grid()
                        + " did not pass the plan checks, and the"
                        + " plan's grid is too large for the time limit; maybe use --planner hybrid, --grid K or a longer"
                        + " --time-limit"));
      } else if (opts.grid() > 1
          && deadline.isSet()
          && left < MIN_SOLVE_MILLIS + MIN_FINISH_MILLIS) {
        notes.add(
            "reservation "
                + rq.id()
                + ": not re-placed on the plan's grid, no time left ("
                + deadline.describe()
                + ")");
        dec[i] =
            Decision.reject(
                rq.id(),
                new Rejection(
                    Rejection.Code.STOPPED,
                    "",
                    null,
                    null,
                    null,
                    null,
                    "the MILP solution on grid "
                        + opts.grid()
                        + " did not pass the plan checks and no time was left to"
                        + " re-place it on the plan's grid; maybe raise --time-limit or use --planner hybrid"));
      } else if (opts.grid() > 1 && !context.cancel().isCancelled()) {
        MilpResult again;
        try {
          again =
              replan(
                  overlay,
                  List.of(rq),
                  opts.withGrid(1),
                  context.withDeadline(repairDeadline),
                  Map.of());
        } catch (ModelTooLargeException e) {
          again = null;
          notes.add(
              "reservation " + rq.id() + ": not re-placed on the plan's grid: " + e.getMessage());
          dec[i] =
              Decision.reject(
                  rq.id(),
                  Rejection.of(
                      Rejection.Code.STOPPED,
                      "",
                      "the MILP solution on grid "
                          + opts.grid()
                          + " did not pass the plan checks, and the plan's grid is"
                          + " too large to re-place it: "
                          + e.getMessage()));
        }
        if (again != null) {
          Decision d = again.decisions().get(0);
          notes.add(
              "reservation "
                  + rq.id()
                  + ": re-placed on the plan's grid: "
                  + (d.accepted() ? "accepted" : "rejected (" + d.rejection().message() + ")"));
          if (d.accepted()) overlay.add(rq, d.allocation());
          dec[i] = d;
        }
      } else {
        dec[i] =
            Decision.reject(
                rq.id(),
                new Rejection(
                    Rejection.Code.STOPPED,
                    "",
                    null,
                    null,
                    null,
                    null,
                    "the MILP solution for this reservation did not pass the plan checks ("
                        + notes.get(notes.size() - 1)
                        + "); maybe try a different --grid"));
      }
    }
    for (int j = 0; j < valid.size(); j++) {
      int i = valid.get(j);
      if (dec[i] == null)
        dec[i] =
            Decision.reject(
                requests.get(i).id(), whyRejected(overlay, requests.get(i), sr, opts, vr.size()));
    }
    if (ws == null && start != null && !start.isEmpty()) {
      notes.add(
          "the starting solution could not be represented on grid "
              + opts.grid()
              + "; the solver started without it");
    }
    MilpResult result = finish(requests, dec, sr, notes, opts);
    if (sr.status() == SolverStatus.OPTIMAL
        && !context.cancel().isCancelled()
        && !deadline.expired()) {
      result = crossCheck(emptyOrBase, requests, context, opts, result);
    }
    return remember(compareWithGreeL(emptyOrBase, requests, context, result));
  }

  /** Share of the available time kept back from the solver for the steps after it. */
  static final int FINISH_SHARE_PERCENT = 15;

  /** The least time kept back from the solver for the steps after it. */
  static final long MIN_FINISH_MILLIS = 100;

  /** Below this the solver is not started (no time left for it). */
  static final long MIN_SOLVE_MILLIS = 20;

  /** The time this call may use: the deadline's remaining time, at most the time limit. */
  static long available(Deadline deadline, MilpOptions opts) {
    long limit = opts.timeLimit().toMillis();
    return deadline.isSet() ? Math.min(limit, deadline.remainingMillis()) : limit;
  }

  static long finishReserve(long available) {
    return Math.max(MIN_FINISH_MILLIS, available * FINISH_SHARE_PERCENT / 100);
  }

  /**
   * The solver's budget now: without a clock the time limit (ojAlgo's own limit); with one what is
   * left of the deadline minus the finishing reserve, at most the time limit, or null when that is
   * less than {@value #MIN_SOLVE_MILLIS} ms.
   */
  static SolveBudget solveBudget(Deadline deadline, MilpOptions opts, long finishReserve) {
    long limit = opts.timeLimit().toMillis();
    if (!deadline.isSet()) return SolveBudget.unclocked(limit);
    long millis = Math.min(limit, deadline.remainingMillis() - finishReserve);
    if (millis < MIN_SOLVE_MILLIS) return null;
    return new SolveBudget(millis, deadline.within(millis), deadline);
  }

  private static int users(List<ReservationRequest> rs) {
    Set<String> u = new HashSet<>();
    for (ReservationRequest r : rs) u.add(r.user());
    return u.size();
  }

  /**
   * What the size check before the build decided: the grid to solve on, the model's size there, and
   * a note for people when the automatic grid changed the grid (null otherwise).
   */
  record Preflight(int grid, ModelSize size, String note) {}

  /**
   * Checks the model's size before building it and chooses the grid.
   *
   * <ul>
   *   <li>With the automatic grid, the grid is the finest whose model has at most {@link
   *       MilpOptions#integerBudget(long)} integer variables for the available time ({@link
   *       #chooseGrid}); when even the coarsest allowed grid (4 model steps in the shortest window)
   *       has more, the model is refused: the budget printed is the budget kept.
   *   <li>A fixed grid ({@code --grid K}) is the user's choice and is held only to {@value
   *       #FIXED_GRID_FACTOR} times the integer budget, and, when the run has a deadline, refused
   *       when building the model alone would take more than half the available time (at {@value
   *       #NON_ZEROS_PER_MILLI} coefficients per ms, measured with ojAlgo 57.1; without a deadline
   *       the time limit bounds only the solver).
   *   <li>Any model is refused when its estimated memory ({@link ModelSize#estimatedBytes()}) is
   *       more than {@link MilpOptions#memoryBytes()}.
   * </ul>
   *
   * @throws ModelTooLargeException naming the size, the limit and what to change
   */
  static Preflight preflight(
      PlanView plan,
      List<ReservationRequest> requests,
      MilpOptions opts,
      long available,
      int users,
      boolean clocked) {
    String limitText = limitText(available, opts);
    String count = requests.size() + (requests.size() == 1 ? " reservation" : " reservations");
    long budget = MilpOptions.integerBudget(available);
    int grid = chooseGrid(plan, requests, opts, budget);
    ModelSize size = MilpFormulation.size(plan, requests, opts.withGrid(grid), users);
    String note = null;
    if (opts.autoGrid()) {
      if (size.integers() > budget) {
        throw new ModelTooLargeException(
            String.format(
                Locale.ROOT,
                "the MILP model of %s is too large for the time limit: on grid %d, the coarsest that keeps 4 model steps"
                    + " in the shortest atom window, it has %d integer variables, more than the %d that %s allows (%d + %d"
                    + " per second). Use --planner hybrid (GREE-L's plan, improved by the MILP where it can) or --planner"
                    + " greel, place fewer reservations at once, force a grid with --grid K, or raise --time-limit to at"
                    + " least %ds",
                count,
                grid,
                size.integers(),
                budget,
                limitText,
                MilpOptions.MIN_INTEGER_BUDGET,
                MilpOptions.INTEGERS_PER_SECOND,
                secondsFor(size.integers())),
            size);
      }
      if (grid != opts.grid()) {
        long fine = MilpFormulation.integerVariables(plan, requests, opts);
        note =
            String.format(
                Locale.ROOT,
                "automatic grid: on grid %d the model would have %d integer variables, more than the %d that %s allows;"
                    + " solved on grid %d (%d integer variables); -O grid=K fixes the grid",
                opts.grid(),
                fine,
                budget,
                limitText,
                grid,
                size.integers());
      }
    } else {
      long buildMillis = size.nonZeros() / NON_ZEROS_PER_MILLI;
      long most = FIXED_GRID_FACTOR * budget;
      if (size.integers() > most || (clocked && buildMillis > available / 2)) {
        throw new ModelTooLargeException(
            String.format(
                Locale.ROOT,
                "the MILP model of %s is too large for the time limit: %s; %s. Use a coarser --grid, --planner hybrid or"
                    + " greel, fewer reservations at once, or a longer --time-limit",
                count,
                size.describe(),
                size.integers() > most
                    ? String.format(
                        Locale.ROOT,
                        "a fixed grid may have at most %d integer variables with %s (%d times the"
                            + " automatic grid's budget; ojAlgo does not solve even the LP relaxation of larger models in time)",
                        most,
                        limitText,
                        FIXED_GRID_FACTOR)
                    : String.format(
                        Locale.ROOT,
                        "building it alone would take about %.1f s, more than half of %s",
                        buildMillis / 1000.0,
                        limitText)),
            size);
      }
    }
    long bytes = size.estimatedBytes();
    if (bytes > opts.memoryBytes()) {
      throw new ModelTooLargeException(
          String.format(
              Locale.ROOT,
              "the MILP model of %s is too large for the memory: %s would need about %d MB, more than the %d MB this run"
                  + " may use. Use a coarser --grid, --planner hybrid or greel, fewer reservations at once, or give Java"
                  + " more memory (RAYON_JAVA_OPTS=-Xmx4g)",
              count,
              size.describe(),
              bytes >> 20,
              opts.memoryBytes() >> 20),
          size);
    }
    return new Preflight(grid, size, note);
  }

  /**
   * Coefficients per millisecond at which our model is built into ojAlgo 57.1: measured about 400
   * on the swim sample on a loaded two-core machine (79,491 coefficients in 0.2 s); a quarter of
   * it.
   */
  static final long NON_ZEROS_PER_MILLI = 100;

  /**
   * How many times the automatic grid's integer budget a fixed grid may have. Measured on the swim
   * sample with ojAlgo 57.1: on grid 16 (2,744 integer variables, 4,797 variables) not even the LP
   * relaxation finished in 40 s, so a fixed grid beyond this only spends the time limit.
   */
  static final long FIXED_GRID_FACTOR = 10;

  private static long secondsFor(long integers) {
    return Math.max(
        1,
        (integers - MilpOptions.MIN_INTEGER_BUDGET + MilpOptions.INTEGERS_PER_SECOND - 1)
            / MilpOptions.INTEGERS_PER_SECOND);
  }

  private static String limitText(long available, MilpOptions opts) {
    long limit = opts.timeLimit().toMillis();
    // within 1% of the limit: nothing to speak of was spent before
    if (available >= limit - limit / 100)
      return String.format(Locale.ROOT, "a %s time limit", seconds(limit));
    return String.format(
        Locale.ROOT, "the %s left of the %s time limit", seconds(available), seconds(limit));
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0
        ? (millis / 1000) + " s"
        : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  /**
   * The grid to solve on: {@code opts.grid()}, or, with the automatic grid on and a model of more
   * integer variables than {@link MilpOptions#integerBudget()}, the smallest coarser grid whose
   * model fits the budget — but never so coarse that the shortest atom window has fewer than 4
   * model steps (a coarse grid shrinks windows to whole model steps and can make atoms
   * unplaceable).
   */
  static int chooseGrid(PlanView plan, List<ReservationRequest> requests, MilpOptions opts) {
    return chooseGrid(plan, requests, opts, opts.integerBudget());
  }

  /**
   * {@link #chooseGrid(PlanView, List, MilpOptions)} for an integer budget; when no allowed grid
   * fits it, the coarsest allowed one (which {@link #preflight} then refuses).
   */
  static int chooseGrid(
      PlanView plan, List<ReservationRequest> requests, MilpOptions opts, long budget) {
    if (!opts.autoGrid()) return opts.grid();
    long n = MilpFormulation.integerVariables(plan, requests, opts);
    if (n <= budget) return opts.grid();
    long coarsest = Math.max(opts.grid(), MilpFormulation.shortestWindow(plan, requests) / 4);
    long g =
        Math.min(coarsest, Math.max(opts.grid() + 1L, (n * opts.grid() + budget - 1) / budget));
    while (g < coarsest
        && MilpFormulation.integerVariables(plan, requests, opts.withGrid((int) g)) > budget) g++;
    return (int) Math.min(Integer.MAX_VALUE, g);
  }

  /**
   * Adds GREE-L's acceptance on the same input to the result (unless the run was cancelled) and,
   * when the MILP accepts fewer reservations, a note saying so: the answer is then not the best
   * known plan, and {@code --planner hybrid} keeps the better of the two.
   */
  private static MilpResult compareWithGreeL(
      PlanView base, List<ReservationRequest> requests, PlanningContext context, MilpResult r) {
    // runs even when the deadline has passed (GREE-L takes well under a second on a thousand
    // reservations): a MILP answer below GREE-L is never shown without saying so
    if (context.cancel().isCancelled() || requests.isEmpty()) return r;
    if (context.deadline().isSet())
      context
          .progress()
          .progress(-1, "MILP comparing with GREE-L at " + context.deadline().describe());
    List<Decision> greeL = HybridPlanner.greedy(new GreeLPlanner(), base, requests, context);
    int accepted = 0;
    for (Decision d : greeL) if (d.accepted()) accepted++;
    List<String> notes = new ArrayList<>(r.notes());
    if (r.acceptedCount() < accepted) {
      notes.add(
          String.format(
              Locale.ROOT,
              "the MILP accepts %d of %d reservations, fewer than GREE-L's %d on the same input: this is not the best plan"
                  + " known; --planner hybrid keeps the better of the two",
              r.acceptedCount(),
              requests.size(),
              accepted));
    }
    return new MilpResult(r.decisions(), r.solver(), notes, r.planObjective(), accepted);
  }

  /**
   * Checks an OPTIMAL claim against GREE placing the same requests one by one. If GREE's plan has a
   * lower plan objective, the claim does not hold for the real problem — because ojAlgo 57.1
   * sometimes declares non-optimal incumbents optimal, or because the model was restricted (a
   * coarser grid, the sound-but-incomplete rigid-gang rewrite) — and the status becomes FEASIBLE
   * with a note. The MILP's own solution is kept (the hybrid planner is the one that falls back on
   * greedy).
   */
  private static MilpResult crossCheck(
      PlanView base,
      List<ReservationRequest> requests,
      PlanningContext context,
      MilpOptions opts,
      MilpResult r) {
    List<Decision> greedy = HybridPlanner.greedy(new GreePlanner(), base, requests, context);
    double og = planObjective(requests, greedy, opts.preemptionWeight());
    if (og >= r.planObjective() - 1e-6 * Math.max(1, Math.abs(og))) return r;
    String why =
        opts.grid() > 1 || opts.rigidGangRewrite()
            ? "the model was restricted (grid "
                + opts.grid()
                + (opts.rigidGangRewrite() ? ", rigid-gang rewrite" : "")
                + ") or the solver's optimality claim is wrong"
            : "the solver's optimality claim is wrong (a known ojAlgo 57.1 defect); maybe use --planner hybrid";
    String msg =
        String.format(
            Locale.ROOT,
            "not optimal: GREE's plan has objective %.2f, below the MILP's %.2f; %s",
            og,
            r.planObjective(),
            why);
    SolverResult s = r.solver();
    SolverResult down =
        new SolverResult(
            SolverStatus.FEASIBLE,
            s.objective(),
            s.bound(),
            SolverResult.gapOf(s.objective(), s.bound()),
            s.variables(),
            s.integerVariables(),
            s.constraints(),
            s.rounds(),
            msg);
    List<String> notes = new ArrayList<>(r.notes());
    notes.add(msg);
    return new MilpResult(r.decisions(), down, notes, r.planObjective(), r.greeLAccepted());
  }

  private MilpResult remember(MilpResult r) {
    last = r;
    return r;
  }

  private static MilpResult finish(
      List<ReservationRequest> requests,
      Decision[] dec,
      SolverResult sr,
      List<String> notes,
      MilpOptions opts) {
    List<Decision> ds = Arrays.asList(dec);
    return new MilpResult(ds, sr, notes, planObjective(requests, ds, opts.preemptionWeight()));
  }

  /**
   * Null when the allocation satisfies the request's RDL and fits the overlay, else what is wrong.
   */
  private static String problemWith(
      OverlayPlan overlay, ReservationRequest rq, ReservationAllocation alloc) {
    List<Violation> v = PlanValidator.validateReservation(rq, alloc, overlay.horizon());
    if (!v.isEmpty()) return "violates " + v.get(0);
    String over = overlay.overcommit(alloc);
    return over == null ? null : "over-commits the plan: " + over;
  }

  private static Rejection noSolution(SolverResult sr) {
    String msg =
        switch (sr.status()) {
          case INFEASIBLE ->
              "the reservations cannot all be placed together and rejection is switched off";
          case UNBOUNDED -> "the MILP is unbounded (a modelling error): " + sr.message();
          case CANCELLED -> "cancelled before the MILP found any solution";
          default ->
              "the MILP solver found no solution: "
                  + sr.message()
                  + "; maybe raise --time-limit or use a coarser --grid";
        };
    Rejection.Code code =
        sr.status() == SolverStatus.INFEASIBLE ? Rejection.Code.CAPACITY : Rejection.Code.STOPPED;
    return Rejection.of(code, "", msg);
  }

  /** A reason a person can act on for a reservation the solution leaves out. */
  static Rejection whyRejected(
      PlanView plan, ReservationRequest rq, SolverResult sr, MilpOptions opts, int batch) {
    String others =
        batch > 1 ? " together with the other " + (batch - 1) + " reservations of this batch" : "";
    if (sr.status() != SolverStatus.OPTIMAL) {
      return Rejection.of(
          Rejection.Code.STOPPED,
          "",
          String.format(
              Locale.ROOT,
              "not placed when the MILP stopped (%s, gap %s): %s; maybe raise --time-limit or use a coarser --grid",
              sr.status(),
              Double.isNaN(sr.gap())
                  ? "unknown"
                  : String.format(Locale.ROOT, "%.1f%%", 100 * sr.gap()),
              sr.message()));
    }
    long arrival = Math.max(0, rq.arrival());
    Rejection r = diagnose(plan, rq.rdl(), "", arrival, plan.horizon(), opts.grid());
    if (r != null) {
      // the steps before the arrival are not for sale (§4.1.2): say so when they would have helped
      if (arrival > 0 && diagnose(plan, rq.rdl(), "", 0, plan.horizon(), opts.grid()) == null) {
        r =
            new Rejection(
                r.code(),
                r.path(),
                r.windowStart(),
                r.windowFinish(),
                r.resource(),
                r.policyLimit(),
                r.message()
                    + "; the request arrives at step "
                    + arrival
                    + " and cannot use earlier steps (a reservation is"
                    + " committed on arrival)");
      }
      return r;
    }
    boolean hasOrder = hasOrder(rq.rdl());
    return Rejection.of(
        hasOrder ? Rejection.Code.WINDOW : Rejection.Code.CAPACITY,
        "",
        "no placement fits the free capacity"
            + others
            + " (proven by the MILP)"
            + (hasOrder ? "; the order constraints leave too little room in the window" : ""));
  }

  private static boolean hasOrder(Rdl e) {
    if (e instanceof Rdl.Order) return true;
    for (Rdl c : e.children()) if (hasOrder(c)) return true;
    return false;
  }

  /**
   * The first atom that cannot fit on its own: window, time at full parallelism, capacity,
   * gang/lease.
   */
  private static Rejection diagnose(PlanView plan, Rdl e, String path, long s, long f, int grid) {
    if (e instanceof Rdl.Window w) {
      return diagnose(
          plan,
          w.expr(),
          Rdl.childPath(path, 0),
          Math.max(s, w.start()),
          Math.min(f, w.finish()),
          grid);
    }
    if (e instanceof Rdl.Atom a) {
      if (a.work() == 0) return null;
      long lo = MilpFormulation.ceilDiv(Math.max(0, s), grid) * grid;
      long hi = Math.min(plan.horizon() / grid * grid, Math.floorDiv(f, grid) * grid);
      if (hi <= lo) {
        return new Rejection(
            Rejection.Code.WINDOW,
            path,
            s,
            f,
            null,
            null,
            "the window ["
                + s
                + ","
                + f
                + ") has no step inside the plan horizon [0,"
                + plan.horizon()
                + ")"
                + (grid > 1 ? " on the model grid of " + grid + " steps" : ""));
      }
      long need = MilpFormulation.ceilDiv(a.work(), a.maxParallelism());
      if (need > hi - lo) {
        return new Rejection(
            Rejection.Code.WINDOW,
            path,
            lo,
            hi,
            null,
            null,
            "even at its max parallelism "
                + a.maxParallelism()
                + " the atom needs "
                + need
                + " steps, but its window has "
                + (hi - lo));
      }
      List<String> dims = new ArrayList<>(List.of("memoryMB", "vcores"));
      dims.addAll(a.bundle().extras().keySet());
      for (String d : dims) {
        long per = a.bundle().get(d);
        if (per <= 0) continue;
        long supply = 0;
        for (long t = lo; t < hi; t++) {
          supply += Math.min((long) a.maxParallelism(), Math.max(0, plan.freeAt(t).get(d)) / per);
        }
        if (supply < a.work()) {
          return new Rejection(
              Rejection.Code.CAPACITY,
              path,
              lo,
              hi,
              d,
              null,
              "the window ["
                  + lo
                  + ","
                  + hi
                  + ") has room for only "
                  + supply
                  + " of the "
                  + a.work()
                  + " bundle-steps of "
                  + a.bundle()
                  + " (short of "
                  + d
                  + ")");
        }
      }
      if (a.gang() > 1 || a.minLease() > 1) {
        long free = Long.MAX_VALUE;
        for (String d : dims) {
          long per = a.bundle().get(d);
          if (per <= 0) continue;
          long best = 0;
          long run = 0;
          for (long t = lo; t < hi; t++) {
            run = Math.max(0, plan.freeAt(t).get(d)) / per >= a.gang() ? run + 1 : 0;
            best = Math.max(best, run);
          }
          free = Math.min(free, best);
        }
        if (free < a.minLease()) {
          return new Rejection(
              Rejection.Code.GANG_OR_LEASE,
              path,
              lo,
              hi,
              null,
              null,
              "no "
                  + a.minLease()
                  + " consecutive steps in ["
                  + lo
                  + ","
                  + hi
                  + ") have room for a gang of "
                  + a.gang()
                  + " bundles of "
                  + a.bundle());
        }
      }
      return null;
    }
    if (e instanceof Rdl.Any) {
      Rejection first = null;
      for (int i = 0; i < e.children().size(); i++) {
        Rejection r = diagnose(plan, e.children().get(i), Rdl.childPath(path, i), s, f, grid);
        if (r == null) return null;
        if (first == null) first = r;
      }
      return first;
    }
    for (int i = 0; i < e.children().size(); i++) {
      Rejection r = diagnose(plan, e.children().get(i), Rdl.childPath(path, i), s, f, grid);
      if (r != null) return r;
    }
    return null;
  }

  /** Rejection cost α_j on the plan's grid (see {@link MilpFormulation#alpha}). */
  static double alpha(ReservationRequest rq, double lambda) {
    return MilpFormulation.alpha(rq, lambda, 1);
  }

  /**
   * The objective of a set of decisions on the plan's own grid: Σ α_j over rejected reservations +
   * λ Σ over atoms and steps of |x_t − x_(t−1)| (bundles, counting the rise from and the fall to
   * zero). With grid 1 this equals the MILP's objective for the same allocations.
   */
  public static double planObjective(
      List<ReservationRequest> requests, List<Decision> decisions, double lambda) {
    double o = 0;
    for (int i = 0; i < requests.size(); i++) {
      Decision d = decisions.get(i);
      if (d == null || !d.accepted()) {
        o += alpha(requests.get(i), lambda);
        continue;
      }
      if (lambda > 0) o += lambda * transitions(d.allocation());
    }
    return o;
  }

  /** Σ over atoms of |x_t − x_(t−1)| in bundles, including the rise from and the fall to zero. */
  static long transitions(ReservationAllocation a) {
    long sum = 0;
    for (AtomAllocation at : a.atoms()) {
      long prevEnd = Long.MIN_VALUE;
      long prev = 0;
      for (Step s : at.steps()) {
        if (s.start() != prevEnd) {
          sum += prev;
          prev = 0;
        }
        sum += Math.abs(s.bundles() - prev);
        prev = s.bundles();
        prevEnd = s.end();
      }
      sum += prev;
    }
    return sum;
  }
}
