package io.rayon.bench;

import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushMetrics;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RushScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The RUSH paper's §V.B experiment ("RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times
 * in Shared Clouds", Figs. 4 and 6) in our simulator:
 *
 * <pre>
 * bench/run-rush-vb.sh [--seeds 5] [--jobs 100] [--factors 2,1.5,1] [--schedulers rush,fifo,edf,rrh] [--out FILE]
 * </pre>
 *
 * <p>A scheduler may carry options, {@code rush[estimator=mean;theta=0.5]}.
 *
 * <p>For each time-budget factor and each seed 1..{@code --seeds}, a §V.B workload ({@link
 * RushGenerator}, 48 containers) is simulated with every scheduler of {@link RushSchedulers} at its
 * defaults. Printed per factor, over all seeds' jobs together: mean and minimum utility,
 * zero-utility jobs, deadline misses, mean latency, the quartiles of Fig. 4's latency (completion
 * minus deadline) of the time-critical and time-sensitive jobs, per-class normalized utility (U /
 * U(0)), and the utility CDF at a few points (Fig. 6), as markdown.
 */
public final class RushVbExperiment {
  private RushVbExperiment() {}

  record Row(
      String scheduler, List<RushJobResult> jobs, List<RushMetrics> runs, double wallSeconds) {}

  public static void main(String[] args) throws IOException {
    Map<String, String> a = args(args);
    int seeds = Integer.parseInt(a.getOrDefault("--seeds", "5"));
    int jobs = Integer.parseInt(a.getOrDefault("--jobs", "100"));
    List<Double> factors =
        Arrays.stream(a.getOrDefault("--factors", "2,1.5,1").split(","))
            .map(Double::parseDouble)
            .toList();
    List<String> schedulers =
        Arrays.asList(
            a.getOrDefault("--schedulers", String.join(",", RushSchedulers.names())).split(","));
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "%d jobs per run, seeds 1..%d, 48 containers; every scheduler at its defaults.%n",
            jobs,
            seeds));
    for (double f : factors) {
      List<Row> rows = new ArrayList<>();
      for (String s : schedulers) {
        List<RushJobResult> all = new ArrayList<>();
        List<RushMetrics> runs = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int seed = 1; seed <= seeds; seed++) {
          RushScenario sc =
              RushGenerator.generate(
                  RushGenerator.Params.PAPER.withJobs(jobs).withSeed(seed).withBudgetFactor(f));
          RushRunResult r =
              RushSimulator.run(sc, create(s), ProgressListener.NONE, CancellationToken.NEVER);
          all.addAll(r.jobs());
          runs.add(r.metrics());
        }
        rows.add(new Row(s, all, runs, (System.nanoTime() - t0) / 1e9));
        System.err.printf(Locale.ROOT, "budget %.2fx %s done%n", f, s);
      }
      table(md, f, rows);
    }
    System.out.print(md);
    String out = a.get("--out");
    if (out != null) Files.writeString(Path.of(out), md.toString());
  }

  /** A scheduler by name, or {@code name[key=value;key=value]} with options. */
  static RushScheduler create(String spec) {
    int open = spec.indexOf('[');
    if (open < 0) return RushSchedulers.create(spec, Map.of());
    Map<String, String> o = new LinkedHashMap<>();
    for (String kv : spec.substring(open + 1, spec.length() - 1).split(";")) {
      String[] p = kv.split("=", 2);
      o.put(p[0], p[1]);
    }
    return RushSchedulers.create(spec.substring(0, open), o);
  }

  static void table(StringBuilder md, double factor, List<Row> rows) {
    md.append(
        String.format(Locale.ROOT, "%n#### Time budget %.2g x benchmarked runtime%n%n", factor));
    md.append(
        "| scheduler | mean U | min U | zero-U jobs | deadline misses | mean latency (s) | lateness crit+sens Q1 / median / Q3 (s) | wall s per run |\n");
    md.append("|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      RushMetrics m = RushMetrics.of(r.jobs());
      double[] late =
          r.jobs().stream()
              .filter(j -> !j.jobClass().equals(RushGenerator.INSENSITIVE))
              .mapToDouble(RushJobResult::lateness)
              .sorted()
              .toArray();
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.3f | %.3f | %s | %s | %.0f | %.0f / %.0f / %.0f | %.2f |%n",
              r.scheduler(),
              m.meanUtility(),
              m.minUtility(),
              pct(m.zeroUtilityJobs(), r.jobs().size()),
              pct(m.deadlineMisses(), r.jobs().size()),
              m.meanLatency(),
              q(late, 0.25),
              q(late, 0.5),
              q(late, 0.75),
              r.wallSeconds() / r.runs().size()));
    }
    md.append("\nNormalized utility U / U(0) by class (mean; zero-utility share):\n\n");
    md.append("| scheduler | critical | sensitive | insensitive |\n|---|---|---|---|\n");
    for (Row r : rows) {
      md.append("| ").append(r.scheduler());
      for (String c :
          List.of(RushGenerator.CRITICAL, RushGenerator.SENSITIVE, RushGenerator.INSENSITIVE)) {
        List<RushJobResult> js = r.jobs().stream().filter(j -> j.jobClass().equals(c)).toList();
        double mean =
            js.stream().mapToDouble(RushVbExperiment::normalized).average().orElse(Double.NaN);
        long zero = js.stream().filter(RushMetrics::isZero).count();
        md.append(String.format(Locale.ROOT, " | %.3f; %s", mean, pct(zero, js.size())));
      }
      md.append(" |\n");
    }
    md.append("\nUtility CDF (Fig. 6): share of jobs whose normalized utility is at most x:\n\n");
    double[] xs = {0.01, 0.25, 0.5, 0.75, 0.9, 0.99};
    md.append("| scheduler");
    for (double x : xs) md.append(String.format(Locale.ROOT, " | x = %.2f", x));
    md.append(" |\n|---");
    for (int i = 0; i < xs.length; i++) md.append("|---");
    md.append("|\n");
    for (Row r : rows) {
      double[] u = r.jobs().stream().mapToDouble(RushVbExperiment::normalized).sorted().toArray();
      md.append("| ").append(r.scheduler());
      for (double x : xs) {
        long k = Arrays.stream(u).filter(v -> v <= x).count();
        md.append(" | ").append(pct(k, u.length));
      }
      md.append(" |\n");
    }
  }

  static double normalized(RushJobResult j) {
    double max = j.utilityFunction().maxValue();
    return max > 0 ? j.utility() / max : 1;
  }

  static String pct(long k, int n) {
    return String.format(Locale.ROOT, "%d (%.0f%%)", k, n == 0 ? 0 : 100.0 * k / n);
  }

  static double q(double[] sorted, double p) {
    if (sorted.length == 0) return Double.NaN;
    double pos = p * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  private static Map<String, String> args(String[] args) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "usage: run-rush-vb.sh [--seeds N] [--jobs N] [--factors 2,1.5,1]"
                + " [--schedulers rush,fifo,edf,rrh] [--out FILE]; got '"
                + args[i]
                + "'");
      }
      m.put(args[i], args[++i]);
    }
    return m;
  }
}
