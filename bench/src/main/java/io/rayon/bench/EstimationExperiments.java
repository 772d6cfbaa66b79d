package io.rayon.bench;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.sim.ReservationPolicy;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.Simulator;
import io.rayon.engine.sim.WorkloadTransforms;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.SwimImporter;
import io.rayon.engine.trace.UsageModel;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.FormatException;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Redoes the estimation paper's §V experiments ("Resource Management for Parallel Processing
 * Frameworks with Load Awareness at Worker Side", §V.A–C) on a day of the Facebook SWIM trace (the
 * paper's own Orange trace is not public), the paper's way by default:
 *
 * <ul>
 *   <li>the paper's availability formula for its simulator, {@code AR − EU} ({@link
 *       Availability#PAPER_SIM}; {@code --availability yarn-prototype} for §VI's);
 *   <li>a workload of the paper's size: 8 nodes, about 18,000 tasks in the day ({@code --tasks}; 0
 *       = the whole trace, 242,718 tasks), drawn as whole jobs in a seeded random order and
 *       replayed at their trace arrival times; no dependence between tasks, as in the paper's
 *       simulator ("there is no dependence between tasks"; {@code --dependencies keep} keeps SWIM's
 *       reduce-after-map);
 *   <li>the paper's metric, the total completion time of all tasks (the time the last task
 *       finished; the day starts at 0), next to ours, the mean job completion time (finish −
 *       arrival);
 *   <li>a task usage model whose start-up phase is a parameter ({@code --startup-s}, {@code
 *       --startup-usage}): memory in use uniform in 20–60% of the request and CPU in 60–140% (the
 *       paper's §III observations), after a start-up of {@code startup-s} seconds at {@code
 *       startup-usage} of that; the task's duration is SWIM's either way.
 * </ul>
 *
 * Experiments: (a) 8 nodes of 32 GB / 24 vcores, 28 GB / 18 vcores allowed, requests as users gave
 * them (RRU): reservation vs estimation (α = {@link EstimationPolicy#DEFAULT_DAMPING}); (b) memory
 * bound, 8 nodes of 32 GB / 64 vcores, 28 GB / 58 vcores allowed, every task requesting its real
 * peak (EFR); (c) on (b)'s cluster, α swept from 0 to 1 for RRU and EFR. Then, unless {@code
 * --no-sensitivity}, the same summary under one changed assumption at a time (start-up length and
 * depth, formula, arrivals, dependencies, workload size, heartbeat), to measure which assumption
 * makes each difference from the paper.
 *
 * <p>Arguments: {@code [--trace FILE] [--out DIR] [--tasks N] [--heartbeat SECONDS] [--startup-s
 * SECONDS] [--startup-usage FRACTION] [--availability paper-sim|yarn-prototype] [--arrivals
 * day|backlog] [--dependencies drop|keep] [--no-sensitivity]} (defaults 18000, 1 s, 10 s, 0.2,
 * paper-sim, day, drop). {@code --out} writes the time series of (a) and (b), the sweep ({@code
 * c-sweep.csv}), the sensitivity table ({@code sensitivity.csv}) and the figures. Prints Markdown.
 */
public final class EstimationExperiments {
  private EstimationExperiments() {}

  static final double[] DAMPINGS = {
    0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1
  };

  /**
   * A failure fraction above this counts as "failures start to rise" (0.1%: 18 of 18,000 tasks).
   */
  static final double RISE = 0.001;

  /** A completion time within this fraction of the sweep's best counts as "flat". */
  static final double FLAT = 0.02;

  static final long SAMPLE_SEED = 2024;
  static final long USAGE_SEED = 2024;

  /** One setting of every assumption the experiments depend on. */
  record Settings(
      int tasks,
      double heartbeatS,
      double startupS,
      double startupUsage,
      Availability availability,
      boolean backlog,
      boolean keepDependencies) {
    Settings withTasks(int n) {
      return new Settings(
          n, heartbeatS, startupS, startupUsage, availability, backlog, keepDependencies);
    }

    Settings withHeartbeat(double s) {
      return new Settings(
          tasks, s, startupS, startupUsage, availability, backlog, keepDependencies);
    }

    Settings withStartup(double s, double usage) {
      return new Settings(tasks, heartbeatS, s, usage, availability, backlog, keepDependencies);
    }

    Settings withAvailability(Availability a) {
      return new Settings(tasks, heartbeatS, startupS, startupUsage, a, backlog, keepDependencies);
    }

    Settings withBacklog(boolean b) {
      return new Settings(
          tasks, heartbeatS, startupS, startupUsage, availability, b, keepDependencies);
    }

    Settings withDependencies(boolean keep) {
      return new Settings(tasks, heartbeatS, startupS, startupUsage, availability, backlog, keep);
    }

    SimulationConfig config() {
      return SimulationConfig.DEFAULT
          .withSeed(1)
          .withHeartbeat(heartbeatS)
          .withSeriesInterval(60)
          .withFrameInterval(0);
    }

    EstimationPolicy estimation(double alpha) {
      return new EstimationPolicy(alpha, availability);
    }
  }

  /** All runs of (a)–(c) under one setting. */
  record Results(
      Workload rru,
      SimulationResult aRes,
      SimulationResult aEst,
      SimulationResult bRes,
      SimulationResult bEst,
      SimulationResult[] sweepRru,
      SimulationResult[] sweepEfr) {

    /** (a): how much sooner all tasks completed with estimation (the paper's metric), in %. */
    double aPaperGain() {
      return 100 * (1 - aEst.makespanS() / aRes.makespanS());
    }

    /** (a): how much lower the mean job completion time is with estimation, in %. */
    double aMeanGain() {
      return 100 * (1 - aEst.meanJobCompletionS() / aRes.meanJobCompletionS());
    }

    /**
     * (b): estimation's total completion time relative to the reservation model's, in % (negative:
     * sooner).
     */
    double bPaperChange() {
      return 100 * (bEst.makespanS() / bRes.makespanS() - 1);
    }

    double rruRise() {
      return rise(sweepRru);
    }

    double efrRise() {
      return rise(sweepEfr);
    }

    static double rise(SimulationResult[] sweep) {
      for (int k = 0; k < DAMPINGS.length; k++)
        if (DAMPINGS[k] > 0 && sweep[k].failureRate() > RISE) return DAMPINGS[k];
      return Double.NaN;
    }

    /**
     * The smallest α from which the total completion time stays within {@link #FLAT} of the sweep's
     * best.
     */
    static double flat(SimulationResult[] sweep, boolean paperMetric) {
      double best = Double.POSITIVE_INFINITY;
      for (SimulationResult r : sweep) best = Math.min(best, metric(r, paperMetric));
      int k = DAMPINGS.length;
      while (k > 0 && metric(sweep[k - 1], paperMetric) <= best * (1 + FLAT)) k--;
      return k == DAMPINGS.length ? Double.NaN : DAMPINGS[k];
    }

    static double metric(SimulationResult r, boolean paperMetric) {
      return paperMetric ? r.makespanS() : r.meanJobCompletionS();
    }
  }

  public static void main(String[] args) throws IOException, FormatException {
    Path trace = null;
    Path out = null;
    boolean sensitivity = true;
    Settings s = new Settings(18_000, 1, 10, 0.2, Availability.PAPER_SIM, false, false);
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--trace" -> trace = Path.of(value(args, ++i));
        case "--out" -> out = Path.of(value(args, ++i));
        case "--tasks" -> s = s.withTasks(Integer.parseInt(value(args, ++i)));
        case "--heartbeat" -> s = s.withHeartbeat(Double.parseDouble(value(args, ++i)));
        case "--startup-s" ->
            s = s.withStartup(Double.parseDouble(value(args, ++i)), s.startupUsage());
        case "--startup-usage" ->
            s = s.withStartup(s.startupS(), Double.parseDouble(value(args, ++i)));
        case "--availability" -> s = s.withAvailability(Availability.parse(value(args, ++i)));
        case "--arrivals" ->
            s =
                s.withBacklog(
                    switch (value(args, ++i)) {
                      case "day" -> false;
                      case "backlog" -> true;
                      default ->
                          throw new IllegalArgumentException(
                              "--arrivals '" + args[i] + "' is not day or backlog");
                    });
        case "--dependencies" ->
            s =
                s.withDependencies(
                    switch (value(args, ++i)) {
                      case "drop" -> false;
                      case "keep" -> true;
                      default ->
                          throw new IllegalArgumentException(
                              "--dependencies '" + args[i] + "' is not drop or keep");
                    });
        case "--no-sensitivity" -> sensitivity = false;
        default ->
            throw new IllegalArgumentException(
                "unknown argument "
                    + args[i]
                    + "; use --trace FILE, --out DIR, --tasks N,"
                    + " --heartbeat SECONDS, --startup-s SECONDS, --startup-usage FRACTION, --availability "
                    + Availability.ids()
                    + ", --arrivals day|backlog, --dependencies drop|keep, --no-sensitivity");
      }
    }
    if (trace == null) trace = RepoFiles.trace("swim/FB-2009_samples_24_times_1hr_0.tsv");
    if (out != null) Files.createDirectories(out);
    Workload swim = new SwimImporter().read(trace, ImportOptions.DEFAULT).workload();

    Results main = experiments(swim, s);
    Workload rru = main.rru();
    System.out.printf(
        Locale.ROOT, "# Estimation-based scheduling (§V) on %s%n%n", trace.getFileName());
    System.out.printf(
        Locale.ROOT,
        "%d jobs, %d tasks (of %d in the trace), median task %.0f s, 90th percentile %.0f s;"
            + " arrivals: %s; dependencies: %s%n",
        rru.jobs().size(),
        rru.taskCount(),
        swim.taskCount(),
        durationPercentile(rru, 0.5),
        durationPercentile(rru, 0.9),
        s.backlog() ? "all at 0 (backlog)" : "the trace's, over the day",
        s.keepDependencies() ? "SWIM's reduce after map" : "none (as the paper's simulator)");
    System.out.printf(
        Locale.ROOT,
        "availability %s, heartbeat %s s, start-up %s s at %s of the working usage, damping %s%n%n",
        s.availability().id(),
        s.heartbeatS(),
        s.startupS(),
        s.startupUsage(),
        EstimationPolicy.DEFAULT_DAMPING);

    String est = "estimation α=" + EstimationPolicy.DEFAULT_DAMPING;
    System.out.println("## (a) 8 nodes 32 GB / 24 vcores, allowance 28 GB / 18 vcores, RRU");
    System.out.println();
    header();
    row("reservation", main.aRes());
    row(est, main.aEst());
    System.out.printf(
        Locale.ROOT,
        "%ntotal completion time of all tasks (the paper's metric): estimation %.1f%% sooner;"
            + " mean job completion %.1f%% lower%n%n",
        main.aPaperGain(),
        main.aMeanGain());
    peaks(main.aRes(), main.aEst());

    System.out.println(
        "## (b) memory-bound: 8 nodes 32 GB / 64 vcores, allowance 28 GB / 58 vcores, EFR");
    System.out.println();
    header();
    row("reservation", main.bRes());
    row(est, main.bEst());
    System.out.printf(
        Locale.ROOT,
        "%ntotal completion time of all tasks: estimation %+.1f%% against reservation%n%n",
        main.bPaperChange());

    System.out.println("## (c) damping factor sweep on (b)'s cluster");
    System.out.println();
    System.out.println(
        "| α | RRU failure fraction | RRU total completion (s) | RRU mean job completion (s) | EFR failure fraction | EFR total completion (s) | EFR mean job completion (s) |");
    System.out.println("|---|---|---|---|---|---|---|");
    StringBuilder csv =
        new StringBuilder(
            "damping,rru_failed,rru_failure_fraction,rru_total_completion_s,rru_mean_job_completion_s,"
                + "efr_failed,efr_failure_fraction,efr_total_completion_s,efr_mean_job_completion_s\n");
    double[][] sweep = new double[4][DAMPINGS.length];
    for (int k = 0; k < DAMPINGS.length; k++) {
      SimulationResult r1 = main.sweepRru()[k];
      SimulationResult r2 = main.sweepEfr()[k];
      sweep[0][k] = r1.failureRate();
      sweep[1][k] = r2.failureRate();
      sweep[2][k] = r1.makespanS();
      sweep[3][k] = r2.makespanS();
      System.out.printf(
          Locale.ROOT,
          "| %.3f | %.5f | %.0f | %.0f | %.5f | %.0f | %.0f |%n",
          DAMPINGS[k],
          r1.failureRate(),
          r1.makespanS(),
          r1.meanJobCompletionS(),
          r2.failureRate(),
          r2.makespanS(),
          r2.meanJobCompletionS());
      csv.append(
          String.format(
              Locale.ROOT,
              "%.3f,%d,%.6f,%.1f,%.1f,%d,%.6f,%.1f,%.1f%n",
              DAMPINGS[k],
              r1.failedTasks(),
              r1.failureRate(),
              r1.makespanS(),
              r1.meanJobCompletionS(),
              r2.failedTasks(),
              r2.failureRate(),
              r2.makespanS(),
              r2.meanJobCompletionS()));
    }
    System.out.printf(
        Locale.ROOT,
        "%nfailures first above %.1f%%: RRU at α = %s, EFR at α = %s; total completion flat (within %.0f%% of"
            + " the best) from α = %s (RRU), %s (EFR); mean job completion flat from α = %s (RRU), %s (EFR)%n%n",
        100 * RISE,
        alpha(main.rruRise()),
        alpha(main.efrRise()),
        100 * FLAT,
        alpha(Results.flat(main.sweepRru(), true)),
        alpha(Results.flat(main.sweepEfr(), true)),
        alpha(Results.flat(main.sweepRru(), false)),
        alpha(Results.flat(main.sweepEfr(), false)));

    StringBuilder sens = new StringBuilder();
    if (sensitivity) {
      System.out.println("## Sensitivity: one assumption changed at a time");
      System.out.println();
      String head =
          "| setting | tasks | (a) total completion, est. vs res. | (a) mean job completion, est. vs res. | (a) est. failures"
              + " | (b) EFR failures at α = "
              + EstimationPolicy.DEFAULT_DAMPING
              + " | (b) total completion, est. vs res."
              + " | RRU failures rise at α | EFR failures rise at α | total completion flat from α (RRU) | mean job completion flat from α (RRU) |";
      System.out.println(head);
      System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
      sens.append(
          "setting,tasks,a_total_completion_gain_pct,a_mean_job_completion_gain_pct,a_est_failure_fraction,"
              + "b_efr_failure_fraction,b_total_completion_change_pct,rru_rise_alpha,efr_rise_alpha,rru_flat_total_alpha,rru_flat_mean_alpha\n");
      sensitivityRow(sens, "as above", main);
      for (double st : new double[] {0, 2, 5}) {
        if (st != s.startupS())
          sensitivityRow(
              sens,
              "start-up " + fmt(st) + " s",
              experiments(swim, s.withStartup(st, s.startupUsage())));
      }
      sensitivityRow(
          sens, "start-up at 60% (not 20%)", experiments(swim, s.withStartup(s.startupS(), 0.6)));
      Availability other =
          s.availability() == Availability.PAPER_SIM
              ? Availability.YARN_PROTOTYPE
              : Availability.PAPER_SIM;
      sensitivityRow(
          sens, "availability " + other.id(), experiments(swim, s.withAvailability(other)));
      sensitivityRow(
          sens,
          s.backlog() ? "arrivals over the day" : "arrivals: all at 0 (backlog)",
          experiments(swim, s.withBacklog(!s.backlog())));
      sensitivityRow(
          sens,
          s.keepDependencies() ? "no dependencies" : "SWIM's reduce-after-map kept",
          experiments(swim, s.withDependencies(!s.keepDependencies())));
      sensitivityRow(sens, "heartbeat 3 s", experiments(swim, s.withHeartbeat(3)));
      if (s.tasks() > 0) sensitivityRow(sens, "the whole trace", experiments(swim, s.withTasks(0)));
      System.out.println();
    }

    if (out != null) {
      Files.writeString(out.resolve("a-reservation.csv"), main.aRes().series().toCsv());
      Files.writeString(out.resolve("a-estimation.csv"), main.aEst().series().toCsv());
      Files.writeString(out.resolve("b-reservation.csv"), main.bRes().series().toCsv());
      Files.writeString(out.resolve("b-estimation.csv"), main.bEst().series().toCsv());
      Files.writeString(out.resolve("c-sweep.csv"), csv.toString());
      if (sensitivity) Files.writeString(out.resolve("sensitivity.csv"), sens.toString());
      SeriesPlot.write(
          out.resolve("a-figure2.png"),
          "(a) RRU: reservation model (top) vs estimation model (bottom)",
          main.aRes(),
          main.aEst());
      SeriesPlot.write(
          out.resolve("b-figure3.png"),
          "(b) EFR, memory-bound: reservation model (top) vs estimation model (bottom)",
          main.bRes(),
          main.bEst());
      SeriesPlot.writeSweep(
          out.resolve("c-figure4.png"),
          "(c) damping factor sweep, 8 nodes 32 GB / 64 vcores",
          DAMPINGS,
          sweep[0],
          sweep[1],
          sweep[2],
          sweep[3],
          "total completion time of all tasks (s)");
      System.out.println("series, sweep, sensitivity and plots written to " + out);
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) throw new IllegalArgumentException(args[i - 1] + " needs a value");
    return args[i];
  }

  /** Runs (a), (b) and (c) under {@code s}. */
  static Results experiments(Workload swim, Settings s) {
    Workload rru = prepare(swim, s);
    Workload efr = WorkloadTransforms.extremeFit(rru);
    SimulationConfig cfg = s.config();
    Cluster a = cluster(32_768, 24, 28_672, 18);
    Cluster b = cluster(32_768, 64, 28_672, 58);
    SimulationResult aRes = run(a, rru, new ReservationPolicy(), cfg);
    SimulationResult aEst = run(a, rru, s.estimation(EstimationPolicy.DEFAULT_DAMPING), cfg);
    SimulationResult bRes = run(b, efr, new ReservationPolicy(), cfg);
    SimulationResult[] sweepRru = new SimulationResult[DAMPINGS.length];
    SimulationResult[] sweepEfr = new SimulationResult[DAMPINGS.length];
    SimulationResult bEst = null;
    for (int k = 0; k < DAMPINGS.length; k++) {
      sweepRru[k] = run(b, rru, s.estimation(DAMPINGS[k]), cfg);
      sweepEfr[k] = run(b, efr, s.estimation(DAMPINGS[k]), cfg);
      if (DAMPINGS[k] == EstimationPolicy.DEFAULT_DAMPING) bEst = sweepEfr[k];
    }
    if (bEst == null) bEst = run(b, efr, s.estimation(EstimationPolicy.DEFAULT_DAMPING), cfg);
    return new Results(rru, aRes, aEst, bRes, bEst, sweepRru, sweepEfr);
  }

  /** The trace cut to the setting's size, arrivals and dependencies, with usage re-derived. */
  static Workload prepare(Workload swim, Settings s) {
    Workload w = s.tasks() > 0 ? sample(swim, s.tasks(), SAMPLE_SEED) : swim;
    List<Job> jobs = new ArrayList<>(w.jobs().size());
    for (Job j : w.jobs()) {
      List<TaskGroup> groups = new ArrayList<>();
      for (TaskGroup g : j.tasks()) {
        groups.add(
            s.keepDependencies()
                ? g
                : new TaskGroup(
                    g.name(), g.count(), g.request(), g.durationS(), g.usage(), List.of()));
      }
      jobs.add(
          new Job(
              j.id(),
              j.name(),
              j.user(),
              j.queue(),
              j.kind(),
              s.backlog() ? 0 : j.arrivalS(),
              j.deadlineS(),
              j.reservationId(),
              groups));
    }
    return reshapeUsage(new Workload(w.source(), jobs), USAGE_SEED, s.startupS(), s.startupUsage());
  }

  /**
   * About {@code tasks} tasks of whole jobs: jobs in a seeded random order, each taken when it does
   * not carry the total past {@code tasks}, until the total is within 1% of it; kept in trace
   * order.
   */
  static Workload sample(Workload w, int tasks, long seed) {
    int n = w.jobs().size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) order[i] = i;
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int k = rnd.nextInt(i + 1);
      int t = order[i];
      order[i] = order[k];
      order[k] = t;
    }
    boolean[] keep = new boolean[n];
    long total = 0;
    for (int i = 0; i < n && total < tasks * 0.99; i++) {
      long t = w.jobs().get(order[i]).taskCount();
      if (total + t <= tasks) {
        keep[order[i]] = true;
        total += t;
      }
    }
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < n; i++) if (keep[i]) jobs.add(w.jobs().get(i));
    return new Workload(
        w.source() + "; " + total + " tasks sampled as whole jobs (seed " + seed + ")", jobs);
  }

  /**
   * Replaces each task group's usage: memory 20–60% and CPU 60–140% of the request (seeded, per
   * group), after a start-up of {@code startupS} seconds at {@code startupUsage} of that.
   */
  static Workload reshapeUsage(Workload w, long seed, double startupS, double startupUsage) {
    SplittableRandom rnd = new SplittableRandom(seed);
    UsageModel startup = new UsageModel(startupS, startupUsage, 1, 1, 0, 1);
    List<Job> jobs = new ArrayList<>(w.jobs().size());
    for (Job j : w.jobs()) {
      List<TaskGroup> groups = new ArrayList<>();
      for (TaskGroup g : j.tasks()) {
        double mem = g.request().memoryMB() * (0.2 + 0.4 * rnd.nextDouble());
        double cpu = g.request().vcores() * (0.6 + 0.8 * rnd.nextDouble());
        groups.add(
            new TaskGroup(
                g.name(),
                g.count(),
                g.request(),
                g.durationS(),
                startup.phases(mem, cpu, g.durationS()),
                g.after()));
      }
      jobs.add(j.withTasks(groups));
    }
    return new Workload(w.source() + "; usage re-derived for the §V experiments", jobs);
  }

  static double durationPercentile(Workload w, double q) {
    long n = w.taskCount();
    long[] d = new long[(int) n];
    int i = 0;
    for (Job j : w.jobs())
      for (TaskGroup g : j.tasks()) for (int k = 0; k < g.count(); k++) d[i++] = g.durationS();
    if (n == 0) return Double.NaN;
    Arrays.sort(d);
    return d[(int) Math.min(n - 1, Math.floor(q * n))];
  }

  private static void sensitivityRow(StringBuilder csv, String name, Results r) {
    System.out.printf(
        Locale.ROOT,
        "| %s | %d | %+.1f%% | %+.1f%% | %.4f%% | %.2f%% | %+.1f%% | %s | %s | %s | %s |%n",
        name,
        r.rru().taskCount(),
        -r.aPaperGain(),
        -r.aMeanGain(),
        100 * r.aEst().failureRate(),
        100 * r.bEst().failureRate(),
        r.bPaperChange(),
        alpha(r.rruRise()),
        alpha(r.efrRise()),
        alpha(Results.flat(r.sweepRru(), true)),
        alpha(Results.flat(r.sweepRru(), false)));
    csv.append(
        String.format(
            Locale.ROOT,
            "\"%s\",%d,%.3f,%.3f,%.6f,%.6f,%.3f,%s,%s,%s,%s%n",
            name,
            r.rru().taskCount(),
            r.aPaperGain(),
            r.aMeanGain(),
            r.aEst().failureRate(),
            r.bEst().failureRate(),
            r.bPaperChange(),
            alpha(r.rruRise()),
            alpha(r.efrRise()),
            alpha(Results.flat(r.sweepRru(), true)),
            alpha(Results.flat(r.sweepRru(), false))));
  }

  private static String alpha(double a) {
    return Double.isNaN(a) ? "none" : fmt(a);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static void header() {
    System.out.println(
        "| scheduler | finished tasks | failed (crashes) | failure fraction | total completion of all tasks (s) | mean job completion (s) | mean memory in use (GB) | mean vcores in use |");
    System.out.println("|---|---|---|---|---|---|---|---|");
  }

  private static void row(String name, SimulationResult r) {
    double mem = 0;
    double cpu = 0;
    int n = 0;
    for (int i = 0; i < r.series().size(); i++) {
      if (r.series().timeS()[i] > r.makespanS()) break;
      mem += r.series().usageMemoryMB()[i];
      cpu += r.series().usageVcores()[i];
      n++;
    }
    System.out.printf(
        Locale.ROOT,
        "| %s | %d | %d | %.5f | %.0f | %.0f | %.1f | %.1f |%n",
        name,
        r.finishedTasks(),
        r.failedTasks(),
        r.failureRate(),
        r.makespanS(),
        r.meanJobCompletionS(),
        n == 0 ? 0 : mem / n / 1024,
        n == 0 ? 0 : cpu / n);
  }

  private static void peaks(SimulationResult res, SimulationResult est) {
    System.out.printf(
        Locale.ROOT,
        "peak reserved memory: reservation %.0f GB, estimation %.0f GB; peak memory in use: %.0f GB vs %.0f GB; peak vcores in use: %.0f vs %.0f%n%n",
        max(res.series().reservationMemoryMB()) / 1024,
        max(est.series().reservationMemoryMB()) / 1024,
        max(res.series().usageMemoryMB()) / 1024,
        max(est.series().usageMemoryMB()) / 1024,
        max(res.series().usageVcores()),
        max(est.series().usageVcores()));
  }

  private static double max(double[] a) {
    double m = 0;
    for (double v : a) m = Math.max(m, v);
    return m;
  }

  static SimulationResult run(Cluster c, Workload w, SchedulerPolicy p, SimulationConfig cfg) {
    return Simulator.run(c, w, p, cfg);
  }

  static Cluster cluster(long mem, long cores, long arMem, long arCores) {
    return Cluster.of(
        "paper-8",
        new NodeGroup("node", 8, Resources.of(mem, cores), Resources.of(arMem, arCores), 1, null));
  }
}
