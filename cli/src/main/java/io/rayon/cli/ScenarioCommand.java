package io.rayon.cli;

import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.engine.scenario.ScenarioProblem;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.JsonShape;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rayon scenario ...}: work with scenario files. */
@Command(
    name = "scenario",
    mixinStandardHelpOptions = true,
    description = "Work with scenario files.",
    subcommands = {ScenarioCommand.Check.class})
public final class ScenarioCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code rayon scenario check FILE [--json]}. */
  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Read and validate a scenario file and print its size. Exit 2 with messages naming the JSON path when the file is malformed or inconsistent; warnings do not fail.")
  public static final class Check implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario (JSON)")
    Path file;

    @Option(
        names = "--json",
        description = "print {nodes, capacity, reservations, jobs, warnings} as JSON")
    boolean json;

    @Override
    public Integer call() {
      Scenario s;
      try {
        s = ScenarioIO.read(file);
      } catch (FormatException e) {
        if (e.problems().size() <= 1) throw new CliSupport.BadInputException(e.getMessage(), e);
        PrintWriter err = spec.commandLine().getErr();
        for (JsonShape.Problem p : e.problems()) err.println("rayon: " + file + " at " + p);
        if (e.problems().size() >= JsonShape.MAX_PROBLEMS)
          err.println("rayon: " + file + ": stopped after " + JsonShape.MAX_PROBLEMS + " problems");
        err.flush();
        return CliSupport.EXIT_BAD_INPUT;
      }
      List<ScenarioProblem> problems;
      try {
        problems = ScenarioChecks.check(s);
      } catch (ArithmeticException e) {
        throw CliSupport.tooLarge(file.toString(), e);
      }
      List<ScenarioProblem> errors = ScenarioChecks.errors(problems);
      if (!errors.isEmpty()) {
        PrintWriter err = spec.commandLine().getErr();
        for (ScenarioProblem p : errors) err.println("rayon: " + file + " at " + p);
        err.flush();
        return CliSupport.EXIT_BAD_INPUT;
      }
      List<ScenarioProblem> warnings = ScenarioChecks.warnings(problems);
      long production = 0;
      for (Job j : s.workload().jobs()) if (j.kind() == JobKind.PRODUCTION) production++;
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nodes", s.cluster().nodeCount());
        m.put("capacity", s.cluster().totalCapacity());
        m.put("reservations", s.reservations().size());
        m.put("jobs", s.workload().jobs().size());
        m.put("productionJobs", production);
        m.put("tasks", s.workload().taskCount());
        m.put("stepSeconds", s.stepSeconds());
        m.put("horizonSteps", s.horizonSteps());
        m.put("warnings", warnings.stream().map(ScenarioProblem::toString).toList());
        CliSupport.printJson(out, m);
      } else {
        out.println("scenario:     " + s.name());
        out.println("nodes:        " + s.cluster().nodeCount());
        out.println("capacity:     " + s.cluster().totalCapacity() + " (memory MB, vcores)");
        out.println("reservations: " + s.reservations().size());
        out.println(
            "jobs:         "
                + s.workload().jobs().size()
                + " ("
                + production
                + " production, "
                + s.workload().taskCount()
                + " tasks)");
        out.println("time:         " + s.horizonSteps() + " steps of " + s.stepSeconds() + " s");
        out.println("policy:       " + s.sharingPolicy());
        out.println(warnings.isEmpty() ? "ok" : warnings.size() + " warning(s):");
        for (ScenarioProblem w : warnings) out.println("  " + w);
        out.flush();
      }
      return CliSupport.EXIT_OK;
    }
  }
}
