package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.plan.Decision;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import io.rayon.yarn.YarnRequests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rayon yarn export} on the default sample and on small scenarios: relaxed and pinned. */
class YarnExportCommandTest {
  static final String START = "2026-11-22T18:00:00Z";
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();
  @TempDir Path tmp;

  int run(String... args) {
    var cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  static Path swim() {
    return SampleScenarios.sample("swim-256.json");
  }

  /**
   * A small scenario: one reservation YARN holds exactly, one nested deeper than YARN holds, and
   * one whose cap (h=1) leaves too little time to plan but that YARN may hold with the cap relaxed.
   */
  Path small() throws Exception {
    Path p = tmp.resolve("small.json");
    Files.writeString(
        p,
        """
        {"formatVersion": 1, "name": "small", "stepSeconds": 10, "horizonSteps": 360,
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 2, "capacity": {"memoryMB": 4096, "vcores": 4}}]},
         "rootQueue": {"name": "root", "guaranteed": 1.0, "maximum": 1.0, "weight": 1.0, "reservable": false,
          "children": [{"name": "dedicated", "guaranteed": 1.0, "maximum": 1.0, "weight": 1.0, "reservable": true}]},
         "users": ["rayon"],
         "reservations": [
          {"id": "etl", "user": "rayon", "queue": "dedicated", "rdl": "window(atom(<1024,1>,1,3,3,9),1,31)", "priority": 0, "arrival": 0},
          {"id": "nested", "user": "rayon", "queue": "dedicated",
           "rdl": "window(order(all(atom(<1024,1>,1,1,2,2),atom(<1024,1>,1,1,2,2)),atom(<1024,1>,1,1,2,2)),0,100)", "priority": 0, "arrival": 0},
          {"id": "huge", "user": "rayon", "queue": "dedicated", "rdl": "window(atom(<4096,4>,1,1,5,20),0,6)", "priority": 0, "arrival": 0}
         ]}
        """);
    return p;
  }

  @Test
  void theDefaultSampleExportsEveryReservationAndListsEachRelaxation() throws Exception {
    Path dir = tmp.resolve("relaxed");
    int code =
        run(
            "yarn",
            "export",
            swim().toString(),
            "--out",
            dir.toString(),
            "--start",
            START,
            "--json");
    assertThat(code).as(err.toString()).isZero();
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("notExpressible")).isEmpty();
    assertThat(n.get("written")).hasSize(295);
    for (JsonNode w : n.get("written")) {
      assertThat(w.get("warnings")).as(w.get("reservationId").asText()).isNotEmpty();
      for (JsonNode warning : w.get("warnings"))
        assertThat(warning.asText()).startsWith("atom at path ");
      JsonNode body = Json.mapper().readTree(Path.of(w.get("file").asText()).toFile());
      assertThat(YarnRequests.parseSubmission(body).definition().stages()).isNotEmpty();
    }
    try (var files = Files.list(dir)) {
      assertThat(files.count()).isEqualTo(295);
    }
  }

  @Test
  void inTextTheWarningsAndRefusalsNameTheReservation() throws Exception {
    int code =
        run(
            "yarn",
            "export",
            small().toString(),
            "--out",
            tmp.resolve("o").toString(),
            "--start",
            START);
    assertThat(code).isEqualTo(1);
    assertThat(err.toString())
        .contains("rayon: nested: cannot export: all at path 0.0: is nested inside order")
        .contains("rayon: huge: warning:")
        .doesNotContain("rayon: etl:");
    assertThat(out.toString())
        .contains("exported 2 of 3 reservation(s)")
        .contains("1 not exported");
  }

  @Test
  void theRelaxedJsonListsRefusalsWithTheirReasons() throws Exception {
    int code =
        run(
            "yarn",
            "export",
            small().toString(),
            "--out",
            tmp.resolve("o").toString(),
            "--start",
            START,
            "--json");
    assertThat(code).isEqualTo(1);
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("written"))
        .extracting(w -> w.get("reservationId").asText())
        .containsExactly("etl", "huge");
    JsonNode refused = n.get("notExpressible").get(0);
    assertThat(refused.get("reservationId").asText()).isEqualTo("nested");
    assertThat(refused.get("problems").get(0).get("path").asText()).isEqualTo("0.0");
  }

  @Test
  void pinnedExportsTheGreePlanOfTheDefaultSampleExactly() throws Exception {
    Path dir = tmp.resolve("pinned");
    int code =
        run(
            "yarn",
            "export",
            swim().toString(),
            "--out",
            dir.toString(),
            "--start",
            START,
            "--pinned",
            "--json");
    assertThat(code).as(err.toString()).isZero();
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("pinned").asBoolean()).isTrue();
    assertThat(n.get("planner").asText()).isEqualTo("gree");
    assertThat(n.get("written")).hasSize(295);

    Scenario s = ScenarioIO.read(swim());
    Map<String, Decision> plan = new HashMap<>();
    for (Decision d : PlanningRun.run(s, Planners.byName("gree"), s.sharingPolicy()).decisions())
      plan.put(d.reservationId(), d);
    long origin = Instant.parse(START).toEpochMilli();
    for (JsonNode w : n.get("written")) {
      String id = w.get("reservationId").asText();
      YarnReservationDefinition def =
          YarnRequests.parseSubmission(
                  Json.mapper().readTree(Path.of(w.get("file").asText()).toFile()))
              .definition();
      assertThat(def.interpreter()).isEqualTo(YarnInterpreter.R_ORDER_NO_GAP);
      assertThat(def.isPinned()).as(id).isTrue();
      var yarn =
          new YarnReservation("reservation_1_1", "dedicated", "u", 0, def, def.pinnedAllocations())
              .allocation(origin, s.stepSeconds() * 1000, s.horizonSteps());
      assertThat(yarn.skyline()).as(id).isEqualTo(plan.get(id).allocation().skyline());
    }
  }

  @Test
  void pinnedFromAPlanFileRefusesWhatThePlanRejectedOrYarnCannotHold() throws Exception {
    Path planFile = tmp.resolve("plan.json");
    assertThat(run("plan", small().toString(), "--out", planFile.toString()))
        .as(err.toString())
        .isIn(0, 1);
    out.getBuffer().setLength(0);
    int code =
        run(
            "yarn",
            "export",
            small().toString(),
            "--out",
            tmp.resolve("p").toString(),
            "--start",
            START,
            "--pinned",
            "--plan",
            planFile.toString(),
            "--json");
    assertThat(code).isEqualTo(1);
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("plan").asText()).isEqualTo(planFile.toString());
    Set<String> written = new HashSet<>();
    for (JsonNode w : n.get("written")) written.add(w.get("reservationId").asText());
    assertThat(written).contains("etl").doesNotContain("huge");
    JsonNode huge = null;
    for (JsonNode f : n.get("notExpressible"))
      if (f.get("reservationId").asText().equals("huge")) huge = f;
    assertThat(huge).isNotNull();
    assertThat(huge.get("problems").get(0).get("message").asText())
        .contains("the plan rejected it");
  }

  @Test
  void planOptionsWithoutPinnedOrAPlanForAnotherScenarioAreBadInput() throws Exception {
    assertThat(
            run("yarn", "export", small().toString(), "--out", tmp.toString(), "--plan", "x.json"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--plan is used only with --pinned");
    Path planFile = tmp.resolve("plan.json");
    run("plan", small().toString(), "--out", planFile.toString());
    Files.writeString(
        planFile,
        Files.readString(planFile).replace("\"stepSeconds\" : 10", "\"stepSeconds\" : 60"));
    assertThat(
            run(
                "yarn",
                "export",
                small().toString(),
                "--out",
                tmp.toString(),
                "--pinned",
                "--plan",
                planFile.toString()))
        .isEqualTo(2);
    assertThat(err.toString())
        .contains("at $.stepSeconds: 60 differs from the scenario's step length 10");
  }
}
