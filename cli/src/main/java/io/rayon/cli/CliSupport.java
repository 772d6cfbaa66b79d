package io.rayon.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.engine.scenario.ScenarioProblem;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipException;

/** Shared helpers for CLI commands: exit codes, bad-input errors, JSON output, scenario loading. */
public final class CliSupport {
  private CliSupport() {}

  public static final int EXIT_OK = 0;

  /** The command ran and found a problem (a violated plan, a failed check). */
  public static final int EXIT_FAILURE = 1;

  /** The input was malformed: the message on stderr names the place and the problem. */
  public static final int EXIT_BAD_INPUT = 2;

  /**
   * A bug: the command failed in a way no input should cause. One line on stderr asks for a report
   * and names the log file holding the stack trace ({@link #logDir()}).
   */
  public static final int EXIT_INTERNAL = 3;

  /** System property naming the folder for internal-error logs. */
  public static final String LOG_DIR_PROPERTY = "rayon.logDir";

  /**
   * Where internal-error logs go: the folder named by {@value #LOG_DIR_PROPERTY}, else {@code
   * rayon-logs} in the system's temporary folder ({@code java.io.tmpdir}).
   */
  public static Path logDir() {
    String d = System.getProperty(LOG_DIR_PROPERTY);
    if (d != null && !d.isBlank()) return Path.of(d);
    return Path.of(System.getProperty("java.io.tmpdir"), "rayon-logs");
  }

  /**
   * Reports an internal error: writes the command line and the stack trace to a new log file in
   * {@link #logDir()} and prints one line on {@code err} asking for a report. Returns {@link
   * #EXIT_INTERNAL}.
   */
  public static int internalError(Throwable t, String[] args, PrintWriter err) {
    String where;
    try {
      Path dir = logDir();
      Files.createDirectories(dir);
      Path log = Files.createTempFile(dir, "rayon-error-", ".log");
      StringWriter sw = new StringWriter();
      PrintWriter pw = new PrintWriter(sw);
      pw.println("Rayon Studio 0.1.0 internal error");
      pw.println("time: " + Instant.now());
      pw.println(
          "java: " + System.getProperty("java.version") + " on " + System.getProperty("os.name"));
      pw.println("command: rayon " + String.join(" ", args == null ? new String[0] : args));
      t.printStackTrace(pw);
      pw.flush();
      Files.writeString(log, sw.toString(), StandardCharsets.UTF_8);
      where = "the stack trace is in " + log;
    } catch (IOException | RuntimeException | Error e) {
      where =
          "the stack trace could not be written to "
              + logDir()
              + " ("
              + e.getClass().getSimpleName()
              + ")";
    }
    err.println(
        "rayon: internal error (a bug in Rayon Studio, not in your input); please report it with the command"
            + " line and the log file: "
            + where);
    err.flush();
    return EXIT_INTERNAL;
  }

  /**
   * Checks a command's output files before it does any work: none may be one of its inputs, a
   * directory, a special file (a device, a FIFO), another output of the same command, or lie in a
   * folder that does not exist. A symbolic link is followed (its target is replaced, atomically).
   * {@code optionsAndPaths} alternates option names and paths; null paths are skipped.
   */
  public static void checkOutputs(List<Path> inputs, Object... optionsAndPaths) {
    Map<Path, String> seen = new LinkedHashMap<>();
    for (int i = 0; i + 1 < optionsAndPaths.length; i += 2) {
      String option = (String) optionsAndPaths[i];
      Path out = (Path) optionsAndPaths[i + 1];
      if (out == null) continue;
      Path target;
      try {
        target = AtomicFiles.target(out);
      } catch (IOException e) {
        throw new BadInputException(option + " " + out + ": " + e.getMessage(), e);
      }
      for (Path in : inputs) {
        if (in != null && sameFile(in, target)) {
          throw new BadInputException(
              option
                  + " "
                  + out
                  + " is also an input of this command ("
                  + in
                  + "); writing it would destroy the input: give another file");
        }
      }
      String other = seen.putIfAbsent(target, option);
      if (other != null) {
        throw new BadInputException(
            option
                + " "
                + out
                + " is the same file as "
                + other
                + "; give each output its own file");
      }
    }
  }

  private static boolean sameFile(Path input, Path target) {
    try {
      if (Files.exists(input) && Files.exists(target)) return Files.isSameFile(input, target);
      return input.toAbsolutePath().normalize().equals(target);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Bad input for numbers whose sum or product exceeds what a long holds (never the JVM's "long
   * overflow").
   */
  public static BadInputException tooLarge(String where, ArithmeticException e) {
    return new BadInputException(
        where
            + ": numbers too large to compute with (a sum or product of its amounts exceeds "
            + Long.MAX_VALUE
            + "); use smaller values",
        e);
  }

  /**
   * Bad input for a file that failed while being read: the size limit, invalid UTF-8, an over-long
   * line, ...
   */
  public static BadInputException cannotRead(Path file, IOException e) {
    if (e instanceof InputFiles.LimitExceeded le)
      return new BadInputException(le.format().getMessage(), e);
    if (e instanceof CharacterCodingException) {
      return new BadInputException(file + ": not valid UTF-8 text; save the file as UTF-8", e);
    }
    if (e.getMessage() != null && e.getMessage().startsWith(file.toString()))
      return new BadInputException(e.getMessage(), e);
    if (e instanceof ZipException) {
      return new BadInputException(file + ": corrupt gzip data (" + InputFiles.reason(e) + ")", e);
    }
    if (e instanceof EOFException)
      return new BadInputException(file + ": ends early (truncated gzip data?)", e);
    return new BadInputException(file + ": cannot read: " + InputFiles.reason(e), e);
  }

  /**
   * Reads a file's whole text for a command: regular files only, within the input limit, strict
   * UTF-8.
   */
  public static String readText(Path file) {
    try {
      return InputFiles.readText(file);
    } catch (FormatException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /** Thrown by commands for input they cannot use; printed as one line on stderr, exit code 2. */
  public static final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
      super(message);
    }

    public BadInputException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public static Scenario loadScenario(Path file) {
    try {
      return ScenarioIO.read(file);
    } catch (FormatException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /**
   * Reads a scenario and runs the semantic checks of {@code rayon scenario check}: a scenario that
   * command refuses (duplicate ids, a zero step length, a negative duration, invalid RDL...) is bad
   * input here too. The one line names the first error's JSON path and how many more there are.
   */
  public static Scenario loadValidScenario(Path file) {
    Scenario s = loadScenario(file);
    List<ScenarioProblem> errors;
    try {
      errors = ScenarioChecks.errors(ScenarioChecks.check(s));
    } catch (ArithmeticException e) {
      throw tooLarge(file.toString(), e);
    }
    if (!errors.isEmpty()) {
      throw new BadInputException(
          file
              + " at "
              + errors.get(0)
              + (errors.size() == 1
                  ? ""
                  : " (and "
                      + (errors.size() - 1)
                      + " more errors; 'rayon scenario check "
                      + file
                      + "' lists them)"));
    }
    return s;
  }

  /** Prints {@code value} as indented JSON followed by a new line. */
  public static void printJson(PrintWriter out, Object value) {
    try {
      out.println(Json.write(value));
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON output", e);
    }
  }
}
