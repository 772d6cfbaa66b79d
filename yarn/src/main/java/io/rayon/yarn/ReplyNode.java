package io.rayon.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A lenient, path-aware view of a ResourceManager reply. It copes with what real servers send
 * (checked against Hadoop 3.4.1): numbers written as strings, a list of one written as a bare
 * object, an empty list written as {@code {}} or {@code null} or left out. Anything it cannot use
 * throws {@link Malformed} naming the JSON path ({@code $.nodes.node[2].usedMemoryMB}).
 */
public final class ReplyNode {
  /** A reply that does not have the expected shape; {@code path} is where. */
  static final class Malformed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String path;
    final String problem;

    Malformed(String path, String problem) {
      super(path + ": " + problem);
      this.path = path;
      this.problem = problem;
    }
  }

  private final JsonNode node;
  final String path;

  ReplyNode(JsonNode node, String path) {
    this.node = node == null ? MissingNode.getInstance() : node;
    this.path = path;
  }

  static ReplyNode root(JsonNode n) {
    return new ReplyNode(n, "$");
  }

  boolean present() {
    return !node.isMissingNode() && !node.isNull();
  }

  boolean isObject() {
    return node.isObject();
  }

  ReplyNode get(String field) {
    return new ReplyNode(node.get(field), path + "." + field);
  }

  /** The field, which must be an object. */
  ReplyNode object(String field) {
    ReplyNode c = get(field);
    if (!c.present()) throw new Malformed(c.path, "missing; expected an object");
    if (!c.node.isObject())
      throw new Malformed(c.path, "expected an object, found " + describe(c.node));
    return c;
  }

  /**
   * The items of a list field: an array gives its elements, a bare object gives itself (YARN's
   * one-element list), an empty object, null or a missing field gives no items.
   */
  List<ReplyNode> list(String field) {
    ReplyNode c = get(field);
    List<ReplyNode> out = new ArrayList<>();
    if (!c.present()) return out;
    if (c.node.isArray()) {
      for (int i = 0; i < c.node.size(); i++)
        out.add(new ReplyNode(c.node.get(i), c.path + "[" + i + "]"));
      return out;
    }
    if (c.node.isObject()) {
      if (c.node.size() > 0) out.add(c);
      return out;
    }
    if (c.node.isTextual() && c.node.asText().isEmpty()) return out;
    throw new Malformed(c.path, "expected a list, found " + describe(c.node));
  }

  /** A list wrapped in an object, as YARN writes them: {@code {"nodes":{"node":[...]}}}. */
  List<ReplyNode> wrappedList(String outer, String inner) {
    ReplyNode o = get(outer);
    if (!o.present()) return new ArrayList<>();
    if (o.node.isArray()) return get(outer).listSelf();
    if (!o.node.isObject())
      throw new Malformed(
          o.path, "expected an object holding '" + inner + "', found " + describe(o.node));
    return o.list(inner);
  }

  private List<ReplyNode> listSelf() {
    List<ReplyNode> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) out.add(new ReplyNode(node.get(i), path + "[" + i + "]"));
    return out;
  }

  /** Text of a field (numbers and booleans as their text), or null when missing or null. */
  String text(String field) {
    ReplyNode c = get(field);
    if (!c.present()) return null;
    if (c.node.isValueNode()) return c.node.asText();
    throw new Malformed(c.path, "expected text, found " + describe(c.node));
  }

  String requiredText(String field) {
    String t = text(field);
    if (t == null || t.isEmpty()) throw new Malformed(path + "." + field, "missing");
    return t;
  }

  /** A whole number written as a number or as a numeric string; {@code dflt} when missing. */
  long longOf(String field, long dflt) {
    ReplyNode c = get(field);
    if (!c.present()) return dflt;
    if (c.node.isIntegralNumber()) return c.node.longValue();
    if (c.node.isNumber()) return (long) c.node.doubleValue();
    if (c.node.isTextual()) {
      String t = c.node.asText().trim();
      if (t.isEmpty()) return dflt;
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) {
        try {
          return (long) Double.parseDouble(t);
        } catch (NumberFormatException e2) {
          throw new Malformed(c.path, "expected a whole number, found \"" + abbreviate(t) + "\"");
        }
      }
    }
    throw new Malformed(c.path, "expected a whole number, found " + describe(c.node));
  }

  long requiredLong(String field) {
    if (!get(field).present())
      throw new Malformed(path + "." + field, "missing; expected a whole number");
    return longOf(field, 0);
  }

  int intOf(String field, int dflt) {
    long v = longOf(field, dflt);
    if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE)
      throw new Malformed(path + "." + field, "number out of range: " + v);
    return (int) v;
  }

  double doubleOf(String field, double dflt) {
    ReplyNode c = get(field);
    if (!c.present()) return dflt;
    if (c.node.isNumber()) return c.node.doubleValue();
    if (c.node.isTextual()) {
      String t = c.node.asText().trim();
      if (t.isEmpty()) return dflt;
      try {
        return Double.parseDouble(t);
      } catch (NumberFormatException e) {
        throw new Malformed(c.path, "expected a number, found \"" + abbreviate(t) + "\"");
      }
    }
    throw new Malformed(c.path, "expected a number, found " + describe(c.node));
  }

  Iterator<Map.Entry<String, JsonNode>> fields() {
    return node.fields();
  }

  static String describe(JsonNode n) {
    if (n.isArray()) return "a list";
    if (n.isObject()) return "an object";
    if (n.isTextual()) return "\"" + abbreviate(n.asText()) + "\"";
    return n.toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
