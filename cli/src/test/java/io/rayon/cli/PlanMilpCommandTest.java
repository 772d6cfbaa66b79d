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
 * {@code rayon plan --planner milp|hybrid [--time-limit] [--grid]}: same output plus solver keys.
 */
class PlanMilpCommandTest {
  @TempDir Path dir;

  static final String SCENARIO =
      """
      {
        "formatVersion": 1,
        "name": "milp-cli",
        "stepSeconds": 60,
        "horizonSteps": 12,
        "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 1, "capacity": {"memoryMB": 8192, "vcores": 2}}]},
        "sharingPolicy": "none",
        "reservations": [
          {"id": "r1", "user": "alice", "rdl": "window(atom(<1024,1>,1,2,1,4),0,4)", "priority": 0, "arrival": 0},
          {"id": "r2", "user": "bob", "rdl": "window(atom(<1024,1>,2,2,2,4),2,4)", "priority": 0, "arrival": 0}
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

  private Path scenario() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(s, SCENARIO);
    return s;
  }

  @Test
  void milpPlansBothReservationsAndReportsSolverStatusAndGap() throws Exception {
    Path out = dir.resolve("plan.json");
    Run r =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "milp",
            "--time-limit",
            "20s",
            "--json",
            "--out",
            out.toString());
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode j = Json.mapper().readTree(r.out());
    assertThat(j.get("planner").asText()).isEqualTo("milp");
    assertThat(j.get("accepted").asInt()).isEqualTo(2);
    assertThat(j.has("weightedAcceptance")).isTrue();
    assertThat(j.get("solverStatus").asText()).isIn("OPTIMAL", "FEASIBLE");
    assertThat(j.has("gap")).isTrue();
    // the written plan passes the independent validator
    Run v = run("validate", scenario().toString(), out.toString());
    assertThat(v.exit()).as(v.out() + v.err()).isEqualTo(0);
  }

  @Test
  void progressFlagPrintsTheSolversReportsOnStderrAndLeavesJsonAlone() throws Exception {
    Run r =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "milp",
            "--time-limit",
            "20s",
            "--json",
            "--progress");
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    // stdout is still exactly one JSON document
    assertThat(Json.mapper().readTree(r.out()).get("planner").asText()).isEqualTo("milp");
    assertThat(r.err())
        .contains("progress: MILP start at ")
        .contains("progress: MILP end at ")
        .contains("bound");
    // elapsed time against the whole command's limit, never "incumbent incumbent"
    assertThat(r.err())
        .containsPattern("MILP end at [0-9.]+ s of 20\\.0 s: incumbent [0-9.]+, bound")
        .doesNotContain("incumbent incumbent");
    Run quiet =
        run("plan", scenario().toString(), "--planner", "milp", "--time-limit", "20s", "--json");
    assertThat(quiet.err()).doesNotContain("progress:");
  }

  @Test
  void hybridOnACoarserGridReportsWhichSolutionItKept() throws Exception {
    Run r =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "hybrid",
            "--time-limit",
            "5s",
            "--grid",
            "2",
            "--json");
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode j = Json.mapper().readTree(r.out());
    assertThat(j.get("solverStatus").asText()).isNotEmpty();
    assertThat(j.get("chosen").asText()).isIn("milp", "gree", "greel");
    assertThat(j.get("accepted").asInt()).isGreaterThanOrEqualTo(1);
  }

  /**
   * Issue 13's example: everything from step 20 on is taken (by {@code full}), and {@code late}
   * arrives at step 20 asking for {@code atom(<1024,1>,1,4,1,8)}.
   */
  private Path lateArrival(long arrival) throws Exception {
    Path p = dir.resolve("late-" + arrival + ".json");
    Files.writeString(
        p,
        """
        {
          "formatVersion": 1,
          "name": "late",
          "stepSeconds": 60,
          "horizonSteps": 30,
          "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 1, "capacity": {"memoryMB": 8192, "vcores": 4}}]},
          "sharingPolicy": "none",
          "reservations": [
            {"id": "full", "user": "alice", "rdl": "window(atom(<1024,1>,4,4,10,40),20,30)", "priority": 0, "arrival": 0},
            {"id": "late", "user": "bob", "rdl": "atom(<1024,1>,1,4,1,8)", "priority": 0, "arrival": %d}
          ]
        }
        """
            .formatted(arrival));
    return p;
  }

  @Test
  void milpAndHybridNeverAllocateBeforeArrivalAndValidateRejectsAPlanThatDoes() throws Exception {
    Path s = lateArrival(20);
    for (String planner : new String[] {"gree", "milp", "hybrid"}) {
      Path out = dir.resolve(planner + ".json");
      Run r =
          planner.equals("gree")
              ? run("plan", s.toString(), "--planner", planner, "--json", "--out", out.toString())
              : run(
                  "plan",
                  s.toString(),
                  "--planner",
                  planner,
                  "--time-limit",
                  "20s",
                  "--json",
                  "--out",
                  out.toString());
      assertThat(r.exit()).as(planner + ": " + r.err()).isEqualTo(0);
      JsonNode j = Json.mapper().readTree(r.out());
      // only the blocker fits: nothing is free at or after step 20, and the past is not for sale
      assertThat(j.get("accepted").asInt()).as(planner).isEqualTo(1);
      JsonNode late = null;
      for (JsonNode d : Json.mapper().readTree(out.toFile()).get("decisions")) {
        if (d.get("reservationId").asText().equals("late")) late = d;
      }
      assertThat(late).as(planner).isNotNull();
      assertThat(late.get("accepted").asBoolean()).as(planner + ": " + late).isFalse();
      Run v = run("validate", s.toString(), out.toString());
      assertThat(v.exit()).as(planner + ": " + v.out() + v.err()).isEqualTo(0);
    }
    // a plan that holds "late" before step 20: planned as if it arrived at 0, validated against
    // arrival 20
    Path early = dir.resolve("early.json");
    Run r =
        run(
            "plan",
            lateArrival(0).toString(),
            "--planner",
            "milp",
            "--time-limit",
            "20s",
            "--json",
            "--out",
            early.toString());
    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    assertThat(Json.mapper().readTree(r.out()).get("accepted").asInt()).isEqualTo(2);
    Run v = run("validate", s.toString(), early.toString());
    assertThat(v.exit()).as(v.out() + v.err()).isEqualTo(1);
    assertThat(v.out()).contains("late").contains("before the request arrives at step 20");
  }

  /** {@code n} reservations, each an atom in its own long window, on a day of minutes. */
  private Path manyReservations(int n) throws Exception {
    StringBuilder rs = new StringBuilder();
    for (int i = 0; i < n; i++) {
      if (i > 0) rs.append(",\n");
      int s = (i * 37) % 1200;
      rs.append("{\"id\": \"r")
          .append(i)
          .append("\", \"user\": \"u")
          .append(i % 5)
          .append("\", \"rdl\": \"window(atom(<1024,1>,1,8,1,")
          .append(20 + i % 50)
          .append("),")
          .append(s)
          .append(',')
          .append(s + 200)
          .append(")\", \"priority\": 0, \"arrival\": 0}");
    }
    Path p = dir.resolve("many.json");
    Files.writeString(
        p,
        """
        {
          "formatVersion": 1,
          "name": "many",
          "stepSeconds": 60,
          "horizonSteps": 1440,
          "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 64, "capacity": {"memoryMB": 131072, "vcores": 32}}]},
          "sharingPolicy": "none",
          "reservations": [
        """
            + rs
            + "\n]}\n");
    return p;
  }

  @Test
  void aModelTooLargeForTheTimeLimitIsRefusedUpFrontWithExitCode2() throws Exception {
    Run r =
        run(
            "plan",
            manyReservations(1000).toString(),
            "--planner",
            "milp",
            "--time-limit",
            "10s",
            "--json");
    assertThat(r.exit()).as(r.err()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .contains("1000 reservations")
        .contains("too large for the time limit")
        .contains("integer variables")
        .contains("10 s time limit")
        .contains("--planner hybrid")
        .contains("--grid K");
    // the hybrid keeps its greedy plan instead, and says why
    Run h =
        run(
            "plan",
            manyReservations(1000).toString(),
            "--planner",
            "hybrid",
            "--time-limit",
            "10s",
            "--json");
    assertThat(h.exit()).as(h.err()).isEqualTo(0);
    JsonNode j = Json.mapper().readTree(h.out());
    assertThat(j.get("accepted").asInt()).isEqualTo(1000);
    assertThat(j.get("chosen").asText()).isEqualTo("greel");
    assertThat(j.get("solverNotes").toString()).contains("too large");
  }

  @Test
  void aMemoryLimitTooSmallForTheModelIsRefusedUpFront() throws Exception {
    Run r =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "milp",
            "--time-limit",
            "10s",
            "-O",
            "memory=lots");
    assertThat(r.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(r.err()).contains("memory").contains("2g");
    Run m =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "milp",
            "--time-limit",
            "10s",
            "-O",
            "memory=16k");
    assertThat(m.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(m.err()).contains("too large for the memory").contains("-Xmx");
  }

  @Test
  void badTimeLimitOrGridIsBadInputNamingTheOption() throws Exception {
    Run r = run("plan", scenario().toString(), "--planner", "milp", "--time-limit", "soon");
    assertThat(r.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(r.err()).contains("time-limit").contains("60s");
    Run g = run("plan", scenario().toString(), "--planner", "milp", "--grid", "0");
    assertThat(g.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(g.err()).contains("grid");
  }
}
