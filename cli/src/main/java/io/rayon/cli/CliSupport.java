package io.rayon.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Shared helpers for CLI commands: exit codes, bad-input errors, JSON output, scenario loading. */
public final class CliSupport {
  private CliSupport() {}

  public static final int EXIT_OK = 0;
  /** The command ran and found a problem (a violated plan, a failed check). */
  public static final int EXIT_FAILURE = 1;
  /** The input was malformed: the message on stderr names the place and the problem. */
  public static final int EXIT_BAD_INPUT = 2;

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
    java.util.List<io.rayon.engine.scenario.ScenarioProblem> errors;
    try {
      errors = io.rayon.engine.scenario.ScenarioChecks.errors(io.rayon.engine.scenario.ScenarioChecks.check(s));
    } catch (ArithmeticException e) {
      throw new BadInputException(file + ": numbers too large to compute with (" + e.getMessage() + ")", e);
    }
    if (!errors.isEmpty()) {
      throw new BadInputException(file + " at " + errors.get(0)
          + (errors.size() == 1 ? "" : " (and " + (errors.size() - 1) + " more errors; 'rayon scenario check " + file
              + "' lists them)"));
    }
    return s;
  }

  /** Prints {@code value} as indented JSON followed by a new line. */
  public static void printJson(PrintWriter out, Object value) {
    try {
      out.println(Json.mapper().writeValueAsString(value));
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON output", e);
    }
  }
}
