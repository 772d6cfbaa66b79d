package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.testing.UncaughtExceptions;
import io.rayon.app.workspace.Selection;
import io.rayon.model.plan.Decision;
import io.rayon.testsupport.SampleScenarios;
import io.rayon.views.chart.SeriesChart;
import io.rayon.views.heatmap.NodeHeatmap;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Bugs a working session ran into: each test opens real sample scenarios through the menus. */
@ExtendWith(ApplicationExtension.class)
class SessionBugsTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  UiHarness harness(FxRobot robot, TaskExecutor executor) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(() -> ui.set(new UiHarness(stage, executor)));
    return ui.get();
  }

  static void open(FxRobot robot, UiHarness ui, String sample) {
    ui.dialogs.saveAnswers.add(DialogService.SaveChoice.DISCARD);
    ui.dialogs.files.add(SampleScenarios.sample(sample));
    robot.clickOn("File").clickOn("Open…");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.ws.getFile()).isEqualTo(SampleScenarios.sample(sample).toAbsolutePath());
  }

  @Test
  void openingAnotherScenarioAfterASimulationShowsOnlyTheNewOneWithoutAnException(FxRobot robot) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    try (UncaughtExceptions uncaught = UncaughtExceptions.install()) {
      open(robot, ui, "fig9-pipeline.json");
      robot.clickOn("#tab-simulation");
      robot.clickOn("#sim-run");
      assertThat(ui.bench.simulation.resultProperty().get()).isNotNull();
      NodeHeatmap heatmap = robot.lookup("#sim-heatmap").queryAs(NodeHeatmap.class);
      SeriesChart series = robot.lookup("#sim-series").queryAs(SeriesChart.class);
      assertThat(heatmap.getNodes().names()).isNotEmpty();
      assertThat(series.getSeries()).isNotEmpty();

      open(robot, ui, "fig5b-workflow.json");
      // draw the heatmap now (the layout pass would do it at the next pulse)
      robot.interact(() -> heatmap.snapshot(null, null));
      assertThat(uncaught.thrown()).isEmpty();
      assertThat(heatmap.getNodes().names())
          .as("no node of the previous scenario stays on screen")
          .isEmpty();
      assertThat(series.getSeries()).isEmpty();
      assertThat(robot.lookup("#sim-summary").queryAs(Label.class).getText())
          .startsWith("No simulation yet");

      robot.clickOn("#sim-run");
      assertThat(heatmap.getNodes().names()).hasSize(ui.ws.getScenario().cluster().nodeCount());
      robot.interact(() -> heatmap.snapshot(null, null));
      assertThat(uncaught.thrown()).isEmpty();
    }
  }

  @Test
  void cancellingAPlanningRunKeepsThePreviousPlan(FxRobot robot) {
    ManualTaskExecutor executor = new ManualTaskExecutor();
    UiHarness ui = harness(robot, executor);
    ui.dialogs.files.add(SampleScenarios.sample("fig5b-workflow.json"));
    robot.clickOn("File").clickOn("Open…");
    robot.interact(executor::runNext);
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    robot.interact(executor::runNext);
    var good = ui.bench.plan.getState();
    assertThat(good.decisions().values()).anyMatch(Decision::accepted);
    String goodSummary = ui.bench.plan.summaryProperty().get();

    robot.clickOn("#replan-all");
    assertThat(ui.bench.plan.runningProperty().get()).isTrue();
    robot.clickOn("#cancel-planning");
    robot.interact(executor::runNext);
    assertThat(ui.bench.plan.runningProperty().get()).isFalse();
    assertThat(ui.bench.plan.getState()).as("the plan before the cancelled run").isSameAs(good);
    assertThat(ui.bench.plan.rejected()).isEmpty();
    assertThat(ui.bench.plan.summaryProperty().get())
        .contains("cancelled")
        .contains("previous plan is kept");
    assertThat(ui.bench.plan.summaryProperty().get()).isNotEqualTo(goodSummary);
  }

  @Test
  void cancellingTheFirstRunBeforeAnyPlacementLeavesNoEmptyPlan(FxRobot robot) {
    ManualTaskExecutor executor = new ManualTaskExecutor();
    UiHarness ui = harness(robot, executor);
    ui.dialogs.files.add(SampleScenarios.sample("fig5b-workflow.json"));
    robot.clickOn("File").clickOn("Open…");
    robot.interact(executor::runNext);
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    robot.clickOn("#cancel-planning");
    robot.interact(executor::runNext);
    assertThat(ui.bench.plan.getState()).isNull();
    assertThat(ui.bench.plan.rejected()).isEmpty();
    assertThat(ui.bench.plan.summaryProperty().get()).contains("cancelled");
  }

  @Test
  void showingAnotherTabWithTheShortcutDoesNotPutTheFocusInTheNameField(FxRobot robot) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    open(robot, ui, "fig9-pipeline.json");
    String id = ui.ws.getScenario().reservations().get(0).id();
    String name = ui.ws.getScenario().reservations().get(0).name();
    for (KeyCode digit : new KeyCode[] {KeyCode.DIGIT2, KeyCode.DIGIT4}) {
      robot.interact(() -> ui.window.selectTab("reservations"));
      robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation(id)));
      Button inTab = robot.lookup("#place-reservation").queryAs(Button.class);
      robot.interact(inTab::requestFocus);
      assertThat(inTab.isFocused()).isTrue();
      robot.press(KeyCode.CONTROL, digit).release(digit, KeyCode.CONTROL);
      WaitForAsyncUtils.waitForFxEvents();
      Node owner = stage.getScene().getFocusOwner();
      assertThat(owner)
          .as("focus after Ctrl+" + digit.getName())
          .isNotInstanceOf(TextInputControl.class);
      robot.write("x");
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(ui.ws.reservation(id).orElseThrow().name()).isEqualTo(name);
      assertThat(robot.lookup("#props-name").queryAs(TextField.class).getText()).isEqualTo(name);
    }
  }

  @Test
  void theCompareTabShowsThePolicyOfTheScenarioJustOpened(FxRobot robot) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    open(robot, ui, "fig5b-workflow.json");
    robot.clickOn("#tab-compare");
    TextField policy = robot.lookup("#compare-policy").queryAs(TextField.class);
    assertThat(policy.getText())
        .isEqualTo(ui.ws.getScenario().sharingPolicy().toString())
        .isNotEqualTo("none");
    open(robot, ui, "fig9-pipeline.json");
    assertThat(policy.getText()).isEqualTo("none");
    open(robot, ui, "fig5b-workflow.json");
    assertThat(policy.getText()).isEqualTo(ui.ws.getScenario().sharingPolicy().toString());
  }

  @Test
  void savingUnderAnotherNameKeepsThePlanTheSimulationAndTheComparison(
      FxRobot robot, @TempDir Path dir) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    open(robot, ui, "fig5b-workflow.json");
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    robot.clickOn("#tab-compare");
    robot.clickOn("#compare-run");
    robot.clickOn("#tab-simulation");
    robot.clickOn("#sim-run");
    var plan = ui.bench.plan.getState();
    var simulation = ui.bench.simulation.resultProperty().get();
    assertThat(plan).isNotNull();
    assertThat(simulation).isNotNull();
    assertThat(ui.bench.compare.rows()).isNotEmpty();

    Path copy = dir.resolve("copy.json");
    ui.dialogs.files.add(copy);
    robot.clickOn("File").clickOn("Save As…");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.ws.getFile()).isEqualTo(copy.toAbsolutePath());
    assertThat(ui.bench.plan.getState()).isSameAs(plan);
    assertThat(ui.bench.simulation.resultProperty().get()).isSameAs(simulation);
    assertThat(ui.bench.compare.rows()).isNotEmpty();
  }
}
