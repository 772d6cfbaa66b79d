package io.rayon.app.cli;

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
