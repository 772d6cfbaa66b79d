package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rayon sweep RUSH-FILE}: schedulers × options × seeds with the RUSH summary keys. */
class RushSweepCliTest {
  static final Path SAMPLE = Path.of("../sample-clusters/rush-vb.json");
  @TempDir Path dir;

  @Test
  void jsonHasTheSweepKeysAndTheRushSummaryKeysPerRun() throws Exception {
    Path csv = dir.resolve("runs.csv");
    CliRun r =
        CliRun.of(
            "sweep",
            SAMPLE.toString(),
            "--param",
            "scheduler=edf,fifo",
            "--seeds",
            "2",
            "--metric",
            "meanUtility",
            "--threads",
            "2",
            "--out",
            csv.toString(),
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("kind").asText()).isEqualTo("rush");
    assertThat(j.get("metric").asText()).isEqualTo("meanUtility");
    assertThat(j.get("higherIsBetter").asBoolean()).isTrue();
    assertThat(j.get("runs")).hasSize(4);
    for (JsonNode run : j.get("runs")) {
      for (String key :
          List.of(
              "meanUtility",
              "minUtility",
              "zeroUtilityJobs",
              "deadlineMisses",
              "meanLatencyS",
              "makespanS")) assertThat(run.get("metrics").get(key).isNumber()).as(key).isTrue();
    }
    // seed 1 of edf is `rayon simulate --seed 1`'s run
    CliRun one =
        CliRun.of("simulate", SAMPLE.toString(), "--scheduler", "edf", "--seed", "1", "--json");
    assertThat(one.exit()).as(one.err()).isZero();
    JsonNode first = j.get("runs").get(0);
    assertThat(first.get("settings").get("scheduler").asText()).isEqualTo("edf");
    assertThat(first.get("seed").asInt()).isEqualTo(1);
    assertThat(first.get("metrics").get("meanUtility").asDouble())
        .isEqualTo(one.json().get("meanUtility").asDouble());
    assertThat(j.get("summary")).hasSize(2);
    assertThat(Files.readAllLines(csv)).hasSize(5);
  }

  @Test
  void theTableAndTheRefusals() {
    CliRun r =
        CliRun.of(
            "sweep",
            SAMPLE.toString(),
            "--param",
            "scheduler=rush",
            "--param",
            "theta=0.8,0.9",
            "--metric",
            "zeroUtilityJobs");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("rush sweep of").contains("zeroUtilityJobs (lower is better)");
    assertThat(r.out()).containsPattern("(?m)^scheduler\\s+theta\\s+zeroUtilityJobs$");
    CliRun wrong =
        CliRun.of(
            "sweep", SAMPLE.toString(), "--param", "scheduler=edf", "--metric", "failureRate");
    assertThat(wrong.exit()).isEqualTo(2);
    assertThat(wrong.err()).contains("RUSH metrics");
    CliRun cluster =
        CliRun.of(
            "sweep",
            SAMPLE.toString(),
            "--param",
            "scheduler=estimation",
            "--metric",
            "meanUtility");
    assertThat(cluster.exit()).isEqualTo(2);
    assertThat(cluster.err()).contains("estimation");
  }
}
