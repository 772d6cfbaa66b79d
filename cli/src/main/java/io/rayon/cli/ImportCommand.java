package io.rayon.cli;

import io.rayon.engine.trace.AlibabaGpuImporter;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.TraceImporter;
import io.rayon.engine.trace.TraceImporters;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon import FORMAT FILE --out SCENARIO.json}: reads a public workload trace into a
 * scenario (the workload, plus a cluster of {@code --nodes} identical nodes, or for {@code
 * alibaba-gpu} the trace's own node list when one is found).
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Import a workload trace into a scenario file.",
      "Formats: swim (Facebook SWIM tsv), swf (Parallel Workloads Archive, plain or .gz), sls (YARN SLS JSON),",
      "rumen (Rumen job history JSON), alibaba-gpu (Alibaba cluster-trace-gpu-v2023 pod CSV).",
      "What a trace lacks (usage profiles, durations) comes from a model whose parameters --param sets;",
      "see docs/traces.md for each format's mapping and parameters."
    })
public final class ImportCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FORMAT", description = "swim, swf, sls, rumen or alibaba-gpu")
  String format;

  @Parameters(index = "1", paramLabel = "FILE", description = "the trace file")
  Path file;

  @Option(names = "--out", required = true, paramLabel = "SCENARIO.json", description = "scenario file to write")
  Path out;

  @Option(names = "--nodes", paramLabel = "N",
      description = "cluster of N identical nodes (default 8, the estimation paper's; for alibaba-gpu the trace's node list when found)")
  Integer nodes;

  @Option(names = "--node-memory", paramLabel = "MB", defaultValue = "32768", description = "memory per node (default ${DEFAULT-VALUE})")
  long nodeMemory;

  @Option(names = "--node-vcores", paramLabel = "N", defaultValue = "24", description = "vcores per node (default ${DEFAULT-VALUE})")
  long nodeVcores;

  @Option(names = "--allowance-memory", paramLabel = "MB", description = "memory each node may use for tasks, AR (default: all)")
  Long allowanceMemory;

  @Option(names = "--allowance-vcores", paramLabel = "N", description = "vcores each node may use for tasks, AR (default: all)")
  Long allowanceVcores;

  @Option(names = "--racks", defaultValue = "1", description = "racks the nodes are spread over (default ${DEFAULT-VALUE})")
  int racks;

  @Option(names = "--node-list", paramLabel = "CSV",
      description = "alibaba-gpu: node list CSV (default: openb_node_list_all_node.csv next to FILE, if present)")
  Path nodeList;

  @Option(names = "--lenient", description = "skip malformed records and count them instead of stopping at the first")
  boolean lenient;

  @Option(names = "--param", paramLabel = "NAME=VALUE", description = "a parameter of the format's mapping model (repeatable)")
  List<String> params = new ArrayList<>();

  @Option(names = "--seed", defaultValue = "1", description = "seed of the derivation model's randomness (default ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--json", description = "print the summary as JSON")
  boolean json;

  /** The importer for a format name: ours, plus SWIM when the build has it. */
  static TraceImporter importer(String format) {
    try {
      return TraceImporters.forFormat(format);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
  }

  @Override
  public Integer call() {
    TraceImporter importer = importer(format);
    if (racks < 1) throw new CliSupport.BadInputException("--racks " + racks + " must be at least 1");
    Map<String, String> p = new TreeMap<>();
    for (String kv : params) {
      int eq = kv.indexOf('=');
      if (eq <= 0) throw new CliSupport.BadInputException("--param '" + kv + "' is not NAME=VALUE");
      p.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    for (String name : p.keySet()) {
      if (!importer.parameterNames().contains(name)) {
        throw new CliSupport.BadInputException("--param '" + name + "' is not a parameter of the " + format
            + " import model; known: " + String.join(", ", importer.parameterNames()) + " (docs/traces.md)");
      }
    }
    ImportResult result;
    try {
      result = importer.read(file, new ImportOptions(lenient, seed, p));
    } catch (FormatException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    } catch (IOException e) {
      throw new CliSupport.BadInputException(file + ": cannot read: " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(file + ": " + e.getMessage(), e);
    }
    String base = file.getFileName().toString().replaceAll("\\.(gz|json|csv|tsv|swf)$", "").replaceAll("\\.(json|csv|tsv|swf)$", "");
    Cluster cluster = cluster(base);
    Workload w = result.workload();
    long horizon = 1;
    for (Job j : w.jobs()) {
      long d = 0;
      for (TaskGroup g : j.tasks()) d += Math.max(0, g.durationS());
      horizon = Math.max(horizon, j.arrivalS() + d);
    }
    Map<String, String> settings = new TreeMap<>();
    settings.put("import.format", format);
    settings.put("import.file", file.getFileName().toString());
    settings.put("import.seed", Long.toString(seed));
    p.forEach((k, v) -> settings.put("import.param." + k, v));
    Scenario s = new Scenario(Scenario.FORMAT_VERSION, base, "imported from " + file.getFileName() + " (" + format
        + "); " + w.source(), 1, horizon, cluster, null, List.of(), null, List.of(), w, settings);
    java.util.List<io.rayon.engine.scenario.ScenarioProblem> errors =
        io.rayon.engine.scenario.ScenarioChecks.errors(io.rayon.engine.scenario.ScenarioChecks.check(s));
    if (!errors.isEmpty()) {
      throw new CliSupport.BadInputException("not written: the imported scenario would be invalid at " + errors.get(0)
          + (errors.size() == 1 ? "" : " (and " + (errors.size() - 1) + " more errors)"));
    }
    try {
      ScenarioIO.write(s, out);
    } catch (IOException e) {
      throw new CliSupport.BadInputException(out + ": cannot write: " + e.getMessage(), e);
    }
    PrintWriter o = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("format", format);
      m.put("file", file.toString());
      m.put("out", out.toString());
      m.put("jobs", w.jobs().size());
      m.put("tasks", w.taskCount());
      m.put("nodes", cluster.nodeCount());
      m.put("skippedLines", result.skippedLines());
      m.put("warnings", result.warnings());
      CliSupport.printJson(o, m);
    } else {
      o.printf("imported %d jobs, %d tasks from %s (%s) onto %d nodes -> %s%n", w.jobs().size(), w.taskCount(), file,
          format, cluster.nodeCount(), out);
      if (result.skippedLines() > 0) o.printf("skipped %d malformed records%n", result.skippedLines());
      for (String warning : result.warnings()) o.println("note: " + warning);
      o.flush();
    }
    return CliSupport.EXIT_OK;
  }

  private Cluster cluster(String base) {
    if (nodes == null && format.equals("alibaba-gpu")) {
      Path list = nodeList != null ? nodeList : siblingNodeList();
      if (list != null) {
        try {
          return AlibabaGpuImporter.readNodes(list, base);
        } catch (FormatException e) {
          throw new CliSupport.BadInputException(e.getMessage(), e);
        } catch (IOException e) {
          throw new CliSupport.BadInputException(list + ": cannot read: " + e.getMessage(), e);
        }
      }
    }
    int n = nodes == null ? 8 : nodes;
    if (n < 1) throw new CliSupport.BadInputException("--nodes " + n + " must be at least 1");
    if (nodeMemory < 1 || nodeVcores < 1) {
      throw new CliSupport.BadInputException("--node-memory and --node-vcores must be positive");
    }
    Resources cap = Resources.of(nodeMemory, nodeVcores);
    Resources ar = null;
    if (allowanceMemory != null || allowanceVcores != null) {
      ar = Resources.of(allowanceMemory == null ? nodeMemory : allowanceMemory, allowanceVcores == null ? nodeVcores : allowanceVcores);
      if (!ar.fitsIn(cap) || !ar.isNonNegative()) {
        throw new CliSupport.BadInputException("the allowance " + ar + " must lie between 0 and the node capacity " + cap);
      }
    }
    return new Cluster(base, List.of(new NodeGroup("node", n, cap, ar, Math.max(1, racks), null)), List.of(), List.of());
  }

  private Path siblingNodeList() {
    Path dir = file.toAbsolutePath().getParent();
    if (dir == null) return null;
    Path p = dir.resolve("openb_node_list_all_node.csv");
    return Files.exists(p) ? p : null;
  }
}
