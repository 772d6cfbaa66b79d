package io.rayon.cli;

import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushMetrics;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.FormatException;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code rayon simulate RUSH-FILE}: the RUSH simulator's side of {@link SimulateCommand}. */
final class RushSimulation {
  private RushSimulation() {}

  /** The RUSH schedulers' names, for messages. */
  static String names() {
    return String.join(", ", RushSchedulers.names());
  }

  /**
   * Runs the file with the named scheduler and prints the result.
   *
   * @param seed the seed to draw runtimes with instead of the scenario's, or null
   */
  static int run(
      Path file,
      String schedulerName,
      Map<String, String> options,
      Long seed,
      boolean json,
      PrintWriter out) {
    String name = schedulerName.strip().toLowerCase(Locale.ROOT);
    if (!RushSchedulers.REGISTRY.contains(name)) {
      throw new CliSupport.BadInputException(
          "--scheduler '"
              + schedulerName
              + "' does not schedule RUSH scenario files such as "
              + file
              + "; use one of "
              + names());
    }
    RushScheduler scheduler;
    try {
      scheduler = RushSchedulers.create(name, options);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--scheduler " + name + ": " + e.getMessage(), e);
    }
    RushScenario s;
    try {
      s = RushScenarioIO.read(file);
    } catch (FormatException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    if (seed != null)
      s =
          new RushScenario(
              s.formatVersion(),
              s.name(),
              s.description(),
              s.containers(),
              s.slotSeconds(),
              seed,
              s.jobs());
    RushRunResult r;
    try {
      r = RushSimulator.run(s, scheduler, ProgressListener.NONE, CancellationToken.NEVER);
    } catch (OutOfMemoryError e) {
      throw new CliSupport.BadInputException(
          file
              + ": too large to simulate in a "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MB heap ("
              + s.jobs().size()
              + " jobs, "
              + s.totalTasks()
              + " tasks); give Java more memory, e.g. RAYON_JAVA_OPTS=-Xmx8g");
    }
    RushMetrics m = r.metrics();
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("kind", RushScenario.KIND);
      o.put("scenario", s.name());
      o.put("scheduler", r.scheduler());
      o.put("settings", r.settings());
      o.put("containers", s.containers());
      o.put("seed", s.seed());
      o.put("tasks", s.totalTasks());
      o.put("meanUtility", num(m.meanUtility()));
      o.put("minUtility", num(m.minUtility()));
      o.put("zeroUtilityJobs", m.zeroUtilityJobs());
      o.put("deadlineMisses", m.deadlineMisses());
      o.put("meanLatencyS", num(m.meanLatency()));
      o.put("makespanS", num(m.makespan()));
      List<Map<String, Object>> jobs = new ArrayList<>();
      for (RushJobResult j : r.jobs()) {
        Map<String, Object> jo = new LinkedHashMap<>();
        jo.put("id", j.id());
        jo.put("template", j.template());
        jo.put("class", j.jobClass());
        jo.put("tasks", j.tasks());
        jo.put("arrivalS", j.arrival());
        jo.put("deadlineS", num(j.deadline()));
        jo.put("targetCompletionS", num(j.targetAtArrival()));
        jo.put("projectedCompletionS", num(j.projectedAtArrival()));
        jo.put("completionS", num(j.completion()));
        jo.put("latencyS", num(j.latency()));
        jo.put("utility", num(j.utility()));
        jo.put("maxUtility", num(j.utilityFunction().maxValue()));
        jo.put("deadlineMissed", j.deadlineMissed());
        jo.put("hopeless", j.everHopeless());
        jobs.add(jo);
      }
      o.put("jobs", jobs);
      CliSupport.printJson(out, o);
      return CliSupport.EXIT_OK;
    }
    out.printf(Locale.ROOT, "scheduler            %s (%s)%n", r.scheduler(), r.settings());
    out.printf(
        Locale.ROOT,
        "scenario             %s: %d jobs, %d tasks on %d containers, seed %d%n",
        s.name(),
        s.jobs().size(),
        s.totalTasks(),
        s.containers(),
        s.seed());
    out.printf(
        Locale.ROOT,
        "mean utility         %s (min %s)%n",
        fmt(m.meanUtility(), 3),
        fmt(m.minUtility(), 3));
    out.printf(
        Locale.ROOT,
        "zero-utility jobs    %d (utility at most %.0f%% of its maximum)%n",
        m.zeroUtilityJobs(),
        RushMetrics.ZERO_FRACTION * 100);
    out.printf(Locale.ROOT, "deadline misses      %d%n", m.deadlineMisses());
    out.printf(Locale.ROOT, "mean latency         %s s%n", fmt(m.meanLatency(), 1));
    out.printf(Locale.ROOT, "makespan             %s s%n", fmt(m.makespan(), 1));
    out.println();
    out.println(
        "target, projected: the first completion times the scheduler set or projected for the job after it arrived");
    int idWidth = 2;
    int classWidth = 5;
    for (RushJobResult j : r.jobs()) {
      idWidth = Math.max(idWidth, j.id().length());
      classWidth = Math.max(classWidth, j.jobClass().length());
    }
    String row = "%-" + idWidth + "s  %-" + classWidth + "s  %9s  %9s  %9s  %10s  %7s  %s%n";
    out.printf(
        Locale.ROOT,
        row,
        "id",
        "class",
        "arrival",
        "target",
        "projected",
        "completion",
        "utility",
        "");
    for (RushJobResult j : r.jobs()) {
      String flags =
          (j.deadlineMissed() ? "late" : "")
              + (j.everHopeless() ? (j.deadlineMissed() ? ", " : "") + "hopeless" : "");
      out.printf(
          Locale.ROOT,
          row,
          j.id(),
          j.jobClass(),
          fmt(j.arrival(), 0),
          fmt(j.targetAtArrival(), 0),
          fmt(j.projectedAtArrival(), 0),
          fmt(j.completion(), 0),
          fmt(j.utility(), 3) + "/" + fmt(j.utilityFunction().maxValue(), 0),
          flags);
    }
    out.flush();
    return CliSupport.EXIT_OK;
  }

  private static Object num(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static String fmt(double v, int decimals) {
    if (Double.isNaN(v)) return "-";
    if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
