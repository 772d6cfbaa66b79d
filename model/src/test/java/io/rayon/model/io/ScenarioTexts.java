package io.rayon.model.io;

import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of valid scenario texts, with the JSON features two ways of binding can differ
 * on: escapes, text outside the BMP, doubles in several notations, 2^40-sized numbers, nested RDL,
 * optional fields left out.
 */
final class ScenarioTexts {
  private ScenarioTexts() {}

  /** The scenario the mapper binds from the text: the oracle of the faster ways of reading. */
  static Scenario boundByMapper(String json) throws Exception {
    return Json.mapper().readValue(json, Scenario.class);
  }

  static String scenario(Random r) {
    StringBuilder b = new StringBuilder("{\"formatVersion\": 1");
    if (r.nextBoolean()) b.append(", \"name\": ").append(text(r));
    if (r.nextBoolean()) b.append(", \"description\": ").append(text(r));
    b.append(", \"stepSeconds\": ").append(1 + r.nextInt(3600));
    b.append(", \"horizonSteps\": ").append(r.nextBoolean() ? 1 + r.nextInt(5000) : 1L << 40);
    b.append(", \"cluster\": {\"name\": ").append(text(r)).append(", \"nodeGroups\": [");
    int groups = 1 + r.nextInt(3);
    for (int g = 0; g < groups; g++) {
      if (g > 0) b.append(',');
      b.append("{\"name\": \"g").append(g).append("\", \"count\": ").append(1 + r.nextInt(4000));
      b.append(", \"capacity\": ").append(resources(r));
      if (r.nextBoolean()) b.append(", \"racks\": ").append(1 + r.nextInt(40));
      b.append('}');
    }
    b.append("]}");
    if (r.nextBoolean()) b.append(", \"rootQueue\": ").append(queue(r, 0));
    if (r.nextBoolean()) b.append(", \"users\": [\"a\", ").append(text(r)).append(']');
    String[] policies = {
      "none", "instantaneous:0.8", "capacity-over-time:1,1,24h", "capacity-over-time:0.5,0.2,24h"
    };
    if (r.nextBoolean())
      b.append(", \"sharingPolicy\": \"").append(policies[r.nextInt(policies.length)]).append('"');
    b.append(", \"reservations\": [");
    int n = r.nextInt(6);
    for (int i = 0; i < n; i++) {
      if (i > 0) b.append(',');
      b.append("{\"id\": \"r").append(i).append("\", \"rdl\": \"").append(rdl(r, 0)).append('"');
      if (r.nextBoolean()) b.append(", \"name\": ").append(text(r));
      if (r.nextBoolean()) b.append(", \"user\": \"u").append(r.nextInt(3)).append('"');
      b.append(", \"priority\": ").append(r.nextInt(10) - 5);
      b.append(", \"arrival\": ").append(r.nextInt(1000));
      b.append('}');
    }
    b.append(']');
    if (r.nextBoolean()) {
      b.append(", \"workload\": {\"source\": ").append(text(r)).append(", \"jobs\": [");
      int jobs = r.nextInt(4);
      for (int j = 0; j < jobs; j++) {
        if (j > 0) b.append(',');
        b.append("{\"id\": \"j").append(j).append("\", \"kind\": \"");
        b.append(r.nextBoolean() ? "PRODUCTION" : "BEST_EFFORT").append('"');
        b.append(", \"arrivalS\": ").append(r.nextInt(100000));
        if (r.nextBoolean()) b.append(", \"deadlineS\": ").append(100000 + r.nextInt(100000));
        b.append(", \"tasks\": [{\"name\": \"map\", \"count\": ").append(1 + r.nextInt(500));
        b.append(", \"request\": ").append(resources(r));
        b.append(", \"durationS\": ").append(1 + r.nextInt(10000));
        if (r.nextBoolean())
          b.append(", \"usage\": [{\"durationS\": 1, \"usage\": ")
              .append(resources(r))
              .append("}]");
        b.append("}]}");
      }
      b.append("]}");
    }
    if (r.nextBoolean())
      b.append(", \"settings\": {\"z\": ").append(text(r)).append(", \"a\": \"1\"}");
    return b.append('}').toString();
  }

  private static String resources(Random r) {
    StringBuilder b = new StringBuilder("{\"memoryMB\": ");
    b.append(r.nextBoolean() ? 1 + r.nextInt(1 << 20) : (1L << 40) + r.nextInt(1000));
    b.append(", \"vcores\": ").append(1 + r.nextInt(64));
    if (r.nextInt(4) == 0) b.append(", \"extras\": {\"gpu\": ").append(r.nextInt(8)).append('}');
    return b.append('}').toString();
  }

  private static String queue(Random r, int depth) {
    StringBuilder b = new StringBuilder("{\"name\": \"q").append(depth).append('"');
    // doubles written in several forms: the tree and the text must give the same value
    String[] doubles = {"1.0", "0.3", "1e-1", "0.1000000000000000055511151231257827", "2.5E0", "1"};
    b.append(", \"guaranteed\": ").append(doubles[r.nextInt(doubles.length)]);
    b.append(", \"maximum\": ").append(doubles[r.nextInt(doubles.length)]);
    b.append(", \"weight\": ").append(doubles[r.nextInt(doubles.length)]);
    b.append(", \"reservable\": ").append(r.nextBoolean());
    if (depth < 2 && r.nextBoolean()) {
      b.append(", \"children\": [").append(queue(r, depth + 1));
      if (r.nextBoolean()) b.append(", ").append(queue(r, depth + 1));
      b.append(']');
    }
    return b.append('}').toString();
  }

  private static String rdl(Random r, int depth) {
    int kind = depth >= 3 ? 0 : r.nextInt(5);
    switch (kind) {
      case 1, 2, 3 -> {
        String op = kind == 1 ? "order" : kind == 2 ? "all" : "any";
        List<String> cs = new ArrayList<>();
        for (int i = 0; i < 1 + r.nextInt(3); i++) cs.add(rdl(r, depth + 1));
        return op + "(" + String.join(",", cs) + ")";
      }
      case 4 -> {
        int s = r.nextInt(100);
        return "window(" + rdl(r, depth + 1) + "," + s + "," + (s + 200 + r.nextInt(1000)) + ")";
      }
      default -> {
        int k = 1 + r.nextInt(50);
        int l = 1 + r.nextInt(20);
        return "atom(<"
            + (1 + r.nextInt(4096))
            + ","
            + (1 + r.nextInt(8))
            + ">,1,"
            + k
            + ","
            + l
            + ","
            + (k * l)
            + ")";
      }
    }
  }

  /** A JSON string with escapes, non-ASCII text and a character outside the BMP. */
  private static String text(Random r) {
    String[] parts = {
      "plain",
      "caf\\u00e9",
      "line\\nbreak",
      "tab\\t",
      "quote\\\"",
      "\u00fcber",
      "\ud83d\ude80",
      "back\\\\slash",
      ""
    };
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < 1 + r.nextInt(3); i++) b.append(parts[r.nextInt(parts.length)]);
    return b.append('"').toString();
  }
}
