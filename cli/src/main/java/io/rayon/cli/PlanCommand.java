package io.rayon.cli;

import io.rayon.engine.metrics.PlanFileMetrics;
import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.ReportingPlanner;
import io.rayon.engine.planning.milp.MilpOptions;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.PlanFileIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon plan SCENARIO --planner NAME}: places the scenario's reservations online (arrival
 * order) with a planner and prints the metrics of §6.3; optionally writes the plan as JSON and CSV.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = {
      "Place a scenario's reservations with a planner and print acceptance, preemption, uniformity and runtime.",
      "The plan starts empty and the reservations are placed in arrival order. With a planner that"
          + " repairs (greel-plus, -O repair=K, K > 0) a reservation accepted earlier may be moved"
          + " later, inside its window and before it starts, to make room for a later request; the"
          + " decisions give where it ended, and each such move (first and end step, before and"
          + " after) is listed after the rejections, with their count, and under \"moved\" with --json."
    })
public final class PlanCommand implements Callable<Integer> {
  CommandLine.Model.CommandSpec spec;

  /**
   * Picocli's model of this command; its help footer lists every planner's options, generated from
   * their specs.
   */
  @Spec
  void spec(CommandLine.Model.CommandSpec s) {
    this.spec = s;
    s.usageMessage().footer(plannerOptionsHelp());
  }

  /**
   * Each planner, what it is, and its options (name, values, default, help), from the planner
   * registry.
   */
  static String plannerOptionsHelp() {
    StringBuilder b =
        new StringBuilder(
            "%nPlanner options (-O NAME=VALUE, repeatable; the defaults are the paper's):%n");
    for (Plugin<Planner> p : Planners.REGISTRY.plugins()) {
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

  /**
   * Appends text wrapped at 78 columns, every line indented (picocli would wrap without the
   * indent).
   */
  private static void wrap(StringBuilder b, String indent, String text) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > 78) {
        b.append(esc(line.toString())).append("%n");
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) line.append(' ');
      line.append(word);
    }
    b.append(esc(line.toString())).append("%n");
  }

  private static String esc(String s) {
    return s.replace("%", "%%");
  }

  @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
  Path scenario;

  @Option(
      names = "--planner",
      defaultValue = "gree",
      paramLabel = "NAME",
      description = "planner: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})",
      completionCandidates = PlannerNames.class)
  String planner;

  @Option(
      names = "--policy",
      paramLabel = "POLICY",
      description =
          "sharing policy, overriding the scenario's: none, instantaneous:0.2, capacity-over-time:0.2,0.05,24h")
  String policy;

  @Option(
      names = {"-O", "--option"},
      paramLabel = "KEY=VALUE",
      description = "planner option (repeatable); each planner's options are listed below")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(
      names = "--time-limit",
      paramLabel = "DURATION",
      description =
          "milp/hybrid: wall-clock limit for the whole command (starting Java, reading the scenario,"
              + " building and solving the model, writing the result), e.g. 60s, 500ms, 2m (default 60s); a model too"
              + " large for it or for the memory is refused up front (exit code 2)")
  String timeLimit;

  @Option(
      names = "--grid",
      paramLabel = "K",
      description =
          "milp/hybrid: plan steps per model step (time aggregation). Default: the plan's grid, or the"
              + " smallest coarser one whose model fits the time limit (150 integer variables + 1 per second; see"
              + " solverNotes; refused when no grid fits); -O grid=auto is the default")
  Integer grid;

  @Option(
      names = "--out",
      paramLabel = "PLAN.json",
      description = "write the plan (every decision, reason and allocation)")
  Path out;

  @Option(
      names = "--csv",
      paramLabel = "PLAN.csv",
      description = "write the accepted allocations as CSV")
  Path csv;

  @Option(
      names = "--json",
      description =
          "print the metrics as JSON, with \"moved\": the reservations moved to make room"
              + " ({\"id\", \"from\": {\"start\", \"end\"}, \"to\": {...}}, steps; [] when none)")
  boolean json;

  @Option(
      names = "--progress",
      description =
          "print the planner's progress reports on stderr as they come "
              + "(MILP and hybrid: incumbent, bound, gap and nodes during the search); stdout is unchanged")
  boolean progress;

  /** Planner names for the help text. */
  static final class PlannerNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Planners.names().iterator();
    }
  }

  @Override
  public Integer call() {
    CliSupport.checkOutputs(List.of(scenario), "--out", out, "--csv", csv);
    Scenario s = CliSupport.loadValidScenario(scenario);
    SharingPolicySpec p;
    try {
      p = policy == null ? s.sharingPolicy() : SharingPolicySpec.parse(policy);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--policy: " + e.getMessage());
    }
    Planner pl;
    Deadline deadline;
    try {
      Map<String, String> o = new LinkedHashMap<>(options);
      if (timeLimit != null) o.put("time-limit", timeLimit);
      if (grid != null) o.put("grid", Integer.toString(grid));
      if (!o.containsKey("memory")
          && Planners.REGISTRY.contains(planner)
          && Planners.plugin(planner).options().stream()
              .anyMatch(os -> os.name().equals("memory"))) {
        o.put("memory", Long.toString(freeHeap()));
      }
      PlannerOptions po = new PlannerOptions(o);
      pl = Planners.byName(planner, po);
      deadline = commandDeadline(MilpOptions.from(po).timeLimit());
    } catch (IllegalArgumentException e) {
      if (!Planners.REGISTRY.contains(planner))
        throw new CliSupport.BadInputException("--planner: " + e.getMessage());
      String msg = e.getMessage();
      for (OptionSpec os : Planners.plugin(planner).options()) {
        if (msg.contains("option " + os.name() + "=") && os.defaultValue() != null)
          msg += " (default " + os.defaultValue() + ")";
      }
      throw new CliSupport.BadInputException("-O (planner " + planner + "): " + msg);
    }
    PlanningRun run;
    long t0 = System.nanoTime();
    try {
      ProgressListener listener = ProgressListener.NONE;
      if (progress) {
        PrintWriter err = spec.commandLine().getErr();
        listener =
            (fraction, message) -> {
              synchronized (err) {
                err.println("progress: " + message);
                err.flush();
              }
            };
      }
      run = PlanningRun.run(s, pl, p, listener, CancellationToken.NEVER, deadline, false);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(scenario + ": " + e.getMessage(), e);
    } catch (ArithmeticException e) {
      throw CliSupport.tooLarge(scenario.toString(), e);
    }
    double runtimeMs = (System.nanoTime() - t0) / 1e6;
    PlanMetrics metrics = run.metrics();
    Map<String, Object> m =
        PlanFileMetrics.of(
            run.planner(),
            metrics,
            runtimeMs,
            pl instanceof ReportingPlanner rp ? rp.report() : Map.of());
    if (out != null) {
      try {
        PlanFileIO.write(run.toPlanFile(m), out);
      } catch (IOException e) {
        throw new CliSupport.BadInputException(
            "--out " + out + ": cannot write: " + e.getMessage(), e);
      }
    }
    if (csv != null) {
      try {
        PlanFileIO.writeCsv(run.toPlanFile(m), csv);
      } catch (IOException e) {
        throw new CliSupport.BadInputException(
            "--csv " + csv + ": cannot write: " + e.getMessage(), e);
      }
    }
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> shown = new LinkedHashMap<>(m);
      shown.put("moved", movedJson(run.moved()));
      CliSupport.printJson(w, shown);
      return CliSupport.EXIT_OK;
    }
    int n = metrics.accepted() + metrics.rejected();
    w.printf(Locale.ROOT, "scenario    %s%n", s.name());
    w.printf(Locale.ROOT, "planner     %s%n", run.planner());
    w.printf(Locale.ROOT, "policy      %s%n", p);
    w.printf(
        Locale.ROOT,
        "accepted    %d of %d (%.1f%%)%n",
        metrics.accepted(),
        n,
        100 * metrics.acceptance());
    w.printf(Locale.ROOT, "weighted    %.1f%% of the work%n", 100 * metrics.weightedAcceptance());
    w.printf(Locale.ROOT, "preemption  %.4f%n", metrics.preemption());
    w.printf(Locale.ROOT, "uniformity  %.4f%n", metrics.uniformity());
    w.printf(Locale.ROOT, "runtime     %.1f ms%n", runtimeMs);
    for (Map.Entry<String, Object> e : m.entrySet()) {
      if (!STANDARD.contains(e.getKey()))
        w.printf(Locale.ROOT, "%-11s %s%n", e.getKey(), e.getValue());
    }
    int shown = 0;
    for (Decision d : run.decisions()) {
      if (d.accepted()) continue;
      if (shown == 0) w.println("rejected:");
      if (shown++ == 50) {
        w.println("  ... (" + (metrics.rejected() - 50) + " more; see --out)");
        break;
      }
      w.println("  " + d.reservationId() + ": " + d.rejection());
    }
    if (pl.repairBound() > 0 || !run.moved().isEmpty()) printMoved(w, run.moved());
    if (out != null) w.println("plan written to " + out);
    if (csv != null) w.println("CSV written to " + csv);
    w.flush();
    return CliSupport.EXIT_OK;
  }

  /** Moved reservations listed in the text output before "... (N more; see --json)". */
  static final int MOVED_SHOWN = 50;

  /**
   * The moves of a run, after the decisions: their count, then one line per moved reservation with
   * its old and new first and end steps (the plan's steps, as the rejections give windows).
   */
  static void printMoved(PrintWriter w, List<PlanningRun.Moved> moved) {
    w.printf(
        Locale.ROOT,
        "moved       %d (accepted earlier, moved later to make room by bounded repair)%n",
        moved.size());
    int shown = 0;
    for (PlanningRun.Moved mv : moved) {
      if (shown++ == MOVED_SHOWN) {
        w.println("  ... (" + (moved.size() - MOVED_SHOWN) + " more; see --json)");
        break;
      }
      w.printf(
          Locale.ROOT,
          "  %s: steps %d-%d -> %d-%d%n",
          mv.id(),
          mv.before().start(),
          mv.before().end(),
          mv.after().start(),
          mv.after().end());
    }
  }

  /** The {@code moved} key of {@code --json}: id, from and to (each start and end step). */
  static List<Map<String, Object>> movedJson(List<PlanningRun.Moved> moved) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (PlanningRun.Moved mv : moved) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("id", mv.id());
      o.put("from", span(mv.before()));
      o.put("to", span(mv.after()));
      out.add(o);
    }
    return out;
  }

  private static Map<String, Object> span(ReservationAllocation a) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("start", a.start());
    o.put("end", a.end());
    return o;
  }

  /**
   * Time kept back from the planner for committing, the metrics and the output: 5%, at least this.
   */
  static final long OUTPUT_RESERVE_MILLIS = 250;

  /**
   * The deadline of the whole command: the time limit counted from the moment Java started (from
   * the command's own start when it runs inside another program, as in tests), less a reserve for
   * what comes after the planner. So starting Java and reading the scenario count against the
   * limit, and the command returns within it.
   */
  static Deadline commandDeadline(Duration limit) {
    long start = RayonCli.processStartNanos;
    long now = System.nanoTime();
    long reserve = Math.max(OUTPUT_RESERVE_MILLIS, limit.toMillis() / 20);
    return Deadline.startedAt(System::nanoTime, start < 0 || start > now ? now : start, limit)
        .minus(reserve);
  }

  /** Heap the MILP model may take: three quarters of what the JVM can still allocate. */
  static long freeHeap() {
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    return Math.max(1, (rt.maxMemory() - used) / 4 * 3);
  }

  private static final Set<String> STANDARD =
      Set.of(
          "planner",
          "accepted",
          "rejected",
          "acceptance",
          "weightedAcceptance",
          "preemption",
          "uniformity",
          "runtimeMs");
}
