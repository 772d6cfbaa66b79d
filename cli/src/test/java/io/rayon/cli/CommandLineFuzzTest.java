package io.rayon.cli;

import static io.rayon.testsupport.SampleScenarios.sample;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that read a whole file, on seeded mutations of the shipped samples: scenarios
 * through {@code plan}, {@code scenario check}, {@code simulate} and {@code yarn export}, a RUSH
 * file through {@code simulate}, federation setups through {@code federation}, and a plan file
 * through {@code validate}. Every input must end in a result (exit 0 or 1) or one clear line (exit
 * 2): never an internal error (exit 3), an exception out of the command line, or a run still going
 * after {@value #HANG_SECONDS} s.
 *
 * <p>The edits keep the file's shape, so that most inputs get past the reader into the engines: a
 * number becomes another, often a boundary one (0, −1, 2^31 − 1, 2^53 + 1, 10^18), a text is
 * emptied, doubled, cut or has its digits changed; or a value of another type, a removed or added
 * field, a repeated or removed element, or a cut or changed character. A run of this test over
 * 40,000 inputs found a task of 2^53 s that kept {@code simulate} going for years, and racks whose
 * nodes wrapped an array's size in {@code federation}; both are refused now.
 *
 * <p>The normal test run tries {@value #SMOKE_INPUTS} inputs; {@code -Drayon.clifuzz.inputs=N} and
 * {@code -Drayon.clifuzz.seed=S} choose others.
 */
class CommandLineFuzzTest {
  static final int SMOKE_INPUTS = 260;
  static final long HANG_SECONDS = 60;

  @TempDir Path dir;

  private static final String[] NUMBERS = {
    "0",
    "-1",
    "1",
    "2",
    "-0",
    "0.5",
    "1e9",
    "1e18",
    "2147483647",
    "9007199254740993",
    "86400",
    "1440",
    "1000000"
  };

  private static final String[] OTHER_VALUES = {
    "null",
    "\"x\"",
    "\"\"",
    "-1",
    "1.5",
    "1e308",
    "-1e308",
    "9223372036854775808",
    "true",
    "[]",
    "{}",
    "[1]",
    "\"NaN\"",
    "\"atom(<1,1>,1,1,1,1)\"",
    "\"-5m\"",
    "3600"
  };

  /** A command on a file; {@code FILE} in the arguments is where the mutated file goes. */
  record Case(Path file, List<String> args) {}

  @Test
  void everyMutatedFileEndsInAResultOrOneClearLine() throws Exception {
    int inputs = Integer.getInteger("rayon.clifuzz.inputs", SMOKE_INPUTS);
    long seed = Long.getLong("rayon.clifuzz.seed", 5L);
    Path fig9 = dir.resolve("fig9.json");
    Files.copy(sample("fig9-pipeline.json"), fig9);
    Path plan = dir.resolve("fig9-plan.json");
    CliRun base = CliRun.of("plan", fig9.toString(), "--out", plan.toString());
    assertThat(base.exit()).as(base.err()).isZero();
    List<Case> cases =
        List.of(
            new Case(
                sample("fig9-pipeline.json"), List.of("plan", "FILE", "--planner", "greel-plus")),
            new Case(
                sample("fig5b-workflow.json"),
                List.of("plan", "FILE", "--planner", "greel", "--json")),
            new Case(sample("fig9-pipeline.json"), List.of("scenario", "check", "FILE")),
            new Case(
                sample("fig5b-workflow.json"),
                List.of("simulate", "FILE", "--scheduler", "estimation")),
            new Case(
                sample("fig9-pipeline.json"),
                List.of("simulate", "FILE", "--scheduler", "reservation")),
            new Case(
                sample("fig9-pipeline.json"),
                List.of("yarn", "export", "FILE", "--out", dir.resolve("export").toString())),
            new Case(
                sample("rush-vb.json"),
                List.of("simulate", "FILE", "--scheduler", "edf", "--json")),
            new Case(
                sample("federation-two-subclusters.json"),
                List.of("federation", "FILE", "--rounds", "3", "--json")),
            new Case(
                sample("federation-gangs.json"), List.of("federation", "FILE", "--rounds", "3")),
            new Case(
                sample("federation-rm-outage.json"),
                List.of("federation", "FILE", "--rounds", "3", "--compare")),
            new Case(plan, List.of("validate", fig9.toString(), "FILE", "--json")));
    List<String> texts = new ArrayList<>();
    for (Case c : cases) texts.add(Files.readString(c.file()));
    Random rnd = new Random(seed);
    int[] exits = new int[3];
    List<String> findings = new ArrayList<>();
    ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
    try {
      for (int i = 0; i < inputs; i++) {
        int k = i % cases.size();
        String text = mutate(texts.get(k), rnd);
        Path file = dir.resolve("input-" + k + ".json");
        Files.writeString(file, text);
        String[] args =
            cases.get(k).args().stream()
                .map(a -> a.equals("FILE") ? file.toString() : a)
                .toArray(String[]::new);
        Future<CliRun> f = worker.submit(() -> CliRun.of(args));
        String problem;
        try {
          CliRun r = f.get(HANG_SECONDS, TimeUnit.SECONDS);
          if (r.exit() >= 0 && r.exit() <= 2) {
            exits[r.exit()]++;
            continue;
          }
          problem = "exit " + r.exit() + ": " + firstLine(r.err());
        } catch (TimeoutException e) {
          f.cancel(true);
          worker.shutdownNow();
          worker = Executors.newSingleThreadExecutor(daemon());
          problem = "still running after " + HANG_SECONDS + " s";
        } catch (java.util.concurrent.ExecutionException e) {
          problem = "threw " + e.getCause();
        }
        findings.add(
            String.format(
                Locale.ROOT,
                "input %d, rayon %s: %s%n  %s",
                i,
                String.join(" ", cases.get(k).args()),
                problem,
                text.length() > 600 ? text.substring(0, 600) + "..." : text));
      }
    } finally {
      worker.shutdownNow();
    }
    String report =
        String.format(
            Locale.ROOT,
            "command-line fuzz: %d inputs, seed %d: exit 0 %d, exit 1 %d, exit 2 %d, findings %d",
            inputs,
            seed,
            exits[0],
            exits[1],
            exits[2],
            findings.size());
    System.out.println(report);
    assertThat(findings).as(report).isEmpty();
    // the edits reach past the readers: some inputs are planned, simulated or decided
    assertThat(exits[0] + exits[1]).as(report).isGreaterThan(inputs / 20);
  }

  /** {@code json} with one to three seeded edits (a cut or changed character one time in 20). */
  static String mutate(String json, Random r) throws Exception {
    if (r.nextInt(20) == 0) {
      if (r.nextBoolean()) return json.substring(0, r.nextInt(json.length()));
      char[] cs = json.toCharArray();
      cs[r.nextInt(cs.length)] = (char) (32 + r.nextInt(95));
      return new String(cs);
    }
    JsonNode root = Json.mapper().readTree(json);
    for (int t = 1 + r.nextInt(3); t > 0; t--) {
      List<Object[]> slots = new ArrayList<>();
      slots(root, slots);
      if (slots.isEmpty()) break;
      Object[] slot = slots.get(r.nextInt(slots.size()));
      if (slot[0] instanceof ObjectNode o) edit(o, (String) slot[1], r);
      else edit((ArrayNode) slot[0], (Integer) slot[1], r);
    }
    return Json.mapper().writeValueAsString(root);
  }

  private static void edit(ObjectNode o, String name, Random r) throws Exception {
    JsonNode now = o.get(name);
    int what = r.nextInt(10);
    if (what < 6) o.set(name, like(now, r));
    else if (what < 8) o.remove(name);
    else o.set("unknown" + r.nextInt(3), other(r));
  }

  private static void edit(ArrayNode a, int i, Random r) throws Exception {
    int what = r.nextInt(10);
    if (what < 5) a.set(i, like(a.get(i), r));
    else if (what < 7) a.remove(i);
    else a.insert(i, a.get(i).deepCopy());
  }

  /** A value in place of {@code now}: half the time of its own type, else of any. */
  private static JsonNode like(JsonNode now, Random r) throws Exception {
    if (r.nextBoolean() && now != null) {
      if (now.isNumber()) return Json.mapper().readTree(NUMBERS[r.nextInt(NUMBERS.length)]);
      if (now.isTextual()) {
        String s = now.asText();
        String[] edits = {
          "",
          s + s,
          s.length() > 1 ? s.substring(0, s.length() / 2) : "x",
          s.replaceAll("[0-9]+", "0"),
          s.replaceAll("[0-9]+", "999999999999"),
          s.replaceAll("[0-9]+", "-1")
        };
        return JsonNodeFactory.instance.textNode(edits[r.nextInt(edits.length)]);
      }
    }
    return other(r);
  }

  private static JsonNode other(Random r) throws Exception {
    return Json.mapper().readTree(OTHER_VALUES[r.nextInt(OTHER_VALUES.length)]);
  }

  /** Every place a value sits: {object, field name} or {array, index}. */
  private static void slots(JsonNode n, List<Object[]> out) {
    if (n instanceof ObjectNode o) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        out.add(new Object[] {o, e.getKey()});
        slots(e.getValue(), out);
      }
    } else if (n instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        out.add(new Object[] {a, i});
        slots(a.get(i), out);
      }
    }
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    return r -> {
      Thread t = new Thread(r, "command-line-fuzz");
      t.setDaemon(true);
      return t;
    };
  }
}
