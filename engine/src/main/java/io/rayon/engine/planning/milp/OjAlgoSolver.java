package io.rayon.engine.planning.milp;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.ojalgo.optimisation.integer.IntegerStrategy;

/**
 * Solves a {@link MilpFormulation} with ojAlgo's branch and bound. The only class that calls the
 * solver.
 *
 * <p>ojAlgo reports neither a bound nor its incumbent while it runs, and has no cancellation hook.
 * So we solve in <em>rounds</em> of growing length (1/8, 1/4, 1/2 … of the time limit, together
 * never more than the limit): before every round the best solution so far is handed to the solver
 * as its starting incumbent (ojAlgo takes the variables' values as a start when they are feasible),
 * after every round incumbent, bound and gap are reported to the {@link ProgressListener}. The bound
 * is the LP relaxation's optimum (solved once up front), or the objective itself once a round ends
 * optimal. Cancelling sets the running round's time limit to zero (ojAlgo re-reads it between
 * nodes), so the solve stops within one node and returns the incumbent with status CANCELLED.
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

  /** Round lengths in ms: 1/8, 1/4, 1/2 of the limit …, summing to the limit (at least one round). */
  static long[] rounds(long limitMs) {
    long first = Math.max(50, limitMs / 8);
    java.util.ArrayList<Long> out = new java.util.ArrayList<>();
    long left = limitMs;
    long r = first;
    while (left > 0) {
      long take = Math.min(r, left);
      if (left - take < first / 2) take = left;
      out.add(take);
      left -= take;
      r *= 2;
    }
    long[] a = new long[out.size()];
    for (int i = 0; i < a.length; i++) a[i] = out.get(i);
    return a;
  }

  static Outcome solve(
      MilpFormulation f, double[] warmStart, CancellationToken cancel, ProgressListener progress) {
    ExpressionsBasedModel model = f.model;
    MilpOptions opt = f.options;
    int threads = opt.threads();
    model.options.integer(IntegerStrategy.DEFAULT.withParallelism(() -> threads));
    long limit = opt.timeLimit().toMillis();
    long[] rounds = rounds(limit);
    List<Variable> vars = model.getVariables();

    // LP relaxation for the bound (its own budget: one first-round slice)
    double bound = Double.NaN;
    if (!cancel.isCancelled()) {
      ExpressionsBasedModel lp = model.copy();
      lp.relax(true);
      lp.options.time_abort = rounds[0];
      lp.options.time_suffice = rounds[0];
      Optimisation.Result lr = lp.minimise();
      if (lr.getState().isOptimal()) bound = lr.getValue() + f.objectiveConstant();
      else if (lr.getState() == Optimisation.State.INFEASIBLE && !opt.allowRejection()) {
        return new Outcome(result(f, SolverStatus.INFEASIBLE, Double.NaN, Double.NaN, 0,
            "the reservations cannot all be placed (even the LP relaxation is infeasible) and rejection is off"), null);
      }
    }

    double[] best = warmStart;
    double bestObj = best == null ? Double.NaN : f.objective(best);
    boolean optimal = false;
    boolean cancelled = false;
    SolverStatus failure = null;
    boolean crashed = false;
    String failureText = null;
    int done = 0;
    ScheduledExecutorService watcher = null;
    if (cancel != CancellationToken.NEVER) {
      watcher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "milp-cancel-watch");
        t.setDaemon(true);
        return t;
      });
      watcher.scheduleWithFixedDelay(() -> {
        if (cancel.isCancelled()) {
          model.options.time_abort = 0;
          model.options.time_suffice = 0;
        }
      }, 20, 20, TimeUnit.MILLISECONDS);
    }
    try {
      for (int i = 0; i < rounds.length; i++) {
        if (cancel.isCancelled()) {
          cancelled = true;
          break;
        }
        if (best != null) {
          for (Variable v : vars) v.setValue(BigDecimal.valueOf(best[v.getIndex().index]));
        }
        model.options.time_abort = rounds[i];
        model.options.time_suffice = rounds[i];
        if (cancel.isCancelled()) model.options.time_abort = 0;
        Optimisation.Result res = model.minimise();
        done++;
        SolverStatus s = map(res.getState());
        if (s == SolverStatus.OPTIMAL || s == SolverStatus.FEASIBLE) {
          double[] vals = new double[vars.size()];
          for (int j = 0; j < vals.length; j++) vals[j] = res.doubleValue(j);
          double obj = f.objective(vals);
          if (best == null || obj < bestObj - 1e-9) {
            best = vals;
            bestObj = obj;
          }
          if (s == SolverStatus.OPTIMAL) {
            optimal = true;
            break;
          }
        } else if (s == SolverStatus.UNBOUNDED) {
          failure = s;
          failureText = "ojAlgo reports the model unbounded";
          break;
        } else if (best == null) {
          // ojAlgo also answers INFEASIBLE (or FAILED) when its time runs out before it has any
          // solution, so a round's INFEASIBLE is no proof: remember it and try the next round
          failure = s;
          failureText = s == SolverStatus.INFEASIBLE
              ? "ojAlgo found no feasible solution (it reports INFEASIBLE also when its time runs out first)"
              : "ojAlgo stopped with state " + res.getState() + " and no solution";
        }
        if (cancel.isCancelled()) {
          cancelled = true;
          break;
        }
        progress.progress(
            (double) (i + 1) / rounds.length,
            String.format(Locale.ROOT, "MILP round %d/%d: incumbent %s, bound %s, gap %s",
                i + 1, rounds.length, num(bestObj), num(bound), pct(SolverResult.gapOf(bestObj, bound))));
      }
    } catch (RuntimeException e) {
      failure = SolverStatus.FAILED;
      failureText = "ojAlgo failed: " + e;
      crashed = true;
    } finally {
      if (watcher != null) watcher.shutdownNow();
    }
    if (best == null) {
      SolverStatus s = cancelled ? SolverStatus.CANCELLED : failure == null ? SolverStatus.FAILED : failure;
      return new Outcome(result(f, s, Double.NaN, bound, done,
          failureText == null ? "no solution found within " + limit + " ms" : failureText), null);
    }
    if (optimal && !cancelled) {
      return new Outcome(result(f, SolverStatus.OPTIMAL, bestObj, bestObj, done, "proven optimal"), best);
    }
    if (!Double.isNaN(bound) && bestObj <= bound + 1e-6 * Math.max(1, Math.abs(bound))) {
      // the incumbent meets the LP bound: optimal even though the search did not finish
      return new Outcome(result(f, cancelled ? SolverStatus.CANCELLED : SolverStatus.OPTIMAL, bestObj, bestObj, done,
          "incumbent meets the LP relaxation bound"), best);
    }
    SolverStatus s = cancelled ? SolverStatus.CANCELLED : SolverStatus.FEASIBLE;
    String why = cancelled ? "cancelled; best solution so far"
        : crashed ? failureText + "; best solution so far"
        : "time limit of " + limit + " ms reached; best solution so far";
    return new Outcome(result(f, s, bestObj, bound, done, why), best);
  }

  private static SolverResult result(MilpFormulation f, SolverStatus s, double obj, double bound, int rounds, String msg) {
    double b = Double.isNaN(bound) || Double.isNaN(obj) ? bound : Math.min(bound, obj);
    return new SolverResult(s, obj, b, SolverResult.gapOf(obj, b), f.variableCount(), f.integerCount(),
        f.constraintCount(), rounds, msg);
  }

  private static String num(double d) {
    return Double.isNaN(d) ? "none" : String.format(Locale.ROOT, "%.2f", d);
  }

  private static String pct(double d) {
    return Double.isNaN(d) ? "unknown" : String.format(Locale.ROOT, "%.1f%%", 100 * d);
  }
}
