package io.rayon.engine.planning.milp;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Solves a {@link MilpFormulation} with ojAlgo's branch and bound. The only class that calls the
 * solver.
 *
 * <p>Order of work: the LP relaxation (1/8 of the solve's budget, {@link SolveBudget}) gives a
 * first bound; then one branch and bound run for the rest of the budget, started from the given
 * solution (ojAlgo takes the variables' values as its first incumbent when they are feasible; by
 * default "reject everything", for the hybrid the greedy plan).
 *
 * <p>While the search runs, ojAlgo's default strategy is observed through its node hooks ({@link
 * ObservedStrategy}): every new incumbent, and every {@value SearchMonitor#REPORT_EVERY} nodes, the
 * listener hears the incumbent, the bound, the gap and the node counts (fraction -1: the size of
 * the tree is unknown and the engine has no clock). The {@link SearchMonitor} keeps the best
 * incumbent's values itself, so a cancel or a timeout returns it, and raises the bound from the LP
 * relaxation's to the minimum over the open nodes (see there for why that is sound). A cancel is
 * passed on at the next node: the monitor sets the running search's time limit to zero, which
 * ojAlgo re-reads between nodes, and the solve returns the best incumbent with status CANCELLED.
 *
 * <p>We first solved in rounds of growing length, handing each round the previous incumbent, to
 * report progress during the search. With ojAlgo 57.1 that made the solver declare non-optimal
 * incumbents OPTIMAL (reproduced by {@code MilpPropertiesTest}: the MILP then accepted less work
 * than GREE while claiming optimality); a single observed run does not show it. ojAlgo also checks
 * its time limit only between nodes, so on models of a few thousand variables one LP solve can
 * overshoot the limit by seconds, and on timeout without any incumbent it answers INFEASIBLE or
 * FAILED rather than "no solution yet". So with a clocked budget both solves run on a daemon thread
 * that is abandoned at the deadline ({@link #bounded}); the monitor's incumbent is the answer.
 */
final class OjAlgoSolver {

  /** What a solve produced: our result and the best variable values (null without a solution). */
  record Outcome(SolverResult result, double[] values) {}

  private OjAlgoSolver() {}

  /** Maps every ojAlgo state to ours, explicitly. */
  static SolverStatus map(Optimisation.State state) {
    switch (state) {
      case OPTIMAL:
      case DISTINCT: // a unique solution, which is in particular optimal
        return SolverStatus.OPTIMAL;
      case FEASIBLE: // stopped by a limit with an incumbent
      case APPROXIMATE: // a solution within tolerances, not proven optimal
        return SolverStatus.FEASIBLE;
      case INFEASIBLE:
        return SolverStatus.INFEASIBLE;
      case UNBOUNDED:
        return SolverStatus.UNBOUNDED;
      case VALID: // the model is valid but no solution was found yet (stopped early)
      case UNEXPLORED: // stopped before exploring anything
      case INVALID: // the model itself is malformed
      case FAILED:
        return SolverStatus.FAILED;
      default:
        throw new IllegalStateException("unmapped solver state " + state);
    }
  }

  /** How often a clocked solve looks at its deadline and at the cancel flag. */
  static final long POLL_MILLIS = 20;

  /**
   * Polls a solve asked to stop is given to return by itself (ojAlgo then reports its own state and
   * solution) before it is abandoned: {@value} × {@value #POLL_MILLIS} ms, taken from the finishing
   * share the planner keeps back.
   */
  static final int GRACE_POLLS = 5;

  static Outcome solve(
      MilpFormulation f,
      double[] warmStart,
      CancellationToken cancel,
      ProgressListener progress,
      SolveBudget budget) {
    ExpressionsBasedModel model = f.model;
    MilpOptions opt = f.options;
    int threads = opt.threads();
    long limit = budget.millis();
    long lpBudget = Math.max(1, limit / 8);
    List<Variable> vars = model.getVariables();
    Deadline end = budget.end();

    // LP relaxation for the bound (its own budget, 1/8 of the solve's)
    double bound = Double.NaN;
    boolean lpCutShort = false;
    if (!cancel.isCancelled()) {
      ExpressionsBasedModel[] lp = new ExpressionsBasedModel[1];
      Optimisation.Result lr =
          bounded(
              () -> {
                lp[0] = model.copy();
                lp[0].relax(true);
                lp[0].options.time_abort = lpBudget;
                lp[0].options.time_suffice = Long.MAX_VALUE;
                return lp[0].minimise();
              },
              end.isSet() ? end.within(lpBudget) : end,
              () -> {
                if (lp[0] != null) lp[0].options.time_abort = 0;
              },
              cancel);
      if (lr == null) lpCutShort = true;
      else if (lr.getState().isOptimal()) bound = lr.getValue() + f.objectiveConstant();
      else if (lr.getState() == Optimisation.State.INFEASIBLE && !opt.allowRejection()) {
        return new Outcome(
            result(
                f,
                SolverStatus.INFEASIBLE,
                Double.NaN,
                Double.NaN,
                0,
                "the reservations cannot all be placed (even the LP relaxation is infeasible) and rejection is off"),
            null);
      }
    }

    SearchMonitor monitor =
        new SearchMonitor(
            f,
            warmStart,
            bound,
            progress,
            cancel,
            () -> model.options.time_abort = 0,
            threads == 1,
            budget.overall());
    model.options.integer(ObservedStrategy.strategy(threads, monitor, vars.size()));
    progress.progress(
        monitor.fraction(),
        String.format(
            Locale.ROOT,
            "MILP start%s: %d variables (%d integer), %d constraints; incumbent %s, bound %s%s",
            budget.overall().isSet() ? " at " + budget.overall().describe() : "",
            f.variableCount(),
            f.integerCount(),
            f.constraintCount(),
            SearchMonitor.num(monitor.bestObjective()),
            SearchMonitor.num(bound),
            lpCutShort ? " (the LP relaxation ran out of its time)" : ""));
    boolean optimal = false;
    boolean cancelled = cancel.isCancelled();
    SolverStatus failure = null;
    boolean crashed = false;
    boolean untrustedOptimal = false;
    boolean abandoned = false;
    String failureText = null;
    int done = 0;
    ScheduledExecutorService watcher = null;
    if (cancel != CancellationToken.NEVER && !ObservedStrategy.AVAILABLE && !end.isSet()) {
      // without the node hooks a watcher thread passes a cancel on to the solver
      watcher =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "milp-cancel-watch");
                t.setDaemon(true);
                return t;
              });
      watcher.scheduleWithFixedDelay(
          () -> {
            if (cancel.isCancelled()) {
              model.options.time_abort = 0;
            }
          },
          20,
          20,
          TimeUnit.MILLISECONDS);
    }
    try {
      if (!cancelled && end.expired()) {
        abandoned = true;
      } else if (!cancelled) {
        double[] start = monitor.best();
        if (start != null) {
          for (Variable v : vars) v.setValue(BigDecimal.valueOf(start[v.getIndex().index]));
        }
        model.options.time_abort =
            Math.max(
                1,
                end.isSet() ? Math.min(limit - lpBudget, end.remainingMillis()) : limit - lpBudget);
        // only an abort limit: a "suffice" limit lets ojAlgo stop with its incumbent, and what it
        // then labels the result is not reliable
        model.options.time_suffice = Long.MAX_VALUE;
        if (cancel.isCancelled()) model.options.time_abort = 0;
        Optimisation.Result res =
            bounded(model::minimise, end, () -> model.options.time_abort = 0, cancel);
        cancelled = cancel.isCancelled();
        if (res == null) {
          // the deadline (or a cancel) came while ojAlgo was inside one LP solve: its thread is
          // left
          // to finish that LP on its own and the best incumbent so far is the answer
          abandoned = true;
          monitor.close();
        } else {
          done++;
          SolverStatus s = map(res.getState());
          if (s == SolverStatus.OPTIMAL || s == SolverStatus.FEASIBLE) {
            double[] vals = new double[vars.size()];
            for (int j = 0; j < vals.length; j++) vals[j] = res.doubleValue(j);
            double before = monitor.bestObjective();
            boolean worseThanKnown =
                !Double.isNaN(before)
                    && f.objective(vals) > before + 1e-6 * Math.max(1, Math.abs(before));
            // the final answer is also an incumbent (the monitor keeps it only if it is better)
            monitor.integerSolution(vals);
            if (s == SolverStatus.OPTIMAL && worseThanKnown) {
              // ojAlgo 57.1 sometimes declares a solution optimal that is worse than one it saw
              // (the start, or an incumbent of this search): the claim is false; keep the better
              // one
              untrustedOptimal = true;
            } else if (s == SolverStatus.OPTIMAL) {
              optimal = true;
            }
          } else if (s == SolverStatus.UNBOUNDED) {
            failure = s;
            failureText = "ojAlgo reports the model unbounded";
          } else if (monitor.best() == null) {
            // ojAlgo also answers INFEASIBLE (or FAILED) when its time runs out before it has any
            // solution, so INFEASIBLE here is no proof
            failure = s;
            failureText =
                s == SolverStatus.INFEASIBLE
                    ? "ojAlgo found no feasible solution (it reports INFEASIBLE also when its time runs out first)"
                    : "ojAlgo stopped with state " + res.getState() + " and no solution";
          }
        }
      }
    } catch (RuntimeException e) {
      failure = SolverStatus.FAILED;
      failureText = "ojAlgo failed: " + e;
      crashed = true;
    } finally {
      if (watcher != null) watcher.shutdownNow();
    }
    monitor.close();
    double[] best = monitor.best();
    double bestObj = monitor.bestObjective();
    bound = monitor.bound();
    progress.progress(
        1.0,
        "MILP end"
            + (budget.overall().isSet() ? " at " + budget.overall().describe() : "")
            + ": "
            + monitor.summary());
    if (best == null) {
      SolverStatus s =
          cancelled ? SolverStatus.CANCELLED : failure == null ? SolverStatus.FAILED : failure;
      return new Outcome(
          result(
              f,
              s,
              Double.NaN,
              bound,
              done,
              failureText == null ? "no solution found within " + limit + " ms" : failureText),
          null);
    }
    if (optimal && !cancelled) {
      return new Outcome(
          result(f, SolverStatus.OPTIMAL, bestObj, bestObj, done, "proven optimal"), best);
    }
    if (!Double.isNaN(bound) && bestObj <= bound + 1e-6 * Math.max(1, Math.abs(bound))) {
      // the incumbent meets the bound: optimal even though the search did not finish
      return new Outcome(
          result(
              f,
              cancelled ? SolverStatus.CANCELLED : SolverStatus.OPTIMAL,
              bestObj,
              bestObj,
              done,
              "incumbent meets the lower bound"),
          best);
    }
    SolverStatus s = cancelled ? SolverStatus.CANCELLED : SolverStatus.FEASIBLE;
    String why =
        cancelled
            ? "cancelled; best solution so far"
            : crashed
                ? failureText + "; best solution so far"
                : untrustedOptimal
                    ? "ojAlgo claimed optimality for a solution worse than one it had seen (a solver defect); kept the better solution, optimality not proven"
                    : abandoned
                        ? "time limit of "
                            + limit
                            + " ms reached inside one LP solve, which was left to finish on its own; best solution so far"
                        : "time limit of " + limit + " ms reached; best solution so far";
    return new Outcome(result(f, s, bestObj, bound, done, why), best);
  }

  /**
   * Runs {@code work} and returns its result, or null when {@code end} passed (or a cancel came)
   * first. Without a clock ({@link Deadline#NONE}) the work runs on this thread and only ojAlgo's
   * own limit stops it. With one, it runs on a daemon thread while this one polls the deadline
   * every {@value #POLL_MILLIS} ms: at the deadline {@code stop} asks ojAlgo to stop (it re-reads
   * its time limit between nodes), and {@value #GRACE_POLLS} polls later the work is abandoned —
   * ojAlgo cannot be interrupted inside an LP solve, which on models of thousands of variables
   * takes seconds.
   */
  static <T> T bounded(Supplier<T> work, Deadline end, Runnable stop, CancellationToken cancel) {
    if (!end.isSet()) return work.get();
    CompletableFuture<T> out = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try {
                out.complete(work.get());
              } catch (Throwable e) {
                out.completeExceptionally(e);
              }
            },
            "milp-solver");
    t.setDaemon(true);
    t.start();
    int grace = -1;
    while (true) {
      try {
        return out.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (grace == 0) return null;
        if (grace > 0) grace--;
        else if (end.expired() || cancel.isCancelled()) {
          stop.run();
          grace = GRACE_POLLS;
        }
      } catch (InterruptedException e) {
        stop.run();
        Thread.currentThread().interrupt();
        return null;
      } catch (ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof RuntimeException re) throw re;
        if (c instanceof Error er) throw er;
        throw new IllegalStateException(c);
      }
    }
  }

  private static SolverResult result(
      MilpFormulation f, SolverStatus s, double obj, double bound, int rounds, String msg) {
    double b = Double.isNaN(bound) || Double.isNaN(obj) ? bound : Math.min(bound, obj);
    return new SolverResult(
        s,
        obj,
        b,
        SolverResult.gapOf(obj, b),
        f.variableCount(),
        f.integerCount(),
        f.constraintCount(),
        rounds,
        msg);
  }
}
