package io.rayon.bench;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.GreedyOptions;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * The §6.3 comparison of GREE and GREE-L in paper mode and with each of our departures ({@link
 * GreedyOptions}), so that each improvement is a measured row ({@code docs/planner-options.md}):
 *
 * <pre>
 * bench/run-greedy-options.sh [--repeat 10] [--seed 42] [--out FILE]
 * </pre>
 *
 * Workloads A, B and C are {@link PlannerComparison#instance}'s (atoms, rigid gangs, pipelines);
 * workload D (ours, since A–C hold no all or any) mixes all(2–3 malleable atoms) and any(a wide and
 * a narrow shape of the same work). Every point is averaged over {@code --repeat} seeded instances
 * (the paper averages several initializations); relative figures are to paper GREE. Offline,
 * arrival 0, no sharing policy, one request at a time in the given order.
 */
public final class GreedyOptionsComparison {
  private final StringBuilder md = new StringBuilder();

  record Variant(String label, Planner planner) {}

  static final List<Variant> VARIANTS =
      List.of(
          new Variant("gree (paper)", new GreePlanner()),
          new Variant(
              "gree atom-scan=stacked",
              new GreePlanner(new GreedyOptions(true, false, false, false))),
          new Variant(
              "gree any-order=written",
              new GreePlanner(new GreedyOptions(false, true, false, false))),
          new Variant("gree, all ours", new GreePlanner(GreedyOptions.IMPROVED)),
          new Variant("greel (paper)", new GreeLPlanner()),
          new Variant(
              "greel flat-fallback=true",
              new GreeLPlanner(new GreedyOptions(false, false, false, true))),
          new Variant(
              "greel flat-fallback=true atom-scan=stacked",
              new GreeLPlanner(new GreedyOptions(true, false, false, true))),
          new Variant(
              "greel guess-interval=order-only",
              new GreeLPlanner(new GreedyOptions(false, false, true, false))),
          new Variant(
              "greel any-order=written",
              new GreeLPlanner(new GreedyOptions(false, true, false, false))),
          new Variant("greel, all ours", new GreeLPlanner(GreedyOptions.IMPROVED)));

  /**
   * Workload D: a fraction of all/any jobs, the rest workload A; cluster sized for about 1.3x load.
   */
  static Scenario allAny(long seed, int jobs, double fraction) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> rs = new ArrayList<>();
    long totalWork = 0;
    long horizon = PlannerComparison.HORIZON;
    for (int i = 0; i < jobs; i++) {
      Rdl body;
      long minSteps;
      if (rnd.nextDouble() < fraction && rnd.nextBoolean()) {
        int k = rnd.nextInt(2, 4);
        List<Rdl> cs = new ArrayList<>();
        minSteps = 0;
        for (int j = 0; j < k; j++) {
          Rdl.Atom a = atom(rnd, rnd.nextInt(2, 9), rnd.nextInt(3, 9));
          cs.add(a);
          minSteps = Math.max(minSteps, (a.work() + a.maxParallelism() - 1) / a.maxParallelism());
        }
        body = new Rdl.All(cs);
      } else if (rnd.nextDouble() < fraction) {
        // the same work, wide and short or narrow and long
        int h = rnd.nextInt(4, 13);
        int steps = rnd.nextInt(3, 7);
        long w = (long) h * steps;
        Rdl.Atom wide = Rdl.atom(PlannerComparison.BUNDLE, 1, h, 1, w);
        Rdl.Atom narrow = Rdl.atom(PlannerComparison.BUNDLE, 1, Math.max(1, h / 3), 1, w);
        body =
            rnd.nextBoolean()
                ? new Rdl.Any(List.of(wide, narrow))
                : new Rdl.Any(List.of(narrow, wide));
        minSteps = steps;
      } else {
        Rdl.Atom a = atom(rnd, rnd.nextInt(2, 13), rnd.nextInt(3, 13));
        body = a;
        minSteps = (a.work() + a.maxParallelism() - 1) / a.maxParallelism();
      }
      long slack = Math.max(minSteps + 2, Math.round(minSteps * (1.5 + 1.5 * rnd.nextDouble())));
      long len = Math.min(horizon, slack);
      long start = rnd.nextLong(0, horizon - len + 1);
      Rdl rdl = Rdl.window(body, start, start + len);
      totalWork += minWork(body);
      rs.add(new ReservationRequest("j" + i, "j" + i, "u" + (i % 4), "default", rdl, 0, 0));
    }
    Resources node = PlannerComparison.NODE;
    int nodes = (int) Math.max(1, Math.round(totalWork / 1.3 / (node.vcores() * horizon)));
    Cluster c = Cluster.of("bench", NodeGroup.of("node", nodes, node));
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "cmp-d",
        null,
        300,
        horizon,
        c,
        null,
        null,
        SharingPolicySpec.NONE,
        rs,
        null,
        Map.of());
  }

  private static Rdl.Atom atom(SplittableRandom rnd, int h, int steps) {
    long w = Math.max(1, (long) h * steps * (50 + rnd.nextInt(51)) / 100);
    return Rdl.atom(PlannerComparison.BUNDLE, 1, h, 1, w);
  }

  /** Work of an expression, counting an any by its smallest alternative. */
  private static long minWork(Rdl e) {
    if (e instanceof Rdl.Atom a) return a.work();
    if (e instanceof Rdl.Any) {
      long m = Long.MAX_VALUE;
      for (Rdl c : e.children()) m = Math.min(m, minWork(c));
      return m;
    }
    long s = 0;
    for (Rdl c : e.children()) s += minWork(c);
    return s;
  }

  private void point(String label, int repeat, IntFunction<Scenario> instances) {
    int n = VARIANTS.size();
    double[] acc = new double[n];
    double[] pre = new double[n];
    double[] uni = new double[n];
    double[] ms = new double[n];
    double nodes = 0;
    for (int r = 0; r < repeat; r++) {
      Scenario s = instances.apply(r);
      nodes += s.cluster().nodeCount();
      for (int v = 0; v < n; v++) {
        long t0 = System.nanoTime();
        PlanMetrics m =
            PlanningRun.run(s, VARIANTS.get(v).planner(), SharingPolicySpec.NONE).metrics();
        ms[v] += (System.nanoTime() - t0) / 1e6;
        acc[v] += m.weightedAcceptance();
        pre[v] += m.preemption();
        uni[v] += m.uniformity();
      }
    }
    for (int v = 0; v < n; v++) {
      line(
          String.format(
              Locale.ROOT,
              "| %s | %.1f | %s | %.1f | %.3f (%s) | %.3f (%s) | %.3f (%s) |",
              label,
              nodes / repeat,
              VARIANTS.get(v).label(),
              ms[v] / repeat,
              acc[v] / repeat,
              rel(acc[v], acc[0]),
              pre[v] / repeat,
              rel(pre[v], pre[0]),
              uni[v] / repeat,
              rel(uni[v], uni[0])));
    }
  }

  private static String rel(double x, double base) {
    return base == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * (x / base - 1));
  }

  private void header(String title) {
    line("");
    line("#### " + title);
    line("");
    line(
        "| point | nodes (mean) | planner | runtime ms | weighted acceptance (vs paper GREE) | preemption (vs paper GREE) |"
            + " uniformity (vs paper GREE) |");
    line("|---|---|---|---|---|---|---|");
  }

  private void line(String s) {
    System.out.println(s);
    System.out.flush();
    md.append(s).append('\n');
  }

  public static void main(String[] args) throws IOException {
    long seed = 42;
    int repeat = 10;
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--repeat" -> repeat = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> {
          System.err.println(
              "unknown option " + args[i] + "; options: --seed N, --repeat N, --out FILE");
          System.exit(2);
        }
      }
    }
    long started = System.nanoTime();
    GreedyOptionsComparison c = new GreedyOptionsComparison();
    c.line(
        String.format(
            Locale.ROOT,
            "GREE and GREE-L options: horizon %d steps, nodes <8192 MB, 8 vcores>, bundles <1024,1>,"
                + " seeds %d..%d (%d instances per point, averaged).",
            PlannerComparison.HORIZON,
            seed,
            seed + repeat - 1,
            repeat));
    final long s0 = seed;
    final int rep = repeat;
    c.header("(a) increasing number of atom jobs (workload A), cluster grows with them");
    for (int n : new int[] {10, 40, 100})
      c.point(n + " jobs", rep, r -> PlannerComparison.instance(s0 + 7919L * r + n, n, 0, 0));
    c.header("(b1) 100 jobs, fraction of rigid gang jobs (workload B)");
    for (double f : new double[] {0.5, 1.0}) {
      c.point(
          String.format(Locale.ROOT, "gang %.0f%%", 100 * f),
          rep,
          r -> PlannerComparison.instance(s0 + 7919L * r + 1000, 100, f, 0));
    }
    c.header("(b2) 100 jobs, fraction of jobs with dependencies (workload C)");
    for (double f : new double[] {0.5, 1.0}) {
      c.point(
          String.format(Locale.ROOT, "deps %.0f%%", 100 * f),
          rep,
          r -> PlannerComparison.instance(s0 + 7919L * r + 2000, 100, 0, f));
    }
    c.header("(d) 100 jobs, fraction of all/any jobs (workload D, ours: A-C hold no all or any)");
    for (double f : new double[] {0.5, 1.0}) {
      c.point(
          String.format(Locale.ROOT, "all/any %.0f%%", 100 * f),
          rep,
          r -> allAny(s0 + 7919L * r + 3000, 100, f));
    }
    c.line("");
    c.line(
        String.format(Locale.ROOT, "total wall time %.0f s", (System.nanoTime() - started) / 1e9));
    if (out != null) {
      if (out.getParent() != null) Files.createDirectories(out.getParent());
      Files.writeString(out, c.md.toString());
    }
  }
}
