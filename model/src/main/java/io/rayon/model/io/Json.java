package io.rayon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.text.Visible;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The one JSON configuration of the project: strict on reading, stable and indented on writing. */
public final class Json {
  private Json() {}

  /**
   * The one JSON factory: the mapper's own ({@link #mapper()} is built on it), with the same
   * stream-read features and limits. Reading and writing with it alone does not create the mapper,
   * whose first use costs a one-shot command about a tenth of a second.
   */
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          // "count":8,"count":1000000000 is an error, not "the last one wins"
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(Rdl.MAX_DEPTH * 2 + 16)
                  .maxStringLength(64 * 1024 * 1024)
                  .build())
          .build();

  /** The mapper, created on first use. */
  private static final class Mapper {
    static final ObjectMapper MAPPER = create();
  }

  public static ObjectMapper mapper() {
    return Mapper.MAPPER;
  }

  /** The factory the mapper reads and writes with (the same instance). */
  public static JsonFactory factory() {
    return FACTORY;
  }

  private static ObjectMapper create() {
    return JsonMapper.builder(FACTORY)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
        .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
        // records are written by their components only: no isZero()/isRigid() pseudo-fields
        .disable(MapperFeature.AUTO_DETECT_IS_GETTERS)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .enable(SerializationFeature.INDENT_OUTPUT)
        .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
        .build();
  }

  /**
   * {@code value} as indented JSON, exactly as {@code mapper().writeValueAsString} writes it. A
   * value made only of maps with text keys, lists and sets, text, whole numbers ({@code Integer},
   * {@code Long}), numbers ({@code Double}, {@code Float}), booleans and nulls is written by the
   * factory's generator with the mapper's pretty printer, without creating the mapper; any other is
   * written by the mapper.
   */
  public static String write(Object value) throws JsonProcessingException {
    if (!plain(value, 0)) return mapper().writeValueAsString(value);
    StringWriter w = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(w)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      writePlain(g, value);
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }

  /** Deeper values are left to the mapper, which refuses what is too deep in its own words. */
  private static final int PLAIN_DEPTH = 64;

  /** Whether {@link #write} writes {@code value} without the mapper. */
  static boolean plain(Object v, int depth) {
    if (v == null
        || v instanceof String
        || v instanceof Integer
        || v instanceof Long
        || v instanceof Double
        || v instanceof Float
        || v instanceof Boolean) return true;
    if (depth >= PLAIN_DEPTH) return false;
    if (v instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!(e.getKey() instanceof String) || !plain(e.getValue(), depth + 1)) return false;
      }
      return true;
    }
    if (v instanceof List<?> || v instanceof Set<?>) {
      for (Object o : (Collection<?>) v) if (!plain(o, depth + 1)) return false;
      return true;
    }
    return false;
  }

  private static void writePlain(JsonGenerator g, Object v) throws IOException {
    if (v == null) g.writeNull();
    else if (v instanceof String s) g.writeString(s);
    else if (v instanceof Integer i) g.writeNumber(i);
    else if (v instanceof Long l) g.writeNumber(l);
    else if (v instanceof Double d) g.writeNumber(d);
    else if (v instanceof Float f) g.writeNumber(f);
    else if (v instanceof Boolean b) g.writeBoolean(b);
    else if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName((String) e.getKey());
        writePlain(g, e.getValue());
      }
      g.writeEndObject();
    } else {
      g.writeStartArray();
      for (Object o : (Collection<?>) v) writePlain(g, o);
      g.writeEndArray();
    }
  }

  /** Turns a Jackson failure into a message naming the JSON path and the problem. */
  public static FormatException describe(String file, JsonProcessingException e) {
    String path = "$";
    if (e instanceof JsonMappingException jm) {
      StringBuilder sb = new StringBuilder("$");
      for (JsonMappingException.Reference r : jm.getPath()) {
        if (r.getFieldName() != null) sb.append('.').append(r.getFieldName());
        else if (r.getIndex() >= 0) sb.append('[').append(r.getIndex()).append(']');
      }
      path = sb.toString();
    }
    JsonLocation loc = e.getLocation();
    String where =
        loc == null || loc.getLineNr() < 1
            ? ""
            : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
    String problem;
    Throwable cause = e.getCause();
    if (e instanceof ValueInstantiationException
        && cause instanceof NullPointerException
        && cause.getMessage() != null
        && cause.getMessage().matches("[A-Za-z][A-Za-z0-9]*")) {
      // a record's requireNonNull(field, "field"): the object lacks a required field
      String field = cause.getMessage();
      return new FormatException(
          file, path + "." + field + where, "missing required field '" + field + "'", e);
    }
    if (e instanceof ValueInstantiationException
        && cause instanceof NullPointerException
        && cause.getMessage() == null) {
      // List.copyOf in a record's constructor: a list of this object holds a JSON null
      return new FormatException(
          file, path + where, "a list in this object contains null; remove the null entry", e);
    }
    if (e instanceof ValueInstantiationException
        && cause instanceof IllegalArgumentException
        && cause.getMessage() != null) {
      // a model type's own check refused the value: its sentence is the problem
      return new FormatException(file, path + where, cause.getMessage(), e);
    }
    if (e instanceof UnrecognizedPropertyException u) {
      problem =
          "unknown field '"
              + u.getPropertyName()
              + "'; known fields here: "
              + u.getKnownPropertyIds();
    } else if (e instanceof InvalidFormatException f && f.getTargetType() == Rdl.class) {
      problem = cleanMessage(f.getOriginalMessage());
    } else if (e instanceof MismatchedInputException mi) {
      String target = mi.getTargetType() == null ? "value" : simpleType(mi.getTargetType());
      String msg = cleanMessage(mi.getOriginalMessage());
      if (msg.startsWith("Cannot map `null` into type")
          || msg.startsWith("Cannot map null into type")) {
        problem = "missing or null; expected " + target;
      } else if (msg.startsWith("Missing required") || msg.startsWith("Null value")) {
        problem = msg;
      } else {
        problem = "wrong type, expected " + target + ": " + msg;
      }
    } else {
      problem = cleanMessage(e.getOriginalMessage());
    }
    return new FormatException(file, path + where, problem, e);
  }

  /**
   * The message for a record constructor's refusal while binding: its own text (invisible
   * characters named), never a Java exception's class name or a JVM null-pointer text.
   */
  public static String problemOf(RuntimeException e) {
    String m = e.getMessage();
    if (e instanceof NullPointerException) {
      return m != null && m.matches("[A-Za-z][A-Za-z0-9]*")
          ? "missing required field '" + m + "'"
          : "a required value is missing or null";
    }
    return m == null || m.isBlank() ? "the values here do not fit together" : Visible.show(m);
  }

  private static String simpleType(Class<?> c) {
    if (c == long.class || c == int.class || c == Long.class || c == Integer.class)
      return "a whole number";
    if (c == double.class || c == Double.class) return "a number";
    if (c == String.class) return "a string";
    if (c == boolean.class || c == Boolean.class) return "true or false";
    if (List.class.isAssignableFrom(c)) return "an array";
    if (Map.class.isAssignableFrom(c)) return "an object";
    return "an object (" + c.getSimpleName() + ")";
  }

  private static final Pattern START_MARKER =
      Pattern.compile(
          "\\(start marker at \\[Source: .*?; line: (\\d+), column: (\\d+)\\]\\)", Pattern.DOTALL);

  private static String cleanMessage(String m) {
    if (m == null) return "malformed JSON";
    // "expected close marker for Array (start marker at [Source: ...; line: 3, column: 5])": keep
    // where
    // the unclosed array or object opened, drop the source excerpt
    m = START_MARKER.matcher(m).replaceAll("(it opened at line $1, column $2)");
    int nl = m.indexOf('\n');
    String s = nl >= 0 ? m.substring(0, nl) : m;
    int root = s.indexOf(" (for root starting at");
    if (root >= 0) s = s.substring(0, root);
    int src = s.indexOf(" at [Source:");
    if (src >= 0) s = s.substring(0, src);
    return Visible.show(s)
        .replaceAll("\\(class [^)]*\\)", "")
        .replaceAll(
            "\\s*\\((but could if|but might if|set DeserializationConfig|through reference)[^)]*\\)",
            "")
        .replaceAll("`[a-z.]+\\.([A-Za-z$]+)`", "$1")
        .trim();
  }
}
