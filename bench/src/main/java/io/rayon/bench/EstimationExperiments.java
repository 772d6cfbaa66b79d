package io.rayon.bench;

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
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Reproduces the estimation paper's §V experiments on a day of the Facebook SWIM trace (the
 * paper's own Orange trace is not public):
 *
 * <ul>
 *   <li>(a) 8 nodes of 32 GB / 24 vcores with 28 GB / 18 vcores allowed, requests as users gave
 *       them (RRU): reservation model vs estimation model (damping 0.125), completion times;
 *   <li>(b) memory-bound: 8 nodes of 32 GB / 64 vcores with 28 GB / 58 vcores allowed, every task
 *       requesting its real peak (EFR): failures and completion times of both models;
 *   <li>(c) on (b)'s cluster, the damping factor swept from 0 to 1 for RRU and EFR: failure
 *       fraction and completion times.
 * </ul>
 *
 * <p>Workload: {@link SwimImporter} with its defaults gives tasks, durations and requests (maps
 * 2 GB / 1 vcore, reduces 4 GB / 1 vcore, 10 s start-up). SWIM has no usage, so the usage is
 * re-derived here to match the paper's §III observations on real containers (90% use less than 50%
 * of their reserved memory; CPU use is near or above the request): per task group, memory in use is
 * a uniform 20–60% of the request and CPU a uniform 60–140% of the request, after a 10 s start-up
 * phase at 20% of that (seeded).
 *
 * <p>Arguments: {@code [--trace FILE] [--out DIR] [--quick] [--heartbeat SECONDS] [--startup-usage
 * FRACTION]} (defaults 1 s, as the paper's simulator serves CPU second by second, and 0.2). {@code --out} writes the time series
 * of (a) and (b) as CSV ({@code a-reservation.csv}, ...) and the sweep as {@code c-sweep.csv};
 * {@code --quick} uses the first 4 hours of the trace. Prints Markdown tables.
 */
public final class EstimationExperiments {
  private EstimationExperiments() {}

  static final double[] DAMPINGS = {0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1};

  public static void main(String[] args) throws IOException, FormatException {
    Path trace = null;
    Path out = null;
    boolean quick = false;
    double heartbeat = 1;
    double startupUsage = 0.2;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--trace" -> trace = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--quick" -> quick = true;
        case "--heartbeat" -> heartbeat = Double.parseDouble(args[++i]);
        case "--startup-usage" -> startupUsage = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + "; use --trace FILE, --out DIR, --quick, --heartbeat SECONDS, --startup-usage FRACTION");
      }
    }
    if (trace == null) trace = findSharedTrace("swim/FB-2009_samples_24_times_1hr_0.tsv");
    if (out != null) Files.createDirectories(out);
    Workload swim = new SwimImporter().read(trace, ImportOptions.DEFAULT).workload();
    if (quick) swim = firstHours(swim, 4);
    Workload rru = reshapeUsage(swim, 2024, startupUsage);
    Workload efr = WorkloadTransforms.extremeFit(rru);
    System.out.printf(Locale.ROOT, "# Estimation-based scheduling (§V) on %s%n%n", trace.getFileName());
    System.out.printf(Locale.ROOT, "%d jobs, %d tasks%s, heartbeat %s s, start-up usage %s%n%n", rru.jobs().size(),
        rru.taskCount(), quick ? " (first 4 hours)" : "", heartbeat, startupUsage);

    SimulationConfig cfg =
        SimulationConfig.DEFAULT.withSeed(1).withHeartbeat(heartbeat).withSeriesInterval(60).withFrameInterval(0);
    Cluster a = cluster(32_768, 24, 28_672, 18);
    Cluster b = cluster(32_768, 64, 28_672, 58);

    System.out.println("## (a) 8 nodes 32 GB / 24 vcores, allowance 28 GB / 18 vcores, RRU");
    System.out.println();
    header();
    SimulationResult aRes = run(a, rru, new ReservationPolicy(), cfg);
    SimulationResult aEst = run(a, rru, new EstimationPolicy(0.125), cfg);
    row("reservation", aRes);
    row("estimation α=0.125", aEst);
    System.out.printf(Locale.ROOT, "%nmean job completion: estimation is %.1f%% faster; makespan %.1f%% shorter%n%n",
        100 * (1 - aEst.meanJobCompletionS() / aRes.meanJobCompletionS()), 100 * (1 - aEst.makespanS() / aRes.makespanS()));
    peaks(aRes, aEst);

    System.out.println("## (b) memory-bound: 8 nodes 32 GB / 64 vcores, allowance 28 GB / 58 vcores, EFR");
    System.out.println();
    header();
    SimulationResult bRes = run(b, efr, new ReservationPolicy(), cfg);
    SimulationResult bEst = run(b, efr, new EstimationPolicy(0.125), cfg);
    row("reservation", bRes);
    row("estimation α=0.125", bEst);
    System.out.println();

    System.out.println("## (c) damping factor sweep on (b)'s cluster");
    System.out.println();
    System.out.println("| α | RRU failure fraction | RRU mean job completion (s) | RRU makespan (s) | EFR failure fraction | EFR mean job completion (s) | EFR makespan (s) |");
    System.out.println("|---|---|---|---|---|---|---|");
    StringBuilder csv = new StringBuilder("damping,rru_failed,rru_failure_fraction,rru_mean_job_completion_s,rru_makespan_s,efr_failed,efr_failure_fraction,efr_mean_job_completion_s,efr_makespan_s\n");
    SimulationResult cRes = run(b, rru, new ReservationPolicy(), cfg);
    System.out.printf(Locale.ROOT, "| reservation | %.5f | %.0f | %.0f | %.5f | %.0f | %.0f |%n", cRes.failureRate(),
        cRes.meanJobCompletionS(), cRes.makespanS(), bRes.failureRate(), bRes.meanJobCompletionS(), bRes.makespanS());
    double[][] sweep = new double[4][DAMPINGS.length];
    for (int k = 0; k < DAMPINGS.length; k++) {
      double alpha = DAMPINGS[k];
      SimulationResult r1 = run(b, rru, new EstimationPolicy(alpha), cfg);
      SimulationResult r2 = run(b, efr, new EstimationPolicy(alpha), cfg);
      sweep[0][k] = r1.failureRate();
      sweep[1][k] = r2.failureRate();
      sweep[2][k] = r1.meanJobCompletionS();
      sweep[3][k] = r2.meanJobCompletionS();
      System.out.printf(Locale.ROOT, "| %.3f | %.5f | %.0f | %.0f | %.5f | %.0f | %.0f |%n", alpha, r1.failureRate(),
          r1.meanJobCompletionS(), r1.makespanS(), r2.failureRate(), r2.meanJobCompletionS(), r2.makespanS());
      csv.append(String.format(Locale.ROOT, "%.3f,%d,%.6f,%.1f,%.1f,%d,%.6f,%.1f,%.1f%n", alpha, r1.failedTasks(), r1.failureRate(),
          r1.meanJobCompletionS(), r1.makespanS(), r2.failedTasks(), r2.failureRate(), r2.meanJobCompletionS(), r2.makespanS()));
    }
    if (out != null) {
      Files.writeString(out.resolve("a-reservation.csv"), aRes.series().toCsv());
      Files.writeString(out.resolve("a-estimation.csv"), aEst.series().toCsv());
      Files.writeString(out.resolve("b-reservation.csv"), bRes.series().toCsv());
      Files.writeString(out.resolve("b-estimation.csv"), bEst.series().toCsv());
      Files.writeString(out.resolve("c-sweep.csv"), csv.toString());
      SeriesPlot.write(out.resolve("a-figure2.png"), "(a) RRU: reservation model (top) vs estimation model (bottom)", aRes, aEst);
      SeriesPlot.write(out.resolve("b-figure3.png"), "(b) EFR, memory-bound: reservation model (top) vs estimation model (bottom)", bRes, bEst);
      SeriesPlot.writeSweep(out.resolve("c-figure4.png"), "(c) damping factor sweep, 8 nodes 32 GB / 64 vcores", DAMPINGS,
          sweep[0], sweep[1], sweep[2], sweep[3]);
      System.out.println();
      System.out.println("series, sweep and plots written to " + out);
    }
  }

  private static void header() {
    System.out.println("| scheduler | finished tasks | failed (crashes) | failure fraction | mean job completion (s) | makespan (s) | mean memory in use (GB) | mean vcores in use |");
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
    System.out.printf(Locale.ROOT, "| %s | %d | %d | %.5f | %.0f | %.0f | %.1f | %.1f |%n", name, r.finishedTasks(), r.failedTasks(),
        r.failureRate(), r.meanJobCompletionS(), r.makespanS(), n == 0 ? 0 : mem / n / 1024, n == 0 ? 0 : cpu / n);
  }

  private static void peaks(SimulationResult res, SimulationResult est) {
    System.out.printf(Locale.ROOT, "peak reserved memory: reservation %.0f GB, estimation %.0f GB; peak memory in use: %.0f GB vs %.0f GB; peak vcores in use: %.0f vs %.0f%n%n",
        max(res.series().reservationMemoryMB()) / 1024, max(est.series().reservationMemoryMB()) / 1024,
        max(res.series().usageMemoryMB()) / 1024, max(est.series().usageMemoryMB()) / 1024,
        max(res.series().usageVcores()), max(est.series().usageVcores()));
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
    return Cluster.of("paper-8", new NodeGroup("node", 8, Resources.of(mem, cores), Resources.of(arMem, arCores), 1, null));
  }

  /**
   * Replaces each task group's usage: memory 20–60% and CPU 60–140% of the request, after a 10 s
   * start-up at {@code startupUsage} of that.
   */
  static Workload reshapeUsage(Workload w, long seed, double startupUsage) {
    SplittableRandom rnd = new SplittableRandom(seed);
    UsageModel startup = new UsageModel(10, startupUsage, 1, 1, 0, 1);
    List<Job> jobs = new ArrayList<>(w.jobs().size());
    for (Job j : w.jobs()) {
      List<TaskGroup> groups = new ArrayList<>();
      for (TaskGroup g : j.tasks()) {
        double mem = g.request().memoryMB() * (0.2 + 0.4 * rnd.nextDouble());
        double cpu = g.request().vcores() * (0.6 + 0.8 * rnd.nextDouble());
        groups.add(new TaskGroup(g.name(), g.count(), g.request(), g.durationS(), startup.phases(mem, cpu, g.durationS()), g.after()));
      }
      jobs.add(new Job(j.id(), j.name(), j.user(), j.queue(), j.kind(), j.arrivalS(), j.deadlineS(), j.reservationId(), groups));
    }
    return new Workload(w.source() + "; usage re-derived for the §V experiments", jobs);
  }

  static Workload firstHours(Workload w, int hours) {
    List<Job> jobs = new ArrayList<>();
    for (Job j : w.jobs()) if (j.arrivalS() < hours * 3600L) jobs.add(j);
    return new Workload(w.source(), jobs);
  }

  static Path findSharedTrace(String rel) {
    return RepoFiles.trace(rel);
  }
}
