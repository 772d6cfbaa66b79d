package io.rayon.cli;

import io.rayon.engine.scenario.ImportedScenario;
import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.engine.scenario.ScenarioProblem;
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
import io.rayon.model.time.Durations;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
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
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FORMAT",
      description = "swim, swf, sls, rumen or alibaba-gpu")
  String format;

  @Parameters(index = "1", paramLabel = "FILE", description = "the trace file")
  Path file;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "SCENARIO.json",
      description = "scenario file to write")
  Path out;

  @Option(
      names = "--nodes",
      paramLabel = "N",
      description =
          "cluster of N identical nodes (default 8, the estimation paper's; for alibaba-gpu the trace's node list when found)")
  Integer nodes;

  @Option(
      names = "--node-memory",
      paramLabel = "MB",
      defaultValue = "32768",
      description = "memory per node (default ${DEFAULT-VALUE})")
  long nodeMemory;

  @Option(
      names = "--node-vcores",
      paramLabel = "N",
      defaultValue = "24",
      description = "vcores per node (default ${DEFAULT-VALUE})")
  long nodeVcores;

  @Option(
      names = "--allowance-memory",
      paramLabel = "MB",
      description = "memory each node may use for tasks, AR (default: all)")
  Long allowanceMemory;

  @Option(
      names = "--allowance-vcores",
      paramLabel = "N",
      description = "vcores each node may use for tasks, AR (default: all)")
  Long allowanceVcores;

  @Option(
      names = "--racks",
      defaultValue = "1",
      description = "racks the nodes are spread over (default ${DEFAULT-VALUE})")
  int racks;

  @Option(
      names = "--node-list",
      paramLabel = "CSV",
      description =
          "alibaba-gpu: node list CSV (default: openb_node_list_all_node.csv next to FILE, if present)")
  Path nodeList;

  @Option(
      names = "--lenient",
      description = "skip malformed records and count them instead of stopping at the first")
  boolean lenient;

  @Option(
      names = "--param",
      paramLabel = "NAME=VALUE",
      description = "a parameter of the format's mapping model (repeatable)")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "seed of the derivation model's randomness (default ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--step",
      paramLabel = "DURATION",
      description =
          "plan step of the scenario, e.g. 60s, 5m, 1h (default: the smallest of 1s, 5s, 10s, 30s, 1m, 2m, 5m, 10m, 15m, 30m, 1h, ... that keeps the horizon plannable; the command says which)")
  String step;

  @Option(
      names = "--window",
      paramLabel = "FROM..UNTIL",
      description =
          "import only the jobs submitted in this slice of the trace, as durations after its start, e.g. 30d..31d, 2h..4h30m or 7d.. (no end); time starts at FROM in the scenario")
  String window;

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
    CliSupport.checkOutputs(Arrays.asList(file, nodeList), "--out", out);
    if (racks < 1)
      throw new CliSupport.BadInputException("--racks " + racks + " must be at least 1");
    Map<String, String> p = new TreeMap<>();
    for (String kv : params) {
      int eq = kv.indexOf('=');
      if (eq <= 0) throw new CliSupport.BadInputException("--param '" + kv + "' is not NAME=VALUE");
      p.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    for (String name : p.keySet()) {
      if (!importer.parameterNames().contains(name)) {
        throw new CliSupport.BadInputException(
            "--param '"
                + name
                + "' is not a parameter of the "
                + format
                + " import model; known: "
                + String.join(", ", importer.parameterNames())
                + " (docs/traces.md)");
      }
    }
    ImportResult result;
    try {
      result = importer.read(file, new ImportOptions(lenient, seed, p));
    } catch (FormatException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    } catch (IOException e) {
      throw CliSupport.cannotRead(file, e);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(file + ": " + e.getMessage(), e);
    }
    String base =
        file.getFileName()
            .toString()
            .replaceAll("\\.(gz|json|csv|tsv|swf)$", "")
            .replaceAll("\\.(json|csv|tsv|swf)$", "");
    Cluster cluster = cluster(base);
    ImportedScenario.Options buildOptions = buildOptions();
    Workload w = result.workload();
    Map<String, String> settings = new TreeMap<>();
    settings.put("import.format", format);
    settings.put("import.file", file.getFileName().toString());
    settings.put("import.seed", Long.toString(seed));
    p.forEach((k, v) -> settings.put("import.param." + k, v));
    ImportedScenario.Result built;
    try {
      built =
          ImportedScenario.build(
              base,
              "imported from " + file.getFileName() + " (" + format + "); " + w.source(),
              result,
              cluster,
              buildOptions,
              settings);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(file + ": not written: " + e.getMessage(), e);
    }
    Scenario s = built.scenario();
    w = s.workload();
    List<ScenarioProblem> errors = ScenarioChecks.errors(ScenarioChecks.check(s));
    if (!errors.isEmpty()) {
      throw new CliSupport.BadInputException(
          "not written: the imported scenario would be invalid at "
              + errors.get(0)
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
      m.put("reservations", s.reservations().size());
      m.put("productionJobs", s.reservations().size());
      m.put("stepSeconds", s.stepSeconds());
      m.put("horizonSteps", s.horizonSteps());
      m.put("skippedLines", result.skippedLines());
      m.put("warnings", result.warnings());
      m.put("notes", built.notes());
      CliSupport.printJson(o, m);
    } else {
      o.printf(
          "imported %d jobs (%d with a reservation), %d tasks from %s (%s) onto %d nodes, %d steps of %s -> %s%n",
          w.jobs().size(),
          s.reservations().size(),
          w.taskCount(),
          file,
          format,
          cluster.nodeCount(),
          s.horizonSteps(),
          Durations.format(Duration.ofSeconds(s.stepSeconds())),
          out);
      for (String note : built.notes()) o.println("note: " + note);
      if (result.skippedLines() > 0)
        o.printf("skipped %d malformed records%n", result.skippedLines());
      for (String warning : result.warnings()) o.println("note: " + warning);
      o.flush();
    }
    return CliSupport.EXIT_OK;
  }

  private ImportedScenario.Options buildOptions() {
    Long stepS = null;
    if (step != null) {
      Duration d = duration("--step", step);
      if (d.toMillis() % 1000 != 0)
        throw new CliSupport.BadInputException(
            "--step " + step + " must be a whole number of seconds");
      stepS = d.toSeconds();
    }
    long from = 0;
    Long until = null;
    if (window != null) {
      int dots = window.indexOf("..");
      if (dots < 0)
        throw new CliSupport.BadInputException(
            "--window '" + window + "' is not FROM..UNTIL (e.g. 30d..31d, or 7d.. for no end)");
      String a = window.substring(0, dots).strip();
      String b = window.substring(dots + 2).strip();
      from = a.isEmpty() ? 0 : duration("--window start", a).toSeconds();
      until = b.isEmpty() ? null : duration("--window end", b).toSeconds();
    }
    try {
      return new ImportedScenario.Options(stepS, from, until);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(
          (window != null && e.getMessage().contains("window") ? "--window: " : "--step: ")
              + e.getMessage(),
          e);
    }
  }

  private static Duration duration(String what, String text) {
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(what + " '" + text + "': " + e.getMessage(), e);
    }
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
          throw CliSupport.cannotRead(list, e);
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
      ar =
          Resources.of(
              allowanceMemory == null ? nodeMemory : allowanceMemory,
              allowanceVcores == null ? nodeVcores : allowanceVcores);
      if (!ar.fitsIn(cap) || !ar.isNonNegative()) {
        throw new CliSupport.BadInputException(
            "the allowance " + ar + " must lie between 0 and the node capacity " + cap);
      }
    }
    return new Cluster(
        base,
        List.of(new NodeGroup("node", n, cap, ar, Math.max(1, racks), null)),
        List.of(),
        List.of());
  }

  private Path siblingNodeList() {
    Path dir = file.toAbsolutePath().getParent();
    if (dir == null) return null;
    Path p = dir.resolve("openb_node_list_all_node.csv");
    return Files.exists(p) ? p : null;
  }
}
