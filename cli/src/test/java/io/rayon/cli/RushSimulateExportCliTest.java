package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rayon simulate RUSH-FILE --jobs FILE --out FILE}: the same flags as for cluster runs. */
class RushSimulateExportCliTest {
  static final Path SAMPLE = Path.of("../sample-clusters/rush-vb.json");
  @TempDir Path dir;

  @Test
  void jobsCsvAndOutJsonAgreeWithTheJsonOnStdout() throws Exception {
    Path csv = dir.resolve("jobs.csv");
    Path out = dir.resolve("run.json");
    CliRun r =
        CliRun.of(
            "simulate",
            SAMPLE.toString(),
            "--scheduler",
            "edf",
            "--jobs",
            csv.toString(),
            "--out",
            out.toString(),
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode printed = r.json();
    JsonNode written = Json.mapper().readTree(Files.readString(out));
    assertThat(written).isEqualTo(printed);
    for (String key :
        List.of("meanUtility", "minUtility", "zeroUtilityJobs", "deadlineMisses", "makespanS"))
      assertThat(written.get(key).isNumber()).as(key).isTrue();
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0))
        .isEqualTo("job_id,class,arrival_s,budget_s,target_s,projected_s,completion_s,utility");
    assertThat(lines).hasSize(1 + written.get("jobs").size());
    // row i is job i of the JSON: same id, completion and utility
    for (int i = 0; i < written.get("jobs").size(); i++) {
      JsonNode job = written.get("jobs").get(i);
      String[] f = lines.get(i + 1).split(",", -1);
      assertThat(f[0]).isEqualTo(job.get("id").asText());
      assertThat(Double.parseDouble(f[3])).isCloseTo(job.get("budgetS").asDouble(), within(1e-3));
      assertThat(Double.parseDouble(f[6]))
          .isCloseTo(job.get("completionS").asDouble(), within(1e-3));
      assertThat(Double.parseDouble(f[7])).isCloseTo(job.get("utility").asDouble(), within(1e-6));
    }
  }

  @Test
  void outWithoutJsonPrintsTheTableAndWritesTheFile() throws Exception {
    Path out = dir.resolve("rush.json");
    CliRun r =
        CliRun.of("simulate", SAMPLE.toString(), "--scheduler", "fifo", "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("mean utility");
    assertThat(Json.mapper().readTree(Files.readString(out)).get("scheduler").asText())
        .isEqualTo("fifo");
  }

  @Test
  void outOntoTheScenarioIsRefused() throws Exception {
    Path copy = dir.resolve("s.json");
    Files.copy(SAMPLE, copy);
    String before = Files.readString(copy);
    CliRun r =
        CliRun.of("simulate", copy.toString(), "--scheduler", "fifo", "--out", copy.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--out");
    assertThat(Files.readString(copy)).isEqualTo(before);
  }

  @Test
  void clusterRunsWriteTheirJsonSummaryWithOut() throws Exception {
    Path scenario = dir.resolve("rumen.json");
    CliRun imp =
        CliRun.of(
            "import",
            "rumen",
            SampleScenarios.trace("sls/2jobs2min-rumen-jh.json").toString(),
            "--out",
            scenario.toString(),
            "--nodes",
            "2",
            "--node-memory",
            "2048",
            "--node-vcores",
            "4",
            "--allowance-memory",
            "1536");
    assertThat(imp.exit()).as(imp.err()).isZero();
    Path out = dir.resolve("cluster.json");
    CliRun r =
        CliRun.of(
            "simulate", scenario.toString(), "--scheduler", "reservation", "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = Json.mapper().readTree(Files.readString(out));
    assertThat(j.get("scheduler").asText()).isEqualTo("reservation");
    assertThat(j.get("makespanS").isNumber()).isTrue();
  }
}
