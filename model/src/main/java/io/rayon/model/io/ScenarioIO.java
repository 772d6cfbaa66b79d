package io.rayon.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.scenario.Scenario;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads and writes scenario files (JSON, format version {@value Scenario#FORMAT_VERSION}). */
public final class ScenarioIO {
  private ScenarioIO() {}

  public static Scenario read(Path file) throws FormatException {
    String name = file.toString();
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, name);
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    } catch (IOException e) {
      throw new FormatException(name, null, "cannot read: " + e.getMessage(), e);
    }
  }

  public static Scenario read(InputStream in, String name) throws FormatException {
    String text;
    try {
      text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new FormatException(name, null, "cannot read: " + e.getMessage(), e);
    }
    return parse(text, name);
  }

  public static Scenario parse(String json, String name) throws FormatException {
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    }
    checkVersion(tree, name);
    List<JsonShape.Problem> problems = JsonShape.check(tree, Scenario.class);
    if (!problems.isEmpty()) throw new FormatException(name, JsonShape.locate(json, problems));
    try {
      // read from the text (not the tree) so that errors carry line and column
      return Json.mapper().readValue(json, Scenario.class);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new FormatException(name, "$", e.getMessage() == null ? e.toString() : e.getMessage(), e);
    }
  }

  private static void checkVersion(JsonNode tree, String name) throws FormatException {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw new FormatException(name, "$", "the file is empty; expected a scenario object");
    }
    if (!tree.isObject()) {
      throw new FormatException(name, "$", "expected a scenario object, found " + tree.getNodeType());
    }
    JsonNode v = tree.get("formatVersion");
    if (v == null) {
      throw new FormatException(name, "$.formatVersion",
          "missing; this build reads formatVersion " + Scenario.FORMAT_VERSION);
    }
    if (!v.isInt() || v.intValue() != Scenario.FORMAT_VERSION) {
      throw new FormatException(name, "$.formatVersion",
          "unsupported version " + v + "; this build reads formatVersion " + Scenario.FORMAT_VERSION);
    }
  }

  public static String toJson(Scenario s) {
    try {
      return Json.mapper().writeValueAsString(s) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("scenario cannot be written as JSON", e);
    }
  }

  /** The same JSON without indentation: for large generated files (readers accept both). */
  public static String toCompactJson(Scenario s) {
    try {
      return Json.mapper().writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(s)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("scenario cannot be written as JSON", e);
    }
  }

  /** Writes compact JSON atomically (see {@link #write}). */
  public static void writeCompact(Scenario s, Path file) throws IOException {
    AtomicFiles.writeString(file, toCompactJson(s));
  }

  /** Writes atomically: a crash leaves the old file or the new one, never a half-written file. */
  public static void write(Scenario s, Path file) throws IOException {
    AtomicFiles.writeString(file, toJson(s));
  }
}
