package io.rayon.engine.scenario;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.trace.ImportResult;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds a scenario from an imported SWIM workload as in the Rayon paper's §6.1: a cluster of
 * identical nodes (default 256 nodes of 32 vcores and 128 GB), a {@code dedicated} reservable queue
 * for production jobs and a {@code default} queue for best-effort jobs, and a share of production
 * jobs (default 5%, picked by a seeded shuffle) that get a reservation request with a deadline.
 *
 * <p>The RDL of a production job: each task group (maps, then reduces) becomes an atom {@code
 * atom(request, 1, count, l, w)} with l = ceil(task duration / step) steps (a task's lease) and w =
 * ceil(count * l * (1 + slack)) (the job's work, over-estimated by the slack, default 10%); the
 * atoms are joined by {@code order} (reduces after maps) and wrapped in {@code window(e, a, d)}
 * where a is the job's arrival step and the window length is max(ceil(deadlineFactor * D), D +
 * minDeadlineSlackSteps), D being the job's minimal duration on the whole cluster (parallelism
 * capped by the bundles the cluster holds). The job's deadline is the window's end. The request
 * arrives {@code leadSteps} before the job (not before step 0). Production jobs are spread over
 * {@code users} users {@code prod-0, prod-1, ...}; best-effort jobs belong to {@code adhoc}.
 *
 * <p>Deterministic: the same workload and parameters give the same scenario.
 */
public final class SwimScenarioGenerator {
  private SwimScenarioGenerator() {}

  public record Params(
      int nodes,
      Resources nodeCapacity,
      int racks,
      long stepSeconds,
      double productionFraction,
      double slack,
      double deadlineFactor,
      long minDeadlineSlackSteps,
      long leadSteps,
      int users,
      SharingPolicySpec sharingPolicy,
      long seed) {

    public static final Params PAPER =
        new Params(
            256,
            Resources.of(128 * 1024, 32),
            8,
            60,
            0.05,
            0.10,
            2.0,
            30,
            60,
            5,
            SharingPolicySpec.parse("capacity-over-time:0.5,0.2,24h"),
            1);

    public Params {
      if (nodes < 1) throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
      if (nodeCapacity == null || nodeCapacity.isZero() || !nodeCapacity.isNonNegative()) {
        throw new IllegalArgumentException("node capacity must be positive");
      }
      if (racks < 1) throw new IllegalArgumentException("racks must be at least 1");
      if (stepSeconds < 1) throw new IllegalArgumentException("step must be at least 1 s");
      if (!(productionFraction >= 0 && productionFraction <= 1))
        throw new IllegalArgumentException("production fraction must be in [0,1]");
      if (!(slack >= 0)) throw new IllegalArgumentException("slack must be 0 or more");
      if (!(deadlineFactor >= 1))
        throw new IllegalArgumentException("deadline factor must be at least 1");
      if (minDeadlineSlackSteps < 0 || leadSteps < 0)
        throw new IllegalArgumentException("slack and lead steps must be 0 or more");
      if (users < 1) throw new IllegalArgumentException("users must be at least 1");
      if (sharingPolicy == null) sharingPolicy = SharingPolicySpec.NONE;
    }
  }

  public static Scenario generate(String name, ImportResult imported, Params p) {
    List<Job> jobs = imported.workload().jobs();
    int n = jobs.size();
    int production = (int) Math.round(n * p.productionFraction());
    // seeded Fisher-Yates over the indices: the first `production` are production jobs
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) idx[i] = i;
    SplittableRandom rnd = new SplittableRandom(p.seed());
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = idx[i];
      idx[i] = idx[j];
      idx[j] = t;
    }
    Set<Integer> prod = new HashSet<>();
    for (int i = 0; i < production; i++) prod.add(idx[i]);

    Cluster cluster =
        new Cluster(
            name,
            List.of(new NodeGroup("node", p.nodes(), p.nodeCapacity(), null, p.racks(), null)),
            null,
            null);
    List<Job> out = new ArrayList<>(n);
    List<ReservationRequest> reservations = new ArrayList<>();
    long horizon = ceilDiv(86_400, p.stepSeconds());
    int k = 0;
    for (int i = 0; i < n; i++) {
      Job j = jobs.get(i);
      if (!prod.contains(i)) {
        out.add(
            new Job(
                j.id(),
                j.name(),
                "adhoc",
                "default",
                JobKind.BEST_EFFORT,
                j.arrivalS(),
                null,
                null,
                j.tasks()));
        continue;
      }
      String user = "prod-" + (k++ % p.users());
      long a = j.arrivalS() / p.stepSeconds();
      List<Rdl> stages = new ArrayList<>();
      long minD = 0;
      for (TaskGroup g : j.tasks()) {
        long l = Math.max(1, ceilDiv(g.durationS(), p.stepSeconds()));
        long w = (long) Math.ceil(g.count() * (double) l * (1 + p.slack()));
        Rdl.Atom atom = new Rdl.Atom(g.request(), 1, g.count(), l, w);
        stages.add(atom);
        long fit = RdlCompiler.clusterBundles(cluster, g.request());
        int h = (int) Math.min(g.count(), Math.max(1, fit));
        minD += RdlCompiler.minDuration(new Rdl.Atom(g.request(), 1, h, l, w));
      }
      Rdl body = stages.size() == 1 ? stages.get(0) : new Rdl.Order(stages);
      long len =
          Math.max((long) Math.ceil(minD * p.deadlineFactor()), minD + p.minDeadlineSlackSteps());
      long d = a + len;
      horizon = Math.max(horizon, d);
      String rid = "res-" + j.id();
      reservations.add(
          new ReservationRequest(
              rid,
              j.id(),
              user,
              "dedicated",
              new Rdl.Window(body, a, d),
              0,
              Math.max(0, a - p.leadSteps())));
      out.add(
          new Job(
              j.id(),
              j.name(),
              user,
              "dedicated",
              JobKind.PRODUCTION,
              j.arrivalS(),
              d * p.stepSeconds(),
              rid,
              j.tasks()));
    }
    Queue root =
        new Queue(
            "root",
            1.0,
            1.0,
            1.0,
            false,
            List.of(
                new Queue("dedicated", 0.7, 1.0, 1.0, true, List.of()),
                new Queue("default", 0.3, 1.0, 1.0, false, List.of())));
    List<String> users = new ArrayList<>();
    for (int u = 0; u < p.users(); u++) users.add("prod-" + u);
    users.add("adhoc");
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(
        "generator",
        String.format(
            Locale.ROOT,
            "rayon sample swim --nodes %d --production %s --slack %s --deadline-factor %s --seed %d",
            p.nodes(),
            p.productionFraction(),
            p.slack(),
            p.deadlineFactor(),
            p.seed()));
    String description =
        String.format(
            Locale.ROOT,
            "%d nodes of %s; %d SWIM jobs (%s), %d of them production jobs with reservations "
                + "(RDL from tasks: lease = task duration, work = tasks x lease x %.2f, deadline = max(%.1f x min duration, min duration + %d steps))",
            p.nodes(),
            p.nodeCapacity(),
            n,
            imported.workload().source(),
            production,
            1 + p.slack(),
            p.deadlineFactor(),
            p.minDeadlineSlackSteps());
    return new Scenario(
        Scenario.FORMAT_VERSION,
        name,
        description,
        p.stepSeconds(),
        horizon,
        cluster,
        root,
        users,
        p.sharingPolicy(),
        reservations,
        new Workload(imported.workload().source(), out),
        settings);
  }

  private static long ceilDiv(long a, long b) {
    return a / b + (a % b == 0 ? 0 : 1);
  }
}
