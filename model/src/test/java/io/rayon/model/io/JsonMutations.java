package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded structural mutations of a JSON text, for property tests of the project's readers: one
 * value replaced by a value of another JSON type, out of range, or refused by its parser; a field
 * removed, added or duplicated; an element added or replaced.
 */
public final class JsonMutations {
  private JsonMutations() {}

  /** A reading that may refuse its input. */
  public interface Read {
    Object read() throws FormatException;
  }

  /** What a reading gives: the object read, or the refusal's message. */
  public static Object outcome(Read r) {
    try {
      return r.read();
    } catch (FormatException e) {
      return "error: " + e.getMessage();
    }
  }

  /** A text to mutate, the {@code i}-th of a run. */
  public interface Source {
    String text(int i) throws Exception;
  }

  /** A reader of a text, which may refuse it. */
  public interface Parse {
    Object parse(String json) throws FormatException;
  }

  /**
   * {@code count} seeded mutations of the source's texts, each read by both readers, which must
   * give the same outcome (the same object, or the same message). Returns how many of them {@code
   * careful} read into a {@code read} ({@code [0]}) and how many it refused ({@code [1]}).
   */
  public static int[] sameOutcomes(
      int count, Random r, Source source, Parse fast, Parse careful, Class<?> read)
      throws Exception {
    int[] counts = new int[2];
    for (int i = 0; i < count; i++) {
      String json = mutate(source.text(i), r);
      Object a = outcome(() -> fast.parse(json));
      Object b = outcome(() -> careful.parse(json));
      assertThat(a).as("mutation %d:%n%s", i, json).isEqualTo(b);
      counts[read.isInstance(b) ? 0 : 1]++;
    }
    return counts;
  }

  /** The project's sample-clusters directory. */
  public static Path samples() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("sample-clusters"))) p = p.getParent();
    assertThat(p).as("the project's sample-clusters directory").isNotNull();
    return p.resolve("sample-clusters");
  }

  private static final String[] VALUES = {
    "null",
    "\"x\"",
    "\"\"",
    "1.5",
    "0",
    "-1",
    "2147483648",
    "9223372036854775808",
    "1e3",
    "true",
    "{}",
    "[]",
    "[null]",
    "[\"a\"]",
    "\"atom(<1,1>,1,1,1,1)\"",
    "\"atom(\"",
    "\"none\"",
    "\"capacity-over-time:2,1,24h\"",
    "\"PRODUCTION\"",
    "\"production\"",
    "1.0",
    "7",
    "{\"memoryMB\": 1, \"vcores\": 1}",
    "{\"memoryMB\": 1}",
    "{\"k\": \"v\"}",
    "{\"k\": null}"
  };

  private static final ObjectWriter COMPACT =
      Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

  /** {@code json} with one seeded change (compact JSON). */
  public static String mutate(String json, Random r) throws Exception {
    JsonNode root = Json.mapper().readTree(json);
    List<JsonNode> containers = new ArrayList<>();
    collect(root, containers);
    JsonNode target = containers.get(r.nextInt(containers.size()));
    JsonNode value = Json.mapper().readTree(VALUES[r.nextInt(VALUES.length)]);
    if (target instanceof ObjectNode o) {
      List<String> names = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); )
        names.add(it.next().getKey());
      int what = r.nextInt(10);
      if (what == 0 || names.isEmpty()) o.set("unknown" + r.nextInt(3), value);
      else if (what == 1) o.remove(names.get(r.nextInt(names.size())));
      else if (what == 2) {
        // a duplicate field: written by hand, as a tree cannot hold one
        String name = names.get(r.nextInt(names.size()));
        String text = COMPACT.writeValueAsString(root);
        String field = "\"" + name + "\":";
        int at = text.indexOf(field);
        return text.substring(0, at) + field + value + "," + text.substring(at);
      } else o.set(names.get(r.nextInt(names.size())), value);
    } else if (target instanceof ArrayNode a) {
      if (a.isEmpty() || r.nextBoolean()) a.add(value);
      else a.set(r.nextInt(a.size()), value);
    }
    return COMPACT.writeValueAsString(root);
  }

  private static void collect(JsonNode n, List<JsonNode> out) {
    if (n.isContainerNode()) {
      out.add(n);
      for (JsonNode c : n) collect(c, out);
    }
  }
}
