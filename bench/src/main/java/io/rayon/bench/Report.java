package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results as a Markdown table with the machine, JDK, date and command it ran with. */
final class Report {
  private Report() {}

  /** The 1-, 5- and 15-minute load averages (Linux), or "unknown". */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /**
   * The headline table (per workload and contender: acceptance by count and by work, CPU time per
   * request, ratio against the faster Hadoop agent), the acceptance differences against the better
   * agent, then every figure measured; each preceded by the settings it ran with.
   */
  static String markdown(
      List<Result> rows,
      List<AcceptanceDiff> diffs,
      HadoopComparison.Options o,
      LocalDate date,
      String loadBefore,
      String loadAfter) {
    return markdown(rows, diffs, null, List.of(), o, date, loadBefore, loadAfter);
  }

  /**
   * As above for medians over several JVMs ({@code --jvms N}): the rows and differences of {@code
   * c}, a paragraph saying how they were combined with each JVM's wall time ({@code wallSeconds},
   * in the order they ran), and beside the CPU time and the speed ratio their min–max over the
   * JVMs.
   */
  static String markdown(
      JvmMedians.Combined c,
      List<Double> wallSeconds,
      HadoopComparison.Options o,
      LocalDate date,
      String loadBefore,
      String loadAfter) {
    return markdown(c.rows(), c.diffs(), c, wallSeconds, o, date, loadBefore, loadAfter);
  }

  private static String markdown(
      List<Result> rows,
      List<AcceptanceDiff> diffs,
      JvmMedians.Combined jvms,
      List<Double> wallSeconds,
      HadoopComparison.Options o,
      LocalDate date,
      String loadBefore,
      String loadAfter) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "Machine: %d cores, %s %s (%s), %s %s; max heap %d MB. Date: %s. Seed %d, step %d s, sharing policy %s on both sides, %d users (request i from user i mod %d, same arrival order for all), trace %s, Hadoop agents at favor-early-allocation=true unless named -late; warm-up %d runs and %.0f s per planner, repeats %d. Load average (1/5/15 min) before: %s, after: %s. CPU time/request: the timed runs, each from a collected heap%s; warm: a run right after each timed one by the same contender, with no collection before it and no clock read per request.%n%n",
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.vm.name"),
            System.getProperty("java.runtime.version"),
            System.getProperty("java.vendor"),
            System.getProperty("os.name"),
            System.getProperty("os.arch"),
            Runtime.getRuntime().maxMemory() >> 20,
            date,
            o.seed(),
            o.stepSeconds(),
            o.policy(),
            o.users(),
            o.users(),
            o.trace() != null
                ? o.trace().getFileName()
                : o.swim() == null ? "none" : o.swim().getFileName(),
            o.warmup(),
            o.warmupSeconds(),
            o.repeats(),
            loadBefore,
            loadAfter,
            o.latencies() == Measure.Latencies.INLINE
                ? " and with the wall clock read around each request (--latencies inline); wall"
                    + " times, p50 and p99 from those reads"
                : ", with no clock read per request; wall times, p50 and p99 from a run of their"
                    + " own by the same contender from a collected heap (--latencies separate)"));
    if (jvms != null) {
      int n = jvms.jvms();
      StringBuilder walls = new StringBuilder();
      for (int k = 0; k < wallSeconds.size(); k++) {
        if (k > 0) walls.append(", ");
        walls.append(
            String.format(Locale.ROOT, "JVM %d: %.0f s", k + 1, (double) wallSeconds.get(k)));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "**Medians over %d JVMs**, run one after another, each a fresh JVM with the same"
                  + " options and arguments (wall time %s). Within a JVM each figure is the median"
                  + " of its timed rounds; per row the timed figures are the median of the %d JVMs'"
                  + " figures, with the CPU time's min–max over the JVMs beside it; the speed ratio"
                  + " is computed from the medians (the faster agent is the one with the lowest"
                  + " median), with the min–max over the JVMs of the ratio each JVM measured within"
                  + " itself, the median of those per-JVM ratios (it can differ from the ratio of the"
                  + " medians, since a JVM moves both sides' figures together) and in how many JVMs"
                  + " that ratio reached %s. Acceptance, preemption, uniformity, plan problems,"
                  + " refusals and the acceptance differences are the first JVM's (every JVM"
                  + " accepted as many requests in every row; checked); runs: the fewest any JVM"
                  + " ran.%n%n",
              n,
              walls,
              n,
              target()));
      sb.append(
          String.format(
              Locale.ROOT,
              "| workload | planner | acceptance | by work | CPU time/request (median over %d JVMs)"
                  + " | CPU time/request (min–max over %d JVMs) | × faster than the faster Hadoop"
                  + " agent (CPU, from the medians) | × faster (min–max over %d JVMs, ratio within"
                  + " each JVM) | × faster (median of each JVM's own ratio) | JVMs at ≥ %s |"
                  + " warm: CPU time/request (median over %d JVMs) | warm: × faster (from the"
                  + " medians) |%n",
              n,
              n,
              n,
              target(),
              n));
      sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Result r : rows) {
        JvmMedians.Spread s = jvms.spreadOf(r);
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %.1f%% | %.1f%% | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                r.workload(),
                r.planner(),
                100 * r.stats().acceptance(),
                100 * r.stats().weightedAcceptance(),
                Result.time(r.cpuNanos()),
                timeRange(s),
                ratio(r),
                ratioRange(s),
                ratio(s.ratioMedian()),
                atTarget(s, n),
                Result.time(r.warmCpuNanos()),
                ratio(r.warmSpeedup())));
      }
    } else {
      sb.append(
          "| workload | planner | acceptance | by work | CPU time/request | × faster than the faster Hadoop agent (CPU) | warm: CPU time/request | warm: × faster |\n");
      sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
      for (Result r : rows) {
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %.1f%% | %.1f%% | %s | %s | %s | %s |%n",
                r.workload(),
                r.planner(),
                100 * r.stats().acceptance(),
                100 * r.stats().weightedAcceptance(),
                Result.time(r.cpuNanos()),
                ratio(r),
                Result.time(r.warmCpuNanos()),
                ratio(r.warmSpeedup())));
      }
    }
    sb.append(targets(rows));
    if (!diffs.isEmpty()) {
      sb.append(
          "\nAccepted by one and rejected by the other (better Hadoop agent = most accepted by count, ties by work;"
              + " work in bundle-steps; Δ = ours minus the agent's, in percentage points):\n\n");
      sb.append(
          "| workload | ours | better Hadoop agent | Δ count | Δ work | Δ work vs the agent best by work | only ours accepts | of those, the agent's own allocation over capacity | only the agent accepts | both |\n");
      sb.append("|---|---|---|---:|---:|---:|---|---:|---|---:|\n");
      for (AcceptanceDiff d : diffs) {
        Result ours = find(rows, d.workload(), d.ours());
        Result h = find(rows, d.workload(), d.hadoop());
        Result hw = Result.bestHadoopByWork(rows, d.workload());
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %+.1f | %+.1f | %+.1f (%s) | %s | %d | %s | %d |%n",
                d.workload(),
                d.ours(),
                d.hadoop(),
                100 * (ours.stats().acceptance() - h.stats().acceptance()),
                100 * (ours.stats().weightedAcceptance() - h.stats().weightedAcceptance()),
                100 * (ours.stats().weightedAcceptance() - hw.stats().weightedAcceptance()),
                hw.planner(),
                d.onlyOurs().text(),
                d.onlyOursOverCapacity(),
                d.onlyHadoop().text(),
                d.both()));
      }
    }
    boolean refused = false;
    for (Result r : rows) refused |= !r.refusals().isEmpty();
    if (refused) {
      sb.append(
          "\nWhy Hadoop's agents refused requests (what `createReservation` threw, last timed run;"
              + " \"its own allocation over capacity\": the agent's allocation would overcommit the plan, which"
              + " refused it; \"of those, room in its plan\": how many of them greel-plus could place on the"
              + " agent's plan as it stood, under the same policy):\n\n");
      sb.append(
          "| workload | agent | refused | why | over capacity, of those room in its plan |\n");
      sb.append("|---|---|---:|---|---:|\n");
      for (Result r : rows) {
        if (r.isOurs() || r.refusals().isEmpty()) continue;
        int n = 0;
        for (int c : r.refusals().values()) n += c;
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %d | %s | %s |%n",
                r.workload(),
                r.planner(),
                n,
                r.refusalsText(),
                r.overCapacityFitted() < 0
                    ? "-"
                    : r.overCapacityFitted()
                        + " of "
                        + r.refusals().getOrDefault(Refusal.OVER_CAPACITY, 0)));
      }
    }
    if (jvms == null) {
      sb.append("\nEvery figure:\n\n");
      sb.append(
          "| workload | planner | accepted | acceptance | by work | preemption | uniformity | CPU time/request | wall time/request | wall p50 | wall p99 | × faster than the faster Hadoop agent (CPU) | warm: CPU time/request | warm: × faster | runs (warm-up+timed) | plan problems |\n");
      sb.append(
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    } else {
      int n = jvms.jvms();
      sb.append(
          String.format(
              Locale.ROOT, "\nEvery figure (timed figures: medians over %d JVMs):\n\n", n));
      sb.append(
          String.format(
              Locale.ROOT,
              "| workload | planner | accepted | acceptance | by work | preemption | uniformity | CPU"
                  + " time/request | CPU min–max over %d JVMs | wall time/request | wall p50 | wall"
                  + " p99 | × faster than the faster Hadoop agent (CPU) | × min–max over %d JVMs |"
                  + " warm: CPU time/request | warm: × faster | runs (warm-up+timed, fewest of any"
                  + " JVM) | plan problems |%n",
              n,
              n));
      sb.append(
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    }
    // one row layout; over several JVMs the CPU time and the ratio each get their min–max beside
    for (Result r : rows) {
      JvmMedians.Spread s = jvms == null ? null : jvms.spreadOf(r);
      List<String> cells = new ArrayList<>();
      cells.add(r.workload());
      cells.add(r.planner());
      cells.add(r.stats().accepted() + "/" + r.requests());
      cells.add(String.format(Locale.ROOT, "%.1f%%", 100 * r.stats().acceptance()));
      cells.add(String.format(Locale.ROOT, "%.1f%%", 100 * r.stats().weightedAcceptance()));
      cells.add(String.format(Locale.ROOT, "%.3f", r.stats().preemption()));
      cells.add(String.format(Locale.ROOT, "%.3f", r.stats().uniformity()));
      cells.add(Result.time(r.cpuNanos()));
      if (s != null) cells.add(timeRange(s));
      cells.add(Result.time(r.meanNanos()));
      cells.add(Result.time(r.p50Nanos()));
      cells.add(Result.time(r.p99Nanos()));
      cells.add(ratio(r));
      if (s != null) cells.add(ratioRange(s));
      cells.add(Result.time(r.warmCpuNanos()));
      cells.add(ratio(r.warmSpeedup()));
      cells.add(r.warmupRuns() + "+" + r.timedRuns());
      cells.add(Integer.toString(r.violations().size()));
      sb.append(String.format(Locale.ROOT, "| %s |%n", String.join(" | ", cells)));
    }
    return sb.toString();
  }

  /**
   * Issue 19's item 3, planner by planner: for each of our planners on each workload where an agent
   * ran, whether it accepts at least as many requests as the better agent ({@link
   * Result#betterHadoop}) and at least the work of the agent best by work ({@link
   * Result#bestHadoopByWork}), as {@code bench/run-acceptance-sweep.sh} judges a pair, and whether
   * its speed ratio (the headline's: over several JVMs, from the medians) reaches {@link #target}.
   * A plan with validator problems misses. {@code commit-only} is a floor, not a planner, and is
   * left out. Empty when no row has an agent beside it.
   */
  static String targets(List<Result> rows) {
    StringBuilder body = new StringBuilder();
    for (Result r : rows) {
      if (!r.isOurs() || r.planner().equals(CommitOnly.NAME)) continue;
      Result byCount = Result.betterHadoop(rows, r.workload());
      Result byWork = Result.bestHadoopByWork(rows, r.workload());
      if (byCount == null || byWork == null) continue;
      List<String> missed = new ArrayList<>();
      if (r.stats().accepted() < byCount.stats().accepted()) missed.add("by count");
      if (r.stats().weightedAcceptance() < byWork.stats().weightedAcceptance())
        missed.add("by work");
      boolean timed = !Double.isNaN(r.speedup());
      if (timed && r.speedup() < JvmMedians.TARGET) missed.add("speed");
      if (!r.violations().isEmpty()) missed.add(r.violations().size() + " plan problems");
      String verdict;
      if (!missed.isEmpty()) verdict = "**missed**: " + String.join(", ", missed);
      else verdict = timed ? "met" : "met by count and by work; speed not measured";
      body.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d / %d (%s) | %.1f%% / %.1f%% (%s) | %s | %s |%n",
              r.workload(),
              r.planner(),
              r.stats().accepted(),
              byCount.stats().accepted(),
              byCount.planner(),
              100 * r.stats().weightedAcceptance(),
              100 * byWork.stats().weightedAcceptance(),
              byWork.planner(),
              ratio(r),
              verdict));
    }
    if (body.length() == 0) return "";
    return String.format(
            Locale.ROOT,
            "%nAgainst issue 19's targets (item 3): at least the better Hadoop agent by count (most"
                + " accepted, ties by work), at least the agent best by work, and a speed ratio of at least"
                + " %s against the faster agent (CPU, the ratio above):%n%n",
            target())
        + "| workload | planner | accepted: ours / better agent (which) | by work: ours / best"
        + " agent (which) | × faster | targets |\n"
        + "|---|---|---:|---:|---:|---|\n"
        + body;
  }

  private static String ratio(Result r) {
    return ratio(r.speedup());
  }

  static String ratio(double speedup) {
    if (Double.isNaN(speedup)) return "—";
    // below 1 (slower than the agent) two significant digits, so 1/60 reads 0.017×, not 0.0×
    return String.format(Locale.ROOT, speedup < 1 ? "%.2g×" : "%.1f×", speedup);
  }

  /** A row's CPU time per request over the JVMs, e.g. {@code 2.61–4.29 µs}. */
  static String timeRange(JvmMedians.Spread s) {
    String lo = Result.time(s.cpuMin());
    String hi = Result.time(s.cpuMax());
    int sp = lo.indexOf(' ');
    // one unit when both ends share it
    if (sp > 0 && hi.endsWith(lo.substring(sp))) return lo.substring(0, sp) + "–" + hi;
    return lo + " – " + hi;
  }

  /** A row's speed ratio over the JVMs, e.g. {@code 82.4–123.0×}; "—" for Hadoop's rows. */
  static String ratioRange(JvmMedians.Spread s) {
    if (Double.isNaN(s.ratioMin())) return "—";
    String lo = ratio(s.ratioMin());
    return lo.substring(0, lo.length() - 1) + "–" + ratio(s.ratioMax());
  }

  /** The speed target as the tables write it: {@code 100×} ({@link JvmMedians#TARGET}). */
  static String target() {
    return String.format(Locale.ROOT, "%.0f×", JvmMedians.TARGET);
  }

  /**
   * In how many of the n JVMs a row's own ratio reached {@link #target}, e.g. {@code 3 of 5}; "—"
   * for Hadoop's rows.
   */
  static String atTarget(JvmMedians.Spread s, int n) {
    if (Double.isNaN(s.ratioMin())) return "—";
    return s.jvmsAtTarget() + " of " + n;
  }

  private static Result find(List<Result> rows, String workload, String planner) {
    for (Result r : rows)
      if (r.workload().equals(workload) && r.planner().equals(planner)) return r;
    throw new IllegalArgumentException("no row for " + planner + " on " + workload);
  }
}
