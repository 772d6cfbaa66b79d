package io.rayon.bench;

import io.rayon.engine.federation.Federation;
import io.rayon.engine.federation.FederationGenerator;
import io.rayon.engine.federation.FederationMetrics;
import io.rayon.engine.federation.FederationRun;
import io.rayon.engine.federation.Routing;
import io.rayon.engine.federation.SharePolicies;
import io.rayon.engine.federation.SharePolicy;
import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The Hydra paper's Fig. 5 experiment and its speed target, on generated federations:
 *
 * <pre>
 * bench/run-federation-experiments.sh [--setups 300] [--seed 1] [--min-subclusters 10] [--max-subclusters 40]
 *     [--nodes-per-subcluster 250] [--max-queues 1000] [--speed-decisions 40] [--out FILE]
 * </pre>
 *
 * <p>Part 1: {@code --setups} seeded setups ({@link FederationGenerator}), each with a number of
 * sub-clusters drawn from the given range, about {@code --nodes-per-subcluster} nodes per
 * sub-cluster, 50 to {@code --max-queues} queues, demand skew drawn from 0.5 to 1.5; every share
 * policy decides once on each and is measured against the fairness oracle; printed are the 5/25/50/
 * 75/95th percentiles of utilization and fairness error per policy (Fig. 5's boxes), then the same
 * setups with one RM down and 5% of machines unavailable, and what that costs.
 *
 * <p>Part 2: GIF on 20 sub-clusters, 50,000 nodes and 5,000 queues: decisions after a warm-up, each
 * timed by the wall clock and by the thread's CPU time ({@link CpuClock}); the target is 30 ms per
 * decision.
 */
public final class FederationExperiment {
  private FederationExperiment() {}

  static final double[] PCT = {5, 25, 50, 75, 95};

  /**
   * A row of the tables: a registered policy with options, optionally with opportunistic containers
   * counted.
   */
  record Variant(String label, String policy, Map<String, String> options, boolean opportunistic) {
    SharePolicy create() {
      return SharePolicies.REGISTRY.create(policy, options);
    }
  }

  /**
   * Every registered policy with its defaults, then our other readings and GAC with opportunistic
   * containers (the paper's footnote 8).
   */
  static List<Variant> variants() {
    List<Variant> v = new ArrayList<>();
    for (String n : SharePolicies.REGISTRY.names()) v.add(new Variant(n, n, Map.of(), false));
    v.add(new Variant("gif any-requests=routed", "gif", Map.of("any-requests", "routed"), false));
    v.add(new Variant("gac + opportunistic", "gac", Map.of(), true));
    return v;
  }

  public static void main(String[] args) throws IOException {
    Map<String, String> a = args(args);
    int setups = Integer.parseInt(a.getOrDefault("--setups", "300"));
    long seed = Long.parseLong(a.getOrDefault("--seed", "1"));
    int minSc = Integer.parseInt(a.getOrDefault("--min-subclusters", "10"));
    int maxSc = Integer.parseInt(a.getOrDefault("--max-subclusters", "40"));
    int perSc = Integer.parseInt(a.getOrDefault("--nodes-per-subcluster", "250"));
    int maxQueues = Integer.parseInt(a.getOrDefault("--max-queues", "1000"));
    int decisions = Integer.parseInt(a.getOrDefault("--speed-decisions", "40"));
    String out = a.get("--out");
    StringBuilder md = new StringBuilder();
    long t0 = System.nanoTime();
    distributions(md, setups, seed, minSc, maxSc, perSc, maxQueues);
    long t1 = System.nanoTime();
    speed(md, decisions);
    long t2 = System.nanoTime();
    md.append(
        String.format(
            Locale.ROOT,
            "%nWall time: distributions %.1f s, speed benchmark %.1f s; %d available processors, Java %s.%n",
            (t1 - t0) / 1e9,
            (t2 - t1) / 1e9,
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version")));
    System.out.print(md);
    if (out != null) Files.writeString(Path.of(out), md.toString());
  }

  private static Map<String, String> args(String[] args) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "usage: FederationExperiment [--setups N] [--seed S] [--min-subclusters N] [--max-subclusters N]"
                + " [--nodes-per-subcluster N] [--max-queues N] [--speed-decisions N] [--out FILE]; got '"
                + args[i]
                + "'");
      }
      m.put(args[i], args[++i]);
    }
    return m;
  }

  static void distributions(
      StringBuilder md, int setups, long seed, int minSc, int maxSc, int perSc, int maxQueues) {
    List<Variant> variants = variants();
    List<String> names = variants.stream().map(Variant::label).toList();
    Map<String, double[]> util = new LinkedHashMap<>();
    Map<String, double[]> fair = new LinkedHashMap<>();
    Map<String, double[]> node = new LinkedHashMap<>();
    Map<String, double[]> lost = new LinkedHashMap<>();
    Map<String, double[]> failedFair = new LinkedHashMap<>();
    for (String n : names) {
      util.put(n, new double[setups]);
      fair.put(n, new double[setups]);
      node.put(n, new double[setups]);
      lost.put(n, new double[setups]);
      failedFair.put(n, new double[setups]);
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    long nodesSum = 0;
    long queuesSum = 0;
    int scMin = Integer.MAX_VALUE, scMax = 0;
    for (int i = 0; i < setups; i++) {
      int sc = minSc + rnd.nextInt(maxSc - minSc + 1);
      int nodes = (int) Math.round(sc * perSc * (0.7 + 0.6 * rnd.nextDouble()));
      int queues = 50 + rnd.nextInt(Math.max(1, maxQueues - 49));
      double skew = 0.5 + rnd.nextDouble();
      FederationSetup s =
          FederationGenerator.generate(
              new FederationGenerator.Params(sc, nodes, queues, 8, skew, rnd.nextLong()));
      nodesSum += nodes;
      queuesSum += queues;
      scMin = Math.min(scMin, sc);
      scMax = Math.max(scMax, sc);
      Federation hf = Federation.of(s, Routing.DEFAULT);
      FailureSpec f = FailureSpec.always(List.of("sc" + rnd.nextInt(sc)), 0.05, rnd.nextLong());
      Federation ff = Federation.of(s.withFailures(f), Routing.DEFAULT);
      long healthyCap = hf.totalCapacity();
      for (Variant v : variants) {
        String n = v.label();
        FederationRun healthy = new FederationRun(hf, v.opportunistic());
        FederationRun failed = new FederationRun(ff, v.opportunistic());
        SharePolicy p = v.create();
        FederationMetrics m = healthy.evaluate(p, healthy.decide(p)).metrics();
        FederationMetrics mf = failed.evaluate(p, failed.decide(p)).metrics();
        util.get(n)[i] = m.utilization() + m.opportunistic();
        fair.get(n)[i] = m.fairnessErrorPct();
        node.get(n)[i] = m.nodeLocal();
        lost.get(n)[i] = 100.0 * (m.allocated() - mf.allocated()) / healthyCap;
        failedFair.get(n)[i] = mf.fairnessErrorPct();
      }
    }
    md.append(
        String.format(Locale.ROOT, "### Share policies on %d generated federations%n%n", setups));
    md.append(
        String.format(
            Locale.ROOT,
            "%d to %d sub-clusters (mean %,d nodes per setup, 8 containers per node), mean %,d queues in"
                + " hierarchies 5-12 levels deep, Zipf-skewed demand of 0.8-1.5x capacity; router locality, AM-RM proxy delay; seed %d.%n%n",
            scMin,
            scMax,
            nodesSum / setups,
            queuesSum / setups,
            seed));
    table(
        md,
        "Utilization (%; with opportunistic containers where named), percentiles 5/25/50/75/95",
        names,
        util,
        100);
    table(md, "Fairness error against the oracle (%), percentiles 5/25/50/75/95", names, fair, 1);
    table(
        md,
        "Node-local fraction of node requests (%), percentiles 5/25/50/75/95",
        names,
        node,
        100);
    md.append(
        "With one sub-cluster's RM down and 5% of machines unavailable (the same setups):\n\n");
    table(
        md,
        "Utilization lost (points of the healthy capacity), percentiles 5/25/50/75/95",
        names,
        lost,
        1);
    table(
        md,
        "Fairness error with the failures (%), percentiles 5/25/50/75/95",
        names,
        failedFair,
        1);
  }

  private static void table(
      StringBuilder md, String title, List<String> names, Map<String, double[]> v, double scale) {
    md.append("**")
        .append(title)
        .append("**\n\n| policy | p5 | p25 | p50 | p75 | p95 |\n|---|---:|---:|---:|---:|---:|\n");
    for (String n : names) {
      double[] x = v.get(n).clone();
      Arrays.sort(x);
      md.append("| ").append(n);
      for (double p : PCT)
        md.append(String.format(Locale.ROOT, " | %.2f", scale * percentile(x, p)));
      md.append(" |\n");
    }
    md.append('\n');
  }

  /** Linear interpolation between the closest ranks of sorted values. */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) return Double.NaN;
    double r = p / 100 * (sorted.length - 1);
    int lo = (int) Math.floor(r);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (r - lo) * (sorted[hi] - sorted[lo]);
  }

  static void speed(StringBuilder md, int decisions) {
    FederationSetup s =
        FederationGenerator.generate(new FederationGenerator.Params(20, 50_000, 5_000, 8, 1.0, 1));
    long c0 = System.nanoTime();
    Federation f = Federation.of(s, Routing.DEFAULT);
    long c1 = System.nanoTime();
    FederationRun run = new FederationRun(f, false);
    SharePolicy gif = SharePolicies.create("gif");
    for (int i = 0; i < Math.max(10, decisions / 2); i++) run.decide(gif); // warm-up
    double[] wall = new double[decisions];
    double[] cpu = new double[decisions];
    for (int i = 0; i < decisions; i++) {
      long w0 = System.nanoTime();
      long p0 = CpuClock.nanos();
      run.decide(gif);
      cpu[i] = (CpuClock.nanos() - p0) / 1e6;
      wall[i] = (System.nanoTime() - w0) / 1e6;
    }
    Arrays.sort(wall);
    Arrays.sort(cpu);
    md.append(
        String.format(
            Locale.ROOT,
            "### GIF decision time: 20 sub-clusters, %,d nodes, %,d queues (%,d leaves), %,d jobs%n%n",
            f.nodeCount(),
            f.tree().size(),
            f.tree().leafCount(),
            s.jobs().size()));
    md.append(
        String.format(
            Locale.ROOT,
            "Compiling the setup (routing %,d requests): %.0f ms, once. %d decisions after a warm-up:%n%n",
            s.jobs().stream().mapToInt(j -> j.requests().size()).sum(),
            (c1 - c0) / 1e6,
            decisions));
    md.append("| ms per decision | p5 | p50 | p95 | max |\n|---|---:|---:|---:|---:|\n");
    md.append(
        String.format(
            Locale.ROOT,
            "| wall clock | %.2f | %.2f | %.2f | %.2f |%n",
            percentile(wall, 5),
            percentile(wall, 50),
            percentile(wall, 95),
            wall[wall.length - 1]));
    md.append(
        String.format(
            Locale.ROOT,
            "| thread CPU + GC | %.2f | %.2f | %.2f | %.2f |%n%n",
            percentile(cpu, 5),
            percentile(cpu, 50),
            percentile(cpu, 95),
            cpu[cpu.length - 1]));
    md.append(
        String.format(
            Locale.ROOT,
            "Target: under 30 ms per decision; median wall clock %.2f ms: %s.%n",
            percentile(wall, 50),
            percentile(wall, 50) < 30 ? "met" : "NOT met"));
  }
}
