package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rayon sweep}: the table, {@code --json}, {@code --out} and its refusals. */
class SweepCommandTest {
  @TempDir Path tmp;

  private Path fig5b() throws Exception {
    Path p = tmp.resolve("fig5b.json");
    Files.writeString(p, SampleScenarios.fig5bJson());
    return p;
  }

  @Test
  void aPlanSweepPrintsOneRowPerCombinationBestFirstAndWritesEveryRun() throws Exception {
    Path s = fig5b();
    Path csv = tmp.resolve("results.csv");
    CliRun r =
        CliRun.of(
            "sweep",
            s.toString(),
            "--param",
            "planner=gree,greel",
            "--param",
            "policy=none|instantaneous:0.2",
            "--metric",
            "weightedAcceptance",
            "--out",
            csv.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).contains("4 runs").contains("weightedAcceptance (higher is better)");
    assertThat(lines.get(1))
        .startsWith("planner")
        .contains("policy")
        .contains("weightedAcceptance");
    assertThat(lines).hasSize(6);
    List<Double> values =
        lines.subList(2, 6).stream()
            .map(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
            .toList();
    assertThat(values).isSortedAccordingTo((a, b) -> Double.compare(b, a));
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows.get(0))
        .startsWith("planner,policy,seed,accepted,rejected,acceptance,weightedAcceptance");
    assertThat(rows).hasSize(5);
  }

  @Test
  void jsonHasRunsAndSummaryWithTheirKeys() throws Exception {
    CliRun r =
        CliRun.of(
            "sweep",
            fig5b().toString(),
            "--param",
            "planner=gree,greel",
            "--metric",
            "acceptance",
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("kind").asText()).isEqualTo("plan");
    assertThat(j.get("metric").asText()).isEqualTo("acceptance");
    assertThat(j.get("runs")).hasSize(2);
    assertThat(j.get("runs").get(0).get("settings").get("planner").asText()).isEqualTo("gree");
    assertThat(j.get("runs").get(0).get("metrics").has("acceptance")).isTrue();
    assertThat(j.get("summary")).hasSize(2);
    for (String k : List.of("settings", "runs", "mean", "min", "max", "sd")) {
      assertThat(j.get("summary").get(0).has(k)).as(k).isTrue();
    }
  }

  @Test
  void badSweepsExitTwoNamingTheProblemAndWriteNothing() throws Exception {
    Path s = fig5b();
    Path csv = tmp.resolve("r.csv");
    CliRun metric =
        CliRun.of(
            "sweep",
            s.toString(),
            "--param",
            "planner=gree",
            "--metric",
            "fastness",
            "--out",
            csv.toString());
    assertThat(metric.exit()).isEqualTo(2);
    assertThat(metric.err()).contains("--metric").contains("fastness");
    CliRun param = CliRun.of("sweep", s.toString(), "--param", "planner", "--metric", "acceptance");
    assertThat(param.exit()).isEqualTo(2);
    assertThat(param.err()).contains("--param planner");
    CliRun option =
        CliRun.of(
            "sweep",
            s.toString(),
            "--param",
            "planner=gree",
            "--param",
            "nonsense=1,2",
            "--metric",
            "acceptance");
    assertThat(option.exit()).isEqualTo(2);
    assertThat(option.err()).contains("nonsense").contains("not an option");
    CliRun same =
        CliRun.of(
            "sweep",
            s.toString(),
            "--param",
            "planner=gree",
            "--metric",
            "acceptance",
            "--out",
            s.toString());
    assertThat(same.exit()).isEqualTo(2);
    assertThat(Files.exists(csv)).isFalse();
    assertThat(Files.readString(s)).isEqualTo(SampleScenarios.fig5bJson());
  }
}
