package io.rayon.model.io;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks a JSON tree against the shape of a model type before binding, and lists <em>every</em>
 * problem it finds (Jackson's binding stops at the first): unknown fields, wrong JSON types, whole
 * numbers out of range, unknown enum constants, and text values that their type's parser refuses
 * (RDL, sharing policies). Each problem names its JSON path.
 *
 * <p>The shape is read from the model's own declarations: record components, {@code @JsonCreator}
 * factories with {@code @JsonProperty} parameters, and single-argument {@code @JsonCreator}
 * parsers. What it cannot see (a record constructor's own checks) is still reported by the binding
 * that follows, one at a time.
 */
public final class JsonShape {
  private JsonShape() {}

  /** A problem at a JSON path. */
  public record Problem(String path, String message) {
    @Override
    public String toString() {
      return path + ": " + message;
    }
  }

  /** At most this many problems are collected; a file with more is reported with this many. */
  public static final int MAX_PROBLEMS = 200;

  /** Every shape problem of {@code node} read as {@code type}, in document order. */
  public static List<Problem> check(JsonNode node, Type type) {
    List<Problem> out = new ArrayList<>();
    check(node, type, "$", out);
    return out;
  }

  /**
   * The same problems with each path followed by its place in {@code json} ({@code (line L, column
   * C)}), found by one streaming pass over the text; used only when there are problems to report.
   */
  public static List<Problem> locate(String json, List<Problem> problems) {
    if (problems.isEmpty()) return problems;
    Set<String> wanted = new HashSet<>();
    for (Problem p : problems) wanted.add(p.path());
    Map<String, String> where = new HashMap<>();
    try (JsonParser p = Json.mapper().getFactory().createParser(json)) {
      ArrayDeque<Object> stack = new ArrayDeque<>(); // String field or int[] index
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.FIELD_NAME) {
          if (!stack.isEmpty() && stack.peek() instanceof String) stack.pop();
          stack.push(p.currentName());
          continue;
        }
        if (!stack.isEmpty() && stack.peek() instanceof int[] idx && !t.isStructEnd()) idx[0]++;
        if (!t.isStructEnd()) {
          String path = path(stack);
          if (wanted.contains(path) && !where.containsKey(path)) {
            var loc = p.currentTokenLocation();
            where.put(path, " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")");
          }
        }
        if (t == JsonToken.START_ARRAY) stack.push(new int[] {-1});
        else if (t == JsonToken.START_OBJECT) stack.push(OBJECT);
        else if (t.isStructEnd()) {
          while (!stack.isEmpty() && stack.peek() instanceof String) stack.pop();
          if (!stack.isEmpty()) stack.pop();
        }
      }
    } catch (IOException e) {
      // the text was parsed before: cannot happen; report without places
    }
    List<Problem> out = new ArrayList<>(problems.size());
    for (Problem p : problems)
      out.add(new Problem(p.path() + where.getOrDefault(p.path(), ""), p.message()));
    return out;
  }

  private static final Object OBJECT = new Object();

  private static String path(ArrayDeque<Object> stack) {
    StringBuilder sb = new StringBuilder("$");
    for (Iterator<Object> it = stack.descendingIterator(); it.hasNext(); ) {
      Object o = it.next();
      if (o instanceof String f) sb.append('.').append(f);
      else if (o instanceof int[] i) sb.append('[').append(i[0]).append(']');
    }
    return sb.toString();
  }

  private static void add(List<Problem> out, String path, String message) {
    if (out.size() < MAX_PROBLEMS) out.add(new Problem(path, message));
  }

  private static void check(JsonNode node, Type type, String path, List<Problem> out) {
    if (out.size() >= MAX_PROBLEMS || node == null || node.isNull() || node.isMissingNode()) return;
    Class<?> raw = raw(type);
    if (raw == null) return;
    if (raw == long.class || raw == Long.class || raw == int.class || raw == Integer.class) {
      if (!node.isIntegralNumber()) {
        add(out, path, "wrong type, expected a whole number, found " + describe(node));
      } else if ((raw == int.class || raw == Integer.class)
          ? !node.canConvertToInt()
          : !node.canConvertToLong()) {
        add(
            out,
            path,
            "the number "
                + node.asText()
                + " is out of range for a "
                + (raw == int.class || raw == Integer.class ? "32-bit" : "64-bit")
                + " whole number");
      }
    } else if (raw == double.class
        || raw == Double.class
        || raw == float.class
        || raw == Float.class) {
      if (!node.isNumber())
        add(out, path, "wrong type, expected a number, found " + describe(node));
    } else if (raw == boolean.class || raw == Boolean.class) {
      if (!node.isBoolean())
        add(out, path, "wrong type, expected true or false, found " + describe(node));
    } else if (raw == String.class) {
      if (!node.isTextual())
        add(out, path, "wrong type, expected a string, found " + describe(node));
    } else if (raw.isEnum()) {
      checkEnum(node, raw, path, out);
    } else if (raw == Rdl.class) {
      checkRdl(node, path, out);
    } else if (Collection.class.isAssignableFrom(raw)) {
      if (!node.isArray()) {
        add(out, path, "wrong type, expected an array, found " + describe(node));
        return;
      }
      Type element = typeArgument(type, 0);
      for (int i = 0; i < node.size(); i++) {
        if (node.get(i).isNull())
          add(out, path + "[" + i + "]", "this list contains null here; remove the entry");
        else check(node.get(i), element, path + "[" + i + "]", out);
      }
    } else if (Map.class.isAssignableFrom(raw)) {
      if (!node.isObject()) {
        add(out, path, "wrong type, expected an object, found " + describe(node));
        return;
      }
      Type value = typeArgument(type, 1);
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        check(e.getValue(), value, path + "." + e.getKey(), out);
      }
    } else {
      checkObject(node, raw, path, out);
    }
  }

  private static void checkEnum(JsonNode node, Class<?> raw, String path, List<Problem> out) {
    if (!node.isTextual()) {
      add(out, path, "wrong type, expected one of " + constants(raw) + ", found " + describe(node));
      return;
    }
    for (Object c : raw.getEnumConstants()) {
      if (((Enum<?>) c).name().equals(node.asText())) return;
    }
    add(out, path, "unknown value '" + node.asText() + "'; expected one of " + constants(raw));
  }

  private static void checkRdl(JsonNode node, String path, List<Problem> out) {
    if (node.isTextual()) {
      try {
        RdlParser.parse(node.asText(), "rdl");
      } catch (RdlParseException e) {
        add(
            out,
            path,
            "invalid RDL at line " + e.line() + ", column " + e.column() + ": " + e.problem());
      }
    } else if (!node.isObject()) {
      add(out, path, "wrong type, expected RDL text or an RDL object, found " + describe(node));
    }
    // an RDL object tree is checked by the binding (its type ids are polymorphic)
  }

  private static void checkObject(JsonNode node, Class<?> raw, String path, List<Problem> out) {
    Shape shape = shape(raw);
    if (shape.parser() != null) {
      checkDelegating(node, shape.parser(), path, out);
      return;
    }
    Map<String, Type> fields = shape.fields();
    if (fields == null) return; // not a shape this checker knows: left to the binding
    if (!node.isObject()) {
      add(out, path, "wrong type, expected an object, found " + describe(node));
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Type t = fields.get(e.getKey());
      if (t == null) {
        add(
            out,
            path + "." + e.getKey(),
            "unknown field '" + e.getKey() + "'; known fields here: " + fields.keySet());
      } else {
        check(e.getValue(), t, path + "." + e.getKey(), out);
      }
    }
  }

  /**
   * What {@link #checkObject} reads of a class's declarations: its single-argument parser of text
   * (a {@code @JsonCreator} whose one {@code String} parameter has no {@code @JsonProperty}), or
   * its fields by JSON name (null when the checker does not know the shape). Read once per class
   * ({@link #SHAPES}): reflection over a class's members and their generic signatures costs far
   * more than checking one JSON object, and a scenario holds thousands of objects of the same few
   * classes. {@code creator} is the {@code @JsonCreator} the fields are the parameters of (null for
   * a record's canonical constructor, or a shape this checker does not know); {@link DirectBinding}
   * reads the same shape to bind.
   */
  record Shape(Executable creator, Method parser, Map<String, Type> fields) {
    /** A shape this checker does not know: left to the binding. */
    static final Shape UNKNOWN = new Shape(null, null, null);
  }

  /** {@code raw}'s shape, read once per class. */
  static Shape shape(Class<?> raw) {
    return SHAPES.get(raw);
  }

  /**
   * Each class's {@link Shape}, read on first use; the model's classes do not change at run time.
   */
  private static final ClassValue<Shape> SHAPES =
      new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> raw) {
          Executable creator = creator(raw);
          if (creator != null
              && creator.getParameterCount() == 1
              && creator.getParameters()[0].getAnnotation(JsonProperty.class) == null) {
            // a one-argument constructor is left to the binding, as are parsers of non-text
            return creator instanceof Method m && m.getParameterTypes()[0] == String.class
                ? new Shape(m, m, null)
                : Shape.UNKNOWN;
          }
          Map<String, Type> fields = fields(raw, creator);
          return fields == null
              ? Shape.UNKNOWN
              : new Shape(creator, null, Collections.unmodifiableMap(fields));
        }
      };

  /**
   * A single-argument creator parses text ({@link Shape#parser}): run it, so its refusal is
   * reported here too.
   */
  private static void checkDelegating(
      JsonNode node, Method creator, String path, List<Problem> out) {
    if (!node.isTextual()) {
      add(out, path, "wrong type, expected a string, found " + describe(node));
      return;
    }
    try {
      creator.invoke(null, node.asText());
    } catch (InvocationTargetException e) {
      Throwable c = e.getCause();
      if (c instanceof IllegalArgumentException) add(out, path, c.getMessage());
    } catch (IllegalAccessException e) {
      // not callable: the binding reports it
    }
  }

  private static Executable creator(Class<?> raw) {
    for (Method m : raw.getDeclaredMethods()) {
      if (Modifier.isStatic(m.getModifiers()) && m.isAnnotationPresent(JsonCreator.class)) return m;
    }
    for (var c : raw.getDeclaredConstructors()) {
      if (c.isAnnotationPresent(JsonCreator.class)) return c;
    }
    return null;
  }

  private static Map<String, Type> fields(Class<?> raw, Executable creator) {
    Map<String, Type> fields = new LinkedHashMap<>();
    if (creator != null) {
      for (Parameter p : creator.getParameters()) {
        JsonProperty jp = p.getAnnotation(JsonProperty.class);
        if (jp == null) return null;
        fields.put(jp.value(), p.getParameterizedType());
      }
      return fields;
    }
    if (!raw.isRecord()) return null;
    for (RecordComponent rc : raw.getRecordComponents()) {
      if (rc.getAccessor().isAnnotationPresent(JsonIgnore.class)) continue;
      JsonProperty jp = rc.getAccessor().getAnnotation(JsonProperty.class);
      fields.put(
          jp != null && !jp.value().isEmpty() ? jp.value() : rc.getName(), rc.getGenericType());
    }
    return fields;
  }

  static Class<?> raw(Type t) {
    if (t instanceof Class<?> c) return c;
    if (t instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) return c;
    return null;
  }

  static Type typeArgument(Type t, int i) {
    if (t instanceof ParameterizedType p && p.getActualTypeArguments().length > i)
      return p.getActualTypeArguments()[i];
    return Object.class;
  }

  private static String constants(Class<?> e) {
    List<String> names = new ArrayList<>();
    for (Object c : e.getEnumConstants()) names.add(((Enum<?>) c).name());
    return String.join(", ", names);
  }

  private static String describe(JsonNode n) {
    String kind = n.getNodeType().name().toLowerCase(Locale.ROOT);
    String text = n.isValueNode() ? " " + abbreviate(n.toString()) : "";
    return switch (kind) {
      case "array" -> "an array";
      case "object" -> "an object";
      default -> "a " + kind + text;
    };
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
