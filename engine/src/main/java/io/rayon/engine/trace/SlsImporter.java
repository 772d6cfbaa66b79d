package io.rayon.engine.trace;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.FormatException;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * YARN Scheduler Load Simulator's own JSON job format (hadoop-sls, {@code --tracetype SLS}): a
 * sequence of job objects with {@code job.start.ms}, {@code job.end.ms}, {@code job.queue.name},
 * {@code job.id}, {@code job.user}, {@code am.type} and {@code job.tasks}, each task with {@code
 * container.start.ms}, {@code container.end.ms}, {@code container.type} (map or reduce), and
 * optionally {@code container.memory}, {@code container.vcores}, {@code count}.
 *
 * <h2>Mapping</h2>
 *
 * <ul>
 *   <li>{@code job.id} → job id (else {@code sls-N}); user and queue likewise; {@code job.start.ms}
 *       → arrival in seconds after the earliest job start; a seeded share of the jobs ({@link
 *       ProductionRule}, parameter productionFraction, default 5%) are production jobs.
 *   <li>tasks of the same type, duration ({@code container.end.ms − container.start.ms}, whole
 *       seconds, at least 1) and request are folded into one task group of {@code count} tasks
 *       named {@code map-K} / {@code reduce-K}; reduce groups come after all map groups of the job.
 *       An entry of {@code count} 0 asks for no container and adds none (as in SLS); a negative
 *       count, memory below 1 MB or negative vcores make the job's line malformed.
 *   <li>request: {@code container.memory} and {@code container.vcores}, else the parameters {@code
 *       memoryMB} (1024) and {@code vcores} (1).
 *   <li>usage: SLS traces have none, so the {@link UsageModel} derives it (defaults startupS=5,
 *       startupUsage=0.2, memoryUsage=0.5, cpuUsage=0.8, jitter=0.2, memoryCap=1), seeded by the
 *       import seed.
 *   <li>{@code container.host} and {@code container.priority} are not used.
 * </ul>
 */
public final class SlsImporter implements TraceImporter {
  static final UsageModel DEFAULTS = new UsageModel(5, 0.2, 0.5, 0.8, 0.2, 1);

  @Override
  public Set<String> parameterNames() {
    return TraceImporter.names(
        UsageModel.PARAMETERS, "memoryMB", ProductionRule.PARAMETER, "vcores");
  }

  @Override
  public String format() {
    return "sls";
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
    List<Long> starts = new ArrayList<>();
    int[] counter = {0};
    JsonRecords.read(
        file,
        (node, line) -> {
          counter[0]++;
          String id = JsonRecords.text(node, "job.id");
          if (id == null) id = "sls-" + counter[0];
          String place = "line " + line + " (job " + id + ")";
          try {
            long start = JsonRecords.number(node, "job.start.ms");
            if (start < 0)
              throw new IllegalArgumentException("job.start.ms " + start + " is negative");
            JsonNode tasks = node.get("job.tasks");
            if (tasks == null || !tasks.isArray())
              throw new IllegalArgumentException("field 'job.tasks' is missing or not a list");
            Map<String, long[]> folded = new LinkedHashMap<>();
            for (JsonNode t : tasks) {
              String type = JsonRecords.text(t, "container.type");
              type = type == null ? "map" : type.toLowerCase(Locale.ROOT);
              if (!type.equals("map") && !type.equals("reduce")) {
                throw new IllegalArgumentException(
                    "container.type '" + type + "' is neither map nor reduce");
              }
              long s = JsonRecords.number(t, "container.start.ms");
              long e = JsonRecords.number(t, "container.end.ms");
              if (e < s)
                throw new IllegalArgumentException(
                    "a container ends (" + e + ") before it starts (" + s + ")");
              long dur = Math.max(1, Math.round(Math.subtractExact(e, s) / 1000.0));
              long mem = JsonRecords.number(t, "container.memory", dfltMem);
              long cores = JsonRecords.number(t, "container.vcores", dfltCores);
              long count = JsonRecords.number(t, "count", 1);
              if (mem <= 0)
                throw new IllegalArgumentException("container.memory must be positive, got " + mem);
              if (cores < 0)
                throw new IllegalArgumentException(
                    "container.vcores must not be negative, got " + cores);
              if (count < 0)
                throw new IllegalArgumentException("count must not be negative, got " + count);
              // no container: SLS starts none for such an entry, and a group of no task would
              // reach the workload (the scenario checks refuse a task count below 1)
              if (count == 0) continue;
              long[] acc =
                  folded.computeIfAbsent(
                      type + "/" + dur + "/" + mem + "/" + cores,
                      k -> new long[] {dur, mem, cores, 0});
              acc[3] = Math.addExact(acc[3], count);
            }
            List<TaskGroup> groups = new ArrayList<>();
            List<String> maps = new ArrayList<>();
            int mi = 0;
            int ri = 0;
            for (Map.Entry<String, long[]> en : folded.entrySet()) {
              if (!en.getKey().startsWith("map/")) continue;
              long[] a = en.getValue();
              Resources req = Resources.of(a[1], a[2]);
              String gn = "map-" + mi++;
              maps.add(gn);
              groups.add(
                  new TaskGroup(
                      gn,
                      Math.toIntExact(a[3]),
                      req,
                      a[0],
                      model.phases(req, a[0], rnd),
                      List.of()));
            }
            for (Map.Entry<String, long[]> en : folded.entrySet()) {
              if (!en.getKey().startsWith("reduce/")) continue;
              long[] a = en.getValue();
              Resources req = Resources.of(a[1], a[2]);
              groups.add(
                  new TaskGroup(
                      "reduce-" + ri++,
                      Math.toIntExact(a[3]),
                      req,
                      a[0],
                      model.phases(req, a[0], rnd),
                      maps));
            }
            raw.add(
                new Job(
                    id,
                    null,
                    JsonRecords.text(node, "job.user"),
                    JsonRecords.text(node, "job.queue.name"),
                    JobKind.BEST_EFFORT,
                    0,
                    null,
                    null,
                    groups));
            starts.add(start);
          } catch (IllegalArgumentException e) {
            report.malformed(place, e.getMessage());
          } catch (ArithmeticException e) {
            report.malformed(
                place,
                "numbers too large to compute with (a time span or a task count beyond "
                    + Integer.MAX_VALUE
                    + ")");
          }
        });
    long min = starts.stream().mapToLong(Long::longValue).min().orElse(0);
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
              (starts.get(k) - min) / 1000,
              null,
              null,
              j.tasks()));
    }
    String source = "SLS " + file.getFileName() + "; usage model: " + model.describe();
    double fraction;
    try {
      fraction = ProductionRule.fraction(options);
    } catch (IllegalArgumentException e) {
      throw new FormatException(name, "--param", e.getMessage());
    }
    jobs = ProductionRule.seededFraction(jobs, fraction, options.seed());
    return new ImportResult(new Workload(source, jobs), report.skipped(), report.warnings());
  }
}
