package io.rayon.cli;

import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.engine.scenario.SwimScenarioGenerator;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.SwimImporter;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rayon sample ...}: generate sample scenarios reproducibly. */
@Command(
    name = "sample",
    mixinStandardHelpOptions = true,
    description = "Generate sample scenarios reproducibly.",
    subcommands = {SampleCommand.Swim.class})
public final class SampleCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code rayon sample swim --trace FILE --out FILE ...}. */
  @Command(
      name = "swim",
      mixinStandardHelpOptions = true,
      description =
          "Build a scenario from a SWIM trace as in the Rayon paper's section 6.1: a cluster of identical nodes, a share of production jobs with reservations and deadlines, the rest best effort. sample-clusters/swim-256.json is this command with its defaults on FB-2009_samples_24_times_1hr_0.tsv.")
  public static final class Swim implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
        names = "--trace",
        required = true,
        paramLabel = "FILE",
        description = "SWIM trace (.tsv)")
    Path trace;

    @Option(
        names = "--out",
        required = true,
        paramLabel = "FILE",
        description = "scenario file to write")
    Path out;

    @Option(
        names = "--name",
        description = "scenario name (default: ${DEFAULT-VALUE})",
        defaultValue = "swim-256")
    String name;

    @Option(
        names = "--nodes",
        description = "number of nodes (default: ${DEFAULT-VALUE})",
        defaultValue = "256")
    int nodes;

    @Option(
        names = "--node-memory-mb",
        description = "memory per node in MB (default: ${DEFAULT-VALUE})",
        defaultValue = "131072")
    long nodeMemoryMB;

    @Option(
        names = "--node-vcores",
        description = "vcores per node (default: ${DEFAULT-VALUE})",
        defaultValue = "32")
    long nodeVcores;

    @Option(
        names = "--racks",
        description = "racks (default: ${DEFAULT-VALUE})",
        defaultValue = "8")
    int racks;

    @Option(
        names = "--step",
        description = "plan step in seconds (default: ${DEFAULT-VALUE})",
        defaultValue = "60")
    long step;

    @Option(
        names = "--production",
        description = "fraction of production jobs (default: ${DEFAULT-VALUE})",
        defaultValue = "0.05")
    double production;

    @Option(
        names = "--slack",
        description = "over-estimation of production work (default: ${DEFAULT-VALUE})",
        defaultValue = "0.10")
    double slack;

    @Option(
        names = "--deadline-factor",
        description = "deadline window = factor x min duration (default: ${DEFAULT-VALUE})",
        defaultValue = "2.0")
    double deadlineFactor;

    @Option(
        names = "--users",
        description = "production users (default: ${DEFAULT-VALUE})",
        defaultValue = "5")
    int users;

    @Option(
        names = "--policy",
        description = "sharing policy (default: ${DEFAULT-VALUE})",
        defaultValue = "capacity-over-time:0.5,0.2,24h")
    String policy;

    @Option(
        names = "--seed",
        description = "seed for picking production jobs (default: ${DEFAULT-VALUE})",
        defaultValue = "1")
    long seed;

    @Option(names = "--compact", description = "write JSON without indentation (smaller file)")
    boolean compact;

    @Option(names = "--lenient", description = "skip malformed trace lines instead of failing")
    boolean lenient;

    @Option(
        names = "--param",
        paramLabel = "NAME=VALUE",
        description = "SWIM import model parameter, e.g. --param throughputMBps=40")
    Map<String, String> params = new LinkedHashMap<>();

    @Override
    public Integer call() {
      CliSupport.checkOutputs(List.of(trace), "--out", out);
      SwimScenarioGenerator.Params p;
      try {
        SwimScenarioGenerator.Params d = SwimScenarioGenerator.Params.PAPER;
        p =
            new SwimScenarioGenerator.Params(
                nodes,
                Resources.of(nodeMemoryMB, nodeVcores),
                racks,
                step,
                production,
                slack,
                deadlineFactor,
                d.minDeadlineSlackSteps(),
                d.leadSteps(),
                users,
                SharingPolicySpec.parse(policy),
                seed);
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException(e.getMessage(), e);
      }
      SwimImporter importer = new SwimImporter();
      for (String name : params.keySet()) {
        if (!importer.parameterNames().contains(name)) {
          throw new CliSupport.BadInputException(
              "--param '"
                  + name
                  + "' is not a parameter of the SWIM import model; known: "
                  + String.join(", ", importer.parameterNames()));
        }
      }
      ImportResult imported;
      try {
        imported = importer.read(trace, new ImportOptions(lenient, seed, params));
      } catch (FormatException e) {
        throw new CliSupport.BadInputException(e.getMessage(), e);
      } catch (IOException e) {
        throw CliSupport.cannotRead(trace, e);
      }
      Scenario s = SwimScenarioGenerator.generate(name, imported, p);
      var errors = ScenarioChecks.errors(ScenarioChecks.check(s));
      if (!errors.isEmpty())
        throw new CliSupport.BadInputException("generated scenario is invalid: " + errors.get(0));
      try {
        if (compact) ScenarioIO.writeCompact(s, out);
        else ScenarioIO.write(s, out);
      } catch (IOException e) {
        throw new CliSupport.BadInputException(out + ": cannot write: " + e.getMessage(), e);
      }
      PrintWriter o = spec.commandLine().getOut();
      o.println(
          "wrote "
              + out
              + ": "
              + s.cluster().nodeCount()
              + " nodes, "
              + s.workload().jobs().size()
              + " jobs, "
              + s.reservations().size()
              + " reservations, "
              + s.horizonSteps()
              + " steps of "
              + s.stepSeconds()
              + " s"
              + (imported.skippedLines() > 0
                  ? ", " + imported.skippedLines() + " trace lines skipped"
                  : ""));
      o.flush();
      return CliSupport.EXIT_OK;
    }
  }
}
