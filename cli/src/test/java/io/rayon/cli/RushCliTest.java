package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RushCliTest {
  static final Path SAMPLES = Path.of("../sample-clusters");
  @TempDir Path dir;

  @Test
  void generateWritesAReadableScenarioWithThePapersMix() throws Exception {
    Path f = dir.resolve("vb.json");
    CliRun r =
        CliRun.of(
            "rush",
            "generate",
            "--jobs",
            "20",
            "--seed",
            "3",
            "--containers",
            "16",
            "-o",
            f.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("20 jobs (4 critical, 12 sensitive, 4 insensitive)");
    RushScenario s = RushScenarioIO.read(f);
    assertThat(s.containers()).isEqualTo(16);
    assertThat(s.jobs()).hasSize(20);
    CliRun again =
        CliRun.of(
            "rush",
            "generate",
            "--jobs",
            "20",
            "--seed",
            "3",
            "--containers",
            "16",
            "-o",
            dir.resolve("b.json").toString());
    assertThat(again.exit()).isZero();
    assertThat(Files.readString(dir.resolve("b.json"))).isEqualTo(Files.readString(f));
  }

  @Test
  void generateRefusesBadSettings() {
    CliRun r = CliRun.of("rush", "generate", "--jobs", "0", "-o", dir.resolve("x.json").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("jobs is 0");
    assertThat(dir.resolve("x.json")).doesNotExist();
  }

  @Test
  void simulateTheSampleWithEveryBaselineAsJson() throws Exception {
    Path sample = SAMPLES.resolve("rush-vb.json");
    for (String s : List.of("fifo", "edf", "rrh")) {
      CliRun r = CliRun.of("simulate", sample.toString(), "--scheduler", s, "--json");
      assertThat(r.exit()).as(s + ": " + r.err()).isZero();
      JsonNode j = r.json();
      assertThat(j.get("scheduler").asText()).isEqualTo(s);
      for (String key :
          List.of("meanUtility", "minUtility", "zeroUtilityJobs", "deadlineMisses", "makespanS")) {
        assertThat(j.get(key)).as(key).isNotNull();
        assertThat(j.get(key).isNumber()).as(key).isTrue();
      }
      assertThat(j.get("jobs")).hasSize(100);
      double sum = 0;
      for (JsonNode job : j.get("jobs")) {
        assertThat(job.get("completionS").asDouble()).isGreaterThan(job.get("arrivalS").asDouble());
        assertThat(job.has("projectedCompletionS")).isTrue();
        assertThat(job.get("targetCompletionS").isNull()).isTrue(); // no targets outside rush
        sum += job.get("utility").asDouble();
      }
      assertThat(j.get("meanUtility").asDouble()).isCloseTo(sum / 100, Assertions.within(1e-9));
    }
  }

  @Test
  void rushWithThetaAndDeltaReportsTargetsAndProjections() throws Exception {
    CliRun r =
        CliRun.of(
            "simulate",
            SAMPLES.resolve("rush-vb.json").toString(),
            "--scheduler",
            "rush",
            "--theta",
            "0.8",
            "--delta",
            "0.5",
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("scheduler").asText()).isEqualTo("rush");
    assertThat(j.get("settings").asText()).contains("theta=0.8").contains("delta=0.5");
    int targets = 0;
    for (JsonNode job : j.get("jobs")) {
      if (job.get("targetCompletionS").isNumber()) targets++;
      assertThat(
              job.get("projectedCompletionS").isNumber()
                  || job.get("projectedCompletionS").isNull())
          .isTrue();
    }
    assertThat(targets).isGreaterThan(50);
    CliRun bad =
        CliRun.of(
            "simulate",
            SAMPLES.resolve("rush-vb.json").toString(),
            "--scheduler",
            "rush",
            "--theta",
            "1.5");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("theta=1.5");
  }

  @Test
  void textOutputHasThePerJobTable() {
    CliRun r =
        CliRun.of("simulate", SAMPLES.resolve("rush-vb.json").toString(), "--scheduler", "edf");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("mean utility", "zero-utility jobs", "deadline misses");
    assertThat(r.out())
        .containsPattern("id\\s+class\\s+arrival\\s+target\\s+projected\\s+completion\\s+utility");
    assertThat(r.out()).containsPattern("(?m)^j001\\s+(critical|sensitive|insensitive)\\s+0\\s");
  }

  @Test
  void wrongSchedulerForTheFileKindIsBadInputListingTheValidOnes() throws Exception {
    CliRun r =
        CliRun.of(
            "simulate", SAMPLES.resolve("rush-vb.json").toString(), "--scheduler", "reservation");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .contains("does not schedule RUSH scenario files")
        .contains("fifo")
        .contains("edf")
        .contains("rrh");
    CliRun other =
        CliRun.of(
            "simulate", SAMPLES.resolve("fig9-pipeline.json").toString(), "--scheduler", "fifo");
    assertThat(other.exit()).isEqualTo(2);
    assertThat(other.err()).contains("reservation").contains("RUSH scenario files");
    CliRun theta =
        CliRun.of(
            "simulate",
            SAMPLES.resolve("fig9-pipeline.json").toString(),
            "--scheduler",
            "reservation",
            "--theta",
            "0.5");
    assertThat(theta.exit()).isEqualTo(2);
    assertThat(theta.err()).contains("--theta applies to RUSH scenario files only");
    CliRun notHere =
        CliRun.of(
            "simulate",
            SAMPLES.resolve("rush-vb.json").toString(),
            "--scheduler",
            "fifo",
            "--heartbeat",
            "5s");
    assertThat(notHere.exit()).isEqualTo(2);
    assertThat(notHere.err()).contains("--heartbeat does not apply to RUSH scenario files");
    CliRun badOption =
        CliRun.of(
            "simulate",
            SAMPLES.resolve("rush-vb.json").toString(),
            "--scheduler",
            "rrh",
            "-O",
            "alpha=2");
    assertThat(badOption.exit()).isEqualTo(2);
    assertThat(badOption.err()).contains("alpha=2").contains("out of range");
  }

  @Test
  void aBrokenRushFileIsReportedWithItsPath() throws Exception {
    String good = Files.readString(SAMPLES.resolve("rush-vb.json"));
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, good.replaceFirst("\"tasks\" : \\d+", "\"tasks\" : -4"));
    CliRun r = CliRun.of("simulate", bad.toString(), "--scheduler", "fifo");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("$.jobs[0].tasks").contains("line").doesNotContain("Exception");
  }

  @Test
  void seedOptionRedrawsRuntimes() throws Exception {
    String sample = SAMPLES.resolve("rush-vb.json").toString();
    JsonNode a = CliRun.of("simulate", sample, "--scheduler", "fifo", "--json").json();
    JsonNode b =
        CliRun.of("simulate", sample, "--scheduler", "fifo", "--json", "--seed", "99").json();
    assertThat(b.get("seed").asLong()).isEqualTo(99);
    assertThat(b.get("makespanS").asDouble()).isNotEqualTo(a.get("makespanS").asDouble());
  }
}
