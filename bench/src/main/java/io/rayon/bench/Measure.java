package io.rayon.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Runs one contender on one workload: warm-up runs, then timed runs, within a global deadline. */
final class Measure {
  private Measure() {}

  static Result measure(Contender c, PreparedWorkload w, int warmup, int repeats, long deadlineNanos) {
    long lastRun = 0;
    int warmed = 0;
    for (int k = 0; k < warmup; k++) {
      if (!fits(deadlineNanos, lastRun)) break;
      long t0 = System.nanoTime();
      c.run(w);
      lastRun = System.nanoTime() - t0;
      warmed++;
    }
    List<Double> meanPerRequest = new ArrayList<>();
    List<long[]> all = new ArrayList<>();
    RunOutcome last = null;
    boolean deterministic = true;
    for (int k = 0; k < repeats; k++) {
      if (k > 0 && !fits(deadlineNanos, lastRun)) break;
      long t0 = System.nanoTime();
      RunOutcome o = c.run(w);
      lastRun = System.nanoTime() - t0;
      if (last != null && last.acceptedCount() != o.acceptedCount()) deterministic = false;
      last = o;
      all.add(o.nanos());
      meanPerRequest.add((double) o.totalNanos() / w.size());
    }
    double[] means = meanPerRequest.stream().mapToDouble(Double::doubleValue).toArray();
    int total = 0;
    for (long[] a : all) total += a.length;
    long[] pooled = new long[total];
    int p = 0;
    for (long[] a : all) {
      System.arraycopy(a, 0, pooled, p, a.length);
      p += a.length;
    }
    Arrays.sort(pooled);
    PlanStats stats = PlanStats.of(w, last);
    List<String> problems = new ArrayList<>(last.violations());
    if (!deterministic) problems.add("runs accepted different numbers of requests (nondeterministic planner)");
    return new Result(
        w.label(), c.name(), c instanceof RayonContender, w.size(), stats, median(means), percentile(pooled, 0.5),
        percentile(pooled, 0.99), warmed, means.length, problems, Double.NaN);
  }

  /** True when another run of about {@code lastRun} ns still ends before the deadline. */
  private static boolean fits(long deadline, long lastRun) {
    return System.nanoTime() + lastRun < deadline;
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) return Double.NaN;
    int i = (int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
    return sorted[i];
  }
}
