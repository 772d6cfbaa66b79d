package io.rayon.cli;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.NodeOutage;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SimEvent;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.adaptive.EndToEndMetrics;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.rush.RushScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.time.Durations;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon simulate SCENARIO}: runs the scenario's workload on its cluster in the
 * discrete-event simulator (estimation paper §V) with the reservation or the estimation scheduler.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Simulate the scenario's workload on its cluster with the reservation or the estimation scheduler,",
      "or end to end with Rayon's adaptive scheduler (rayon) or the CapacityScheduler baseline (capacity).",
      "Prints jobs, tasks, task failures (crashes from memory overflow), makespan and mean job completion time.",
      "A RUSH scenario file (\"kind\": \"rush\", see 'rayon rush generate') is simulated container by container with",
      "--scheduler rush|fifo|edf|rrh (options: --theta, --delta, -O NAME=VALUE; see docs/formats.md) and prints",
      "utilities, deadline misses and a per-job table."
    })
public final class SimulateCommand implements Callable<Integer> {
  CommandLine.Model.CommandSpec spec;

  /**
   * Picocli's model of this command; its help footer lists every scheduler's options, generated
   * from their specs.
   */
  @Spec
  void spec(CommandLine.Model.CommandSpec s) {
    this.spec = s;
    s.usageMessage().footer(schedulerOptionsHelp());
  }

  /**
   * Each scheduler, what it is, and its options (name, values, default, help), from the scheduler
   * registry.
   */
  static String schedulerOptionsHelp() {
    StringBuilder b =
        new StringBuilder(
            "%nScheduler options (-O NAME=VALUE, repeatable; the defaults are the paper's):%n");
    for (Plugin<SchedulerPolicy> p : Schedulers.REGISTRY.plugins()) {
      b.append("%n");
      wrap(b, "  ", p.name() + ": " + p.description());
      if (p.options().isEmpty()) b.append("      (no options)%n");
      for (OptionSpec o : p.options()) {
        b.append("      ")
            .append(o.name())
            .append("=")
            .append(
                o.type() == OptionSpec.Type.CHOICE
                    ? String.join("|", o.choices())
                    : o.type().name().toLowerCase(Locale.ROOT))
            .append("  (default ")
            .append(o.defaultValue())
            .append(")%n");
        wrap(
            b,
            "          ",
            o.help() + (o.type() == OptionSpec.Type.TEXT ? "" : "; " + o.allowed()));
      }
    }
    return b.toString();
  }

  /** Appends text wrapped at 78 columns, every line indented. */
  private static void wrap(StringBuilder b, String indent, String text) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > 78) {
        b.append(line.toString().replace("%", "%%")).append("%n");
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) line.append(' ');
      line.append(word);
    }
    b.append(line.toString().replace("%", "%%")).append("%n");
  }

  /** Scheduler names for completion and the help text. */
  static final class SchedulerNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Schedulers.names().iterator();
    }
  }

  @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
  Path scenario;

  @Option(
      names = "--scheduler",
      required = true,
      paramLabel = "NAME",
      completionCandidates = SchedulerNames.class,
      description =
          "the scheduler: ${COMPLETION-CANDIDATES} (reservation: place by requests against the allowance;"
              + " estimation: by the node usage estimate, §IV); its options are listed below")
  String scheduler;

  @Option(
      names = {"-O", "--option"},
      paramLabel = "NAME=VALUE",
      description =
          "scheduler option (repeatable), checked against the scheduler's options listed below")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(
      names = "--damping",
      paramLabel = "ALPHA",
      description =
          "same as -O damping=ALPHA: damping factor of the estimation scheduler, 0..1 (default "
              + EstimationPolicy.DEFAULT_DAMPING
              + ", the paper's)")
  String damping;

  @Option(
      names = "--availability",
      paramLabel = "paper-sim|yarn-prototype",
      description = {
        "same as -O availability=...: what a node offers to the estimation scheduler (default paper-sim):",
        "paper-sim: AR − EU, the allowance minus the estimate (the paper's simulator, §V; NC − AR stays a safety margin);",
        "yarn-prototype: min(AR − ACU, NC − EU) (the paper's YARN prototype, §VI eq. 5–6)"
      })
  String availability;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description =
          "seed for tie-breaking between equally free nodes (default ${DEFAULT-VALUE}); for a RUSH file, the seed"
              + " task runtimes are drawn with instead of the scenario's")
  long seed;

  @Option(
      names = "--until",
      paramLabel = "DURATION",
      description = "stop at this simulated time, e.g. 24h (default: when every task has ended)")
  String until;

  @Option(
      names = "--heartbeat",
      paramLabel = "DURATION",
      defaultValue = "3s",
      description = "node heartbeat and scheduling period (default ${DEFAULT-VALUE})")
  String heartbeat;

  @Option(
      names = "--series",
      paramLabel = "FILE",
      description =
          "write the cluster time series (capacity, allowance, estimation, reservation, usage) as CSV")
  Path series;

  @Option(
      names = "--series-interval",
      paramLabel = "DURATION",
      defaultValue = "60s",
      description = "sampling period of --series (default ${DEFAULT-VALUE})")
  String seriesInterval;

  @Option(
      names = "--jobs",
      paramLabel = "FILE",
      description = "write per-job arrival, finish and completion times as CSV")
  Path jobsCsv;

  @Option(
      names = "--requests",
      paramLabel = "rru|efr",
      defaultValue = "rru",
      description =
          "rru: the requests in the scenario; efr: every task requests its peak real usage (extreme fit)")
  String requests;

  @Option(
      names = "--max-attempts",
      defaultValue = "" + SimulationConfig.DEFAULT_MAX_ATTEMPTS,
      description = "abandon a task after this many crashes (default ${DEFAULT-VALUE})")
  int maxAttempts;

  @Option(names = "--json", description = "print the summary as JSON")
  boolean json;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "write the --json document to FILE (atomically; for a RUSH file with every job's results)")
  Path outJson;

  // ---- RUSH scenario files (rush, fifo, edf, rrh schedulers) ----

  @Option(
      names = "--theta",
      paramLabel = "P",
      description =
          "same as -O theta=P: the rush scheduler's probability θ that the reserved demand covers a job's (default 0.9, the paper's)")
  String theta;

  @Option(
      names = "--delta",
      paramLabel = "NATS",
      description =
          "same as -O delta=NATS: the rush scheduler's entropy threshold δ (default 0.7, the paper's)")
  String delta;

  // ---- Rayon end to end (rayon and capacity schedulers, Rayon §6.4) ----

  @Option(
      names = "--planner",
      paramLabel = "gree|greel|milp|hybrid",
      description =
          "same as -O planner=...: the planner the rayon scheduler admits and places reservations with (default greel)")
  String planner;

  @Option(
      names = "--over-reserve",
      paramLabel = "FRACTION",
      description =
          "same as -O over-reserve=...: every reservation asks for this much more work, e.g. 0.5 (rayon scheduler, §6.4.2)")
  String overReserve;

  @Option(
      names = "--fail-nodes",
      paramLabel = "N@TIME[+DURATION]",
      description =
          "N nodes fail at TIME for DURATION (default: for good), e.g. 40@2h+2h; repeatable; their running"
              + " containers are lost, and the rayon scheduler re-plans (Adapter)")
  List<String> failNodes = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (RushScenarioIO.isRushFile(scenario)) return simulateRush(out);
    if (theta != null || delta != null) {
      throw new CliSupport.BadInputException(
          (theta != null ? "--theta" : "--delta")
              + " applies to RUSH scenario files only;"
              + " "
              + scenario
              + " is not one");
    }
    Map<String, String> opts = schedulerOptions();
    List<NodeOutage> outs = outages();
    CliSupport.checkOutputs(
        List.of(scenario), "--series", series, "--jobs", jobsCsv, "--out", outJson);
    Scenario s = CliSupport.loadValidScenario(scenario);
    SimulationRun.Requests req;
    try {
      req = SimulationRun.Requests.parse(requests);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--requests '" + requests + "' is not rru or efr", e);
    }
    Workload w = s.workload();
    SimulationConfig cfg;
    try {
      cfg =
          new SimulationConfig(
              seconds("--heartbeat", heartbeat),
              until == null ? Double.POSITIVE_INFINITY : seconds("--until", until),
              seed,
              seconds("--series-interval", seriesInterval),
              0,
              maxAttempts);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    SimulationRun run;
    try {
      run = SimulationRun.of(s, scheduler, opts, req, cfg).withOutages(outs);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--scheduler " + scheduler + ": " + e.getMessage(), e);
    }
    SimulationResult r;
    try {
      r = run.run(ProgressListener.NONE, CancellationToken.NEVER);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(scenario + ": " + e.getMessage(), e);
    } catch (ArithmeticException e) {
      throw CliSupport.tooLarge(scenario.toString(), e);
    } catch (OutOfMemoryError e) {
      // the simulator's state (per node, per task) did not fit: nothing else holds memory any more
      throw new CliSupport.BadInputException(
          scenario
              + ": too large to simulate in a "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MB heap ("
              + s.cluster().nodeCount()
              + " nodes, "
              + w.taskCount()
              + " tasks); give Java more memory, e.g. RAYON_JAVA_OPTS=-Xmx8g, or simulate a smaller scenario");
    }
    try {
      if (series != null) AtomicFiles.writeString(series, r.series().toCsv());
      if (jobsCsv != null) AtomicFiles.writeString(jobsCsv, r.jobsCsv());
    } catch (IOException e) {
      throw new CliSupport.BadInputException("cannot write output: " + e.getMessage(), e);
    }
    // rayon and capacity (and any run with failures): the §6.4 metrics
    boolean endToEnd = run.newPolicy().discipline() != null || !outs.isEmpty();
    if (json || outJson != null) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("scheduler", r.scheduler());
      m.put("jobs", r.jobs());
      m.put("tasks", r.tasks());
      m.put("failedTasks", r.failedTasks());
      m.put("failureRate", r.failureRate());
      m.put("makespanS", r.makespanS());
      m.put(
          "meanJobCompletionS",
          Double.isNaN(r.meanJobCompletionS()) ? null : r.meanJobCompletionS());
      if (endToEnd) m.putAll(EndToEndMetrics.of(run.workload(), r).toJson());
      if (outJson != null) RushSimulation.writeJson("--out", outJson, m);
      if (json) {
        CliSupport.printJson(out, m);
        for (String warning : r.warnings()) err.println("rayon: warning: " + warning);
      }
    }
    if (!json) {
      out.printf(Locale.ROOT, "scheduler            %s%n", run.describe());
      out.printf(Locale.ROOT, "simulated            %.0f s%n", r.endS());
      out.printf(
          Locale.ROOT, "jobs                 %d (%d finished)%n", r.jobs(), r.finishedJobs());
      out.printf(
          Locale.ROOT,
          "tasks                %d: %d finished, %d running, %d queued, %d waiting for other groups,"
              + " %d not arrived, %d unschedulable, %d abandoned%n",
          r.tasks(),
          r.finishedTasks(),
          r.runningTasks(),
          r.queuedTasks(),
          r.waitingTasks(),
          r.notArrivedTasks(),
          r.unschedulableTasks(),
          r.abandonedTasks());
      out.printf(
          Locale.ROOT, "task failures        %d (rate %.4f)%n", r.failedTasks(), r.failureRate());
      out.printf(Locale.ROOT, "makespan             %.1f s%n", r.makespanS());
      out.printf(
          Locale.ROOT,
          "mean job completion  %s%n",
          Double.isNaN(r.meanJobCompletionS())
              ? "-"
              : String.format(Locale.ROOT, "%.1f s", r.meanJobCompletionS()));
      long withDeadline = r.jobOutcomes().stream().filter(j -> j.deadlineMet() != null).count();
      if (withDeadline > 0) {
        long met =
            r.jobOutcomes().stream().filter(j -> Boolean.TRUE.equals(j.deadlineMet())).count();
        out.printf(
            Locale.ROOT, "deadlines met        %d of %d jobs with a deadline%n", met, withDeadline);
      }
      if (endToEnd) printEndToEnd(out, EndToEndMetrics.of(run.workload(), r), r);
      for (String warning : r.warnings()) out.println("warning: " + warning);
      out.flush();
    }
    return CliSupport.EXIT_OK;
  }

  /**
   * The scheduler's options: {@code -O} pairs, with {@code --damping} and {@code --availability} as
   * aliases of {@code -O damping=} and {@code -O availability=} (they win over the same {@code
   * -O}). Given to a scheduler that does not take them, they are refused like any unknown option.
   */
  private Map<String, String> schedulerOptions() {
    Map<String, String> o = new LinkedHashMap<>(options);
    if (damping != null) o.put("damping", damping);
    if (planner != null) o.put("planner", planner.strip().toLowerCase(Locale.ROOT));
    if (overReserve != null) o.put("over-reserve", overReserve.strip());
    if (availability != null) {
      try {
        o.put("availability", Availability.parse(availability).id());
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException(
            "--availability '" + availability + "' is unknown; use " + Availability.ids(), e);
      }
    }
    String name = scheduler.strip().toLowerCase(Locale.ROOT);
    if (!Schedulers.REGISTRY.contains(name)) {
      throw new CliSupport.BadInputException(
          "--scheduler '"
              + scheduler
              + "' is unknown; use "
              + String.join(" or ", Schedulers.names())
              + (RushSchedulers.REGISTRY.contains(name)
                  ? " ("
                      + RushSimulation.names()
                      + " schedule RUSH scenario files, \"kind\": \"rush\")"
                  : ""));
    }
    try {
      Schedulers.create(name, o); // checked before the scenario is read
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--scheduler " + name + ": " + e.getMessage(), e);
    }
    scheduler = name;
    return o;
  }

  /**
   * A RUSH scenario file: the RUSH schedulers, {@code --theta}/{@code --delta} as aliases of their
   * {@code -O}.
   */
  private int simulateRush(PrintWriter out) {
    var parse = spec.commandLine().getParseResult();
    for (String o :
        List.of(
            "--damping",
            "--availability",
            "--until",
            "--heartbeat",
            "--series",
            "--series-interval",
            "--requests",
            "--max-attempts",
            "--planner",
            "--over-reserve",
            "--fail-nodes")) {
      if (parse != null && parse.hasMatchedOption(o)) {
        throw new CliSupport.BadInputException(
            o
                + " does not apply to RUSH scenario files such as "
                + scenario
                + "; they take --scheduler "
                + RushSimulation.names().replace(", ", "|")
                + ", --theta, --delta, -O, --seed, --json, --jobs and --out");
      }
    }
    Map<String, String> o = new LinkedHashMap<>(options);
    if (theta != null) o.put("theta", theta);
    if (delta != null) o.put("delta", delta);
    Long s = parse != null && parse.hasMatchedOption("--seed") ? seed : null;
    CliSupport.checkOutputs(List.of(scenario), "--jobs", jobsCsv, "--out", outJson);
    return RushSimulation.run(scenario, scheduler, o, s, json, jobsCsv, outJson, out);
  }

  /** The {@code --fail-nodes} outages, each checked. */
  private List<NodeOutage> outages() {
    List<NodeOutage> out = new ArrayList<>();
    for (String f : failNodes) {
      try {
        out.add(NodeOutage.parse(f));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException("--fail-nodes '" + f + "': " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** The §6.4 metrics and the timeline's re-plans and rejections, for people. */
  private static void printEndToEnd(PrintWriter out, EndToEndMetrics e, SimulationResult r) {
    out.printf(
        Locale.ROOT,
        "SLA acceptance       %s (%d production jobs)%n",
        percent(e.slaAcceptance()),
        e.productionJobs());
    out.printf(
        Locale.ROOT,
        "SLA fulfillment      %s of accepted jobs met their deadline%n",
        percent(e.slaFulfillment()));
    out.printf(
        Locale.ROOT,
        "best effort          %d jobs completed, mean latency %s%n",
        e.beCompleted(),
        Double.isNaN(e.beMeanLatencyS())
            ? "-"
            : String.format(Locale.ROOT, "%.1f s", e.beMeanLatencyS()));
    out.printf(Locale.ROOT, "utilization          %s mean%n", percent(e.meanUtilization()));
    out.printf(Locale.ROOT, "preempted containers %d%n", e.preemptedContainers());
    if (r.lostTasks() > 0)
      out.printf(Locale.ROOT, "lost containers      %d (failed nodes)%n", r.lostTasks());
    out.printf(
        Locale.ROOT,
        "re-plans             %d, %d reservations rejected after a failure%n",
        e.replans(),
        e.rejectedAfterFailure());
    for (SimEvent ev : r.events()) {
      if (!ev.kind().equals("plan"))
        out.printf(Locale.ROOT, "event  %8.0f s  %-10s %s%n", ev.timeS(), ev.kind(), ev.text());
    }
  }

  private static String percent(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", v * 100);
  }

  /** A positive duration option in seconds (the one duration grammar, {@link Durations}). */
  private static double seconds(String option, String text) {
    try {
      return Durations.parsePositive(text).toMillis() / 1000.0;
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(option + " '" + text + "': " + e.getMessage(), e);
    }
  }
}
