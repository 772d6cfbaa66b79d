package io.rayon.cli;

import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rayon rush ...}: RUSH scenario files (simulate them with {@code rayon simulate FILE
 * --scheduler rush}).
 */
@Command(
    name = "rush",
    mixinStandardHelpOptions = true,
    description =
        "RUSH scenario files: jobs with uncertain task runtimes and utilities of their completion time"
            + " (simulate them with 'rayon simulate FILE --scheduler rush|fifo|edf|rrh').",
    subcommands = {RushCommand.Generate.class})
public final class RushCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code rayon rush generate -o FILE ...}. */
  @Command(
      name = "generate",
      mixinStandardHelpOptions = true,
      description = {
        "Write a RUSH scenario with the workload of the RUSH paper's section V.B: jobs from eight Hadoop job templates on",
        "1-10 GB data sets, Poisson arrivals (mean 130 s), 20% time-critical, 60% time-sensitive, 20% time-insensitive",
        "jobs with sigmoid utilities (priority 1-5) and a time budget of FACTOR x the benchmarked runtime.",
        "sample-clusters/rush-vb.json is this command with its defaults."
      })
  public static final class Generate implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
        names = {"-o", "--out"},
        required = true,
        paramLabel = "FILE",
        description = "scenario file to write (atomically)")
    Path out;

    @Option(
        names = "--jobs",
        defaultValue = "100",
        description = "number of jobs (default: ${DEFAULT-VALUE}, the paper's)")
    int jobs;

    @Option(
        names = "--seed",
        defaultValue = "1",
        description = "seed of every draw (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
        names = "--containers",
        defaultValue = "48",
        description = "cluster capacity C (default: ${DEFAULT-VALUE}, the paper's 48 vCPU cores)")
    int containers;

    @Option(
        names = "--budget-factor",
        paramLabel = "FACTOR",
        defaultValue = "1.5",
        description =
            "time budget over benchmarked runtime (the paper: 2, 1.5 and 1; default: ${DEFAULT-VALUE})")
    double budgetFactor;

    @Option(
        names = "--interarrival",
        paramLabel = "SECONDS",
        defaultValue = "130",
        description = "mean seconds between arrivals (default: ${DEFAULT-VALUE}, the paper's)")
    double interarrival;

    @Option(names = "--json", description = "print a summary as JSON")
    boolean json;

    @Override
    public Integer call() {
      CliSupport.checkOutputs(List.of(), "--out", out);
      RushScenario s;
      try {
        RushGenerator.Params d = RushGenerator.Params.PAPER;
        s =
            RushGenerator.generate(
                new RushGenerator.Params(
                    jobs,
                    seed,
                    containers,
                    interarrival,
                    budgetFactor,
                    d.criticalFraction(),
                    d.insensitiveFraction(),
                    d.minGb(),
                    d.maxGb()));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException(e.getMessage(), e);
      }
      try {
        RushScenarioIO.write(s, out);
      } catch (IOException e) {
        throw new CliSupport.BadInputException(out + ": cannot write: " + e.getMessage(), e);
      }
      int[] c = RushGenerator.classCounts(s);
      PrintWriter o = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", out.toString());
        m.put("jobs", s.jobs().size());
        m.put("tasks", s.totalTasks());
        m.put("containers", s.containers());
        m.put("critical", c[0]);
        m.put("sensitive", c[1]);
        m.put("insensitive", c[2]);
        CliSupport.printJson(o, m);
      } else {
        o.printf(
            Locale.ROOT,
            "wrote %s: %d jobs (%d critical, %d sensitive, %d insensitive), %d tasks, %d containers%n",
            out,
            s.jobs().size(),
            c[0],
            c[1],
            c[2],
            s.totalTasks(),
            s.containers());
        o.flush();
      }
      return CliSupport.EXIT_OK;
    }
  }
}
