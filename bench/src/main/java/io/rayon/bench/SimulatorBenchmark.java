package io.rayon.bench;

import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.task.CancellationToken;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Workload;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;
import java.util.Map;

/**
 * Speed benchmark of the simulator: one simulated day of 4,000 nodes (the estimation paper's node:
 * 32 GB / 24 vcores, 28 GB / 18 vcores allowed; 40 racks) and 1,000,000 tasks of {@link
 * SyntheticDay}, estimation scheduler (the paper's damping, {@link
 * EstimationPolicy#DEFAULT_DAMPING}, and the simulator's default availability, paper-sim),
 * heartbeat 3 s. Prints wall time of the simulation (workload generation excluded) and the peak
 * heap over the whole process.
 *
 * <p>Arguments (all optional): {@code nodes tasks medianTaskSeconds heartbeatSeconds} (defaults
 * 4000, 1000000, 2400, 3). Run with {@code -Xmx4g}; see README "Benchmarks and experiments".
 */
public final class SimulatorBenchmark {
  private SimulatorBenchmark() {}

  public static void main(String[] args) {
    int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
    int tasks = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    double median = args.length > 2 ? Double.parseDouble(args[2]) : 2400;
    double heartbeat = args.length > 3 ? Double.parseDouble(args[3]) : 3;
    long day = 86_400;
    Cluster cluster =
        Cluster.of(
            "bench",
            new NodeGroup(
                "node",
                nodes,
                Resources.of(32_768, 24),
                Resources.of(28_672, 18),
                Math.max(1, nodes / 100),
                null));
    Workload w = SyntheticDay.generate(7, tasks, day, median);
    SimulationConfig cfg =
        SimulationConfig.DEFAULT
            .withHeartbeat(heartbeat)
            .withUntil(day)
            .withSeed(7)
            .withSeriesInterval(60)
            .withFrameInterval(600);
    SimulationRun run =
        SimulationRun.of(cluster, w, "estimation", Map.of(), SimulationRun.Requests.RRU, cfg);
    long t0 = System.nanoTime();
    SimulationResult r = run.run((f, m) -> {}, CancellationToken.NEVER);
    double wall = (System.nanoTime() - t0) / 1e9;
    long peak = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
    }
    System.out.printf(
        Locale.ROOT,
        "nodes=%d heartbeatS=%s tasks=%d jobs=%d simulatedS=%.0f finished=%d running=%d queued=%d failed=%d makespanS=%.0f"
            + " frames=%d seriesRows=%d%n",
        nodes,
        heartbeat,
        r.tasks(),
        r.jobs(),
        r.endS(),
        r.finishedTasks(),
        r.runningTasks(),
        r.queuedTasks(),
        r.failedTasks(),
        r.makespanS(),
        r.frames().size(),
        r.series().size());
    System.out.printf(
        Locale.ROOT,
        "wallS=%.1f peakHeapMB=%.0f maxHeapMB=%.0f cores=%d%n",
        wall,
        peak / 1048576.0,
        Runtime.getRuntime().maxMemory() / 1048576.0,
        Runtime.getRuntime().availableProcessors());
  }
}
