package io.rayon.cli;

import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushMetrics;
import io.rayon.engine.sim.rush.RushRunExport;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
   * @param jobsCsv where to write the per-job CSV ({@link RushRunExport#csv}), or null
   * @param outJson where to write the {@code --json} document, or null
   */
  static int run(
      Path file,
      String schedulerName,
      Map<String, String> options,
      Long seed,
      boolean json,
      Path jobsCsv,
      Path outJson,
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
    if (seed != null) s = s.withSeed(seed);
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
    try {
      if (jobsCsv != null) AtomicFiles.writeString(jobsCsv, RushRunExport.csv(r));
    } catch (IOException e) {
      throw new CliSupport.BadInputException(
          "--jobs " + jobsCsv + ": cannot write: " + e.getMessage(), e);
    }
    if (outJson != null) writeJson("--out", outJson, RushRunExport.json(s, r));
    if (json) {
      CliSupport.printJson(out, RushRunExport.json(s, r));
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

  /**
   * Writes {@code value} as indented JSON to {@code file} atomically; a failure names the option
   * and the file.
   */
  static void writeJson(String option, Path file, Object value) {
    try {
      AtomicFiles.writeString(
          file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(value) + "\n");
    } catch (IOException e) {
      throw new CliSupport.BadInputException(
          option + " " + file + ": cannot write: " + e.getMessage(), e);
    }
  }

  private static String fmt(double v, int decimals) {
    if (Double.isNaN(v)) return "-";
    if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
