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
import java.io.Reader;
import java.nio.charset.MalformedInputException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a SWIM workload trace (the Facebook 2009/2010 samples of the SWIM project): one job per
 * line, six tab- or space-separated fields: job id, submit time (s), gap to the previous job (s,
 * read and checked but not used), map input bytes, shuffle bytes, reduce output bytes; the {@code
 * withInputPaths} variants add a seventh, the job's input path (tab-separated files may have spaces
 * in it). Blank lines and lines starting with {@code #} are skipped.
 *
 * <p>Production jobs (the ones a scenario gives a reservation): in a file with input paths, the
 * recurring jobs — every job whose input path is read by at least one other job, as periodic
 * pipelines do; the path becomes the job's name. In a file without, a seeded {@value
 * ProductionRule#PARAMETER} (default 5%, the Rayon paper's §6.1) of the jobs ({@link
 * ProductionRule}).
 *
 * <p>SWIM records bytes, not tasks; this importer derives them with a parameterised model (names as
 * in {@link ImportOptions#params()}, defaults in brackets):
 *
 * <ul>
 *   <li>maps = max(1, ceil(input / {@code mapInputMB} [128] MB)) — one map per HDFS block;
 *   <li>reduces = ceil(shuffle / {@code shufflePerReduceMB} [1024] MB), at least 1 when the job
 *       shuffles or writes reduce output, 0 for a map-only job (no shuffle, no reduce output);
 *   <li>a task runs {@code startupS} [10] s of start-up plus its bytes at {@code throughputMBps}
 *       [20] MB/s: a map reads input/maps bytes; a reduce reads shuffle/reduces and writes
 *       output/reduces bytes; durations are rounded up to whole seconds;
 *   <li>requests per task: maps {@code <mapMemoryMB [2048], mapVcores [1]>}, reduces {@code
 *       <reduceMemoryMB [4096], reduceVcores [1]>};
 *   <li>actual usage: a start-up phase of {@code startupS} seconds using {@code
 *       startupUsageFraction} [0.2] of the request, then the working phase using {@code
 *       workingUsageFraction} [0.8] of it (rounded down, at least 1 MB and 1 vcore);
 *   <li>reduces run after all maps ({@code after = ["map"]}).
 * </ul>
 *
 * Bytes are decimal (1 MB = 10^6 bytes, as SWIM writes them). The submit time becomes the job's
 * arrival in seconds. Malformed lines raise a {@link FormatException} naming {@code line N}; in
 * lenient mode they are skipped, counted, and the first ten are listed as warnings.
 */
public final class SwimImporter implements TraceImporter {

  /** The model's parameters, read from {@link ImportOptions#params()}. */
  public record Model(
      double mapInputMB,
      double shufflePerReduceMB,
      double throughputMBps,
      long startupS,
      Resources mapRequest,
      Resources reduceRequest,
      double startupUsageFraction,
      double workingUsageFraction) {

    public Model {
      positive("mapInputMB", mapInputMB);
      positive("shufflePerReduceMB", shufflePerReduceMB);
      positive("throughputMBps", throughputMBps);
      if (startupS < 0)
        throw new IllegalArgumentException("parameter startupS must be 0 or more, got " + startupS);
      fraction("startupUsageFraction", startupUsageFraction);
      fraction("workingUsageFraction", workingUsageFraction);
      if (mapRequest.isZero() || !mapRequest.isNonNegative())
        throw new IllegalArgumentException("map request must be positive");
      if (reduceRequest.isZero() || !reduceRequest.isNonNegative())
        throw new IllegalArgumentException("reduce request must be positive");
    }

    private static void positive(String n, double v) {
      if (!(v > 0) || Double.isInfinite(v))
        throw new IllegalArgumentException(
            "parameter " + n + " must be a positive number, got " + v);
    }

    private static void fraction(String n, double v) {
      if (!(v > 0 && v <= 1))
        throw new IllegalArgumentException("parameter " + n + " must be in (0, 1], got " + v);
    }

    public static Model from(ImportOptions o) {
      return new Model(
          o.doubleParam("mapInputMB", 128),
          o.doubleParam("shufflePerReduceMB", 1024),
          o.doubleParam("throughputMBps", 20),
          o.longParam("startupS", 10),
          Resources.of(o.longParam("mapMemoryMB", 2048), o.longParam("mapVcores", 1)),
          Resources.of(o.longParam("reduceMemoryMB", 4096), o.longParam("reduceVcores", 1)),
          o.doubleParam("startupUsageFraction", 0.2),
          o.doubleParam("workingUsageFraction", 0.8));
    }

    /** One line for the workload's {@code source}, so a scenario says how it was derived. */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "maps=ceil(input/%sMB), reduces=ceil(shuffle/%sMB), task=%ds+bytes/%sMBps, map %s, reduce %s, usage %s then %s",
          num(mapInputMB),
          num(shufflePerReduceMB),
          startupS,
          num(throughputMBps),
          mapRequest,
          reduceRequest,
          num(startupUsageFraction),
          num(workingUsageFraction));
    }

    private static String num(double d) {
      return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
  }

  @Override
  public Set<String> parameterNames() {
    return TraceImporter.names(
        Set.of(),
        "mapInputMB",
        "shufflePerReduceMB",
        "throughputMBps",
        "startupS",
        "mapMemoryMB",
        "mapVcores",
        "reduceMemoryMB",
        "reduceVcores",
        "startupUsageFraction",
        "workingUsageFraction",
        ProductionRule.PARAMETER);
  }

  @Override
  public String format() {
    return "swim";
  }

  @Override
  public ImportResult read(Path file, ImportOptions options) throws FormatException, IOException {
    try (BufferedReader in = TraceFiles.reader(file)) {
      return read(in, file.getFileName().toString(), options);
    } catch (NoSuchFileException e) {
      throw new FormatException(file.toString(), null, "no such file");
    } catch (MalformedInputException e) {
      throw new FormatException(file.toString(), null, "not a UTF-8 text file");
    }
  }

  /** Reads a trace from {@code in}; {@code name} names it in errors and in the workload source. */
  public ImportResult read(Reader in, String name, ImportOptions options)
      throws FormatException, IOException {
    Model m;
    double fraction;
    try {
      m = Model.from(options);
      fraction = ProductionRule.fraction(options);
    } catch (IllegalArgumentException e) {
      throw new FormatException(name, "import parameters", e.getMessage());
    }
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
    List<Job> jobs = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    int skipped = 0;
    int lineNo = 0;
    String line;
    while ((line = r.readLine()) != null) {
      lineNo++;
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("#")) continue;
      try {
        jobs.add(job(t, m));
      } catch (IllegalArgumentException e) {
        if (!options.lenient()) throw new FormatException(name, "line " + lineNo, e.getMessage());
        skipped++;
        if (warnings.size() < 10) warnings.add("line " + lineNo + " skipped: " + e.getMessage());
      }
    }
    if (skipped > 10) warnings.add((skipped - 10) + " more malformed lines skipped");
    Map<String, Integer> readers = new HashMap<>();
    boolean paths = false;
    for (Job j : jobs) {
      if (!j.name().equals(j.id())) {
        paths = true;
        readers.merge(j.name(), 1, Integer::sum);
      }
    }
    if (paths) {
      List<Job> marked = new ArrayList<>(jobs.size());
      for (Job j : jobs)
        marked.add(
            readers.getOrDefault(j.name(), 0) >= 2 && !j.name().equals(j.id())
                ? ProductionRule.production(j)
                : j);
      jobs = marked;
    } else {
      jobs = ProductionRule.seededFraction(jobs, fraction, options.seed());
    }
    return new ImportResult(
        new Workload("swim:" + name + " (" + m.describe() + ")", jobs), skipped, warnings);
  }

  private static final String[] FIELDS = {
    "job id",
    "submit time (s)",
    "gap (s)",
    "map input bytes",
    "shuffle bytes",
    "reduce output bytes"
  };

  static Job job(String line, Model m) {
    String[] f = line.indexOf('\t') >= 0 ? line.split("\t+") : line.split(" +");
    if (f.length != 6 && f.length != 7) {
      throw new IllegalArgumentException(
          "expected 6 fields (job id, submit s, gap s, map input bytes, shuffle bytes, reduce output bytes) or 7 (and the input path), found "
              + f.length);
    }
    String path = f.length == 7 ? f[6].strip() : null;
    if (path != null && path.isEmpty())
      throw new IllegalArgumentException("the input path (field 7) is empty");
    String id = f[0].strip();
    long submit = number(f[1], FIELDS[1]);
    number(f[2], FIELDS[2]);
    long input = number(f[3], FIELDS[3]);
    long shuffle = number(f[4], FIELDS[4]);
    long output = number(f[5], FIELDS[5]);

    double mb = 1e6;
    long maps = Math.max(1, (long) Math.ceil(input / (m.mapInputMB() * mb)));
    long reduces =
        shuffle > 0 || output > 0
            ? Math.max(1, (long) Math.ceil(shuffle / (m.shufflePerReduceMB() * mb)))
            : 0;
    if (maps > Integer.MAX_VALUE || reduces > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "job " + id + " would have more than " + Integer.MAX_VALUE + " tasks");
    }
    List<TaskGroup> groups = new ArrayList<>(2);
    long mapS = duration((double) input / maps, m);
    groups.add(
        new TaskGroup(
            "map", (int) maps, m.mapRequest(), mapS, usage(mapS, m.mapRequest(), m), List.of()));
    if (reduces > 0) {
      long redS = duration(((double) shuffle + output) / reduces, m);
      groups.add(
          new TaskGroup(
              "reduce",
              (int) reduces,
              m.reduceRequest(),
              redS,
              usage(redS, m.reduceRequest(), m),
              List.of("map")));
    }
    return new Job(
        id, path == null ? id : path, null, null, JobKind.BEST_EFFORT, submit, null, null, groups);
  }

  private static long duration(double bytesPerTask, Model m) {
    double s = m.startupS() + bytesPerTask / (m.throughputMBps() * 1e6);
    return Math.max(1, (long) Math.ceil(s));
  }

  private static List<UsagePhase> usage(long durationS, Resources request, Model m) {
    Resources start = atLeastOne(request.scale(m.startupUsageFraction()));
    Resources work = atLeastOne(request.scale(m.workingUsageFraction()));
    if (m.startupS() == 0 || durationS <= m.startupS())
      return List.of(
          new UsagePhase(durationS, durationS <= m.startupS() && m.startupS() > 0 ? start : work));
    return List.of(
        new UsagePhase(m.startupS(), start), new UsagePhase(durationS - m.startupS(), work));
  }

  private static Resources atLeastOne(Resources r) {
    return Resources.of(Math.max(1, r.memoryMB()), Math.max(1, r.vcores()), r.extras());
  }

  private static long number(String s, String what) {
    s = s.strip();
    try {
      long v = Long.parseLong(s);
      if (v < 0) throw new IllegalArgumentException(what + " is negative: " + s);
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          what
              + " is not a whole number: '"
              + (s.length() > 30 ? s.substring(0, 30) + "..." : s)
              + "'");
    }
  }
}
