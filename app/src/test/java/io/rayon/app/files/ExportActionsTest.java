package io.rayon.app.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.ScriptedDialogService;
import io.rayon.app.workspace.ReservationEdits;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.model.io.Json;
import io.rayon.model.io.PlanFileIO;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportActionsTest {
  @TempDir Path dir;
  WorkspaceViewModel ws;
  CurrentThreadTaskExecutor executor;
  ScriptedDialogService dialogs;
  PlanViewModel plan;
  ExportActions exports;

  @BeforeEach
  void setUp() {
    ws = new WorkspaceViewModel();
    ws.load(Fixtures.smallScenario(), dir.resolve("small.json"), false);
    executor = new CurrentThreadTaskExecutor();
    dialogs = new ScriptedDialogService();
    plan = new PlanViewModel(ws, executor, new AppPreferences(new InMemoryPreferencesStore()));
    exports = new ExportActions(ws, executor, dialogs, plan::getState, List::of);
  }

  @Test
  void aSimulationRunExportsAsSeriesCsvJobsCsvAndOneJsonDocument() throws Exception {
    exports.exportSimulationJson();
    assertThat(dialogs.errors).singleElement().asString().startsWith("No simulation to export");
    Scenario fig9 = ScenarioIO.read(SampleScenarios.sample("fig9-pipeline.json"));
    SimulationResult r =
        SimulationRun.of(
                fig9, "estimation", Map.of(), SimulationRun.Requests.RRU, SimulationConfig.DEFAULT)
            .run();
    exports.withSimulation(() -> r);
    Path series = dir.resolve("series.csv");
    Path jobs = dir.resolve("jobs.csv");
    Path json = dir.resolve("sim.json");
    dialogs.files.add(series);
    exports.exportSimulationSeriesCsv();
    dialogs.files.add(jobs);
    exports.exportSimulationJobsCsv();
    dialogs.files.add(json);
    exports.exportSimulationJson();
    assertThat(Files.readString(series)).isEqualTo(r.series().toCsv());
    assertThat(Files.readString(jobs)).isEqualTo(r.jobsCsv());
    JsonNode j = Json.mapper().readTree(json.toFile());
    assertThat(j.get("scheduler").asText()).isEqualTo(r.scheduler());
    assertThat(j.get("makespanS").asDouble()).isEqualTo(r.makespanS());
    assertThat(j.get("jobOutcomes")).hasSize(r.jobOutcomes().size());
    assertThat(j.get("series").get("time_s")).hasSize(r.series().size());
    assertThat(j.get("series").get("usage_memory_mb")).hasSize(r.series().size());
    assertThat(j.get("taskStates").get("finished").asInt()).isEqualTo(r.finishedTasks());
  }

  @Test
  void planExportsAsAPlanFileAndAsCsvRows() throws Exception {
    plan.replanAll();
    Path json = dir.resolve("plan.json");
    Path csv = dir.resolve("plan.csv");
    dialogs.files.add(json);
    exports.exportPlanJson();
    dialogs.files.add(csv);
    exports.exportPlanCsv();

    PlanFile pf = PlanFileIO.read(json);
    assertThat(pf.planner()).isEqualTo(plan.getState().planner());
    assertThat(pf.decisions()).hasSize(2);
    assertThat(pf.metrics())
        .containsKeys("acceptance", "weightedAcceptance", "preemption", "uniformity", "runtimeMs");
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0)).isEqualTo(PlanFileIO.CSV_HEADER);
    assertThat(lines).anyMatch(l -> l.startsWith("r1,")).anyMatch(l -> l.startsWith("r2,"));
    assertThat(dialogs.errors).isEmpty();
  }

  @Test
  void exportingWithoutAPlanSaysWhatToDo() {
    exports.exportPlanJson();
    assertThat(dialogs.errors).singleElement().asString().contains("Re-plan all");
  }

  @Test
  void yarnExportWritesOneSubmissionPerReservation() throws Exception {
    ReservationEdits edits = new ReservationEdits(ws);
    edits.setRdl("r1", RdlParser.parse("window(atom(<1024,1>,1,8,2,16),0,20)"));
    edits.setRdl(
        "r2",
        RdlParser.parse("window(order(atom(<2048,2>,2,4,3,12),atom(<1024,1>,1,4,1,4)),0,40)"));
    Path out = dir.resolve("yarn.json");
    dialogs.files.add(out);
    exports.exportYarn();
    assertThat(dialogs.errors).isEmpty();
    JsonNode array = Json.mapper().readTree(out.toFile());
    assertThat(array.isArray()).isTrue();
    assertThat(array.size()).isEqualTo(2);
    assertThat(array.get(0).toString()).contains("reservation-definition");
  }

  @Test
  void yarnExportListsTheRelaxationsYarnNeeds() throws Exception {
    // h=2 below w/l=8: YARN has no parallelism cap, so it may reserve more at once
    new ReservationEdits(ws).setRdl("r1", RdlParser.parse("window(atom(<1024,1>,1,2,2,16),0,20)"));
    ws.selectionProperty().set(Selection.reservation("r1"));
    Path out = dir.resolve("yarn.json");
    dialogs.files.add(out);
    exports.exportYarn();
    assertThat(dialogs.errors).isEmpty();
    assertThat(out).exists();
    assertThat(dialogs.infos).singleElement().asString().contains("r1: ").contains("relaxed");
  }

  @Test
  void expressionYarnCannotExpressIsNamedAndNothingIsWritten() throws Exception {
    new ReservationEdits(ws)
        .setRdl(
            "r1",
            RdlParser.parse(
                "window(order(all(atom(<1024,1>,1,2,1,4),atom(<1024,1>,1,2,1,4)),atom(<1024,1>,1,2,1,4)),0,30)"));
    ws.selectionProperty().set(Selection.reservation("r1"));
    Path out = dir.resolve("yarn.json");
    dialogs.files.add(out);
    exports.exportYarn();
    assertThat(dialogs.errors).singleElement().asString().contains("r1").contains("cannot express");
    assertThat(out).doesNotExist();
  }

  @Test
  void importedTraceBecomesTheWorkloadAsOneUndoableEdit() throws Exception {
    Path swf = dir.resolve("t.swf");
    Files.writeString(
        swf,
        "1 0 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n2 100 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n");
    exports.importTrace("swf", swf);
    assertThat(ws.getScenario().workload().jobs()).hasSize(2);
    assertThat(ws.getScenario().reservations()).hasSize(2);
    ws.history().undo();
    assertThat(ws.getScenario().workload().jobs()).isEmpty();
  }

  @Test
  void malformedTraceNamesTheLineAndLeavesTheWorkspace() throws Exception {
    Path swf = dir.resolve("bad.swf");
    Files.writeString(swf, "1 0 0 10\n");
    var before = ws.getScenario();
    exports.importTrace("swf", swf);
    assertThat(ws.getScenario()).isSameAs(before);
    assertThat(dialogs.confirmations)
        .singleElement()
        .asString()
        .contains("bad.swf")
        .contains("line 1");
  }

  @Test
  void aMalformedTraceCanBeImportedAgainSkippingBadLines() throws Exception {
    Path swf = dir.resolve("mixed.swf");
    Files.writeString(swf, "1 0 0 10\n2 100 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n");
    dialogs.confirmAnswers.add(true);
    exports.importTrace("swf", swf);
    assertThat(ws.getScenario().workload().jobs()).hasSize(1);
    assertThat(ws.statusProperty().get()).contains("skipped 1");
  }
}
