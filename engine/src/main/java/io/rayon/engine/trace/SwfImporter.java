package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipException;

/**
 * Standard Workload Format v2 (Parallel Workloads Archive, Feitelson et al.), plain or gzipped.
 * Lines starting with {@code ;} are header comments (the {@code Computer}, {@code Installation} and
 * {@code Acknowledge} lines are kept in the workload's source note, to credit the log); every other
 * non-empty line is a job of 18 whitespace-separated numbers, −1 meaning unknown.
 *
 * <h2>Mapping</h2>
 *
 * <ul>
 *   <li>job number (field 1) → job id {@code swf-N}; user id (12) → user {@code uN}; queue (15) →
 *       queue {@code qN} (or {@code default}).
 *   <li>production jobs (the ones a scenario gives a reservation): with {@code reserve=requested}
 *       (the default), the jobs that state a requested time (field 9, the user's own time limit)
 *       that their run time kept to, and that ran at least {@code reserveMinRunS} (3600) seconds —
 *       long jobs whose user declared how long they need are the ones a user books ahead. Their
 *       deadline is submit + wait (field 3) + requested time: the latest end the user's own limit
 *       allowed given the service the job really got. {@code reserve=none} makes every job
 *       best-effort. A log that states no requested time at all (NASA iPSC's, for one) falls back
 *       to the {@link ProductionRule}: a seeded {@code productionFraction} (5%) of the jobs, with
 *       the scenario builder's deadline rule. The jobs are rigid: a reservation asks for all its
 *       processors at once.
 *   <li>submit time (2) → arrival, relative to the first job's submit time minus {@code fromS}.
 *   <li>processors: allocated (5), else requested (8) → one task group of {@code ceil(procs /
 *       procsPerTask)} tasks, each requesting {@code procsPerTask} vcores. SWF jobs are rigid (all
 *       processors at once); the simulator places the tasks independently.
 *   <li>run time (4) → task duration. Jobs with no run time or no processors (cancelled before
 *       start) are ignored and counted.
 *   <li>memory request per task: requested memory (10, KB per processor) × procsPerTask, else
 *       {@code memoryPerProcMB} × procsPerTask.
 *   <li>usage: used memory (7, KB per processor) when known, else the {@link UsageModel}'s memory
 *       fraction of the request; CPU: average CPU time (6) / run time per processor when known (at
 *       most 1), else the model's CPU fraction; the model's start-up phase comes first.
 *   <li>status (11), group (13), executable (14), partition (16), preceding job (17) and think time
 *       (18) are not used (dependencies between jobs cannot be expressed).
 * </ul>
 *
 * <p>Parameters: {@code fromS} (0) and {@code untilS} (unbounded): keep jobs submitted in [fromS,
 * untilS) seconds after the first job; {@code maxJobs} (unbounded); {@code procsPerTask} (1);
 * {@code memoryPerProcMB} (1024); usage model defaults startupS=0, startupUsage=0.2,
 * memoryUsage=0.5, cpuUsage=1.0, jitter=0, memoryCap=1.
 */
public final class SwfImporter implements TraceImporter {
  static final UsageModel DEFAULTS = new UsageModel(0, 0.2, 0.5, 1.0, 0, 1);

  @Override
  public Set<String> parameterNames() {
    return TraceImporter.names(
        UsageModel.PARAMETERS,
        "fromS",
        "untilS",
        "maxJobs",
        "procsPerTask",
        "memoryPerProcMB",
        "reserve",
        "reserveMinRunS",
        ProductionRule.PARAMETER);
  }

  @Override
  public String format() {
    return "swf";
  }

  @Override
  public ImportResult read(Path file, ImportOptions options) throws FormatException, IOException {
    String name = file.toString();
    LineReport report = new LineReport(name, options.lenient());
    UsageModel model;
    double fromS;
    double untilS;
    long maxJobs;
    long procsPerTask;
    long memPerProc;
    String reserve;
    long reserveMinRunS;
    double fraction;
    try {
      model = DEFAULTS.with(options);
      fromS = options.doubleParam("fromS", 0);
      untilS = options.doubleParam("untilS", Double.POSITIVE_INFINITY);
      maxJobs = options.longParam("maxJobs", Long.MAX_VALUE);
      procsPerTask = options.longParam("procsPerTask", 1);
      memPerProc = options.longParam("memoryPerProcMB", 1024);
      if (procsPerTask < 1)
        throw new IllegalArgumentException("parameter procsPerTask must be at least 1");
      reserve = options.param("reserve", "requested");
      if (!reserve.equals("requested") && !reserve.equals("none")) {
        throw new IllegalArgumentException(
            "parameter reserve must be 'requested' or 'none', got '" + reserve + "'");
      }
      reserveMinRunS = options.longParam("reserveMinRunS", 3600);
      fraction = ProductionRule.fraction(options);
    } catch (IllegalArgumentException e) {
      throw new FormatException(name, "--param", e.getMessage());
    }
    List<Job> jobs = new ArrayList<>();
    StringBuilder credit = new StringBuilder();
    long first = Long.MIN_VALUE;
    long withRequested = 0;
    int lineNo = 0;
    try (BufferedReader in = TraceFiles.reader(file)) {
      String line;
      while ((line = in.readLine()) != null && jobs.size() < maxJobs) {
        lineNo++;
        String t = line.strip();
        if (t.isEmpty()) continue;
        if (t.startsWith(";")) {
          String h = t.substring(1).strip();
          if (h.startsWith("Computer:")
              || h.startsWith("Installation:")
              || h.startsWith("Acknowledge:")) {
            if (credit.length() > 0) credit.append("; ");
            credit.append(h);
          }
          continue;
        }
        String place = "line " + lineNo;
        String[] f = t.split("\\s+");
        if (f.length != 18) {
          report.malformed(place, "expected 18 whitespace-separated fields, found " + f.length);
          continue;
        }
        double[] v = new double[18];
        int bad = -1;
        for (int i = 0; i < 18; i++) {
          try {
            v[i] = Double.parseDouble(f[i]);
          } catch (NumberFormatException e) {
            bad = i;
            break;
          }
        }
        if (bad >= 0) {
          report.malformed(place, "field " + (bad + 1) + " '" + f[bad] + "' is not a number");
          continue;
        }
        long submit = (long) v[1];
        if (submit < 0) {
          report.malformed(place, "field 2 (submit time) is " + f[1] + "; it must be 0 or more");
          continue;
        }
        if (first == Long.MIN_VALUE) first = submit;
        double rel = submit - first;
        if (rel < fromS || rel >= untilS) continue;
        long run = (long) Math.ceil(v[3]);
        long procs = v[4] > 0 ? (long) v[4] : (long) v[7];
        if (run <= 0 || procs <= 0) {
          report.ignored(
              place,
              "job " + f[0] + " has no run time or no processors (cancelled before it started)");
          continue;
        }
        long tasks = procs / procsPerTask + (procs % procsPerTask == 0 ? 0 : 1);
        long memReq;
        long arrival = (long) (rel - fromS);
        Long deadline;
        long requested = (long) Math.ceil(v[8]);
        boolean production =
            reserve.equals("requested")
                && requested > 0
                && run <= requested
                && run >= reserveMinRunS;
        try {
          // checked, not wrapped: a trace's numbers near 2^63 are a malformed line
          memReq =
              v[9] > 0
                  ? Math.max(1, Math.round(v[9] * procsPerTask / 1024.0))
                  : Math.multiplyExact(memPerProc, procsPerTask);
          deadline =
              production
                  ? Math.addExact(Math.addExact(arrival, Math.max(0, (long) v[2])), requested)
                  : null;
          if (memReq == Long.MAX_VALUE) throw new ArithmeticException("memory");
        } catch (ArithmeticException e) {
          report.malformed(
              place,
              "numbers too large to compute with (memory, wait or requested time near "
                  + Long.MAX_VALUE
                  + ")");
          continue;
        }
        Resources request = Resources.of(memReq, procsPerTask);
        double memUse = v[6] > 0 ? v[6] * procsPerTask / 1024.0 : memReq * model.memoryUsage();
        double cpuUse =
            v[5] >= 0 && v[3] > 0
                ? Math.min(1.0, v[5] / v[3]) * procsPerTask
                : procsPerTask * model.cpuUsage();
        List<UsagePhase> phases = model.phases(memUse, cpuUse, run);
        String queue = v[14] >= 0 ? "q" + (long) v[14] : null;
        String user = v[11] >= 0 ? "u" + (long) v[11] : null;
        if (requested > 0) withRequested++;
        jobs.add(
            new Job(
                "swf-" + f[0],
                null,
                user,
                queue,
                production ? JobKind.PRODUCTION : JobKind.BEST_EFFORT,
                arrival,
                deadline,
                null,
                List.of(
                    new TaskGroup(
                        "procs",
                        (int) Math.min(Integer.MAX_VALUE, tasks),
                        request,
                        run,
                        phases,
                        List.of()))));
      }
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    } catch (ZipException e) {
      throw new FormatException(
          name, "line " + (lineNo + 1), "broken gzip data: " + e.getMessage());
    }
    String source =
        "SWF "
            + file.getFileName()
            + (credit.length() > 0 ? " (" + credit + ")" : "")
            + "; usage model: "
            + model.describe()
            + " where the log lacks used memory or CPU time";
    List<String> warnings = new ArrayList<>(report.warnings());
    if (reserve.equals("requested") && withRequested == 0 && !jobs.isEmpty()) {
      jobs = ProductionRule.seededFraction(jobs, fraction, options.seed());
      warnings.add(
          "the log states no requested time (field 9) for any job: a seeded "
              + fraction
              + " of the jobs are production jobs instead (--param productionFraction sets it)");
    }
    return new ImportResult(new Workload(source, jobs), report.skipped(), warnings, true);
  }
}
