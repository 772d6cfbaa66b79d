package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PlanAndValidateCommandTest {
  @TempDir Path dir;

  static final String SCENARIO =
      """
      {
        "formatVersion": 1,
        "name": "cli-test",
        "stepSeconds": 60,
        "horizonSteps": 200,
        "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 4, "capacity": {"memoryMB": 8192, "vcores": 8}}]},
        "sharingPolicy": "none",
        "reservations": [
          {"id": "a", "user": "alice", "rdl": "window(order(atom(<1024,1>,1,8,10,80),atom(<1024,1>,1,16,5,160)),0,150)", "priority": 0, "arrival": 0},
          {"id": "b", "user": "bob", "rdl": "atom(<4096,2>,2,8,20,320)", "priority": 0, "arrival": 1},
          {"id": "c", "user": "bob", "rdl": "window(atom(<8192,8>,8,8,10,80),0,20)", "priority": 0, "arrival": 2}
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
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path scenario() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(s, SCENARIO);
    return s;
  }

  @Test
  void planJsonHasExactlyTheDocumentedKeys() throws Exception {
    Run r = run("plan", scenario().toString(), "--planner", "gree", "--json");
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode j = Json.mapper().readTree(r.out());
    List<String> keys = new ArrayList<>();
    j.fieldNames().forEachRemaining(keys::add);
    assertThat(keys)
        .containsExactly(
            "planner",
            "accepted",
            "rejected",
            "acceptance",
            "weightedAcceptance",
            "preemption",
            "uniformity",
            "runtimeMs",
            "moved");
    assertThat(j.get("planner").asText()).isEqualTo("gree");
    assertThat(j.get("accepted").asInt() + j.get("rejected").asInt()).isEqualTo(3);
  }

  @Test
  void planWritesJsonAndCsvThatValidateCleanly() throws Exception {
    Path s = scenario();
    Path plan = dir.resolve("plan.json");
    Path csv = dir.resolve("plan.csv");
    Run r =
        run(
            "plan",
            s.toString(),
            "--planner",
            "greel",
            "--policy",
            "instantaneous:0.5",
            "--out",
            plan.toString(),
            "--csv",
            csv.toString());
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    assertThat(r.out()).contains("planner     greel").contains("accepted");
    assertThat(Files.readAllLines(csv).get(0))
        .isEqualTo("reservation,path,start,end,bundles,memoryMB,vcores");
    JsonNode p = Json.mapper().readTree(plan.toFile());
    assertThat(p.get("policy").asText()).isEqualTo("instantaneous:0.5");
    assertThat(p.get("decisions")).hasSize(3);
    Run v = run("validate", s.toString(), plan.toString());
    assertThat(v.exit()).as(v.out() + v.err()).isEqualTo(0);
    assertThat(v.out()).startsWith("valid:");
  }

  @Test
  void validateListsEachViolationAndExitsOne() throws Exception {
    Path s = scenario();
    Path plan = dir.resolve("plan.json");
    assertThat(run("plan", s.toString(), "--out", plan.toString()).exit()).isEqualTo(0);
    // tamper: make an accepted allocation hold one more bundle
    String text = Files.readString(plan).replaceFirst("\"bundles\" : (\\d+)", "\"bundles\" : 1$1");
    Files.writeString(plan, text);
    Run v = run("validate", s.toString(), plan.toString());
    assertThat(v.exit()).isEqualTo(1);
    assertThat(v.out()).contains("violation:");
    Run j = run("validate", s.toString(), plan.toString(), "--json");
    assertThat(Json.mapper().readTree(j.out()).get("valid").asBoolean()).isFalse();
  }

  @Test
  void badInputGivesOneLineAndExitTwo() throws Exception {
    Path s = scenario();
    Run unknownPlanner = run("plan", s.toString(), "--planner", "nope");
    assertThat(unknownPlanner.exit()).isEqualTo(2);
    assertThat(unknownPlanner.err()).contains("unknown planner 'nope'").contains("gree");
    Run badPolicy = run("plan", s.toString(), "--policy", "instantaneous:7");
    assertThat(badPolicy.exit()).isEqualTo(2);
    assertThat(badPolicy.err()).contains("--policy");
    Run missing = run("validate", s.toString(), dir.resolve("none.json").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("no such file");
    Path other = dir.resolve("other.json");
    Files.writeString(
        other,
        "{\"formatVersion\":1,\"planner\":\"gree\",\"stepSeconds\":60,\"horizonSteps\":200,\"decisions\":[{\"reservationId\":\"zz\",\"accepted\":false,\"rejection\":{\"code\":\"CAPACITY\",\"message\":\"full\"}}]}");
    Run unknownId = run("validate", s.toString(), other.toString());
    assertThat(unknownId.exit()).isEqualTo(2);
    assertThat(unknownId.err())
        .contains("$.decisions[0].reservationId")
        .doesNotContain("Exception");
    Files.writeString(
        other,
        "{\"formatVersion\":1,\"planner\":\"gree\",\"stepSeconds\":60,\"horizonSteps\":200,\"decisions\":[{\"reservationId\":\"a\",\"accepted\":false}]}");
    Run noReason = run("validate", s.toString(), other.toString());
    assertThat(noReason.exit()).isEqualTo(2);
    assertThat(noReason.err())
        .contains("$.decisions[0]")
        .contains("a rejected decision needs its rejection")
        .doesNotContain("Cannot construct");
  }
}
