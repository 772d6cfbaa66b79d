package io.rayon.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines the results of the same comparison run in N JVMs one after another ({@code --jvms N}):
 * within one JVM each figure is already the median of its timed rounds ({@link Measure}), but heap
 * layout and compilation state move a whole JVM's figures together by up to 1.7×, so a figure that
 * must survive a sceptical reader is the median over several JVMs.
 *
 * <p>Per (workload, contender) row: the median over the JVMs of each timed figure (CPU time per
 * request, the warm CPU time per request, wall time per request, wall p50 and p99); the CPU
 * figure's min and max across the JVMs; the speed ratio computed from the medians (the faster
 * Hadoop agent is the one with the lowest MEDIAN CPU time, {@link Result#withRatios}), and the min
 * and max across the JVMs of the ratio each JVM measured within itself, with those ratios' median
 * and how many reach {@link #TARGET}×. Acceptance, preemption, uniformity, plan problems, refusals
 * and the acceptance differences are deterministic: they are the first JVM's, after checking that
 * every JVM ran the same rows and accepted the same number of requests in each (a mismatch is a
 * bug, refused naming the workload and contender). The warm-up and timed run counts are the fewest
 * any JVM ran. With N = 1 the rows and differences are the JVM's own, unchanged.
 */
final class JvmMedians {
  private JvmMedians() {}

  /**
   * The CPU time per request's and the speed ratio's min and max over the JVMs of one row; the
   * median of the ratios each JVM measured within itself (which may differ from the ratio of the
   * medians, {@link Result#speedup}, since a JVM moves both sides' figures together), and in how
   * many JVMs that ratio reached the target of {@link #TARGET}×. The ratio figures are NaN,
   * and the count 0, for Hadoop's rows.
   */
  record Spread(
      double cpuMin,
      double cpuMax,
      double ratioMin,
      double ratioMax,
      double ratioMedian,
      int jvmsAtTarget) {}

  /** The speed ratio the Planner quality issue asks for (at least 100× the faster agent). */
  static final double TARGET = 100;

  /**
   * The combined rows (medians; ratios from the medians), the first JVM's acceptance differences,
   * each row's spread keyed by {@link #key}, and the number of JVMs.
   */
  record Combined(
      List<Result> rows, List<AcceptanceDiff> diffs, Map<String, Spread> spread, int jvms) {
    Combined {
      rows = List.copyOf(rows);
      diffs = List.copyOf(diffs);
      spread = Map.copyOf(spread);
    }

    Spread spreadOf(Result r) {
      return spread.get(key(r.workload(), r.planner()));
    }
  }

  static String key(String workload, String planner) {
    return workload + "\u0000" + planner;
  }

  /**
   * Combines the runs of N ≥ 1 JVMs, in the order they ran.
   *
   * @throws IllegalStateException when the JVMs ran different rows or accepted different numbers of
   *     requests in a row, naming the workload and contender
   */
  static Combined combine(List<JvmRun> runs) {
    if (runs.isEmpty()) throw new IllegalArgumentException("no JVM runs to combine");
    int n = runs.size();
    List<Result> first = runs.get(0).rows();
    for (int j = 1; j < n; j++) {
      List<Result> other = runs.get(j).rows();
      for (int i = 0; i < Math.max(first.size(), other.size()); i++) {
        Result a = i < first.size() ? first.get(i) : null;
        Result b = i < other.size() ? other.get(i) : null;
        if (a == null
            || b == null
            || !a.workload().equals(b.workload())
            || !a.planner().equals(b.planner())) {
          throw new IllegalStateException(
              "JVM "
                  + (j + 1)
                  + " of "
                  + n
                  + " ran different rows than JVM 1: row "
                  + (i + 1)
                  + " is "
                  + describe(b)
                  + " there and "
                  + describe(a)
                  + " in JVM 1 (a bug: every JVM runs the same arguments)");
        }
        if (a.stats().accepted() != b.stats().accepted()) {
          throw new IllegalStateException(
              a.planner()
                  + " on "
                  + a.workload()
                  + " accepted "
                  + a.stats().accepted()
                  + " of "
                  + a.requests()
                  + " requests in JVM 1 but "
                  + b.stats().accepted()
                  + " in JVM "
                  + (j + 1)
                  + " of "
                  + n
                  + " (a bug: the decisions must not depend on the JVM)");
        }
      }
    }
    // the medians, row by row; ratios recomputed per workload from the medians
    Map<String, List<Result>> byWorkload = new LinkedHashMap<>();
    for (int i = 0; i < first.size(); i++) {
      Result f = first.get(i);
      double[] cpu = new double[n];
      double[] mean = new double[n];
      double[] p50 = new double[n];
      double[] p99 = new double[n];
      double[] warmCpu = new double[n];
      int warm = Integer.MAX_VALUE;
      int timed = Integer.MAX_VALUE;
      for (int j = 0; j < n; j++) {
        Result r = runs.get(j).rows().get(i);
        cpu[j] = r.cpuNanos();
        mean[j] = r.meanNanos();
        p50[j] = r.p50Nanos();
        p99[j] = r.p99Nanos();
        warmCpu[j] = r.warmCpuNanos();
        warm = Math.min(warm, r.warmupRuns());
        timed = Math.min(timed, r.timedRuns());
      }
      Result m =
          new Result(
              f.workload(),
              f.planner(),
              f.isOurs(),
              f.requests(),
              f.stats(),
              Measure.median(cpu),
              Measure.median(mean),
              Measure.median(p50),
              Measure.median(p99),
              warm,
              timed,
              f.violations(),
              Double.NaN,
              f.accepted(),
              f.overCapacityFitted(),
              f.refusedWhy(),
              Measure.median(warmCpu),
              Double.NaN);
      byWorkload.computeIfAbsent(f.workload(), k -> new ArrayList<>()).add(m);
    }
    List<Result> rows = new ArrayList<>(first.size());
    for (List<Result> w : byWorkload.values()) rows.addAll(Result.withRatios(w));
    Map<String, Spread> spread = new LinkedHashMap<>();
    for (int i = 0; i < first.size(); i++) {
      double cpuMin = Double.POSITIVE_INFINITY;
      double cpuMax = Double.NEGATIVE_INFINITY;
      double ratioMin = Double.NaN;
      double ratioMax = Double.NaN;
      double[] ratios = new double[n];
      int rated = 0;
      int atTarget = 0;
      for (JvmRun run : runs) {
        Result r = run.rows().get(i);
        cpuMin = Math.min(cpuMin, r.cpuNanos());
        cpuMax = Math.max(cpuMax, r.cpuNanos());
        double s = r.speedup();
        if (!Double.isNaN(s)) {
          ratioMin = Double.isNaN(ratioMin) ? s : Math.min(ratioMin, s);
          ratioMax = Double.isNaN(ratioMax) ? s : Math.max(ratioMax, s);
          ratios[rated++] = s;
          if (s >= TARGET) atTarget++;
        }
      }
      double ratioMedian = rated == 0 ? Double.NaN : Measure.median(Arrays.copyOf(ratios, rated));
      Result f = first.get(i);
      spread.put(
          key(f.workload(), f.planner()),
          new Spread(cpuMin, cpuMax, ratioMin, ratioMax, ratioMedian, atTarget));
    }
    return new Combined(rows, runs.get(0).diffs(), spread, n);
  }

  private static String describe(Result r) {
    return r == null ? "missing" : r.planner() + " on " + r.workload();
  }
}
