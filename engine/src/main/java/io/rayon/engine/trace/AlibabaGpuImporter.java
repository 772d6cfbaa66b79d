package io.rayon.engine.trace;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Alibaba cluster-trace-gpu-v2023 (Weng et al., ATC '23): the pod list CSV ({@code
 * openb_pod_list_*.csv}) and the node list CSV ({@code openb_node_list_*.csv}), with header rows;
 * columns are found by name.
 *
 * <h2>Pod mapping</h2>
 *
 * <ul>
 *   <li>each pod → a job of one task (group {@code pod}); {@code name} → job id.
 *   <li>{@code creation_time} → arrival, in seconds after the earliest creation time.
 *   <li>request: {@code memory_mib} → memory MB (MiB taken as MB), {@code cpu_milli} → vcores
 *       rounded up, GPUs as the extra resource {@value #GPU_MILLI} = {@code num_gpu × gpu_milli}
 *       (carried, not simulated). {@code gpu_spec} is not used.
 *   <li>duration: {@code deletion_time} − {@code scheduled_time} (else − {@code creation_time});
 *       pods without a positive duration are ignored and counted.
 *   <li>{@code qos}: LS (latency sensitive) and Guaranteed → a production job (the scenario
 *       reservation); BE and Burstable → best-effort. {@code pod_phase} is not used.
 *   <li>usage: the trace has none; the {@link UsageModel} derives it (defaults startupS=30,
 *       startupUsage=0.2, memoryUsage=0.6, cpuUsage=0.5, jitter=0.2, memoryCap=1), seeded by the
 *       import seed.
 * </ul>
 *
 * Parameters: {@code fromS}/{@code untilS} keep pods created in that window (seconds after the
 * first), {@code maxPods}, the usage model's.
 *
 * <h2>Node mapping ({@link #readNodes})</h2>
 *
 * {@code cpu_milli} → vcores (rounded down), {@code memory_mib} → memory MB, {@code gpu} → {@value
 * #GPU_MILLI} = gpu × 1000; nodes of the same shape and GPU model form one node group named after
 * the model ({@code cpu} when none); allowance = capacity.
 */
public final class AlibabaGpuImporter implements TraceImporter {
  /** The extra resource carrying GPUs in thousandths. */
  public static final String GPU_MILLI = "gpu_milli";

  static final UsageModel DEFAULTS = new UsageModel(30, 0.2, 0.6, 0.5, 0.2, 1);
  private static final String[] POD_COLUMNS = {
    "name",
    "cpu_milli",
    "memory_mib",
    "num_gpu",
    "gpu_milli",
    "qos",
    "creation_time",
    "deletion_time",
    "scheduled_time"
  };
  private static final String[] NODE_COLUMNS = {"sn", "cpu_milli", "memory_mib", "gpu", "model"};

  @Override
  public Set<String> parameterNames() {
    return TraceImporter.names(UsageModel.PARAMETERS, "fromS", "untilS", "maxPods");
  }

  @Override
  public String format() {
    return "alibaba-gpu";
  }

  @Override
  public ImportResult read(Path file, ImportOptions options) throws FormatException, IOException {
    String name = file.toString();
    LineReport report = new LineReport(name, options.lenient());
    UsageModel model;
    double fromS;
    double untilS;
    long maxPods;
    try {
      model = DEFAULTS.with(options);
      fromS = options.doubleParam("fromS", 0);
      untilS = options.doubleParam("untilS", Double.POSITIVE_INFINITY);
      maxPods = options.longParam("maxPods", Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new FormatException(name, "--param", e.getMessage());
    }
    SplittableRandom rnd = new SplittableRandom(options.seed());
    List<String[]> rows = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    Map<String, Integer> col = readCsv(file, POD_COLUMNS, rows, lines);
    List<Job> jobs = new ArrayList<>();
    long min = Long.MAX_VALUE;
    List<long[]> parsed = new ArrayList<>();
    List<String[]> kept = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      String place = "line " + lines.get(i);
      try {
        long cpu = num(r, col, "cpu_milli", false);
        long mem = num(r, col, "memory_mib", false);
        long gpus = num(r, col, "num_gpu", false);
        long gpuMilli = num(r, col, "gpu_milli", false);
        long created = num(r, col, "creation_time", false);
        long deleted = num(r, col, "deletion_time", true);
        long scheduled = num(r, col, "scheduled_time", true);
        String qos = r[col.get("qos")].trim();
        if (!qos.equals("LS")
            && !qos.equals("Guaranteed")
            && !qos.equals("BE")
            && !qos.equals("Burstable")) {
          throw new IllegalArgumentException(
              "qos '" + qos + "' is not LS, Guaranteed, BE or Burstable");
        }
        if (cpu < 0 || mem < 0 || gpus < 0 || gpuMilli < 0 || created < 0) {
          throw new IllegalArgumentException(
              "negative cpu_milli, memory_mib, num_gpu, gpu_milli or creation_time");
        }
        long start = scheduled > 0 ? scheduled : created;
        if (deleted < 0 || deleted <= start) {
          report.ignored(place, "pod " + r[col.get("name")] + " has no positive run time");
          continue;
        }
        min = Math.min(min, created);
        parsed.add(
            new long[] {
              cpu,
              mem,
              gpus,
              gpuMilli,
              created,
              deleted - start,
              qos.equals("LS") || qos.equals("Guaranteed") ? 1 : 0
            });
        kept.add(r);
      } catch (IllegalArgumentException e) {
        report.malformed(place, e.getMessage());
      } catch (ArithmeticException e) {
        report.malformed(place, "numbers too large to compute with");
      }
    }
    for (int i = 0; i < parsed.size() && jobs.size() < maxPods; i++) {
      long[] p = parsed.get(i);
      double rel = p[4] - min;
      if (rel < fromS || rel >= untilS) continue;
      Map<String, Long> extras =
          p[2] > 0 ? Map.of(GPU_MILLI, Math.multiplyExact(p[2], p[3])) : Map.of();
      Resources req = Resources.of(p[1], (p[0] + 999) / 1000, extras);
      Resources cpuMem = Resources.of(p[1], (p[0] + 999) / 1000);
      TaskGroup g =
          new TaskGroup("pod", 1, req, p[5], phases(model, cpuMem, p[0], p[5], rnd), List.of());
      jobs.add(
          new Job(
              kept.get(i)[col.get("name")],
              null,
              null,
              null,
              p[6] == 1 ? JobKind.PRODUCTION : JobKind.BEST_EFFORT,
              (long) (rel - fromS),
              null,
              null,
              List.of(g)));
    }
    String source = "Alibaba GPU 2023 " + file.getFileName() + "; usage model: " + model.describe();
    return new ImportResult(new Workload(source, jobs), report.skipped(), report.warnings());
  }

  private static List<UsagePhase> phases(
      UsageModel model, Resources req, long cpuMilli, long duration, SplittableRandom rnd) {
    double f = model.jitter() == 0 ? 1 : 1 - model.jitter() + 2 * model.jitter() * rnd.nextDouble();
    double mem =
        Math.min(req.memoryMB() * model.memoryUsage() * f, req.memoryMB() * model.memoryCap());
    double cpu = cpuMilli / 1000.0 * model.cpuUsage() * f;
    return model.phases(mem, cpu, duration);
  }

  /**
   * Reads a node list CSV into a cluster named {@code name}; see the class comment for the mapping.
   */
  public static Cluster readNodes(Path file, String name) throws FormatException, IOException {
    List<String[]> rows = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    Map<String, Integer> col = readCsv(file, NODE_COLUMNS, rows, lines);
    Map<String, long[]> shapes = new LinkedHashMap<>();
    Map<String, String> models = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      try {
        long cpu = num(r, col, "cpu_milli", false) / 1000;
        long mem = num(r, col, "memory_mib", false);
        long gpu = num(r, col, "gpu", false);
        String m = r.length > col.get("model") ? r[col.get("model")].trim() : "";
        if (m.isEmpty() || m.equals("nan")) m = gpu > 0 ? "gpu" : "cpu";
        String key = m + "-" + cpu + "c-" + mem + "m-" + gpu + "g";
        shapes.computeIfAbsent(key, k -> new long[] {cpu, mem, gpu, 0})[3]++;
        models.put(key, m);
      } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
        throw new FormatException(file.toString(), "line " + lines.get(i), e.getMessage());
      }
    }
    List<NodeGroup> groups = new ArrayList<>();
    for (Map.Entry<String, long[]> en : shapes.entrySet()) {
      long[] s = en.getValue();
      Map<String, Long> extras =
          s[2] > 0 ? Map.of(GPU_MILLI, Math.multiplyExact(s[2], 1000L)) : Map.of();
      groups.add(
          new NodeGroup(
              en.getKey(), (int) s[3], Resources.of(s[1], s[0], extras), null, null, null));
    }
    return new Cluster(name, groups, List.of(), List.of());
  }

  private static long num(String[] r, Map<String, Integer> col, String c, boolean optional) {
    int i = col.get(c);
    String v = i < r.length ? r[i].trim() : "";
    if (v.isEmpty() || v.equals("nan")) {
      if (optional) return -1;
      throw new IllegalArgumentException("column " + c + " is empty");
    }
    try {
      double d = Double.parseDouble(v);
      if (!Double.isFinite(d) || Math.abs(d) > 9.0e15) {
        throw new IllegalArgumentException(
            "column " + c + " is '" + v + "', out of range (at most 9e15)");
      }
      return Math.round(d);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("column " + c + " is '" + v + "', not a number");
    }
  }

  /** Reads a simple CSV (no quoted commas in these traces) and maps required columns to indexes. */
  private static Map<String, Integer> readCsv(
      Path file, String[] required, List<String[]> rows, List<Integer> lines)
      throws FormatException, IOException {
    String name = file.toString();
    try (BufferedReader in = TraceFiles.reader(file)) {
      String header = in.readLine();
      if (header == null)
        throw new FormatException(name, "line 1", "the file is empty; expected a header row");
      String[] h = header.split(",", -1);
      Map<String, Integer> col = new HashMap<>();
      for (int i = 0; i < h.length; i++) col.put(h[i].trim(), i);
      for (String c : required) {
        if (!col.containsKey(c)) {
          throw new FormatException(
              name,
              "line 1",
              "the header has no column '" + c + "'; expected " + String.join(",", required));
        }
      }
      Map<String, Integer> out = new LinkedHashMap<>();
      for (String c : required) out.put(c, col.get(c));
      String line;
      int n = 1;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isBlank()) continue;
        rows.add(line.split(",", -1));
        lines.add(n);
      }
      return out;
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    }
  }
}
