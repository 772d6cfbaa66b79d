package io.rayon.model.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rayon.model.scenario.Scenario;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads and writes scenario files (JSON, format version {@value Scenario#FORMAT_VERSION}). */
public final class ScenarioIO {
  private ScenarioIO() {}

  /**
   * Files above this size are bound as a stream, without the text and the tree in memory (a
   * scenario of half a million jobs is a few hundred MB of JSON); a problem in them is reported one
   * at a time, as the binding meets it.
   */
  static final long STREAM_ABOVE_BYTES = 32L * 1024 * 1024;

  /**
   * Reads a scenario file. Only regular files are read (a FIFO or a device is refused before it is
   * opened); files up to 32 MB are read whole as strict UTF-8, larger ones as a stream of at most
   * {@link InputFiles#streamLimit()} bytes.
   */
  public static Scenario read(Path file) throws FormatException {
    return read(file, STREAM_ABOVE_BYTES);
  }

  /** {@link #read(Path)} with files above {@code streamAbove} bytes read as a stream. */
  static Scenario read(Path file, long streamAbove) throws FormatException {
    String name = file.toString();
    long size = InputFiles.checkRegular(file, InputFiles.streamLimit());
    try {
      if (size > streamAbove) return readStreaming(file, name);
    } catch (InputFiles.LimitExceeded e) {
      throw e.format();
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    } catch (IOException e) {
      throw new FormatException(name, null, "cannot read: " + InputFiles.reason(e), e);
    }
    return parse(InputFiles.readText(file), name);
  }

  /** Reads a scenario from a stream of at most {@link InputFiles#limit()} bytes of UTF-8. */
  public static Scenario read(InputStream in, String name) throws FormatException {
    byte[] bytes;
    try (InputStream b = InputFiles.bounded(in, name, InputFiles.limit())) {
      bytes = b.readAllBytes();
    } catch (InputFiles.LimitExceeded e) {
      throw e.format();
    } catch (IOException e) {
      throw new FormatException(name, null, "cannot read: " + InputFiles.reason(e), e);
    }
    return parse(InputFiles.decode(bytes, name), name);
  }

  /**
   * Reads a scenario from its JSON text. A good file is bound in one streaming pass ({@link
   * DirectBinding}); any other is read the careful way ({@link #parseCarefully}), which reports
   * every problem with its place.
   */
  public static Scenario parse(String json, String name) throws FormatException {
    Scenario s = DirectBinding.bind(json, Scenario.class);
    if (s != null && s.formatVersion() == Scenario.FORMAT_VERSION) return s;
    return parseCarefully(json, name);
  }

  /**
   * Reads a scenario through a JSON tree: the version, then the shape check ({@link JsonShape},
   * which lists every problem), then the binding; a failed binding is repeated from the text for
   * its line and column.
   */
  static Scenario parseCarefully(String json, String name) throws FormatException {
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
      // bound from the tree already read (the text is not parsed a second time); only when that
      // fails is it bound again from the text, so that the error carries line and column
      return Json.mapper().treeToValue(tree, Scenario.class);
    } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
      // below: the same failure, located
    }
    try {
      return Json.mapper().readValue(json, Scenario.class);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new FormatException(name, "$", Json.problemOf(e), e);
    }
  }

  /**
   * Reads a large scenario file as a stream: a good file is bound in one pass ({@link
   * DirectBinding}); any other is read again by {@link #readStreamingByMapper}, which reports its
   * first problem with its place.
   */
  private static Scenario readStreaming(Path file, String name)
      throws IOException, FormatException {
    try (InputStream in = buffered(file, name);
        JsonParser p = Json.factory().createParser(in)) {
      Scenario s = DirectBinding.bind(p, Scenario.class);
      if (s != null && s.formatVersion() == Scenario.FORMAT_VERSION) return s;
    }
    return readStreamingByMapper(file, name);
  }

  /** The file as a buffered stream of at most {@link InputFiles#streamLimit()} bytes. */
  private static InputStream buffered(Path file, String name) throws IOException {
    return new BufferedInputStream(
        InputFiles.bounded(Files.newInputStream(file), name, InputFiles.streamLimit()), 1 << 16);
  }

  /** The version read first, then the mapper's binding of the stream. */
  static Scenario readStreamingByMapper(Path file, String name)
      throws IOException, FormatException {
    try (InputStream in =
            InputFiles.bounded(Files.newInputStream(file), name, InputFiles.streamLimit());
        JsonParser p = Json.factory().createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new FormatException(name, "$", "expected a scenario object");
      }
      Integer version = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        if (field.equals("formatVersion")) {
          version =
              t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT
                  ? p.getIntValue()
                  : Integer.MIN_VALUE;
          break;
        }
        p.skipChildren();
      }
      if (version == null) {
        throw new FormatException(
            name,
            "$.formatVersion",
            "missing; this build reads formatVersion " + Scenario.FORMAT_VERSION);
      }
      if (version != Scenario.FORMAT_VERSION) {
        throw new FormatException(
            name,
            "$.formatVersion",
            "unsupported version; this build reads formatVersion " + Scenario.FORMAT_VERSION);
      }
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    }
    try (InputStream in = buffered(file, name)) {
      return Json.mapper().readValue(in, Scenario.class);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new FormatException(name, "$", Json.problemOf(e), e);
    }
  }

  private static void checkVersion(JsonNode tree, String name) throws FormatException {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw new FormatException(name, "$", "the file is empty; expected a scenario object");
    }
    if (!tree.isObject()) {
      throw new FormatException(
          name, "$", "expected a scenario object, found " + tree.getNodeType());
    }
    JsonNode v = tree.get("formatVersion");
    if (v == null) {
      throw new FormatException(
          name,
          "$.formatVersion",
          "missing; this build reads formatVersion " + Scenario.FORMAT_VERSION);
    }
    if (!v.isInt() || v.intValue() != Scenario.FORMAT_VERSION) {
      throw new FormatException(
          name,
          "$.formatVersion",
          "unsupported version "
              + v
              + "; this build reads formatVersion "
              + Scenario.FORMAT_VERSION);
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
      return Json.mapper()
              .writer()
              .without(SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(s)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("scenario cannot be written as JSON", e);
    }
  }

  /** Writes compact JSON atomically (see {@link #write}). */
  public static void writeCompact(Scenario s, Path file) throws IOException {
    stream(Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT), s, file);
  }

  /** Streams the JSON to the file (a scenario of a million jobs is never held as one string). */
  private static void stream(ObjectWriter writer, Scenario s, Path file) throws IOException {
    ObjectWriter w = writer.without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    AtomicFiles.write(
        file,
        out -> {
          OutputStream buffered = new BufferedOutputStream(out, 1 << 16);
          w.writeValue(buffered, s);
          buffered.write('\n');
          buffered.flush();
        });
  }

  /** Writes atomically: a crash leaves the old file or the new one, never a half-written file. */
  public static void write(Scenario s, Path file) throws IOException {
    stream(Json.mapper().writer(), s, file);
  }
}
