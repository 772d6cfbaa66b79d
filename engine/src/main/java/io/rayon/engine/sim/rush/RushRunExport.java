package io.rayon.engine.sim.rush;

import io.rayon.model.rush.RushScenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A RUSH run as the front-ends write it: one JSON document ({@link #json}: {@code rayon simulate
 * RUSH-FILE --json} and {@code --out}, the RUSH view's Export JSON) and one CSV row per job ({@link
 * #csv}: {@code --jobs}, Export CSV). Both front-ends build their output here so that the key and
 * column names are the same everywhere; {@link #summary} is the part {@code rayon sweep} repeats
 * per run. Pure: maps and strings, the caller writes them (atomically).
 */
public final class RushRunExport {
  private RushRunExport() {}

  /** The CSV columns: one row per job, in the scenario's order. */
  public static final List<String> CSV_COLUMNS =
      List.of(
          "job_id",
          "class",
          "arrival_s",
          "budget_s",
          "target_s",
          "projected_s",
          "completion_s",
          "utility");

  /**
   * The run's summary keys: {@code meanUtility}, {@code minUtility}, {@code zeroUtilityJobs},
   * {@code deadlineMisses}, {@code meanLatencyS}, {@code makespanS} (non-finite values as null).
   */
  public static Map<String, Object> summary(RushMetrics m) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("meanUtility", num(m.meanUtility()));
    o.put("minUtility", num(m.minUtility()));
    o.put("zeroUtilityJobs", m.zeroUtilityJobs());
    o.put("deadlineMisses", m.deadlineMisses());
    o.put("meanLatencyS", num(m.meanLatency()));
    o.put("makespanS", num(m.makespan()));
    return o;
  }

  /**
   * The whole run: the scenario and scheduler, the {@link #summary} keys, and per job its id,
   * template, class, tasks, arrival, time budget, deadline, target and projected completion (the
   * first the scheduler set after the job arrived), completion, latency, utility and its maximum,
   * whether it missed its deadline and whether it was ever flagged as unable to keep a non-zero
   * utility. Times in seconds; non-finite values (no budget, no target) as null.
   *
   * @param s the scenario the run simulated (its name, containers, seed and task count)
   */
  public static Map<String, Object> json(RushScenario s, RushRunResult r) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("kind", RushScenario.KIND);
    o.put("scenario", s.name());
    o.put("scheduler", r.scheduler());
    o.put("settings", r.settings());
    o.put("containers", s.containers());
    o.put("seed", s.seed());
    o.put("tasks", s.totalTasks());
    o.putAll(summary(r.metrics()));
    List<Map<String, Object>> jobs = new ArrayList<>();
    for (RushJobResult j : r.jobs()) {
      Map<String, Object> jo = new LinkedHashMap<>();
      jo.put("id", j.id());
      jo.put("template", j.template());
      jo.put("class", j.jobClass());
      jo.put("tasks", j.tasks());
      jo.put("arrivalS", j.arrival());
      jo.put("budgetS", num(budget(j)));
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
    return o;
  }

  /**
   * One line per job with the {@link #CSV_COLUMNS}: times in seconds (whole seconds without a
   * fraction, else three decimals), the utility with six; an empty cell where the value does not
   * exist (no budget, no target: every scheduler but {@code rush} sets none). Ids with a comma or a
   * quote are quoted.
   */
  public static String csv(RushRunResult r) {
    StringBuilder sb = new StringBuilder(String.join(",", CSV_COLUMNS)).append('\n');
    for (RushJobResult j : r.jobs()) {
      sb.append(cell(j.id()))
          .append(',')
          .append(cell(j.jobClass()))
          .append(',')
          .append(seconds(j.arrival()))
          .append(',')
          .append(seconds(budget(j)))
          .append(',')
          .append(seconds(j.targetAtArrival()))
          .append(',')
          .append(seconds(j.projectedAtArrival()))
          .append(',')
          .append(seconds(j.completion()))
          .append(',')
          .append(
              Double.isFinite(j.utility()) ? String.format(Locale.ROOT, "%.6f", j.utility()) : "")
          .append('\n');
    }
    return sb.toString();
  }

  /** The job's time budget: its deadline less its arrival, +Infinity when it has no deadline. */
  public static double budget(RushJobResult j) {
    return Double.isInfinite(j.deadline()) ? Double.POSITIVE_INFINITY : j.deadline() - j.arrival();
  }

  private static String seconds(double v) {
    if (!Double.isFinite(v)) return "";
    if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String cell(String text) {
    if (text == null) return "";
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0) return text;
    return '"' + text.replace("\"", "\"\"") + '"';
  }

  private static Object num(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
