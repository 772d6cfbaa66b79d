package io.rayon.cli;

import io.rayon.engine.planning.milp.ModelTooLargeException;
import java.lang.management.ManagementFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The headless command line: {@code ./rayon <command>}. Every command prints human-readable text,
 * or machine-readable JSON with {@code --json}; exit code 0 on success, 2 on bad input (message on
 * stderr), 1 when the command ran but found a problem (for example a plan that violates its
 * constraints), 3 on an internal error (a bug: one line on stderr names the log file with the stack
 * trace, see {@link CliSupport#internalError}).
 *
 * <p>To add a command: write a {@code @Command} class in this package that implements {@code
 * Callable<Integer>}, and list it in {@code subcommands} below.
 */
@Command(
    name = "rayon",
    mixinStandardHelpOptions = true,
    version = "Rayon Studio 0.1.0",
    description = "Rayon Studio: plan cluster reservations, simulate clusters, talk to YARN.",
    subcommands = {
      CommandLine.HelpCommand.class,
      LiveCommand.class,
      YarnCommand.class,
      RdlCommand.class,
      ScenarioCommand.class,
      SampleCommand.class,
      PlanCommand.class,
      ValidateCommand.class,
      SimulateCommand.class,
      ImportCommand.class,
      SweepCommand.class,
      FederationCommand.class,
      RushCommand.class,
    })
public final class RayonCli implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new RayonCli());
    // "@FILE" is ours (rdl check @FILE), not picocli's argument-file expansion
    cl.setExpandAtFiles(false);
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          ex.getCommandLine().getErr().println("rayon: " + ex.getMessage());
          ex.getCommandLine()
              .getErr()
              .println(
                  "Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
          return CliSupport.EXIT_BAD_INPUT;
        });
    cl.setExecutionExceptionHandler(
        (ex, c, parseResult) -> {
          if (ex instanceof CliSupport.BadInputException bad) {
            c.getErr().println("rayon: " + bad.getMessage());
            return CliSupport.EXIT_BAD_INPUT;
          }
          if (ex instanceof ModelTooLargeException big) {
            // a MILP model refused up front (any command that plans with --planner milp)
            c.getErr().println("rayon: " + big.getMessage());
            return CliSupport.EXIT_BAD_INPUT;
          }
          return CliSupport.internalError(
              ex,
              parseResult == null ? null : parseResult.originalArgs().toArray(new String[0]),
              c.getErr());
        });
    return cl;
  }

  /**
   * Runs the CLI and returns its exit code (used by tests and by {@link #main}): 0 success, 1 a
   * found problem, 2 bad input, 3 an internal error (a bug; see {@link CliSupport#internalError}).
   */
  public static int run(String... args) {
    CommandLine cl = commandLine();
    try {
      return cl.execute(args);
    } catch (Throwable t) {
      // errors (StackOverflowError, OutOfMemoryError) pass picocli's handler: still one line and a
      // log
      return CliSupport.internalError(t, args, cl.getErr());
    }
  }

  /**
   * When this process started, on the {@code System.nanoTime} scale; set by {@link #main} (so a
   * command's time limit counts starting Java), unset (-1) when the commands run inside another
   * program such as a test, where each command counts from its own start.
   */
  static volatile long processStartNanos = -1;

  public static void main(String[] args) {
    long now = System.nanoTime();
    long agoMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    processStartNanos = now - Math.max(0, agoMillis) * 1_000_000L;
    System.exit(run(args));
  }
}
