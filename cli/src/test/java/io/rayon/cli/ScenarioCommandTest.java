package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioCommandTest {

  static final Path SAMPLES = Path.of("../sample-clusters");

  @Test
  void checkPrintsTheSizeOfEachSample() throws Exception {
    for (String name :
        new String[] {"fig9-pipeline.json", "fig5b-workflow.json", "swim-256.json"}) {
      CliRun r = CliRun.of("scenario", "check", SAMPLES.resolve(name).toString());
      assertThat(r.exit()).as(name + ": " + r.err()).isZero();
      assertThat(r.out()).contains("nodes:").contains("reservations:").contains("ok");
    }
  }

  @Test
  void jsonOutputHasTheDocumentedKeys() throws Exception {
    CliRun r =
        CliRun.of("scenario", "check", "--json", SAMPLES.resolve("swim-256.json").toString());
    assertThat(r.exit()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("nodes").asInt()).isEqualTo(256);
    assertThat(j.get("capacity").get("memoryMB").asLong()).isEqualTo(256L * 131072);
    assertThat(j.get("capacity").get("vcores").asLong()).isEqualTo(256L * 32);
    assertThat(j.get("reservations").asInt()).isEqualTo(295);
    assertThat(j.get("jobs").asInt()).isEqualTo(5894);
  }

  @Test
  void malformedFileExitsTwoNamingTheJsonPath(@TempDir Path dir) throws Exception {
    String fig9 = Files.readString(SAMPLES.resolve("fig9-pipeline.json"));
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, fig9.replace("\"count\" : 8,", "\"count\" : \"eight\","));
    CliRun r = CliRun.of("scenario", "check", bad.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "rayon: "
                + bad
                + " at $.cluster.nodeGroups[0].count (line 11, column 17): wrong type, expected a whole number, found a string \"eight\"\n");
    assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void everyWrongTypeIsListedWithItsPlace(@TempDir Path dir) throws Exception {
    String fig9 = Files.readString(SAMPLES.resolve("fig9-pipeline.json"));
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad,
        fig9.replace("\"count\" : 8,", "\"count\" : \"eight\",")
            .replace("\"stepSeconds\" : 60", "\"stepSeconds\" : true"));
    CliRun r = CliRun.of("scenario", "check", bad.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().toList())
        .hasSize(2)
        .allMatch(l -> l.startsWith("rayon: " + bad + " at $."));
    assertThat(r.err())
        .contains("at $.stepSeconds (line")
        .contains("expected a whole number, found a boolean true");
    assertThat(r.err()).contains("at $.cluster.nodeGroups[0].count (line 11, column 17)");
  }

  @Test
  void inconsistentFileExitsTwoListingEveryError(@TempDir Path dir) throws Exception {
    String fig9 = Files.readString(SAMPLES.resolve("fig9-pipeline.json"));
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad,
        fig9.replace("\"stepSeconds\" : 60", "\"stepSeconds\" : 0")
            .replace("\"queue\" : \"dedicated\"", "\"queue\" : \"gold\""));
    CliRun r = CliRun.of("scenario", "check", "--json", bad.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("at $.stepSeconds: the plan step length must be positive");
    assertThat(r.err())
        .contains("at $.reservations[0].queue: queue 'gold' is not in the queue tree");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void missingFileExitsTwo() {
    CliRun r = CliRun.of("scenario", "check", "no-such-file.json");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("no-such-file.json: no such file");
  }

  @Test
  void helpListsTheSubcommands() {
    CliRun r = CliRun.of("--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("rdl").contains("scenario").contains("sample");
  }
}
