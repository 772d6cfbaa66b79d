package io.rayon.bench;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.ReportingPlanner;
import io.rayon.engine.planning.milp.HybridPlanner;
import io.rayon.engine.planning.milp.MilpOptions;
import io.rayon.engine.planning.milp.MilpPlanner;
import io.rayon.engine.planning.milp.ModelTooLargeException;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.time.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The Rayon paper's §6.3 planner comparison (Figures 12 and 14) at sizes ojAlgo can handle: MILP,
 * hybrid (MILP with greedy warm start), GREE and GREE-L, offline (every request known up front,
 * arrival 0), on
 *
 * <ol>
 *   <li>(a) an increasing number of malleable atom jobs ("workload A") on a cluster that grows with
 *       them, and
 *   <li>(b) a fixed number of jobs with the fraction of rigid gang jobs ("workload B") or of jobs
 *       with dependencies (two or three ordered stages, "workload C") swept from 0 to 100%.
 * </ol>
 *
 * For every run it prints runtime, weighted acceptance, preemption and uniformity, absolute and
 * relative to GREE (as in the paper's figures), and for MILP/hybrid the solver status, gap and
 * model size. The jobs are generated from a seed, sized so the cluster is overloaded (about 1.3x
 * its capacity over the horizon) and acceptance matters.
 *
 * <pre>
 * bench/run-planner-comparison.sh --time-limit 5s --budget 13m --out target/planner-comparison.md
 * </pre>
 *
 * Options: {@code --time-limit D} per MILP/hybrid solve (default 10s), {@code --seed N} (default
 * 42), {@code --jobs-b N} jobs in sweep (b) (default 100), {@code --grid-b K} plan steps per MILP
 * model step in sweep (b) (default 4; sweep (a) uses the plan's grid), {@code --budget D} total
 * wall time after which remaining MILP/hybrid runs are skipped (default 14m), {@code --out FILE}
 * (markdown copy of the tables), {@code --quick} (smaller sizes, for a smoke run).
 */
public final class PlannerComparison {
  static final long HORIZON = 48;
  static final Resources NODE = Resources.of(8192, 8);
  static final Resources BUNDLE = Resources.of(1024, 1);

  private final Duration timeLimit;
  private final long budgetNanos;
  private final long started = System.nanoTime();
  private final StringBuilder md = new StringBuilder();

  PlannerComparison(Duration timeLimit, Duration budget) {
    this.timeLimit = timeLimit;
    this.budgetNanos = budget.toNanos();
  }

  /** One generated instance: jobs of three kinds on a cluster sized for the load. */
  static Scenario instance(long seed, int jobs, double gangFraction, double depFraction) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> rs = new ArrayList<>();
    long totalWork = 0;
    for (int i = 0; i < jobs; i++) {
      double u = rnd.nextDouble();
      Rdl body;
      long minSteps;
      if (u < gangFraction) {
        // workload B: a rigid gang (Giraph/MPI), g = h bundles held for l steps
        int g = rnd.nextInt(2, 9);
        int l = rnd.nextInt(3, 9);
        body = Rdl.atom(BUNDLE, g, g, l, (long) g * l);
        minSteps = l;
      } else if (u < gangFraction + depFraction) {
        // workload C: a pipeline of 2-3 malleable stages in order
        int stages = rnd.nextInt(2, 4);
        List<Rdl> cs = new ArrayList<>();
        minSteps = 0;
        for (int s = 0; s < stages; s++) {
          Rdl.Atom a = malleable(rnd, 3, 8);
          cs.add(a);
          minSteps += (a.work() + a.maxParallelism() - 1) / a.maxParallelism();
        }
        body = new Rdl.Order(cs);
      } else {
        // workload A: a malleable MapReduce-like atom
        Rdl.Atom a = malleable(rnd, 3, 12);
        body = a;
        minSteps = (a.work() + a.maxParallelism() - 1) / a.maxParallelism();
      }
      long slack = Math.max(minSteps + 2, Math.round(minSteps * (1.5 + 1.5 * rnd.nextDouble())));
      long len = Math.min(HORIZON, slack);
      long start = rnd.nextLong(0, HORIZON - len + 1);
      Rdl rdl = Rdl.window(body, start, start + len);
      totalWork += rdl.totalWork();
      rs.add(new ReservationRequest("j" + i, "j" + i, "u" + (i % 4), "default", rdl, 0, 0));
    }
    // about 1.3x overload: node-steps of capacity = total work / 1.3
    int nodes = (int) Math.max(1, Math.round(totalWork / 1.3 / (NODE.vcores() * HORIZON)));
    Cluster c = Cluster.of("bench", NodeGroup.of("node", nodes, NODE));
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "cmp",
        null,
        300,
        HORIZON,
        c,
        null,
        null,
        SharingPolicySpec.NONE,
        rs,
        null,
        Map.of());
  }

  private static Rdl.Atom malleable(SplittableRandom rnd, int minSteps, int maxSteps) {
    int h = rnd.nextInt(2, 13);
    int l = rnd.nextInt(1, 3);
    int steps = rnd.nextInt(minSteps, maxSteps + 1);
    long w = Math.max((long) l, (long) h * steps * (50 + rnd.nextInt(51)) / 100);
    return Rdl.atom(BUNDLE, 1, h, l, w);
  }

  record Row(String planner, double ms, PlanMetrics m, Map<String, Object> report) {}

  private Row run(Scenario s, Planner p) {
    long t0 = System.nanoTime();
    PlanningRun r = PlanningRun.run(s, p, SharingPolicySpec.NONE);
    double ms = (System.nanoTime() - t0) / 1e6;
    Map<String, Object> rep = p instanceof ReportingPlanner rp ? rp.report() : Map.of();
    return new Row(p.name(), ms, r.metrics(), rep);
  }

  private boolean overBudget() {
    return System.nanoTime() - started > budgetNanos;
  }

  private void point(String label, Scenario s, int grid) {
    List<Row> rows = new ArrayList<>();
    rows.add(run(s, new GreePlanner()));
    rows.add(run(s, new GreeLPlanner()));
    MilpOptions o = MilpOptions.DEFAULT.withTimeLimit(timeLimit).withGrid(grid);
    String refused = null;
    try {
      if (!overBudget()) rows.add(run(s, new MilpPlanner(o)));
    } catch (ModelTooLargeException e) {
      refused = e.getMessage();
    }
    if (!overBudget()) rows.add(run(s, new HybridPlanner(o)));
    Row gree = rows.get(0);
    for (Row r : rows) {
      String solver = "";
      if (!r.report().isEmpty()) {
        Object gap = r.report().get("gap");
        solver =
            String.format(
                Locale.ROOT,
                "%s gap=%s vars=%s ints=%s rows=%s%s",
                r.report().get("solverStatus"),
                gap == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.1f%%", 100 * ((Number) gap).doubleValue()),
                r.report().get("modelVariables"),
                r.report().get("modelIntegerVariables"),
                r.report().get("modelConstraints"),
                r.report().containsKey("chosen") ? " kept=" + r.report().get("chosen") : "");
      }
      line(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %.0f | %.3f (%+.1f%%) | %.3f (%s) | %.3f (%s) | %s |",
              label,
              s.cluster().nodeCount(),
              r.planner(),
              r.ms(),
              r.m().weightedAcceptance(),
              rel(r.m().weightedAcceptance(), gree.m().weightedAcceptance()),
              r.m().preemption(),
              relText(r.m().preemption(), gree.m().preemption()),
              r.m().uniformity(),
              relText(r.m().uniformity(), gree.m().uniformity()),
              solver));
    }
    if (refused != null) line("| " + label + " | | milp | refused: " + refused + " | | | | |");
    else if (rows.size() < 4)
      line("| " + label + " | | milp/hybrid | skipped: time budget used up | | | | |");
  }

  private static double rel(double x, double base) {
    return base == 0 ? 0 : 100 * (x / base - 1);
  }

  private static String relText(double x, double base) {
    return base == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * (x / base - 1));
  }

  private void header(String title) {
    line("");
    line("### " + title);
    line("");
    line(
        "| point | nodes | planner | runtime ms | weighted acceptance (vs GREE) | preemption (vs GREE) | uniformity (vs GREE) | solver |");
    line("|---|---|---|---|---|---|---|---|");
  }

  private void line(String s) {
    System.out.println(s);
    System.out.flush();
    md.append(s).append('\n');
  }

  public static void main(String[] args) throws IOException {
    Duration limit = Duration.ofSeconds(10);
    Duration budget = Duration.ofMinutes(14);
    long seed = 42;
    int jobsB = 100;
    int gridB = 4;
    boolean quick = false;
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--time-limit" -> limit = Durations.parsePositive(args[++i]);
        case "--budget" -> budget = Durations.parsePositive(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--jobs-b" -> jobsB = Integer.parseInt(args[++i]);
        case "--grid-b" -> gridB = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--quick" -> quick = true;
        default -> {
          System.err.println(
              "unknown option "
                  + args[i]
                  + "; options: --time-limit D, --budget D, --seed N, --jobs-b N, --grid-b K, --out FILE, --quick");
          System.exit(2);
        }
      }
    }
    PlannerComparison c = new PlannerComparison(limit, budget);
    c.line(
        String.format(
            Locale.ROOT,
            "Planner comparison: horizon %d steps, nodes <8192 MB, 8 vcores>, bundles <1024,1>,"
                + " seed %d, MILP/hybrid time limit %s per solve, preemption weight 1, 1 solver thread.",
            HORIZON,
            seed,
            limit));
    int[] sizes = quick ? new int[] {5, 10} : new int[] {5, 10, 20, 40};
    c.header("(a) increasing number of atom jobs (workload A), cluster grows with them");
    for (int n : sizes) c.point(n + " jobs", instance(seed + n, n, 0, 0), 1);
    int nb = quick ? 10 : jobsB;
    double[] fr = quick ? new double[] {0, 1} : new double[] {0, 0.25, 0.5, 0.75, 1.0};
    String g = " (MILP and hybrid on a model grid of " + gridB + " plan steps)";
    c.header("(b1) " + nb + " jobs, fraction of rigid gang jobs (workload B) swept" + g);
    for (double f : fr) {
      c.point(
          String.format(Locale.ROOT, "gang %.0f%%", 100 * f),
          instance(seed + 1000, nb, f, 0),
          gridB);
    }
    c.header("(b2) " + nb + " jobs, fraction of jobs with dependencies (workload C) swept" + g);
    for (double f : fr) {
      c.point(
          String.format(Locale.ROOT, "deps %.0f%%", 100 * f),
          instance(seed + 2000, nb, 0, f),
          gridB);
    }
    c.line("");
    c.line(
        String.format(
            Locale.ROOT, "total wall time %.0f s", (System.nanoTime() - c.started) / 1e9));
    if (out != null) {
      if (out.getParent() != null) Files.createDirectories(out.getParent());
      Files.writeString(out, c.md.toString());
    }
  }
}
