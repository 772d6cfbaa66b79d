package io.rayon.bench;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.scenario.SwimScenarioGenerator;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.adaptive.EndToEndMetrics;
import io.rayon.engine.sim.adaptive.RayonScheduler;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.SwimImporter;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Rayon's end-to-end experiments (Rayon §6.4) in the simulator: Rayon's adaptive scheduler (GREE-L,
 * 70% of the capacity reservable) against the CapacityScheduler baseline, with the paper's five
 * metrics, on
 *
 * <ol>
 *   <li>the 256-node sample {@code sample-clusters/swim-256.json} as committed (a day of the SWIM
 *       FB-2009 trace: lightly loaded);
 *   <li>the committed SWIM FB-2009 trace ({@code traces/swim/}) imported and its arrivals
 *       compressed to the paper's 5,400 jobs per hour, on 256 nodes sized so that the mean demand
 *       is about 85% of the cluster (FB-2009's jobs are far smaller than the paper's Workload A);
 *   <li>the over-reservation experiment (§6.4.2, every reservation asks for 50% more work) on (2);
 *   <li>a mixed workload (§6.4.3) on (2): 10% of production jobs turned into gangs (all tasks
 *       together, Giraph-like) and 10% into three-stage workflows, the rest MapReduce.
 * </ol>
 *
 * Prints one Markdown table (the rows of docs/experiments.md). {@code --quick} uses the first
 * quarter of the trace. Run with {@code bench/run-rayon-e2e.sh}.
 */
public final class RayonEndToEnd {
  private RayonEndToEnd() {}

  static final SimulationConfig CFG = SimulationConfig.DEFAULT.withFrameInterval(0);
  static final double JOBS_PER_HOUR = 5400;

  /** Mean demand over the cluster's capacity the nodes are sized for (--load). */
  static final double LOAD = 1.0;

  public static void main(String[] args) throws Exception {
    boolean quick = List.of(args).contains("--quick");
    int li = List.of(args).indexOf("--load");
    double load = li >= 0 && li + 1 < args.length ? Double.parseDouble(args[li + 1]) : LOAD;
    List<String[]> rows = new ArrayList<>();
    Scenario sample = ScenarioIO.read(RepoFiles.root().resolve("sample-clusters/swim-256.json"));
    compare("sample swim-256 (as committed)", sample, rows, true);

    Path trace = RepoFiles.trace("swim/FB-2009_samples_24_times_1hr_0.tsv");
    ImportResult imported = new SwimImporter().read(trace, ImportOptions.DEFAULT);
    Scenario loaded = loaded(imported, quick, load);
    compare("SWIM FB-2009 at 5,400 jobs/h", loaded, rows, true);
    rows.add(
        row(
            "SWIM, over-reserve +50%",
            "rayon", run(loaded, "rayon", Map.of("over-reserve", "0.5")), loaded, null));
    Scenario mixed = mixed(loaded, 7);
    compare("mixed 80/10/10", mixed, rows, false);
    if (List.of(args).contains("--misses")) misses(mixed);

    System.out.println(
        "| workload | scheduler | SLA acceptance | SLA fulfillment | BE completed | BE mean latency (s)"
            + " | BE faster than CS | utilization (mean) | makespan (s) | preempted | below reservation (s) | runtime (s) |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (String[] r : rows) System.out.println("| " + String.join(" | ", r) + " |");
  }

  record Timed(SimulationResult result, double seconds) {}

  static Timed run(Scenario s, String scheduler, Map<String, String> options) {
    long t0 = System.nanoTime();
    SimulationResult r =
        SimulationRun.of(s, scheduler, options, SimulationRun.Requests.RRU, CFG).run();
    return new Timed(r, (System.nanoTime() - t0) / 1e9);
  }

  static void compare(String name, Scenario s, List<String[]> rows, boolean print) {
    Timed cs = run(s, "capacity", Map.of());
    Timed rayon = run(s, "rayon", Map.of());
    rows.add(row(name, "capacity", cs, s, null));
    rows.add(row(name, "rayon", rayon, s, cs));
  }

  static String[] row(String name, String scheduler, Timed t, Scenario s, Timed baseline) {
    EndToEndMetrics m = EndToEndMetrics.of(s.workload(), t.result());
    String faster =
        baseline == null
            ? "-"
            : pct(
                EndToEndMetrics.shareFaster(
                    EndToEndMetrics.beLatencyDelta(s.workload(), t.result(), baseline.result())));
    return new String[] {
      name,
      scheduler,
      pct(m.slaAcceptance()),
      pct(m.slaFulfillment()),
      String.valueOf(m.beCompleted()),
      String.format(Locale.ROOT, "%.0f", m.beMeanLatencyS()),
      faster,
      pct(m.meanUtilization()),
      String.format(Locale.ROOT, "%.0f", t.result().makespanS()),
      String.valueOf(m.preemptedContainers()),
      t.result().report().values().get("unmetSeconds") instanceof Number n
          ? String.format(Locale.ROOT, "%.0f", n.doubleValue())
          : "-",
      String.format(Locale.ROOT, "%.0f", t.seconds())
    };
  }

  /** Prints the accepted production jobs rayon finished late, with their request, for diagnosis. */
  static void misses(Scenario s) {
    var run = SimulationRun.of(s, "rayon", Map.of(), SimulationRun.Requests.RRU, CFG);
    var policy = (RayonScheduler) run.newPolicy();
    SimulationResult r = run.run(policy, ProgressListener.NONE, CancellationToken.NEVER);
    Map<String, ReservationRequest> byId = new HashMap<>();
    for (ReservationRequest q : s.reservations()) byId.put(q.id(), q);
    for (int i = 0; i < s.workload().jobs().size(); i++) {
      Job j = s.workload().jobs().get(i);
      var o = r.jobOutcomes().get(i);
      if (Boolean.FALSE.equals(o.deadlineMet())
          && policy.acceptedReservations().contains(j.reservationId())) {
        System.err.println(
            "late "
                + j.id()
                + " arrival "
                + j.arrivalS()
                + " deadline "
                + j.deadlineS()
                + " finish "
                + o.finishS()
                + " rdl "
                + byId.get(j.reservationId()).rdl()
                + " plan "
                + policy.plan().allocationOf(j.reservationId()).skyline());
      }
    }
  }

  static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", v * 100);
  }

  /**
   * The trace with its arrivals compressed to {@link #JOBS_PER_HOUR}, as a scenario of 256 nodes
   * whose size puts the mean demand at about 85% of the cluster (4 GB per vcore, the requests'
   * ratio).
   */
  static Scenario loaded(ImportResult imported, boolean quick, double load) {
    List<Job> jobs = imported.workload().jobs();
    if (quick) jobs = jobs.subList(0, jobs.size() / 4);
    long last = 0;
    for (Job j : jobs) last = Math.max(last, j.arrivalS());
    double hours = Math.max(1, last) / 3600.0;
    double factor = Math.max(1, JOBS_PER_HOUR * hours / jobs.size());
    List<Job> compressed = new ArrayList<>();
    double vcoreSeconds = 0;
    for (Job j : jobs) {
      compressed.add(
          new Job(
              j.id(),
              j.name(),
              j.user(),
              j.queue(),
              j.kind(),
              Math.round(j.arrivalS() / factor),
              j.deadlineS(),
              j.reservationId(),
              j.tasks()));
      for (TaskGroup g : j.tasks())
        vcoreSeconds += (double) g.count() * g.request().vcores() * g.durationS();
    }
    double span = Math.max(1, last / factor);
    int nodes = 256;
    long vcores = Math.max(1, Math.round(vcoreSeconds / span / load / nodes));
    System.err.printf(
        Locale.ROOT,
        "trace: %d jobs over %.1f h compressed %.1fx to %.0f s; %.0f vcore-seconds: %d nodes of %d vcores%n",
        jobs.size(),
        hours,
        factor,
        span,
        vcoreSeconds,
        nodes,
        vcores);
    SwimScenarioGenerator.Params p = SwimScenarioGenerator.Params.PAPER;
    p =
        new SwimScenarioGenerator.Params(
            nodes,
            Resources.of(vcores * 4096, vcores),
            p.racks(),
            p.stepSeconds(),
            p.productionFraction(),
            p.slack(),
            p.deadlineFactor(),
            p.minDeadlineSlackSteps(),
            p.leadSteps(),
            p.users(),
            p.sharingPolicy(),
            p.seed());
    ImportResult c =
        new ImportResult(
            new Workload(
                imported.workload().source()
                    + String.format(
                        Locale.ROOT,
                        " (arrivals compressed %.1fx to %.0f jobs/h)",
                        factor,
                        JOBS_PER_HOUR),
                compressed),
            0,
            List.of());
    return SwimScenarioGenerator.generate("swim-5400", c, p);
  }

  /**
   * §6.4.3's mix: of the production jobs (seeded choice), 10% become gangs (one group of all their
   * tasks, reserved together: {@code atom(b, n, n, l, n·l)}) and 10% three-stage workflows (stages
   * in order, each a third of the tasks, with the generator's 10% slack on each stage's work), in
   * the same windows; the rest stay MapReduce-like.
   */
  static Scenario mixed(Scenario s, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Map<String, ReservationRequest> byId = new HashMap<>();
    for (ReservationRequest q : s.reservations()) byId.put(q.id(), q);
    Map<String, ReservationRequest> newRes = new LinkedHashMap<>();
    List<Job> jobs = new ArrayList<>();
    for (Job j : s.workload().jobs()) {
      ReservationRequest q = j.reservationId() == null ? null : byId.get(j.reservationId());
      if (j.kind() != JobKind.PRODUCTION || q == null || !(q.rdl() instanceof Rdl.Window w)) {
        jobs.add(j);
        continue;
      }
      double x = r.nextDouble();
      int tasks = j.taskCount();
      long window = w.finish() - w.start();
      Resources b = j.tasks().get(0).request();
      if (x < 0.1 && tasks > 0) {
        int n = (int) Math.min(64, Math.max(2, tasks));
        long l = Math.max(1, Math.min(10, window / 4));
        Rdl rdl = new Rdl.Window(new Rdl.Atom(b, n, n, l, (long) n * l), w.start(), w.finish());
        jobs.add(j.withTasks(List.of(new TaskGroup("gang", n, b, l * 60, List.of(), List.of()))));
        newRes.put(q.id(), q.withRdl(rdl));
      } else if (x < 0.2 && tasks > 0) {
        int k = (int) Math.min(32, Math.max(1, tasks / 3));
        long l = Math.max(1, window / 8);
        List<Rdl> stages = new ArrayList<>();
        List<TaskGroup> groups = new ArrayList<>();
        for (int st = 0; st < 3; st++) {
          // the generator's 10% slack (§6.1), as for the MapReduce jobs: leases are at least l
          // steps, not
          // multiples of l, so l-step tasks do not always pack exactly into a plan of k·l
          // bundle-steps
          stages.add(new Rdl.Atom(b, 1, k, l, (long) Math.ceil(k * l * 1.1)));
          groups.add(
              new TaskGroup(
                  "stage" + st,
                  k,
                  b,
                  l * 60,
                  List.of(),
                  st == 0 ? List.of() : List.of("stage" + (st - 1))));
        }
        Rdl rdl = new Rdl.Window(new Rdl.Order(stages), w.start(), w.finish());
        jobs.add(j.withTasks(groups));
        newRes.put(q.id(), q.withRdl(rdl));
      } else {
        jobs.add(j);
      }
    }
    List<ReservationRequest> rs = new ArrayList<>();
    for (ReservationRequest q : s.reservations()) rs.add(newRes.getOrDefault(q.id(), q));
    for (ReservationRequest q : rs) {
      var c = RdlCompiler.compile(q.rdl(), s.cluster());
      if (!c.feasible()) {
        throw new IllegalStateException(
            "mixed workload built an invalid request " + q.id() + ": " + c.problems());
      }
    }
    return s.withReservations(rs)
        .withWorkload(new Workload(s.workload().source() + " (mixed 80/10/10)", jobs));
  }
}
