package io.rayon.engine.schedulers;

import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
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
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The one place that turns a scenario, a scheduler name with its options, the requests setting and a
 * {@link SimulationConfig} into a configured simulation: the CLI's {@code rayon simulate}, the
 * Simulation tab and the benchmarks all build their runs here. The scheduler and its options are
 * checked when the run is made ({@link #of}); each {@link #run} makes a fresh scheduler (schedulers
 * are stateful), so a run may be repeated with the same result.
 */
public final class SimulationRun {
  /** What the tasks request: the scenario's requests, or each task's peak real usage. */
  public enum Requests {
    /** Real resource usage requests: the requests written in the scenario (estimation paper §V.B). */
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

  private SimulationRun(
      Cluster cluster, Workload workload, Plugin<SchedulerPolicy> scheduler, Options options, Requests requests,
      SimulationConfig config) {
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
   * @throws IllegalArgumentException naming the known schedulers, or the option and its allowed values
   */
  public static SimulationRun of(
      Scenario scenario, String scheduler, Map<String, String> options, Requests requests, SimulationConfig config) {
    Objects.requireNonNull(scenario, "scenario");
    return of(scenario.cluster(), scenario.workload(), scheduler, options, requests, config);
  }

  /** As {@link #of(Scenario, String, Map, Requests, SimulationConfig)}, for a cluster and workload. */
  public static SimulationRun of(
      Cluster cluster, Workload workload, String scheduler, Map<String, String> options, Requests requests,
      SimulationConfig config) {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(config, "config");
    Plugin<SchedulerPolicy> p = Schedulers.REGISTRY.get(scheduler);
    Options o = Options.parse("scheduler " + p.name(), p.options(), options == null ? Map.of() : options);
    p.create(o); // the plug-in's own checks, before any work starts
    Requests req = requests == null ? Requests.RRU : requests;
    Workload w = req == Requests.EFR ? WorkloadTransforms.extremeFit(workload) : workload;
    return new SimulationRun(cluster, w, p, o, req, config);
  }

  /** A new scheduler configured by this run's options. */
  public SchedulerPolicy newPolicy() {
    return scheduler.create(options);
  }

  /** Runs the simulation with a fresh scheduler. */
  public SimulationResult run(ProgressListener progress, CancellationToken cancel) {
    return Simulator.run(cluster, workload, newPolicy(), config, progress, cancel);
  }

  public SimulationResult run() {
    return run(ProgressListener.NONE, CancellationToken.NEVER);
  }

  /** The scheduler's name and its settings, e.g. {@code estimation (damping 0.125), availability paper-sim (AR − EU)}. */
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

  /** The workload as simulated (with {@link Requests#EFR}, the requests already set to peak usage). */
  public Workload workload() {
    return workload;
  }
}
