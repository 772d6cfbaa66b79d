package io.rayon.model.rush;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import io.rayon.model.io.Json;
import io.rayon.model.io.JsonShape;
import io.rayon.model.text.Visible;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes RUSH scenario files: JSON with {@code "kind": "rush"} and {@code
 * "formatVersion": {@value RushScenario#FORMAT_VERSION}} (docs/formats.md, "RUSH scenario files").
 * Reading checks the whole file in one pass and reports every problem it finds (up to {@link
 * JsonShape#MAX_PROBLEMS}), each with its JSON path, line and column: unknown fields, wrong types,
 * missing fields, values out of range (negative or non-finite numbers, counts above the limits of
 * {@link RushScenario} and {@link RushJobSpec}), unknown utility or distribution types, duplicate
 * job ids. JSON itself has no NaN or Infinity; a number too large for a double (1e999) is refused
 * as not finite.
 */
public final class RushScenarioIO {
  private RushScenarioIO() {}

  /** Reads a RUSH scenario file (regular files within the input size limit, strict UTF-8). */
  public static RushScenario read(Path file) throws FormatException {
    return parse(InputFiles.readText(file), file.toString());
  }

  /**
   * Whether {@code file} is a RUSH scenario file: a JSON object whose top-level {@code "kind"} is
   * {@code "rush"}. Reads the file as a stream and skips nested values, so a large scenario of
   * another kind costs one pass without a tree; unreadable or malformed files are not RUSH files
   * (their own reader reports why).
   */
  public static boolean isRushFile(Path file) {
    try (InputStream in = InputFiles.open(file);
        JsonParser p = Json.mapper().getFactory().createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) return false;
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken v = p.nextToken();
        if ("kind".equals(field))
          return v == JsonToken.VALUE_STRING && RushScenario.KIND.equals(p.getText());
        p.skipChildren();
      }
      return false;
    } catch (IOException | FormatException | RuntimeException e) {
      return false;
    }
  }

  public static RushScenario parse(String json, String name) throws FormatException {
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    }
    if (tree == null || tree.isMissingNode() || !tree.isObject()) {
      throw new FormatException(
          name, "$", "expected a RUSH scenario object ({\"kind\": \"rush\", ...})");
    }
    JsonNode kind = tree.get("kind");
    if (kind == null || !kind.isTextual() || !RushScenario.KIND.equals(kind.asText())) {
      throw new FormatException(
          name,
          "$.kind",
          (kind == null ? "missing" : "is " + Visible.show(kind.toString()))
              + "; a RUSH scenario file has \"kind\": \"rush\"");
    }
    JsonNode v = tree.get("formatVersion");
    if (v == null || !v.isInt() || v.intValue() != RushScenario.FORMAT_VERSION) {
      throw new FormatException(
          name,
          "$.formatVersion",
          (v == null ? "missing" : "unsupported version " + Visible.show(v.toString()))
              + "; this build reads formatVersion "
              + RushScenario.FORMAT_VERSION);
    }
    Reader r = new Reader();
    RushScenario s = r.scenario(tree);
    if (!r.problems.isEmpty() || s == null)
      throw new FormatException(name, JsonShape.locate(json, r.problems));
    return s;
  }

  /** The scenario as JSON text (indented, fields in the documented order, a final newline). */
  public static String toJson(RushScenario s) {
    try {
      return Json.mapper().writeValueAsString(tree(s)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("RUSH scenario cannot be written as JSON", e);
    }
  }

  /** Writes the scenario atomically (a temporary file moved over the target). */
  public static void write(RushScenario s, Path file) throws IOException {
    AtomicFiles.writeString(file, toJson(s));
  }

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The scenario as a JSON tree. */
  public static ObjectNode tree(RushScenario s) {
    ObjectNode o = F.objectNode();
    o.put("formatVersion", s.formatVersion());
    o.put("kind", RushScenario.KIND);
    o.put("name", s.name());
    if (!s.description().isEmpty()) o.put("description", s.description());
    o.put("containers", s.containers());
    o.put("slotSeconds", s.slotSeconds());
    o.put("seed", s.seed());
    ArrayNode jobs = o.putArray("jobs");
    for (RushJobSpec j : s.jobs()) {
      ObjectNode n = jobs.addObject();
      n.put("id", j.id());
      if (!j.template().isEmpty()) n.put("template", j.template());
      if (!j.jobClass().isEmpty()) n.put("jobClass", j.jobClass());
      n.put("arrival", j.arrival());
      n.put("tasks", j.tasks());
      n.set("runtime", toJson(j.runtime()));
      if (j.benchmarkRuntime() > 0) n.put("benchmarkRuntime", j.benchmarkRuntime());
      n.set("utility", toJson(j.utility()));
    }
    return o;
  }

  /**
   * A utility function's JSON form: {@code {"type":"linear","weight":..,"slope":..,"budget":..}}
   * and so on.
   */
  public static ObjectNode toJson(UtilityFunction u) {
    ObjectNode o = F.objectNode();
    o.put("type", u.kind());
    if (u instanceof UtilityFunction.Linear l) {
      o.put("weight", l.weight());
      o.put("slope", l.slope());
      o.put("budget", l.budget());
    } else if (u instanceof UtilityFunction.Sigmoid g) {
      o.put("weight", g.weight());
      o.put("steepness", g.steepness());
      o.put("budget", g.budget());
    } else if (u instanceof UtilityFunction.Constant c) {
      o.put("weight", c.weight());
    } else if (u instanceof UtilityFunction.PiecewiseLinear p) {
      ArrayNode pts = o.putArray("points");
      for (UtilityFunction.PiecewiseLinear.Point pt : p.points()) {
        pts.addObject().put("latency", pt.latency()).put("utility", pt.utility());
      }
    }
    return o;
  }

  /**
   * A runtime distribution's JSON form: {@code {"type":"normal","mean":..,"sd":..,"min":..}} and so
   * on.
   */
  public static ObjectNode toJson(RuntimeDistribution d) {
    ObjectNode o = F.objectNode();
    o.put("type", d.kind());
    if (d instanceof RuntimeDistribution.Fixed f) {
      o.put("value", f.value());
    } else if (d instanceof RuntimeDistribution.Normal n) {
      o.put("mean", n.mu());
      o.put("sd", n.sigma());
      o.put("min", n.min());
    } else if (d instanceof RuntimeDistribution.LogNormal l) {
      o.put("mean", l.mean());
      o.put("sd", l.sd());
    } else if (d instanceof RuntimeDistribution.Uniform u) {
      o.put("min", u.min());
      o.put("max", u.max());
    } else if (d instanceof RuntimeDistribution.Empirical e) {
      ArrayNode a = o.putArray("samples");
      for (double v : e.samples()) a.add(v);
    }
    return o;
  }

  /**
   * Reads a utility function from its JSON form (for other files and tests).
   *
   * @throws FormatException naming the JSON path under {@code path} and the problem
   */
  public static UtilityFunction utility(JsonNode node, String name, String path)
      throws FormatException {
    Reader r = new Reader();
    UtilityFunction u = r.utility(node, path);
    if (!r.problems.isEmpty() || u == null) throw new FormatException(name, r.problems);
    return u;
  }

  /** The utility function types a file may name. */
  public static final List<String> UTILITY_TYPES =
      List.of("linear", "sigmoid", "constant", "piecewise");

  /** The runtime distribution types a file may name. */
  public static final List<String> RUNTIME_TYPES =
      List.of("fixed", "normal", "lognormal", "uniform", "empirical");

  /**
   * Walks the tree, collecting every problem with its JSON path; builds records only from clean
   * parts.
   */
  private static final class Reader {
    final List<JsonShape.Problem> problems = new ArrayList<>();

    void problem(String path, String message) {
      if (problems.size() < JsonShape.MAX_PROBLEMS)
        problems.add(new JsonShape.Problem(path, message));
    }

    boolean full() {
      return problems.size() >= JsonShape.MAX_PROBLEMS;
    }

    /** Reports fields not in {@code known}; false if {@code node} is not an object. */
    boolean object(JsonNode node, String path, String what, Set<String> known) {
      if (node == null || !node.isObject()) {
        problem(path, "wrong type, expected " + what + " (an object), found " + describe(node));
        return false;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        String f = it.next().getKey();
        if (!known.contains(f)) {
          problem(
              path + "." + f,
              "unknown field '" + Visible.show(f) + "'; known fields here: " + known);
        }
      }
      return true;
    }

    Double number(JsonNode obj, String field, String path, Double dflt) {
      JsonNode n = obj.get(field);
      String p = path + "." + field;
      if (n == null || n.isNull()) {
        if (dflt == null) problem(p, "missing required field '" + field + "' (a number)");
        return dflt;
      }
      if (!n.isNumber()) {
        problem(p, "wrong type, expected a number, found " + describe(n));
        return null;
      }
      double d = n.doubleValue();
      if (!Double.isFinite(d)) {
        problem(p, "the number " + abbreviate(n.asText()) + " is too large; it must be finite");
        return null;
      }
      return d;
    }

    Long whole(JsonNode obj, String field, String path, Long dflt, long min, long max) {
      JsonNode n = obj.get(field);
      String p = path + "." + field;
      if (n == null || n.isNull()) {
        if (dflt == null) problem(p, "missing required field '" + field + "' (a whole number)");
        return dflt;
      }
      if (!n.isIntegralNumber()) {
        problem(p, "wrong type, expected a whole number, found " + describe(n));
        return null;
      }
      if (!n.canConvertToLong() || n.longValue() < min || n.longValue() > max) {
        problem(
            p, field + " is " + abbreviate(n.asText()) + "; it must be from " + min + " to " + max);
        return null;
      }
      return n.longValue();
    }

    String text(JsonNode obj, String field, String path, String dflt) {
      JsonNode n = obj.get(field);
      String p = path + "." + field;
      if (n == null || n.isNull()) {
        if (dflt == null) problem(p, "missing required field '" + field + "' (a string)");
        return dflt;
      }
      if (!n.isTextual()) {
        problem(p, "wrong type, expected a string, found " + describe(n));
        return null;
      }
      return n.asText();
    }

    RushScenario scenario(JsonNode t) {
      object(
          t,
          "$",
          "a RUSH scenario",
          Set.of(
              "formatVersion",
              "kind",
              "name",
              "description",
              "containers",
              "slotSeconds",
              "seed",
              "jobs"));
      String name = text(t, "name", "$", null);
      String description = text(t, "description", "$", "");
      Long containers = whole(t, "containers", "$", null, 1, RushScenario.MAX_CONTAINERS);
      Double slot = number(t, "slotSeconds", "$", 1.0);
      if (slot != null && (slot <= 0 || slot > 86_400)) {
        problem(
            "$.slotSeconds",
            "slotSeconds is " + slot + "; it must be a positive number of seconds, at most 86400");
        slot = null;
      }
      Long seed = whole(t, "seed", "$", 1L, Long.MIN_VALUE, Long.MAX_VALUE);
      JsonNode jobsNode = t.get("jobs");
      List<RushJobSpec> jobs = new ArrayList<>();
      if (jobsNode == null || jobsNode.isNull()) {
        problem("$.jobs", "missing required field 'jobs' (an array of jobs)");
      } else if (!jobsNode.isArray()) {
        problem("$.jobs", "wrong type, expected an array of jobs, found " + describe(jobsNode));
      } else if (jobsNode.size() > RushScenario.MAX_JOBS) {
        problem(
            "$.jobs",
            "the scenario has "
                + jobsNode.size()
                + " jobs; at most "
                + RushScenario.MAX_JOBS
                + " are allowed");
      } else {
        Set<String> ids = new LinkedHashSet<>();
        long total = 0;
        for (int i = 0; i < jobsNode.size() && !full(); i++) {
          String p = "$.jobs[" + i + "]";
          RushJobSpec j = job(jobsNode.get(i), p);
          if (j == null) continue;
          if (!ids.add(j.id()))
            problem(
                p + ".id",
                "a second job is named '" + Visible.show(j.id()) + "'; job ids must be unique");
          total += j.tasks();
          jobs.add(j);
        }
        if (total > RushScenario.MAX_TOTAL_TASKS) {
          problem(
              "$.jobs",
              "the jobs have "
                  + total
                  + " tasks together; at most "
                  + RushScenario.MAX_TOTAL_TASKS
                  + " are allowed");
        }
      }
      if (!problems.isEmpty()) return null;
      try {
        return new RushScenario(
            RushScenario.FORMAT_VERSION,
            name,
            description,
            containers.intValue(),
            slot,
            seed,
            jobs);
      } catch (IllegalArgumentException | NullPointerException e) {
        problem("$", Json.problemOf(e));
        return null;
      }
    }

    RushJobSpec job(JsonNode n, String path) {
      if (!object(
          n,
          path,
          "a job",
          Set.of(
              "id",
              "template",
              "jobClass",
              "arrival",
              "tasks",
              "runtime",
              "benchmarkRuntime",
              "utility"))) {
        return null;
      }
      int before = problems.size();
      String id = text(n, "id", path, null);
      if (id != null && id.isBlank()) problem(path + ".id", "id is blank; give every job a name");
      String template = text(n, "template", path, "");
      String jobClass = text(n, "jobClass", path, "");
      Double arrival = number(n, "arrival", path, null);
      if (arrival != null && (arrival < 0 || arrival > RushJobSpec.MAX_ARRIVAL)) {
        problem(
            path + ".arrival",
            "arrival is "
                + arrival
                + "; it must be a number of seconds from 0 to "
                + (long) RushJobSpec.MAX_ARRIVAL);
      }
      Long tasks = whole(n, "tasks", path, null, 1, RushJobSpec.MAX_TASKS);
      Double bench = number(n, "benchmarkRuntime", path, 0.0);
      if (bench != null && bench < 0)
        problem(
            path + ".benchmarkRuntime",
            "benchmarkRuntime is " + bench + "; it must be zero (unknown) or positive");
      RuntimeDistribution runtime = null;
      JsonNode rt = n.get("runtime");
      if (rt == null || rt.isNull())
        problem(
            path + ".runtime",
            "missing required field 'runtime' (a runtime distribution, e.g. {\"type\":\"normal\",\"mean\":60,\"sd\":20})");
      else runtime = runtime(rt, path + ".runtime");
      UtilityFunction utility = null;
      JsonNode ut = n.get("utility");
      if (ut == null || ut.isNull())
        problem(
            path + ".utility",
            "missing required field 'utility' (a utility function, e.g. {\"type\":\"sigmoid\",\"weight\":3,\"steepness\":0.05,\"budget\":600})");
      else utility = utility(ut, path + ".utility");
      if (problems.size() > before || runtime == null || utility == null) return null;
      try {
        return new RushJobSpec(
            id, template, jobClass, arrival, tasks.intValue(), runtime, bench, utility);
      } catch (IllegalArgumentException | NullPointerException e) {
        problem(path, Json.problemOf(e));
        return null;
      }
    }

    String type(JsonNode n, String path, List<String> types, String what) {
      JsonNode t = n.get("type");
      if (t == null || t.isNull()) {
        problem(
            path + ".type",
            "missing required field 'type'; " + what + " types: " + String.join(", ", types));
        return null;
      }
      if (!t.isTextual() || !types.contains(t.asText())) {
        problem(
            path + ".type",
            "unknown "
                + what
                + " type "
                + Visible.show(abbreviate(t.toString()))
                + "; known types: "
                + String.join(", ", types));
        return null;
      }
      return t.asText();
    }

    UtilityFunction utility(JsonNode n, String path) {
      if (n == null || !n.isObject()) {
        problem(
            path,
            "wrong type, expected a utility function (an object with a type), found "
                + describe(n));
        return null;
      }
      String type = type(n, path, UTILITY_TYPES, "utility function");
      if (type == null) return null;
      int before = problems.size();
      try {
        UtilityFunction u =
            switch (type) {
              case "linear" -> {
                object(n, path, "a linear utility", Set.of("type", "weight", "slope", "budget"));
                Double w = nonNegative(n, "weight", path);
                Double s = nonNegative(n, "slope", path);
                Double b = nonNegative(n, "budget", path);
                yield problems.size() > before ? null : new UtilityFunction.Linear(w, s, b);
              }
              case "sigmoid" -> {
                object(
                    n, path, "a sigmoid utility", Set.of("type", "weight", "steepness", "budget"));
                Double w = nonNegative(n, "weight", path);
                Double s = nonNegative(n, "steepness", path);
                Double b = nonNegative(n, "budget", path);
                yield problems.size() > before ? null : new UtilityFunction.Sigmoid(w, s, b);
              }
              case "constant" -> {
                object(n, path, "a constant utility", Set.of("type", "weight"));
                Double w = nonNegative(n, "weight", path);
                yield problems.size() > before ? null : new UtilityFunction.Constant(w);
              }
              default -> {
                object(n, path, "a piecewise utility", Set.of("type", "points"));
                JsonNode pts = n.get("points");
                if (pts == null || !pts.isArray() || pts.isEmpty()) {
                  problem(
                      path + ".points",
                      "expected a non-empty array of points {\"latency\": seconds, \"utility\": value}, found "
                          + describe(pts));
                  yield null;
                }
                if (pts.size() > 10_000) {
                  problem(path + ".points", pts.size() + " points; at most 10000 are allowed");
                  yield null;
                }
                List<UtilityFunction.PiecewiseLinear.Point> list = new ArrayList<>();
                for (int i = 0; i < pts.size(); i++) {
                  String p = path + ".points[" + i + "]";
                  JsonNode pt = pts.get(i);
                  if (!object(pt, p, "a point", Set.of("latency", "utility"))) continue;
                  Double l = nonNegative(pt, "latency", p);
                  Double uv = nonNegative(pt, "utility", p);
                  if (l != null && uv != null)
                    list.add(new UtilityFunction.PiecewiseLinear.Point(l, uv));
                }
                yield problems.size() > before ? null : new UtilityFunction.PiecewiseLinear(list);
              }
            };
        return u;
      } catch (IllegalArgumentException e) {
        problem(path, Json.problemOf(e));
        return null;
      }
    }

    RuntimeDistribution runtime(JsonNode n, String path) {
      if (n == null || !n.isObject()) {
        problem(
            path,
            "wrong type, expected a runtime distribution (an object with a type), found "
                + describe(n));
        return null;
      }
      String type = type(n, path, RUNTIME_TYPES, "runtime distribution");
      if (type == null) return null;
      int before = problems.size();
      try {
        return switch (type) {
          case "fixed" -> {
            object(n, path, "a fixed runtime", Set.of("type", "value"));
            Double v = positive(n, "value", path);
            yield problems.size() > before ? null : new RuntimeDistribution.Fixed(v);
          }
          case "normal" -> {
            object(n, path, "a normal runtime", Set.of("type", "mean", "sd", "min"));
            Double m = positive(n, "mean", path);
            Double sd = nonNegative(n, "sd", path);
            Double min = n.has("min") ? positive(n, "min", path) : (m == null ? null : m / 100);
            yield problems.size() > before ? null : new RuntimeDistribution.Normal(m, sd, min);
          }
          case "lognormal" -> {
            object(n, path, "a log-normal runtime", Set.of("type", "mean", "sd"));
            Double m = positive(n, "mean", path);
            Double sd = nonNegative(n, "sd", path);
            yield problems.size() > before ? null : new RuntimeDistribution.LogNormal(m, sd);
          }
          case "uniform" -> {
            object(n, path, "a uniform runtime", Set.of("type", "min", "max"));
            Double lo = positive(n, "min", path);
            Double hi = positive(n, "max", path);
            yield problems.size() > before ? null : new RuntimeDistribution.Uniform(lo, hi);
          }
          default -> {
            object(n, path, "an empirical runtime", Set.of("type", "samples"));
            JsonNode a = n.get("samples");
            if (a == null || !a.isArray() || a.isEmpty()) {
              problem(
                  path + ".samples",
                  "expected a non-empty array of runtimes in seconds, found " + describe(a));
              yield null;
            }
            if (a.size() > RuntimeDistribution.MAX_SAMPLES) {
              problem(
                  path + ".samples",
                  a.size()
                      + " samples; at most "
                      + RuntimeDistribution.MAX_SAMPLES
                      + " are allowed");
              yield null;
            }
            List<Double> samples = new ArrayList<>(a.size());
            for (int i = 0; i < a.size() && !full(); i++) {
              JsonNode s = a.get(i);
              String p = path + ".samples[" + i + "]";
              if (!s.isNumber())
                problem(p, "wrong type, expected a number of seconds, found " + describe(s));
              else if (!Double.isFinite(s.doubleValue())
                  || s.doubleValue() <= 0
                  || s.doubleValue() > RuntimeDistribution.MAX_SECONDS) {
                problem(
                    p,
                    "runtime "
                        + abbreviate(s.asText())
                        + " must be a positive number of seconds, at most "
                        + (long) RuntimeDistribution.MAX_SECONDS);
              } else samples.add(s.doubleValue());
            }
            yield problems.size() > before ? null : new RuntimeDistribution.Empirical(samples);
          }
        };
      } catch (IllegalArgumentException e) {
        problem(path, Json.problemOf(e));
        return null;
      }
    }

    Double positive(JsonNode n, String field, String path) {
      Double v = number(n, field, path, null);
      if (v != null && (v <= 0 || v > RuntimeDistribution.MAX_SECONDS)) {
        problem(
            path + "." + field,
            field
                + " is "
                + v
                + "; it must be a positive number of seconds, at most "
                + (long) RuntimeDistribution.MAX_SECONDS);
        return null;
      }
      return v;
    }

    Double nonNegative(JsonNode n, String field, String path) {
      Double v = number(n, field, path, null);
      if (v != null && v < 0) {
        problem(path + "." + field, field + " is " + v + "; it must not be negative");
        return null;
      }
      return v;
    }
  }

  private static String describe(JsonNode n) {
    if (n == null || n.isMissingNode()) return "nothing";
    if (n.isNull()) return "null";
    if (n.isObject()) return "an object";
    if (n.isArray()) return n.isEmpty() ? "an empty array" : "an array";
    return "a "
        + n.getNodeType().name().toLowerCase(Locale.ROOT)
        + " "
        + Visible.show(abbreviate(n.toString()));
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
