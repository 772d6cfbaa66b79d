package io.rayon.engine.sweep;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.rush.RushRunExport;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.CancelledException;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A parameter sweep: one scenario planned or simulated once for every combination of the swept
 * parameters' values (and, for simulations, every seed), one metric compared across them. The kind
 * of run follows from the metric: a plan metric ({@link #PLAN_METRICS}) plans the scenario's
 * reservations, a simulation metric ({@link #SIMULATION_METRICS}) simulates its workload.
 *
 * <p>Parameter names. Plan sweeps: {@code planner} (a name of the planner registry, default {@value
 * #DEFAULT_PLANNER} as {@code rayon plan}), {@code policy} (a sharing policy such as {@code
 * capacity-over-time:0.2,0.05,24h}; default the scenario's), and any option of the planner (its
 * {@code -O} names, checked against its description). Simulation sweeps: {@code scheduler} (a name
 * of the scheduler registry; required), {@code requests} ({@code rru} or {@code efr}), and any
 * option of the scheduler (for example {@code damping}). A parameter given one value is a fixed
 * setting. An option applies to the combinations whose planner (scheduler) takes it and is left out
 * of the others (shown empty in tables), and combinations that thereby become the same run are run
 * once: {@code scheduler=reservation,estimation damping=0.1,0.3} is three runs. Every combination
 * is checked before any run starts, so a bad value is reported at once.
 *
 * <p>Seeds: the simulator breaks ties between equally free nodes with a seeded order, so a
 * simulation sweep runs every combination with seeds 1..N and reports the spread. Planning is
 * deterministic; a plan sweep refuses more than one seed rather than report a spread of zero.
 *
 * <p>RUSH scenarios ({@link #ofRush}): the RUSH simulator runs every combination of {@code
 * scheduler} (a name of {@link RushSchedulers#REGISTRY}; required) and the schedulers' options (for
 * example {@code theta}), with the same rules for options as above, and reports the RUSH run's
 * summary ({@link #RUSH_METRICS}, the keys of {@code rayon simulate RUSH-FILE --json}). Seed k
 * draws the task runtimes with seed k instead of the scenario's seed (as {@code rayon simulate
 * RUSH-FILE --seed k}), so that {@code --seeds N} shows the spread over runtime draws.
 *
 * <p>Runs are independent (each builds its own plan or simulator from the shared, read-only
 * scenario) and {@link #runAll} spreads them over the threads it is given.
 */
public final class Sweep {
  /** What a sweep runs. */
  public enum Kind {
    PLAN,
    SIMULATE,
    /** A RUSH scenario simulated by the RUSH simulator. */
    RUSH;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public static final String DEFAULT_PLANNER = "gree";

  /** Metrics of plan sweeps (the plan file's metrics, §6.3). */
  public static final List<String> PLAN_METRICS =
      List.of(
          "accepted", "rejected", "acceptance", "weightedAcceptance", "preemption", "uniformity");

  /**
   * Metrics of simulation sweeps. {@code deadlinesMet} is the fraction of jobs with a deadline that
   * met it.
   */
  public static final List<String> SIMULATION_METRICS =
      List.of(
          "finishedJobs",
          "failedTasks",
          "failureRate",
          "makespanS",
          "meanJobCompletionS",
          "deadlinesMet");

  /**
   * Metrics of RUSH sweeps: the RUSH run's summary, named as {@link RushRunExport#summary} names
   * them.
   */
  public static final List<String> RUSH_METRICS =
      List.of(
          "meanUtility",
          "minUtility",
          "zeroUtilityJobs",
          "deadlineMisses",
          "meanLatencyS",
          "makespanS");

  private static final Set<String> HIGHER_IS_BETTER =
      Set.of(
          "meanUtility",
          "minUtility",
          "accepted",
          "acceptance",
          "weightedAcceptance",
          "uniformity",
          "finishedJobs",
          "deadlinesMet");

  /**
   * At most this many runs (combinations × seeds): a typo in a list should not start a day of work.
   */
  public static final int MAX_RUNS = 10_000;

  /** One swept parameter: its name and its values, in the order given. */
  public record Param(String name, List<String> values) {
    public Param {
      if (name == null || name.isBlank())
        throw new IllegalArgumentException("a parameter needs a name");
      values = List.copyOf(values);
      if (values.isEmpty())
        throw new IllegalArgumentException("parameter " + name + " has no values");
      for (String v : values) {
        if (v.isBlank())
          throw new IllegalArgumentException("parameter " + name + " has an empty value");
      }
      if (new LinkedHashSet<>(values).size() != values.size()) {
        throw new IllegalArgumentException("parameter " + name + " lists a value twice: " + values);
      }
    }

    /**
     * {@code NAME=V1,V2,...}; values that contain commas themselves (sharing policies) are
     * separated by {@code |} instead: {@code policy=none|capacity-over-time:0.2,0.05,24h}.
     */
    public static Param parse(String text) {
      int eq = text.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("'" + text + "' is not NAME=V1,V2,...");
      String name = text.substring(0, eq).trim();
      String rest = text.substring(eq + 1);
      String sep = rest.contains("|") ? "\\|" : ",";
      List<String> values = new ArrayList<>();
      for (String v : rest.split(sep, -1)) values.add(v.trim());
      return new Param(name, values);
    }
  }

  /** One run: the value of every parameter, and the seed. */
  public record Point(int index, Map<String, String> settings, long seed) {
    public Point {
      settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
  }

  /** The metrics of one run (NaN where a metric is undefined, e.g. no job had a deadline). */
  public record Row(Point point, Map<String, Double> metrics) {
    public Row {
      metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    public double metric(String name) {
      Double v = metrics.get(name);
      return v == null ? Double.NaN : v;
    }
  }

  /**
   * The metric over the seeds of one combination: runs where it is defined, mean, min, max, sample
   * deviation.
   */
  public record Summary(
      Map<String, String> settings, int runs, double mean, double min, double max, double sd) {
    public Summary {
      settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
  }

  private final Scenario scenario;
  private final RushScenario rushScenario;
  private final Kind kind;
  private final List<Param> params;
  private final int seeds;
  private final String metric;
  private final SimulationConfig simulation;
  private final List<Point> points;

  private Sweep(
      Scenario scenario,
      RushScenario rushScenario,
      Kind kind,
      List<Param> params,
      int seeds,
      String metric,
      SimulationConfig simulation,
      List<Point> points) {
    this.scenario = scenario;
    this.rushScenario = rushScenario;
    this.kind = kind;
    this.params = params;
    this.seeds = seeds;
    this.metric = metric;
    this.simulation = simulation;
    this.points = points;
  }

  /**
   * A checked sweep: every combination's planner or scheduler is built once (and thrown away) so
   * that a bad name or option value is an error now, naming the parameter and the value.
   *
   * @param simulation the simulations' settings (heartbeat, until, ...); its seed is replaced by
   *     1..seeds
   * @throws IllegalArgumentException naming the metric, parameter or value at fault
   */
  public static Sweep of(
      Scenario scenario,
      List<Param> params,
      int seeds,
      String metric,
      SimulationConfig simulation) {
    Kind kind = kindOf(metric);
    if (kind == Kind.RUSH) {
      throw new IllegalArgumentException(
          "metric "
              + metric
              + " is a RUSH metric: sweep a RUSH scenario file (\"kind\": \"rush\") with it");
    }
    return build(scenario, null, kind, params, seeds, metric, simulation);
  }

  /**
   * A checked sweep of a RUSH scenario: every combination's scheduler is built once so that a bad
   * name or option value is an error now.
   *
   * @param metric one of {@link #RUSH_METRICS}
   * @throws IllegalArgumentException naming the metric, parameter or value at fault
   */
  public static Sweep ofRush(RushScenario scenario, List<Param> params, int seeds, String metric) {
    if (!RUSH_METRICS.contains(metric)) {
      throw new IllegalArgumentException(
          "metric "
              + metric
              + " does not apply to RUSH scenarios; RUSH metrics: "
              + String.join(", ", RUSH_METRICS));
    }
    return build(null, scenario, Kind.RUSH, params, seeds, metric, null);
  }

  private static Sweep build(
      Scenario scenario,
      RushScenario rushScenario,
      Kind kind,
      List<Param> params,
      int seeds,
      String metric,
      SimulationConfig simulation) {
    if (seeds < 1) throw new IllegalArgumentException("--seeds must be at least 1, got " + seeds);
    if (kind == Kind.PLAN && seeds > 1) {
      throw new IllegalArgumentException(
          "planning is deterministic: --seeds applies to simulation sweeps (metric "
              + metric
              + " is a plan metric)");
    }
    Set<String> names = new LinkedHashSet<>();
    for (Param p : params) {
      if (!names.add(p.name()))
        throw new IllegalArgumentException("parameter " + p.name() + " is given twice");
    }
    if (kind != Kind.PLAN && !names.contains("scheduler")) {
      throw new IllegalArgumentException(
          (kind == Kind.RUSH ? "a RUSH sweep" : "a simulation sweep")
              + " needs the scheduler: scheduler=NAME (one of "
              + String.join(", ", kind == Kind.RUSH ? RushSchedulers.names() : Schedulers.names())
              + ")");
    }
    long combinations = 1;
    for (Param p : params) combinations = Math.multiplyExact(combinations, p.values().size());
    long runs = Math.multiplyExact(combinations, seeds);
    if (runs > MAX_RUNS) {
      throw new IllegalArgumentException(
          "the sweep would make "
              + runs
              + " runs; at most "
              + MAX_RUNS
              + " are allowed (fewer values or seeds)");
    }
    List<Point> points = new ArrayList<>();
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (Param p : params) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> c : combos) {
        for (String v : p.values()) {
          Map<String, String> m = new LinkedHashMap<>(c);
          m.put(p.name(), v);
          next.add(m);
        }
      }
      combos = next;
    }
    SimulationConfig sim =
        simulation == null ? SimulationConfig.DEFAULT.withFrameInterval(0) : simulation;
    Sweep probe =
        new Sweep(scenario, rushScenario, kind, List.copyOf(params), seeds, metric, sim, List.of());
    // an option applies to the combinations whose planner (scheduler) takes it; elsewhere it is
    // left
    // out, and combinations that become the same run are run once
    Set<String> own =
        switch (kind) {
          case PLAN -> Set.of("planner", "policy");
          case SIMULATE -> Set.of("scheduler", "requests");
          case RUSH -> Set.of("scheduler");
        };
    Set<String> applied = new LinkedHashSet<>(own);
    Set<Map<String, String>> seen = new LinkedHashSet<>();
    for (Map<String, String> c : combos) {
      Set<String> takes = optionNames(kind, c);
      Map<String, String> effective = new LinkedHashMap<>();
      c.forEach(
          (k, v) -> {
            if (own.contains(k) || takes.contains(k)) effective.put(k, v);
          });
      applied.addAll(effective.keySet());
      if (!seen.add(effective)) continue;
      probe.check(effective);
      for (int s = 1; s <= seeds; s++) points.add(new Point(points.size(), effective, s));
    }
    for (String name : names) {
      if (!applied.contains(name)) {
        throw new IllegalArgumentException(
            "parameter "
                + name
                + " is not an option of any "
                + (kind == Kind.PLAN ? "planner" : "scheduler")
                + " in the sweep"
                + optionList(kind, combos));
      }
    }
    return new Sweep(
        scenario, rushScenario, kind, List.copyOf(params), seeds, metric, sim, List.copyOf(points));
  }

  private static Set<String> optionNames(Kind kind, Map<String, String> c) {
    String who =
        kind == Kind.PLAN ? c.getOrDefault("planner", DEFAULT_PLANNER) : c.get("scheduler");
    try {
      Plugin<?> p =
          switch (kind) {
            case PLAN -> Planners.plugin(who);
            case SIMULATE -> Schedulers.plugin(who);
            case RUSH -> RushSchedulers.REGISTRY.get(who);
          };
      Set<String> out = new LinkedHashSet<>();
      for (OptionSpec o : p.options()) out.add(o.name());
      return out;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          (kind == Kind.PLAN ? "planner=" : "scheduler=") + who + ": " + e.getMessage(), e);
    }
  }

  private static String optionList(Kind kind, List<Map<String, String>> combos) {
    Map<String, Set<String>> by = new LinkedHashMap<>();
    for (Map<String, String> c : combos) {
      by.putIfAbsent(
          kind == Kind.PLAN ? c.getOrDefault("planner", DEFAULT_PLANNER) : c.get("scheduler"),
          optionNames(kind, c));
    }
    StringBuilder b = new StringBuilder();
    by.forEach(
        (k, v) ->
            b.append(b.length() == 0 ? " (" : "; ")
                .append(k)
                .append(": ")
                .append(v.isEmpty() ? "no options" : String.join(", ", v)));
    return b.append(")").toString();
  }

  /** The kind of run a metric needs. */
  public static Kind kindOf(String metric) {
    if (PLAN_METRICS.contains(metric)) return Kind.PLAN;
    if (SIMULATION_METRICS.contains(metric)) return Kind.SIMULATE;
    if (RUSH_METRICS.contains(metric)) return Kind.RUSH;
    throw new IllegalArgumentException(
        "unknown metric '"
            + metric
            + "'; plan metrics: "
            + String.join(", ", PLAN_METRICS)
            + "; simulation metrics: "
            + String.join(", ", SIMULATION_METRICS)
            + "; RUSH metrics: "
            + String.join(", ", RUSH_METRICS));
  }

  /** Whether a larger value of the metric is better (used to sort results, best first). */
  public static boolean higherIsBetter(String metric) {
    return HIGHER_IS_BETTER.contains(metric);
  }

  public Kind kind() {
    return kind;
  }

  public String metric() {
    return metric;
  }

  public List<Param> params() {
    return params;
  }

  public int seeds() {
    return seeds;
  }

  /** Every run, combinations in the order of the parameters' values, seeds innermost. */
  public List<Point> points() {
    return points;
  }

  /** The metric names this sweep's runs report. */
  public List<String> metrics() {
    return switch (kind) {
      case PLAN -> PLAN_METRICS;
      case SIMULATE -> SIMULATION_METRICS;
      case RUSH -> RUSH_METRICS;
    };
  }

  private void check(Map<String, String> c) {
    if (kind == Kind.PLAN) {
      planner(c);
      policy(c);
    } else if (kind == Kind.RUSH) {
      rushScheduler(c);
    } else {
      simulation(c, 1);
    }
  }

  private RushScheduler rushScheduler(Map<String, String> c) {
    String name = c.get("scheduler");
    Map<String, String> opts = new LinkedHashMap<>(c);
    opts.remove("scheduler");
    try {
      return RushSchedulers.create(name, opts);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "scheduler " + name + (opts.isEmpty() ? "" : " with " + opts) + ": " + e.getMessage(), e);
    }
  }

  private Planner planner(Map<String, String> c) {
    String name = c.getOrDefault("planner", DEFAULT_PLANNER);
    Map<String, String> opts = new LinkedHashMap<>(c);
    opts.remove("planner");
    opts.remove("policy");
    try {
      return Planners.byName(name, new PlannerOptions(opts));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "planner " + name + (opts.isEmpty() ? "" : " with " + opts) + ": " + e.getMessage(), e);
    }
  }

  private SharingPolicySpec policy(Map<String, String> c) {
    String p = c.get("policy");
    if (p == null) return null;
    try {
      return SharingPolicySpec.parse(p);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("policy=" + p + ": " + e.getMessage(), e);
    }
  }

  private SimulationRun simulation(Map<String, String> c, long seed) {
    String scheduler = c.get("scheduler");
    Map<String, String> opts = new LinkedHashMap<>(c);
    opts.remove("scheduler");
    String req = opts.remove("requests");
    SimulationRun.Requests requests;
    try {
      requests = req == null ? SimulationRun.Requests.RRU : SimulationRun.Requests.parse(req);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("requests=" + req + ": not rru or efr", e);
    }
    try {
      return SimulationRun.of(scenario, scheduler, opts, requests, simulation.withSeed(seed));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "scheduler "
              + scheduler
              + (opts.isEmpty() ? "" : " with " + opts)
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Runs one point and returns its metrics. */
  public Row run(Point p, CancellationToken cancel) {
    Map<String, Double> m = new LinkedHashMap<>();
    if (kind == Kind.PLAN) {
      PlanningRun r =
          PlanningRun.run(
              scenario,
              planner(p.settings()),
              policy(p.settings()),
              ProgressListener.NONE,
              cancel,
              false);
      PlanMetrics pm = r.metrics();
      m.put("accepted", (double) pm.accepted());
      m.put("rejected", (double) pm.rejected());
      m.put("acceptance", pm.acceptance());
      m.put("weightedAcceptance", pm.weightedAcceptance());
      m.put("preemption", pm.preemption());
      m.put("uniformity", pm.uniformity());
    } else if (kind == Kind.RUSH) {
      RushRunResult r =
          RushSimulator.run(
              rushScenario.withSeed(p.seed()),
              rushScheduler(p.settings()),
              ProgressListener.NONE,
              cancel);
      RushRunExport.summary(r.metrics())
          .forEach((k, v) -> m.put(k, v instanceof Number n ? n.doubleValue() : Double.NaN));
    } else {
      SimulationResult r = simulation(p.settings(), p.seed()).run(ProgressListener.NONE, cancel);
      m.put("finishedJobs", (double) r.finishedJobs());
      m.put("failedTasks", (double) r.failedTasks());
      m.put("failureRate", r.failureRate());
      m.put("makespanS", r.makespanS());
      m.put("meanJobCompletionS", r.meanJobCompletionS());
      long withDeadline = 0;
      long met = 0;
      for (JobOutcome j : r.jobOutcomes()) {
        if (j.deadlineMet() == null) continue;
        withDeadline++;
        if (j.deadlineMet()) met++;
      }
      m.put("deadlinesMet", withDeadline == 0 ? Double.NaN : (double) met / withDeadline);
    }
    return new Row(p, m);
  }

  /**
   * Runs every point on {@code threads} threads and returns the rows in point order. Progress is
   * the fraction of runs done, reported on the calling thread; cancelling stops the runs in
   * progress and throws {@link CancelledException}; a run's error is rethrown, naming its settings.
   */
  public List<Row> runAll(int threads, ProgressListener progress, CancellationToken cancel) {
    int n = points.size();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(threads, n)),
            r -> {
              Thread t = new Thread(r, "rayon-sweep");
              t.setDaemon(true);
              return t;
            });
    try {
      // progress is reported from the calling thread only (a front-end's listener need not be
      // thread-safe)
      ExecutorCompletionService<Row> completion = new ExecutorCompletionService<>(pool);
      Map<Future<Row>, Point> pointOf = new HashMap<>();
      for (Point p : points) {
        pointOf.put(
            completion.submit(
                () -> {
                  cancel.throwIfCancelled();
                  return run(p, cancel);
                }),
            p);
      }
      Row[] rows = new Row[n];
      for (int k = 1; k <= n; k++) {
        Future<Row> f;
        try {
          f = completion.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          cancel.cancel();
          throw new CancelledException();
        }
        Point p = pointOf.get(f);
        try {
          rows[p.index()] = f.get();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          cancel.cancel();
          throw new CancelledException();
        } catch (ExecutionException e) {
          cancel.cancel();
          Throwable cause = e.getCause();
          if (cause instanceof CancelledException ce) throw ce;
          if (cause instanceof RuntimeException re && !(cause instanceof IllegalArgumentException))
            throw re;
          throw new IllegalArgumentException(describe(p) + ": " + cause.getMessage(), cause);
        }
        progress.progress((double) k / n, "run " + k + " of " + n + " done (" + describe(p) + ")");
        cancel.throwIfCancelled();
      }
      return List.of(rows);
    } finally {
      pool.shutdownNow();
    }
  }

  /** {@code planner=gree, policy=none, seed 1}. */
  public String describe(Point p) {
    StringBuilder b = new StringBuilder();
    p.settings()
        .forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append('=').append(v));
    if (kind != Kind.PLAN) b.append(b.length() == 0 ? "" : ", ").append("seed ").append(p.seed());
    return b.length() == 0 ? "defaults" : b.toString();
  }

  /**
   * The metric per combination over its seeds, best first (by mean; combinations where the metric
   * is undefined in every run last, in point order).
   */
  public static List<Summary> summarize(List<Row> rows, String metric) {
    Map<Map<String, String>, List<Double>> byCombo = new LinkedHashMap<>();
    for (Row r : rows)
      byCombo.computeIfAbsent(r.point().settings(), k -> new ArrayList<>()).add(r.metric(metric));
    List<Summary> out = new ArrayList<>();
    byCombo.forEach(
        (settings, values) -> {
          int k = 0;
          double sum = 0;
          double min = Double.POSITIVE_INFINITY;
          double max = Double.NEGATIVE_INFINITY;
          for (double v : values) {
            if (Double.isNaN(v)) continue;
            k++;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
          }
          double mean = k == 0 ? Double.NaN : sum / k;
          double ss = 0;
          for (double v : values) if (!Double.isNaN(v)) ss += (v - mean) * (v - mean);
          double sd = k < 2 ? 0 : Math.sqrt(ss / (k - 1));
          out.add(
              new Summary(
                  settings,
                  k,
                  mean,
                  k == 0 ? Double.NaN : min,
                  k == 0 ? Double.NaN : max,
                  k == 0 ? Double.NaN : sd));
        });
    boolean high = higherIsBetter(metric);
    out.sort(
        (a, b) -> {
          if (Double.isNaN(a.mean()) || Double.isNaN(b.mean()))
            return Boolean.compare(Double.isNaN(a.mean()), Double.isNaN(b.mean()));
          return high ? Double.compare(b.mean(), a.mean()) : Double.compare(a.mean(), b.mean());
        });
    return out;
  }

  /** Every run as CSV: the parameters, the seed, then every metric (empty where undefined). */
  public String csv(List<Row> rows) {
    StringBuilder b = new StringBuilder();
    List<String> cols = new ArrayList<>();
    for (Param p : params) cols.add(p.name());
    cols.add("seed");
    cols.addAll(metrics());
    b.append(String.join(",", cols.stream().map(Sweep::csvCell).toList())).append('\n');
    for (Row r : rows) {
      List<String> cells = new ArrayList<>();
      for (Param p : params) cells.add(csvCell(r.point().settings().getOrDefault(p.name(), "")));
      cells.add(Long.toString(r.point().seed()));
      for (String m : metrics()) {
        double v = r.metric(m);
        cells.add(Double.isNaN(v) ? "" : number(v));
      }
      b.append(String.join(",", cells)).append('\n');
    }
    return b.toString();
  }

  /**
   * A number as CSV and tables show it: integers without a fraction, others with up to 6 decimals.
   */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
    return String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  private static String csvCell(String s) {
    if (s.contains(",") || s.contains("\"") || s.contains("\n"))
      return "\"" + s.replace("\"", "\"\"") + "\"";
    return s;
  }
}
