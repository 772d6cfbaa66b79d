package io.rayon.cli;

import io.rayon.engine.planning.milp.ModelTooLargeException;
import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
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
 * Callable<Integer>}, and list it in {@link #COMMANDS} below.
 */
@Command(
    name = "rayon",
    mixinStandardHelpOptions = true,
    version = "Rayon Studio 0.1.0",
    description = "Rayon Studio: plan cluster reservations, simulate clusters, talk to YARN.")
public final class RayonCli implements Runnable {

  /**
   * The commands, by name, in the order the help lists them, each with how to make it. Picocli
   * builds a command's model (its options, parameters and help) from its annotations when the
   * command is added, which for all of them costs a tenth of a second or more of a cold start;
   * {@link #run} adds only the one its arguments name (see {@link #commandLine(String...)}). {@code
   * RayonCliCommandsTest} checks each name against its class's own.
   */
  static final Map<String, Supplier<Object>> COMMANDS = commands();

  private static Map<String, Supplier<Object>> commands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("help", CommandLine.HelpCommand::new);
    m.put("live", LiveCommand::new);
    m.put("yarn", YarnCommand::new);
    m.put("rdl", RdlCommand::new);
    m.put("scenario", ScenarioCommand::new);
    m.put("sample", SampleCommand::new);
    m.put("plan", PlanCommand::new);
    m.put("validate", ValidateCommand::new);
    m.put("simulate", SimulateCommand::new);
    m.put("import", ImportCommand::new);
    m.put("sweep", SweepCommand::new);
    m.put("federation", FederationCommand::new);
    m.put("rush", RushCommand::new);
    return Collections.unmodifiableMap(m);
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  /** The whole command line, every command in it. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new RayonCli());
    COMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
    return configured(cl);
  }

  /**
   * The command line for these arguments: when the first names a command other than {@code help},
   * only that command is in it, so that a run does not build the model of every other one; the
   * whole command line otherwise (no arguments, an option such as {@code --help}, {@code help
   * COMMAND}, or an unknown command, whose message lists the commands). A command's parsing, help,
   * messages and exit codes are the same either way: a command reads nothing of the others.
   */
  public static CommandLine commandLine(String... args) {
    Supplier<Object> only =
        args.length == 0 || "help".equals(args[0]) ? null : COMMANDS.get(args[0]);
    if (only == null) return commandLine();
    CommandLine cl = new CommandLine(new RayonCli());
    cl.addSubcommand(args[0], only.get());
    return configured(cl);
  }

  /**
   * The project's settings, applied last: picocli gives them to the subcommands already added, not
   * to those added later.
   */
  private static CommandLine configured(CommandLine cl) {
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
    CommandLine cl = commandLine(args);
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
