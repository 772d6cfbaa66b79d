package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.scenario.Scenario;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DirectBinding} reads a good scenario file in one pass, to the same objects the mapper's
 * binding gives; on anything else it gives up, and {@link ScenarioIO#parse} then reads the file the
 * careful way, so that every outcome (the scenario, or the error message with its places) is the
 * one {@link ScenarioIO#parseCarefully} gives. The oracle is the mapper's own binding of the text
 * and the careful path; the inputs are seeded generated scenarios, the shipped samples, and seeded
 * mutations of generated scenarios (a value replaced by one of another JSON type, out of range, or
 * refused by its parser; a field removed, added or duplicated).
 */
class DirectBindingTest {

  @Test
  void generatedScenariosBindDirectlyToWhatTheMapperBinds() throws Exception {
    Random rnd = new Random(71208L);
    for (int i = 0; i < 300; i++) {
      String json = ScenarioTexts.scenario(rnd);
      Scenario direct = DirectBinding.bind(json, Scenario.class);
      assertThat(direct).as("scenario %d was not bound directly:%n%s", i, json).isNotNull();
      Scenario expected = ScenarioTexts.boundByMapper(json);
      assertThat(direct).as("scenario %d:%n%s", i, json).isEqualTo(expected);
      assertThat(ScenarioIO.toJson(direct)).isEqualTo(ScenarioIO.toJson(expected));
      assertThat(ScenarioIO.parse(json, "g.json")).isEqualTo(expected);
    }
  }

  @Test
  void everyShippedScenarioBindsDirectly() throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.list(JsonMutations.samples())) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    int scenarios = 0;
    for (Path f : files) {
      String json = Files.readString(f);
      if (!json.contains("\"cluster\"") || json.contains("\"subClusterSetups\"")) continue;
      if (json.contains("\"utility\"")) continue; // a RUSH scenario, another format
      Scenario direct = DirectBinding.bind(json, Scenario.class);
      assertThat(direct).as("%s was not bound directly", f).isNotNull();
      assertThat(direct).as(f.toString()).isEqualTo(ScenarioTexts.boundByMapper(json));
      assertThat(ScenarioIO.toJson(direct))
          .isEqualTo(ScenarioIO.toJson(ScenarioTexts.boundByMapper(json)));
      scenarios++;
    }
    assertThat(scenarios).isGreaterThanOrEqualTo(3);
  }

  /** A small valid scenario; each case below changes one thing in it. */
  private static final String BASE =
      """
      {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 100,
       "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 4,
         "capacity": {"memoryMB": 4096, "vcores": 4, "extras": {"gpu": 1}}}]},
       "sharingPolicy": "capacity-over-time:1,1,24h",
       "users": ["a"],
       "reservations": [{"id": "r", "rdl": "atom(<1024,1>,1,2,3,6)", "priority": 0, "arrival": 0}],
       "workload": {"jobs": [{"id": "j", "kind": "PRODUCTION", "arrivalS": 5,
         "tasks": [{"name": "m", "count": 2, "request": {"memoryMB": 1, "vcores": 1},
                    "durationS": 10}]}]},
       "settings": {"k": "v"}}
      """;

  @Test
  void theBaseBindsDirectly() throws Exception {
    assertThat(DirectBinding.bind(BASE, Scenario.class))
        .isEqualTo(ScenarioTexts.boundByMapper(BASE));
  }

  @Test
  void givesUpOnWhatTheCarefulPathMustReportAndTheMessagesStayTheSame() {
    String[][] cases = {
      {"\"stepSeconds\": 60", "\"stepSeconds\": \"60\""}, // a string for a number
      {"\"stepSeconds\": 60", "\"stepSeconds\": 60.0"}, // a fraction for a whole number
      {"\"stepSeconds\": 60", "\"stepSeconds\": 9223372036854775808"}, // out of range, 64 bits
      {"\"count\": 4", "\"count\": 2147483648"}, // out of range, 32 bits
      {"\"count\": 4", "\"count\": null"}, // null for a primitive
      {"\"count\": 4,", ""}, // a primitive missing
      {"\"vcores\": 4, ", ""}, // a required field missing
      {"\"stepSeconds\": 60", "\"stepSecond\": 60"}, // an unknown field
      {"\"stepSeconds\": 60", "\"stepSeconds\": 60, \"stepSeconds\": 61"}, // a duplicate field
      {"\"users\": [\"a\"]", "\"users\": [\"a\", null]"}, // null in a list
      {"\"users\": [\"a\"]", "\"users\": [1]"}, // a number for text
      {"\"users\": [\"a\"]", "\"users\": \"a\""}, // text for a list
      {"\"PRODUCTION\"", "\"production\""}, // an unknown enum constant
      {"\"PRODUCTION\"", "0"}, // a number for an enum
      {"atom(<1024,1>,1,2,3,6)", "atom(<1024,1>,1,2,3"}, // bad RDL
      {
        "\"atom(<1024,1>,1,2,3,6)\"",
        "{\"type\": \"atom\", \"bundle\": {\"memoryMB\": 1, \"vcores\": 1}, \"gang\": 1,"
            + " \"maxParallelism\": 2, \"minLease\": 3, \"work\": 6}"
      }, // an RDL object: left to the mapper
      {"capacity-over-time:1,1,24h", "capacity-over-time:2,1"}, // a policy its parser refuses
      {"\"sharingPolicy\": \"capacity-over-time:1,1,24h\"", "\"sharingPolicy\": {}"},
      {"\"settings\": {\"k\": \"v\"}", "\"settings\": {\"k\": 1}"},
      {"\"id\": \"r\", ", ""}, // a record's constructor refuses (id is required)
      {"\"cluster\": {", "\"cluster\": null, \"x\": {"}, // null cluster, then an unknown field
      {"\"settings\": {\"k\": \"v\"}}", "\"settings\": {\"k\": \"v\"}} {}"}, // trailing content
      {"\"settings\": {\"k\": \"v\"}}", "\"settings\": {\"k\": \"v\"}"}, // cut short
    };
    for (String[] c : cases) {
      assertThat(BASE).as("the case's text is in the base: %s", c[0]).contains(c[0]);
      String json = BASE.replace(c[0], c[1]);
      assertThat(DirectBinding.bind(json, Scenario.class))
          .as("gives up on %s -> %s", c[0], c[1])
          .isNull();
      assertThat(JsonMutations.outcome(() -> ScenarioIO.parse(json, "s.json")))
          .as("%s -> %s", c[0], c[1])
          .isEqualTo(JsonMutations.outcome(() -> ScenarioIO.parseCarefully(json, "s.json")));
    }
    // another version: bound, but refused by the version check that follows
    String v2 = BASE.replace("\"formatVersion\": 1", "\"formatVersion\": 2");
    assertThat(JsonMutations.outcome(() -> ScenarioIO.parse(v2, "s.json")))
        .isEqualTo(JsonMutations.outcome(() -> ScenarioIO.parseCarefully(v2, "s.json")))
        .asString()
        .contains("unsupported version");
    // not a scenario at all
    for (String json : new String[] {"", "[]", "null", "1", "{", "{}"}) {
      assertThat(DirectBinding.bind(json, Scenario.class)).as(json).isNull();
      assertThat(JsonMutations.outcome(() -> ScenarioIO.parse(json, "s.json")))
          .isEqualTo(JsonMutations.outcome(() -> ScenarioIO.parseCarefully(json, "s.json")));
    }
  }

  /**
   * Seeded mutations of generated scenarios: whatever the file, {@link ScenarioIO#parse} gives what
   * the careful path gives, the same scenario or the same message.
   */
  @Test
  void anyMutatedFileReadsAsTheCarefulPathReadsIt() throws Exception {
    Random rnd = new Random(71209L);
    int accepted = 0;
    int refused = 0;
    int direct = 0;
    for (int i = 0; i < 2000; i++) {
      String json = JsonMutations.mutate(ScenarioTexts.scenario(rnd), rnd);
      Object fast = JsonMutations.outcome(() -> ScenarioIO.parse(json, "m.json"));
      Object careful = JsonMutations.outcome(() -> ScenarioIO.parseCarefully(json, "m.json"));
      assertThat(fast).as("mutation %d:%n%s", i, json).isEqualTo(careful);
      if (careful instanceof Scenario) accepted++;
      else refused++;
      Scenario bound = DirectBinding.bind(json, Scenario.class);
      if (bound != null && bound.formatVersion() == Scenario.FORMAT_VERSION) {
        direct++;
        assertThat(careful)
            .as("bound directly, but the careful path refuses:%n%s", json)
            .isInstanceOf(Scenario.class);
      }
    }
    // both outcomes are exercised, and every good file of these is bound directly
    assertThat(accepted).isGreaterThan(200);
    assertThat(refused).isGreaterThan(1500);
    assertThat(direct).isEqualTo(accepted);
  }

  /**
   * A file above the streaming threshold is bound from the stream the same way: the same scenario
   * or the same error as the mapper's streaming binding, on generated and mutated files and on
   * bytes that are not UTF-8.
   */
  @Test
  void largeFilesAreStreamedToTheSameOutcome(@TempDir Path dir) throws Exception {
    Random rnd = new Random(71212L);
    int accepted = 0;
    for (int i = 0; i < 400; i++) {
      String json = ScenarioTexts.scenario(rnd);
      if (i % 2 == 1) json = JsonMutations.mutate(json, rnd);
      byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
      if (i % 10 == 3) {
        bytes = bytes.clone();
        bytes[bytes.length / 2] = (byte) 0xFF;
      }
      Path f = dir.resolve("s" + i + ".json");
      Files.write(f, bytes);
      Object streamed = JsonMutations.outcome(() -> ScenarioIO.read(f, 0));
      Object byMapper =
          JsonMutations.outcome(
              () -> {
                try {
                  return ScenarioIO.readStreamingByMapper(f, f.toString());
                } catch (java.io.IOException e) {
                  throw new AssertionError(e);
                }
              });
      assertThat(streamed).as("file %d:%n%s", i, json).isEqualTo(byMapper);
      if (byMapper instanceof Scenario) accepted++;
    }
    assertThat(accepted).isGreaterThan(150);
  }
}
