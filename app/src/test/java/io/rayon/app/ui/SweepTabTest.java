package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.sweep.Sweep;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Sweep tab, driven through its controls: a 2×3 plan sweep, a seeded simulation sweep,
 * refusals, export.
 */
@ExtendWith(ApplicationExtension.class)
class SweepTabTest {
  Stage stage;
  @TempDir Path tmp;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  UiHarness harness(FxRobot robot, TaskExecutor executor) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(() -> ui.set(new UiHarness(stage, executor)));
    return ui.get();
  }

  private static void type(FxRobot robot, String query, String text) {
    if (query.endsWith("-name")) {
      ComboBox<?> box = robot.lookup(query).queryAs(ComboBox.class);
      robot.clickOn(box.getEditor());
      robot.push(KeyCode.SHORTCUT, KeyCode.A);
      robot.write(text);
      robot.push(KeyCode.ENTER);
      return;
    }
    robot.clickOn(query);
    robot.push(KeyCode.SHORTCUT, KeyCode.A);
    robot.write(text);
  }

  @Test
  void aTwoByThreePlanSweepFillsTheTableBestFirstAndExportsEveryRun(FxRobot robot)
      throws Exception {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    SessionBugsTest.open(robot, ui, "fig5b-workflow.json");
    robot.clickOn("#tab-sweep");
    type(robot, "#sweep-param1-values", "gree,greel");
    type(robot, "#sweep-param2-name", "policy");
    type(robot, "#sweep-param2-values", "none|instantaneous:0.2|instantaneous:0.5");
    robot.interact(() -> ui.bench.sweep.metricProperty().set("weightedAcceptance"));
    robot.clickOn("#sweep-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.sweep.problemProperty().get()).isEmpty();
    TableView<?> table = robot.lookup("#sweep-table").queryAs(TableView.class);
    assertThat(table.getItems()).hasSize(6);
    List<Sweep.Summary> rows = ui.bench.sweepTab.rows();
    assertThat(rows)
        .extracting(Sweep.Summary::mean)
        .isSortedAccordingTo((a, b) -> Double.compare(b, a));
    assertThat(rows)
        .extracting(r -> r.settings().get("planner") + "/" + r.settings().get("policy"))
        .containsExactlyInAnyOrder(
            "gree/none",
            "gree/instantaneous:0.2",
            "gree/instantaneous:0.5",
            "greel/none",
            "greel/instantaneous:0.2",
            "greel/instantaneous:0.5");
    assertThat(table.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("planner", "policy", "weightedAcceptance");
    assertThat(ui.bench.sweepTab.charts()).hasSize(1);

    Path out = tmp.resolve("sweep.csv");
    ui.dialogs.files.add(out);
    robot.clickOn("#sweep-export");
    WaitForAsyncUtils.waitForFxEvents();
    List<String> csv = Files.readAllLines(out);
    assertThat(csv.get(0)).startsWith("planner,policy,seed,accepted");
    assertThat(csv).hasSize(7);

    Path html = tmp.resolve("report.html");
    ui.dialogs.files.add(html);
    robot.clickOn("#sweep-report");
    WaitForAsyncUtils.waitForFxEvents();
    String page = Files.readString(html);
    assertThat(page)
        .startsWith("<!DOCTYPE html>")
        .contains("<svg")
        .contains("best first")
        .contains("instantaneous:0.5")
        .doesNotContain("<script")
        .endsWith("</html>\n");
    assertThat(page.split("<tr>", -1)).hasSize(1 + 7 + 7);
  }

  @Test
  void aSimulationSweepOverSeedsShowsTheSpreadAndABadValueIsNamedBeforeAnyRun(FxRobot robot) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    SessionBugsTest.open(robot, ui, "fig9-pipeline.json");
    robot.clickOn("#tab-sweep");
    type(robot, "#sweep-param1-name", "damping");
    type(robot, "#sweep-param1-values", "0.1,7");
    type(robot, "#sweep-param2-name", "scheduler");
    type(robot, "#sweep-param2-values", "estimation");
    robot.interact(() -> ui.bench.sweep.metricProperty().set("meanJobCompletionS"));
    robot.clickOn("#sweep-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.sweep.problemProperty().get()).contains("damping=7");
    assertThat(ui.bench.sweep.resultProperty().get()).isNull();

    type(robot, "#sweep-param1-values", "0.1,0.3");
    robot.interact(() -> ui.bench.sweep.seedsProperty().set(2));
    robot.clickOn("#sweep-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.sweep.problemProperty().get()).isEmpty();
    TableView<?> table = robot.lookup("#sweep-table").queryAs(TableView.class);
    assertThat(table.getItems()).hasSize(2);
    assertThat(table.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("damping", "scheduler", "meanJobCompletionS (mean)", "min", "max", "sd");
    assertThat(ui.bench.sweep.resultProperty().get().rows()).hasSize(4);
  }

  @Test
  void aRunningSweepCanBeCancelledAndLeavesNoResult(FxRobot robot) throws Exception {
    ManualTaskExecutor executor = new ManualTaskExecutor();
    UiHarness ui = harness(robot, executor);
    Scenario s = ScenarioIO.read(SampleScenarios.sample("fig5b-workflow.json"));
    robot.interact(() -> ui.ws.load(s, null, false));
    robot.clickOn("#tab-sweep");
    robot.clickOn("#sweep-run");
    assertThat(ui.bench.sweep.runningProperty().get()).isTrue();
    robot.clickOn("#sweep-cancel");
    while (executor.pending() > 0) robot.interact(executor::runNext);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.sweep.runningProperty().get()).isFalse();
    assertThat(ui.bench.sweep.resultProperty().get()).isNull();
  }
}
