package io.rayon.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.ToIntFunction;

/** Runs {@link RayonCli#run} with stdout and stderr captured. */
record CliRun(int exit, String out, String err) {

  static CliRun of(String... args) {
    return with(RayonCli::run, args);
  }

  /** {@code runner} on {@code args} (its exit code) with stdout and stderr captured. */
  static synchronized CliRun with(ToIntFunction<String[]> runner, String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = runner.applyAsInt(args);
      System.out.flush();
      System.err.flush();
      return new CliRun(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  JsonNode json() throws Exception {
    return Json.mapper().readTree(out);
  }
}
