package io.rayon.app.perf;

import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Performance sanity check (not a test): places SWIM-like atom jobs with GREE and GREE-L from a
 * plain Java main and prints the time per run. Defaults: 10,000 jobs on 4,000 nodes of (8 GB, 8
 * vcores) over 24 h of one-minute steps, seed 42. From the repository root:
 *
 * <pre>
 * ./rayon --help &gt;/dev/null &amp;&amp; mvn -q -o test-compile -pl app -am
 * java -cp "app/target/rayon-app-0.1.0-SNAPSHOT.jar:$(cat app/target/rayon.classpath):app/target/test-classes" \
 *     io.rayon.app.perf.PlacementSpeedCheck [jobs] [nodes] [seed] [scenario-out.json]
 * </pre>
 *
 * It prints wall-clock and thread CPU time per run (five runs per planner, so the JIT has warmed up
 * by the last ones). With a fourth argument it also writes the scenario, which {@code ./rayon plan}
 * can then place.
 *
 * <p>Jobs mimic the SWIM Facebook 2009 mix: most jobs are small (a few tasks of a few minutes), a
 * few are large (up to 2,000 tasks of up to an hour); each is one atom {@code atom(<1024,1>, 1,
 * tasks, taskMinutes, tasks*taskMinutes)} in a window from its arrival to a deadline of twice its
 * minimal duration plus 30 minutes. Arrivals are uniform over the day.
 */
public final class PlacementSpeedCheck {
  private PlacementSpeedCheck() {}

  public static Scenario swimLike(int jobs, int nodes, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 24 * 60 + 6 * 60;
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < jobs; i++) {
      double u = rnd.nextDouble();
      int tasks = (int) Math.min(2000, Math.max(1, Math.round(Math.exp(u * u * Math.log(2000)))));
      long l = 1 + (long) Math.min(59, Math.floor(-Math.log(1 - rnd.nextDouble()) * 6));
      long w = tasks * l;
      long arrival = rnd.nextLong(24 * 60);
      long minD = l;
      long deadline = Math.min(horizon, arrival + 2 * minD + 30);
      Rdl e = Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, tasks, l, w), arrival, deadline);
      rs.add(new ReservationRequest("j" + i, null, "u" + (i % 20), "dedicated", e, 0, arrival));
    }
    Cluster c = Cluster.of("swim-like-" + nodes, NodeGroup.of("n", nodes, Resources.of(8192, 8)));
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "swim-like-" + jobs,
        "SWIM-like atom jobs for the speed check",
        60,
        horizon,
        c,
        null,
        null,
        SharingPolicySpec.NONE,
        rs,
        null,
        null);
  }

  public static void main(String[] args) throws Exception {
    int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 4_000;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
    Scenario s = swimLike(jobs, nodes, seed);
    if (args.length > 3) ScenarioIO.write(s, Path.of(args[3]));
    for (String name : List.of("gree", "greel")) {
      for (int rep = 0; rep < 5; rep++) {
        Planner p = Planners.byName(name);
        var mx = ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        PlanningRun r = PlanningRun.run(s, p, SharingPolicySpec.NONE);
        double ms = (System.nanoTime() - t0) / 1e6;
        double cpuMs = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
        var metrics = r.metrics();
        System.out.printf(
            Locale.ROOT,
            "%-6s %d jobs on %d nodes: %8.1f ms wall, %8.1f ms CPU  accepted %d  preemption %.3f  uniformity %.3f%n",
            name,
            jobs,
            nodes,
            ms,
            cpuMs,
            metrics.accepted(),
            metrics.preemption(),
            metrics.uniformity());
      }
    }
  }
}
