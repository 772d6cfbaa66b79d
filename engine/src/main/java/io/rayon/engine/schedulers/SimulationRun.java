package io.rayon.engine.schedulers;

import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.sim.NodeOutage;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.Simulator;
import io.rayon.engine.sim.WorkloadTransforms;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Workload;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The one place that turns a scenario, a scheduler name with its options, the requests setting and
 * a {@link SimulationConfig} into a configured simulation: the CLI's {@code rayon simulate}, the
 * Simulation tab and the benchmarks all build their runs here. The scheduler and its options are
 * checked when the run is made ({@link #of}); each {@link #run} makes a fresh scheduler (schedulers
 * are stateful), so a run may be repeated with the same result.
 */
public final class SimulationRun {
  /** What the tasks request: the scenario's requests, or each task's peak real usage. */
  public enum Requests {
    /**
     * Real resource usage requests: the requests written in the scenario (estimation paper §V.B).
     */
    RRU("rru"),
    /** Extreme fit reservation: every task requests its peak real usage (estimation paper §V.B). */
    EFR("efr");

    private final String id;

    Requests(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }

    /**
     * The setting written {@code rru} or {@code efr}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the allowed values
     */
    public static Requests parse(String text) {
      String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
      for (Requests r : values()) if (r.id.equals(t)) return r;
      throw new IllegalArgumentException("requests '" + text + "' is not rru or efr");
    }
  }

  private final Cluster cluster;
  private final Workload workload;
  private final Plugin<SchedulerPolicy> scheduler;
  private final Options options;
  private final Requests requests;
  private final SimulationConfig config;

  /**
   * The scenario the run came from (its reservations and plan settings), or null for a bare
   * workload.
   */
  private final Scenario scenario;

  private final List<NodeOutage> outages;

  private SimulationRun(
      Cluster cluster,
      Workload workload,
      Plugin<SchedulerPolicy> scheduler,
      Options options,
      Requests requests,
      SimulationConfig config,
      Scenario scenario,
      List<NodeOutage> outages) {
    this.scenario = scenario;
    this.outages = List.copyOf(outages);
    this.cluster = cluster;
    this.workload = workload;
    this.scheduler = scheduler;
    this.options = options;
    this.requests = requests;
    this.config = config;
  }

  /**
   * A run of the scenario's workload on its cluster.
   *
   * @param scheduler a name of {@link Schedulers#REGISTRY}
   * @param options the scheduler's options as {@code name=value} text (null or empty: its defaults)
   * @throws IllegalArgumentException naming the known schedulers, or the option and its allowed
   *     values
   */
  public static SimulationRun of(
      Scenario scenario,
      String scheduler,
      Map<String, String> options,
      Requests requests,
      SimulationConfig config) {
    Objects.requireNonNull(scenario, "scenario");
    SimulationRun r =
        of(scenario.cluster(), scenario.workload(), scheduler, options, requests, config);
    return new SimulationRun(
        r.cluster,
        r.workload,
        r.scheduler,
        r.options,
        r.requests,
        r.config,
        scenario.withWorkload(r.workload),
        List.of());
  }

  /**
   * This run with nodes failing during it ({@link NodeOutage}): their running containers are lost,
   * and a scheduler with a queue discipline is told (the rayon scheduler re-plans).
   */
  public SimulationRun withOutages(List<NodeOutage> outages) {
    return new SimulationRun(
        cluster, workload, scheduler, options, requests, config, scenario, outages);
  }

  public List<NodeOutage> outages() {
    return outages;
  }

  /**
   * The scenario of the run (with the workload as simulated), or null when it was made from a bare
   * workload.
   */
  public Scenario scenario() {
    return scenario;
  }

  /**
   * As {@link #of(Scenario, String, Map, Requests, SimulationConfig)}, for a cluster and workload.
   */
  public static SimulationRun of(
      Cluster cluster,
      Workload workload,
      String scheduler,
      Map<String, String> options,
      Requests requests,
      SimulationConfig config) {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(config, "config");
    Plugin<SchedulerPolicy> p = Schedulers.REGISTRY.get(scheduler);
    Options o =
        Options.parse("scheduler " + p.name(), p.options(), options == null ? Map.of() : options);
    p.create(o); // the plug-in's own checks, before any work starts
    Requests req = requests == null ? Requests.RRU : requests;
    Workload w = req == Requests.EFR ? WorkloadTransforms.extremeFit(workload) : workload;
    return new SimulationRun(cluster, w, p, o, req, config, null, List.of());
  }

  /** A new scheduler configured by this run's options. */
  public SchedulerPolicy newPolicy() {
    return scheduler.create(options);
  }

  /** Runs the simulation with a fresh scheduler. */
  public SimulationResult run(ProgressListener progress, CancellationToken cancel) {
    return run(newPolicy(), progress, cancel);
  }

  /**
   * Runs the simulation with {@code policy}, a fresh scheduler of this run ({@link #newPolicy()}),
   * which the caller keeps to read what it learnt (the rayon scheduler's plan after re-plans).
   */
  public SimulationResult run(
      SchedulerPolicy policy, ProgressListener progress, CancellationToken cancel) {
    if (scenario == null && outages.isEmpty())
      return Simulator.run(cluster, workload, policy, config, progress, cancel);
    Scenario s =
        scenario != null
            ? scenario
            : new Scenario(
                Scenario.FORMAT_VERSION,
                cluster.name(),
                null,
                0,
                0,
                cluster,
                null,
                null,
                null,
                null,
                workload,
                null);
    return Simulator.run(s, outages, policy, config, progress, cancel);
  }

  public SimulationResult run() {
    return run(ProgressListener.NONE, CancellationToken.NEVER);
  }

  /**
   * The scheduler's name and its settings, e.g. {@code estimation (damping 0.125), availability
   * paper-sim (AR − EU)}.
   */
  public String describe() {
    SchedulerPolicy p = newPolicy();
    return p.name() + p.settings();
  }

  public String scheduler() {
    return scheduler.name();
  }

  public Options options() {
    return options;
  }

  public Requests requests() {
    return requests;
  }

  public SimulationConfig config() {
    return config;
  }

  public Cluster cluster() {
    return cluster;
  }

  /**
   * The workload as simulated (with {@link Requests#EFR}, the requests already set to peak usage).
   */
  public Workload workload() {
    return workload;
  }
}
