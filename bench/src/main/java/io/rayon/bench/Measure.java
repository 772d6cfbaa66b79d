package io.rayon.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the contenders on one workload. Warm-up: each contender repeats the whole workload, untimed,
 * until it has run at least {@code warmupRuns} times and for at least {@code warmupSeconds} of CPU
 * time spent placing ({@link CpuClock}, the part of a run that is timed; so a fast planner gets as
 * much JIT warm-up as a slow one). Warm-up runs skip the checks after the placement loop (reading
 * the allocations back, validating the plan): at one-second steps validating a plan of a day costs
 * far more than placing 100 requests, and when it counted towards the warm-up time the planner code
 * itself got too little warm-up to reach its compiled steady state. Timed runs are interleaved
 * round by round (every contender once per round) so that load from other processes falls on all of
 * them alike. Short workloads get extra rounds (see {@link #MIN_TIMED_NANOS}). Each run starts from
 * an empty plan and, when timed, from a collected heap ({@code System.gc()} before it, outside the
 * timed region). A global deadline cuts the timed rounds short (at least one is always run); the
 * number of runs is reported.
 *
 * <p><b>The warm figure.</b> Right after each timed run (and its checks) the same contender runs
 * the same workload once more, on a new empty plan but with no collection before it and no clock
 * read around each request ({@code run(w, false, false)}): its CPU time per request, median over
 * the rounds, is the row's warm figure ({@link Result#warmCpuNanos}). The timed run starts from a
 * collected heap, so it first reads the workload and its own code back into the processor's caches;
 * on a run of a few hundred microseconds that is a large part of the run, on one of tens of
 * milliseconds it is not, so it weighs on the faster side's ratio. The warm run shows what a
 * request costs once they are there. Its garbage collections (of its own garbage and the run's
 * before it) are charged to it, as in the timed run. It is reported beside the timed figure, never
 * instead of it.
 *
 * <p><b>The latencies' own run.</b> The per-request wall-clock times (the p50 and p99, and the wall
 * time per request) need the clock read before and after each request; two reads cost 50–80 ns,
 * which is 5–15% of a request of ours on (ii) run hot and less than the noise of an agent's
 * (docs/benchmarks.md, "The timed run without per-request clock reads"). So by default ({@link
 * Latencies#SEPARATE}) the timed run reads no clock around the requests (only the CPU clock around
 * the whole loop), and a third run of the same contender, from a collected heap, reads them; the
 * timed figure is then what the requests cost, the latencies what a caller waits. Every other
 * warm-up run then reads the clocks too, so that the code has run both ways before anything is
 * timed (a branch first taken in the latencies' run would otherwise send compiled code back to the
 * interpreter in the middle of the rounds). {@link Latencies#INLINE} is the harness's definition
 * until the first session of 2026-12-07: one timed run reads both, so the timed figure carries the
 * reads (kept to reproduce the older figures).
 */
final class Measure {
  /** Where the per-request clock reads are taken (see above). */
  enum Latencies {
    /** In a run of their own, after the timed and the warm run (the default). */
    SEPARATE,
    /** In the timed run itself (the definition until the first session of 2026-12-07). */
    INLINE;

    /** The value of {@code --latencies}: {@code separate} or {@code inline}. */
    static Latencies parse(String v) {
      return switch (v) {
        case "separate" -> SEPARATE;
        case "inline" -> INLINE;
        default ->
            throw new IllegalArgumentException(
                "--latencies '" + v + "': give separate (the default) or inline");
      };
    }
  }

  /**
   * The comparison's timed rounds go on (beyond the asked repeats) until they have taken this
   * long...
   */
  static final long MIN_TIMED_NANOS = 3_000_000_000L;

  /** ...but never beyond this many times the asked repeats. */
  static final int MAX_ROUNDS_FACTOR = 6;

  private Measure() {}

  static List<Result> measure(
      List<Contender> cs,
      PreparedWorkload w,
      int warmupRuns,
      double warmupSeconds,
      int repeats,
      long deadlineNanos) {
    return measure(cs, w, warmupRuns, warmupSeconds, repeats, deadlineNanos, 0, Latencies.SEPARATE);
  }

  /**
   * As above; timed rounds go on beyond {@code repeats} until they have taken {@code
   * minTimedNanos}; the latencies are read as {@code latencies} says.
   */
  static List<Result> measure(
      List<Contender> cs,
      PreparedWorkload w,
      int warmupRuns,
      double warmupSeconds,
      int repeats,
      long deadlineNanos,
      long minTimedNanos,
      Latencies latencies) {
    boolean inline = latencies == Latencies.INLINE;
    int m = cs.size();
    int[] warmed = new int[m];
    for (int c = 0; c < m; c++) {
      long spent = 0;
      long lastRun = 0;
      // warm-up may use at most half of what is left for this workload
      long warmupEnd =
          System.nanoTime() + Math.max(0, deadlineNanos - System.nanoTime()) / (2L * (m - c));
      while ((warmed[c] < warmupRuns || spent < warmupSeconds * 1e9) && fits(warmupEnd, lastRun)) {
        long t0 = System.nanoTime();
        // inline: the warm-up reads the clocks as the timed run does; separate: every other
        // warm-up run reads them, so the code is compiled for both kinds of run before the timing
        boolean clocks = inline || warmed[c] % 2 == 1;
        RunOutcome o = cs.get(c).run(w, false, clocks);
        lastRun = System.nanoTime() - t0;
        spent += o.cpuNanos();
        warmed[c]++;
      }
    }
    List<List<Double>> means = new ArrayList<>();
    List<List<Double>> cpuMeans = new ArrayList<>();
    List<List<Double>> warmMeans = new ArrayList<>();
    List<List<long[]>> pooled = new ArrayList<>();
    RunOutcome[] last = new RunOutcome[m];
    boolean[] nondeterministic = new boolean[m];
    for (int c = 0; c < m; c++) {
      means.add(new ArrayList<>());
      cpuMeans.add(new ArrayList<>());
      warmMeans.add(new ArrayList<>());
      pooled.add(new ArrayList<>());
    }
    long lastRound = 0;
    long timedStart = System.nanoTime();
    // at least `repeats` rounds; short workloads get more rounds (up to minTimedNanos of timed
    // rounds, at most MAX_ROUNDS_FACTOR × repeats), so their medians rest on more than a few ms
    for (int k = 0; k < repeats * MAX_ROUNDS_FACTOR; k++) {
      if (k >= repeats && System.nanoTime() - timedStart >= minTimedNanos) break;
      if (k > 0 && !fits(deadlineNanos, lastRound)) break;
      long r0 = System.nanoTime();
      for (int c = 0; c < m; c++) {
        // start every timed run from a collected heap, so a contender never pays (in the
        // collectors'
        // time it is charged) for the garbage the contender before it left behind
        System.gc();
        RunOutcome o = cs.get(c).run(w, true, inline);
        if (last[c] != null && last[c].acceptedCount() != o.acceptedCount())
          nondeterministic[c] = true;
        last[c] = o;
        cpuMeans.get(c).add((double) o.cpuNanos() / w.size());
        // the warm figure: the same contender again at once, without the clocks (see above)
        warmMeans.get(c).add((double) cs.get(c).run(w, false, false).cpuNanos() / w.size());
        RunOutcome clocked = o;
        if (!inline) {
          // the latencies' own run, from a collected heap as the timed run
          System.gc();
          clocked = cs.get(c).run(w, false, true);
        }
        means.get(c).add((double) clocked.totalNanos() / w.size());
        pooled.get(c).add(clocked.nanos());
      }
      lastRound = System.nanoTime() - r0;
    }
    List<Result> out = new ArrayList<>(m);
    for (int c = 0; c < m; c++) {
      double[] ms = means.get(c).stream().mapToDouble(Double::doubleValue).toArray();
      double[] cpu = cpuMeans.get(c).stream().mapToDouble(Double::doubleValue).toArray();
      double[] warm = warmMeans.get(c).stream().mapToDouble(Double::doubleValue).toArray();
      long[] all = concat(pooled.get(c));
      Arrays.sort(all);
      List<String> problems = new ArrayList<>(last[c].violations());
      if (nondeterministic[c])
        problems.add("runs accepted different numbers of requests (nondeterministic planner)");
      Contender con = cs.get(c);
      out.add(
          new Result(
              w.label(),
              con.name(),
              con instanceof RayonContender,
              w.size(),
              PlanStats.of(w, last[c]),
              median(cpu),
              median(ms),
              percentile(all, 0.5),
              percentile(all, 0.99),
              warmed[c],
              ms.length,
              problems,
              Double.NaN,
              last[c].accepted(),
              con instanceof HadoopContender ? OverCapacityCheck.fitted(w, last[c]) : -1,
              last[c].refusedWhy(),
              median(warm),
              Double.NaN));
    }
    return Result.withRatios(out);
  }

  private static long[] concat(List<long[]> parts) {
    int total = 0;
    for (long[] a : parts) total += a.length;
    long[] out = new long[total];
    int p = 0;
    for (long[] a : parts) {
      System.arraycopy(a, 0, out, p, a.length);
      p += a.length;
    }
    return out;
  }

  /** True when another stretch of about {@code expected} ns still ends before the deadline. */
  private static boolean fits(long deadline, long expected) {
    return System.nanoTime() + expected < deadline;
  }

  static double median(double[] v) {
    if (v.length == 0) return Double.NaN;
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
