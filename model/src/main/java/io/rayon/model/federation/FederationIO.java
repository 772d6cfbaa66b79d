package io.rayon.model.federation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.DirectBinding;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import io.rayon.model.io.Json;
import io.rayon.model.io.JsonShape;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes federation setup files (JSON, format version {@value
 * FederationSetup#FORMAT_VERSION}).
 */
public final class FederationIO {
  private FederationIO() {}

  /**
   * Reads a setup file: regular files within the input size limit, strict UTF-8 ({@link
   * InputFiles#readText}).
   */
  public static FederationSetup read(Path file) throws FormatException {
    return parse(InputFiles.readText(file), file.toString());
  }

  /**
   * Reads a federation setup from its JSON text. A good file is bound in one streaming pass ({@link
   * DirectBinding}, as scenario files are); any other is read the careful way ({@link
   * #parseCarefully}), which lists every problem with its place.
   */
  public static FederationSetup parse(String json, String name) throws FormatException {
    FederationSetup s = DirectBinding.bind(json, FederationSetup.class);
    if (s != null && s.formatVersion() == FederationSetup.FORMAT_VERSION) return s;
    return parseCarefully(json, name);
  }

  /** The version, the shape check (every problem, located), then the mapper's binding. */
  static FederationSetup parseCarefully(String json, String name) throws FormatException {
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    }
    if (tree == null || tree.isMissingNode() || tree.isNull() || !tree.isObject()) {
      throw new FormatException(name, "$", "expected a federation setup object");
    }
    JsonNode v = tree.get("formatVersion");
    if (v == null || !v.isInt() || v.intValue() != FederationSetup.FORMAT_VERSION) {
      throw new FormatException(
          name,
          "$.formatVersion",
          (v == null ? "missing" : "unsupported version " + v)
              + "; this build reads formatVersion "
              + FederationSetup.FORMAT_VERSION);
    }
    List<JsonShape.Problem> problems = JsonShape.check(tree, FederationSetup.class);
    if (!problems.isEmpty()) throw new FormatException(name, JsonShape.locate(json, problems));
    try {
      return Json.mapper().readValue(json, FederationSetup.class);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new FormatException(
          name, "$", e.getMessage() == null ? e.toString() : e.getMessage(), e);
    }
  }

  public static String toJson(FederationSetup s) {
    try {
      return Json.mapper().writeValueAsString(s) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("federation setup cannot be written as JSON", e);
    }
  }

  /** Writes the setup atomically; {@code compact} drops indentation (large generated setups). */
  public static void write(FederationSetup s, Path file, boolean compact) throws IOException {
    String text;
    try {
      var w =
          compact
              ? Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT)
              : Json.mapper().writer();
      text = w.writeValueAsString(s) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("federation setup cannot be written as JSON", e);
    }
    AtomicFiles.writeString(file, text);
  }
}
