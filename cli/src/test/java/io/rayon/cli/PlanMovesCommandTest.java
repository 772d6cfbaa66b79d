package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code rayon plan} says which reservations a later request's bounded repair moved: a line each
 * and a count in the text output, {@code "moved"} with {@code --json}.
 */
class PlanMovesCommandTest {
  @TempDir Path dir;

  // one node of 8 vcores. A (arrival 0): a gang of 8 for 4 steps in [2, 20), placed at [2, 6).
  // B (arrival 1): the same gang in [1, 6); it fits only when A moves (to [5, 9) when placed again
  // as early as it fits).
  static final String SCENARIO =
      """
      {
        "formatVersion": 1,
        "name": "moves-cli",
        "stepSeconds": 60,
        "horizonSteps": 20,
        "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 1, "capacity": {"memoryMB": 8192, "vcores": 8}}]},
        "sharingPolicy": "none",
        "reservations": [
          {"id": "A", "user": "alice", "rdl": "window(atom(<1024,1>,8,8,4,32),2,20)", "priority": 0, "arrival": 0},
          {"id": "B", "user": "alice", "rdl": "window(atom(<1024,1>,8,8,4,32),1,6)", "priority": 0, "arrival": 1}
        ]
      }
      """;

  record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return new Run(cl.execute(args), out.toString(), err.toString());
  }

  private String scenario() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(s, SCENARIO);
    return s.toString();
  }

  @Test
  void theTextOutputListsEachMoveAfterTheDecisionsWithTheirCount() throws Exception {
    Run r = run("plan", scenario(), "--planner", "greel-plus");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("accepted    2 of 2");
    assertThat(r.out())
        .contains("moved       1 (accepted earlier, moved later to make room by bounded repair)")
        .contains("  A: steps 2-6 -> ");
    assertThat(r.out().indexOf("moved ")).isGreaterThan(r.out().indexOf("runtime"));

    // without the repair, nothing moves and B is rejected; a planner that never repairs says
    // nothing about moves
    Run off = run("plan", scenario(), "--planner", "greel-plus", "-O", "repair=0");
    assertThat(off.out()).contains("accepted    1 of 2").doesNotContain("moved");
    Run gree = run("plan", scenario(), "--planner", "gree");
    assertThat(gree.out()).doesNotContain("moved");
  }

  @Test
  void jsonGainsMovedAndKeepsItsOtherKeys() throws Exception {
    // no early reserve: A is placed again as early as it fits, at [5, 9)
    Run r =
        run(
            "plan",
            scenario(),
            "--planner",
            "greel-plus",
            "-O",
            "reserve-rule=fixed",
            "-O",
            "early-reserve=0",
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = Json.mapper().readTree(r.out());
    assertThat(j.fieldNames())
        .toIterable()
        .contains(
            "planner",
            "accepted",
            "rejected",
            "acceptance",
            "weightedAcceptance",
            "preemption",
            "uniformity",
            "runtimeMs",
            "moved");
    assertThat(j.get("accepted").asInt()).isEqualTo(2);
    JsonNode moved = j.get("moved");
    assertThat(moved.size()).isEqualTo(1);
    assertThat(moved.get(0).get("id").asText()).isEqualTo("A");
    assertThat(moved.get(0).get("from").get("start").asLong()).isEqualTo(2);
    assertThat(moved.get(0).get("from").get("end").asLong()).isEqualTo(6);
    assertThat(moved.get(0).get("to").get("start").asLong()).isEqualTo(5);
    assertThat(moved.get(0).get("to").get("end").asLong()).isEqualTo(9);

    Run off = run("plan", scenario(), "--planner", "gree", "--json");
    assertThat(Json.mapper().readTree(off.out()).get("moved").isArray()).isTrue();
    assertThat(Json.mapper().readTree(off.out()).get("moved").size()).isZero();
  }

  @Test
  void theHelpSaysWhatAMoveIs() {
    Run r = run("plan", "--help");
    String help = r.out().replaceAll("\\s+", " ");
    assertThat(help)
        .contains("a reservation accepted earlier may be moved later")
        .contains("\"moved\"");
  }
}
