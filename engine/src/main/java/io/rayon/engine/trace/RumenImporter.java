package io.rayon.engine.trace;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.engine.sim.UsageProfiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Rumen job histories (Apache Hadoop's {@code rumen} tool; the native input of YARN's Scheduler
 * Load Simulator): a sequence of JSON job objects.
 *
 * <h2>Mapping</h2>
 *
 * <ul>
 *   <li>{@code jobID} → job id; {@code jobName}, {@code user}, {@code queue} likewise; {@code
 *       submitTime} (ms) → arrival in seconds after the earliest submit time; a seeded {@value
 *       ProductionRule#PARAMETER} (default 5%, the Rayon paper's §6.1) of the jobs are production
 *       jobs, the others best-effort ({@link ProductionRule}).
 *   <li>each of {@code mapTasks} and {@code reduceTasks} → its own task group of one task, named
 *       {@code m_N} / {@code r_N}; every reduce group comes after all map groups. {@code
 *       otherTasks} (set-up, clean-up) are not used.
 *   <li>duration: the successful attempt's {@code finishTime − startTime} (else the last attempt's,
 *       else the task's), in whole seconds, at least 1.
 *   <li>request: {@code jobProperties} {@code mapreduce.map.memory.mb} / {@code
 *       mapreduce.reduce.memory.mb} and {@code mapreduce.map.cpu.vcores} / {@code
 *       mapreduce.reduce.cpu.vcores}, else the parameters {@code memoryMB} (1024) and {@code
 *       vcores} (1).
 *   <li>usage, when the attempt has progress splits: one phase per split, lasting its share of
 *       {@code clockSplits} (scaled to the duration and rounded cumulatively to whole seconds;
 *       splits that round to nothing are merged into the next), using {@code physMemKbytes} memory
 *       and {@code cpuUsages / clockSplits} vcores. Else {@code resourceUsageMetrics} ({@code
 *       physicalMemoryUsage}, {@code cumulativeCpuUsage}) as the working usage after the {@link
 *       UsageModel}'s start-up phase; else the usage model on the request.
 * </ul>
 *
 * <p>Usage model defaults: startupS=5, startupUsage=0.2, memoryUsage=0.5, cpuUsage=0.8, jitter=0,
 * memoryCap=2. Lenient mode skips jobs with missing or invalid fields, a bad task skipping its
 * whole job (JSON syntax errors always stop the import).
 */
public final class RumenImporter implements TraceImporter {
  static final UsageModel DEFAULTS = new UsageModel(5, 0.2, 0.5, 0.8, 0, 2);

  @Override
  public Set<String> parameterNames() {
    return TraceImporter.names(
        UsageModel.PARAMETERS, "memoryMB", ProductionRule.PARAMETER, "vcores");
  }

  @Override
  public String format() {
    return "rumen";
  }

  @Override
  public ImportResult read(Path file, ImportOptions options) throws FormatException, IOException {
    String name = file.toString();
    LineReport report = new LineReport(name, options.lenient());
    ContainerDefaults defaults = ContainerDefaults.of(name, DEFAULTS, options);
    UsageModel model = defaults.model();
    long dfltMem = defaults.memoryMB();
    long dfltCores = defaults.vcores();
    SplittableRandom rnd = new SplittableRandom(options.seed());
    List<Job> raw = new ArrayList<>();
    List<Long> submits = new ArrayList<>();
    JsonRecords.read(
        file,
        (node, line) -> {
          String place = "line " + line;
          try {
            String id = JsonRecords.text(node, "jobID");
            if (id == null) throw new IllegalArgumentException("field 'jobID' is missing");
            place = "line " + line + " (job " + id + ")";
            long submit = JsonRecords.number(node, "submitTime");
            if (submit < 0)
              throw new IllegalArgumentException("submitTime " + submit + " is negative");
            JsonNode props = node.path("jobProperties");
            Resources mapReq =
                Resources.of(
                    prop(props, "mapreduce.map.memory.mb", dfltMem),
                    prop(props, "mapreduce.map.cpu.vcores", dfltCores));
            Resources redReq =
                Resources.of(
                    prop(props, "mapreduce.reduce.memory.mb", dfltMem),
                    prop(props, "mapreduce.reduce.cpu.vcores", dfltCores));
            List<TaskGroup> groups = new ArrayList<>();
            List<String> mapNames = new ArrayList<>();
            int i = 0;
            for (JsonNode t : node.path("mapTasks")) {
              TaskGroup g = task(t, "m_" + i++, mapReq, List.of(), model, rnd);
              groups.add(g);
              mapNames.add(g.name());
            }
            i = 0;
            for (JsonNode t : node.path("reduceTasks"))
              groups.add(task(t, "r_" + i++, redReq, mapNames, model, rnd));
            raw.add(
                new Job(
                    id,
                    JsonRecords.text(node, "jobName"),
                    JsonRecords.text(node, "user"),
                    JsonRecords.text(node, "queue"),
                    JobKind.BEST_EFFORT,
                    0,
                    null,
                    null,
                    groups));
            submits.add(submit);
          } catch (IllegalArgumentException e) {
            report.malformed(place, e.getMessage());
          } catch (ArithmeticException e) {
            report.malformed(
                place,
                "numbers too large to compute with (a time span beyond " + Long.MAX_VALUE + " ms)");
          }
        });
    long min = submits.stream().mapToLong(Long::longValue).min().orElse(0);
    List<Job> jobs = new ArrayList<>(raw.size());
    for (int k = 0; k < raw.size(); k++) {
      Job j = raw.get(k);
      jobs.add(
          new Job(
              j.id(),
              j.name(),
              j.user(),
              j.queue(),
              j.kind(),
              (submits.get(k) - min) / 1000,
              null,
              null,
              j.tasks()));
    }
    String source =
        "Rumen "
            + file.getFileName()
            + "; measured progress splits as usage phases, else usage model: "
            + model.describe();
    double fraction;
    try {
      fraction = ProductionRule.fraction(options);
    } catch (IllegalArgumentException e) {
      throw new FormatException(name, "--param", e.getMessage());
    }
    jobs = ProductionRule.seededFraction(jobs, fraction, options.seed());
    return new ImportResult(new Workload(source, jobs), report.skipped(), report.warnings());
  }

  private static long prop(JsonNode props, String key, long dflt) {
    JsonNode v = props.get(key);
    if (v == null || v.isNull()) return dflt;
    try {
      return Long.parseLong(v.asText().trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "job property " + key + " is '" + v.asText() + "', not a whole number");
    }
  }

  private static TaskGroup task(
      JsonNode t,
      String name,
      Resources request,
      List<String> after,
      UsageModel model,
      SplittableRandom rnd) {
    JsonNode attempt = null;
    for (JsonNode a : t.path("attempts")) {
      if (attempt == null || "SUCCESS".equals(JsonRecords.text(a, "result"))) attempt = a;
      if ("SUCCESS".equals(JsonRecords.text(a, "result"))) break;
    }
    JsonNode timed =
        attempt != null && attempt.has("startTime") && attempt.has("finishTime") ? attempt : t;
    long start = JsonRecords.number(timed, "startTime");
    long finish = JsonRecords.number(timed, "finishTime");
    if (finish < start) {
      throw new IllegalArgumentException(
          "task "
              + JsonRecords.text(t, "taskID")
              + " finishes ("
              + finish
              + ") before it starts ("
              + start
              + ")");
    }
    long duration = Math.max(1, Math.round(Math.subtractExact(finish, start) / 1000.0));
    List<UsagePhase> phases = attempt == null ? null : fromSplits(attempt, duration);
    if (phases == null && attempt != null) {
      JsonNode m = attempt.path("resourceUsageMetrics");
      long phys = JsonRecords.number(m, "physicalMemoryUsage", -1);
      long cpuMs = JsonRecords.number(m, "cumulativeCpuUsage", -1);
      if (phys > 0 && cpuMs >= 0)
        phases = model.phases(phys / 1048576.0, cpuMs / 1000.0 / duration, duration);
    }
    if (phases == null) phases = model.phases(request, duration, rnd);
    return new TaskGroup(name, 1, request, duration, phases, after);
  }

  /** Usage phases from Rumen's progress splits, or null when the attempt has none. */
  static List<UsagePhase> fromSplits(JsonNode attempt, long duration) {
    JsonNode clock = attempt.path("clockSplits");
    JsonNode cpu = attempt.path("cpuUsages");
    JsonNode mem = attempt.path("physMemKbytes");
    int n = clock.size();
    if (n == 0 || cpu.size() != n || mem.size() != n) return null;
    double total = 0;
    for (JsonNode c : clock) total += Math.max(0, c.asDouble());
    if (total <= 0) return null;
    List<UsagePhase> out = new ArrayList<>();
    double cum = 0;
    long prevEnd = 0;
    double pendingMem = 0;
    double pendingCpuMs = 0;
    double pendingClockMs = 0;
    for (int i = 0; i < n; i++) {
      double c = Math.max(0, clock.get(i).asDouble());
      cum += c;
      pendingMem = Math.max(pendingMem, mem.get(i).asDouble() / 1024.0);
      pendingCpuMs += Math.max(0, cpu.get(i).asDouble());
      pendingClockMs += c;
      long end = i == n - 1 ? duration : Math.round(cum / total * duration);
      if (end > prevEnd) {
        double cores = pendingClockMs > 0 ? pendingCpuMs / pendingClockMs : 0;
        out.add(new UsagePhase(end - prevEnd, UsageProfiles.usage(Math.round(pendingMem), cores)));
        prevEnd = end;
        pendingMem = 0;
        pendingCpuMs = 0;
        pendingClockMs = 0;
      }
    }
    return out.isEmpty() ? null : out;
  }
}
