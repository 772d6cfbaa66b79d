package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.task.DefaultTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.testing.UncaughtExceptions;
import io.rayon.app.workspace.Selection;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.testsupport.SampleScenarios;
import io.rayon.views.heatmap.NodeHeatmap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A working session through the real controls and the real background executor: every sample
 * scenario in turn (as shipped in sample-clusters/) is opened from the File menu, planned,
 * simulated, compared, edited and undone, then the next one is opened; a planning run is cancelled
 * on the way, and the session ends by switching back to the first sample while the last one is
 * being simulated. No exception may reach any thread (an uncaught-exception handler on the JavaFX
 * thread and a default one for all others collect them).
 */
@ExtendWith(ApplicationExtension.class)
class LongSessionTest {
  static final long WAIT_S = 180;
  UiHarness ui;
  DefaultTaskExecutor executor = new DefaultTaskExecutor(1);
  UncaughtExceptions uncaught;

  @Start
  void start(Stage stage) {
    uncaught = UncaughtExceptions.install();
    ui = new UiHarness(stage, executor);
  }

  @AfterEach
  void stop() {
    executor.shutdown();
    uncaught.close();
  }

  @Test
  void everySampleOpenedPlannedSimulatedComparedEditedAndUndoneWithoutAnException(FxRobot robot)
      throws Exception {
    // every sample as shipped, the default swim-256 (295 reservations, 5,894 jobs on 256 nodes)
    // included
    List<Path> samples;
    try (Stream<Path> files = Files.list(SampleScenarios.repoRoot().resolve("sample-clusters"))) {
      samples =
          files
              .filter(
                  p ->
                      p.getFileName().toString().endsWith(".json")
                          && !p.getFileName().toString().startsWith("federation-")
                          && !p.getFileName().toString().startsWith("rush-"))
              .sorted()
              .toList();
    }
    assertThat(samples)
        .extracting(p -> p.getFileName().toString())
        .contains("fig9-pipeline.json", "fig5b-workflow.json", "swim-256.json");
    for (Path sample : samples) {
      open(robot, sample);
      plan(robot);
      cancelAPlanningRun(robot);
      simulate(robot);
      compare(robot);
      editAndUndo(robot);
      noExceptionSoFar("after " + sample.getFileName());
    }
    // switch back to the first scenario while the last one is being simulated: the run is dropped,
    // nothing of the last scenario stays, and undo has nothing to undo
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
    robot.clickOn("#sim-run");
    open(robot, samples.get(0));
    await(() -> ui.executor.runningTasks().isEmpty());
    robot
        .clickOn("#explorer-tree")
        .press(KeyCode.CONTROL, KeyCode.Z)
        .release(KeyCode.Z, KeyCode.CONTROL);
    assertThat(ui.ws.isDirty()).isFalse();
    assertThat(ui.bench.plan.getState()).isNull();
    assertThat(ui.bench.simulation.resultProperty().get()).isNull();
    assertThat(ui.bench.compare.rows()).isEmpty();
    assertThat(ui.bench.compare.policyTextProperty().get())
        .isEqualTo(ui.ws.getScenario().sharingPolicy().toString());
    robot.clickOn("#tab-simulation");
    NodeHeatmap heatmap = robot.lookup("#sim-heatmap").queryAs(NodeHeatmap.class);
    assertThat(heatmap.getNodes().names()).isEmpty();
    robot.interact(() -> heatmap.snapshot(null, null));
    assertThat(ui.dialogs.errors).isEmpty();
    noExceptionSoFar("at the end of the session");
  }

  void open(FxRobot robot, Path file) throws Exception {
    ui.dialogs.saveAnswers.add(DialogService.SaveChoice.DISCARD);
    ui.dialogs.files.add(file);
    robot.clickOn("File").clickOn("Open…");
    await(() -> file.toAbsolutePath().equals(ui.ws.getFile()));
    assertThat(ui.ws.isDirty()).isFalse();
  }

  void plan(FxRobot robot) throws Exception {
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
    robot.interact(() -> ui.bench.plan.plannerProperty().set("gree"));
    robot.clickOn("#replan-all");
    await(() -> !ui.bench.plan.runningProperty().get() && ui.bench.plan.getState() != null);
    var st = ui.bench.plan.getState();
    assertThat(st.decisions()).hasSize(ui.ws.getScenario().reservations().size());
    assertThat(PlanValidator.validate(st.plan(), st.policy())).isEmpty();
  }

  /** Cancel right after starting: whether it stopped or had finished, a plan stays and is valid. */
  void cancelAPlanningRun(FxRobot robot) throws Exception {
    robot.clickOn("#replan-all");
    Button cancel = robot.lookup("#cancel-planning").queryAs(Button.class);
    if (!cancel.isDisabled()) robot.clickOn(cancel);
    await(() -> !ui.bench.plan.runningProperty().get());
    var st = ui.bench.plan.getState();
    assertThat(st).isNotNull();
    assertThat(PlanValidator.validate(st.plan(), st.policy())).isEmpty();
  }

  void simulate(FxRobot robot) throws Exception {
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
    robot.clickOn("#sim-run");
    await(
        () ->
            !ui.bench.simulation.runningProperty().get()
                && ui.bench.simulation.resultProperty().get() != null);
    NodeHeatmap heatmap = robot.lookup("#sim-heatmap").queryAs(NodeHeatmap.class);
    assertThat(heatmap.getNodes().names()).hasSize(ui.ws.getScenario().cluster().nodeCount());
    // Simulation → Next frame (Ctrl+Right) shows the next frame on the heatmap
    int frames = ui.bench.simulation.resultProperty().get().frames().size();
    robot.press(KeyCode.CONTROL, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.simulation.frameProperty().get()).isEqualTo(Math.min(1, frames - 1));
    robot.interact(() -> heatmap.snapshot(null, null));
  }

  void compare(FxRobot robot) throws Exception {
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT3).release(KeyCode.DIGIT3, KeyCode.CONTROL);
    assertThat(robot.lookup("#compare-policy").queryAs(TextField.class).getText())
        .isEqualTo(ui.ws.getScenario().sharingPolicy().toString());
    robot.clickOn("#compare-run");
    await(() -> !ui.bench.compare.runningProperty().get() && !ui.bench.compare.rows().isEmpty());
    assertThat(ui.bench.compare.problemProperty().get()).isEmpty();
  }

  /** Renames the first reservation in the inspector, then Edit → Undo from the explorer. */
  void editAndUndo(FxRobot robot) throws Exception {
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
    ReservationRequest r = ui.ws.getScenario().reservations().get(0);
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation(r.id())));
    TextField name = robot.lookup("#props-name").queryAs(TextField.class);
    robot.clickOn(name).press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
    robot.write("renamed in session").type(KeyCode.ENTER);
    assertThat(ui.ws.reservation(r.id()).orElseThrow().name()).isEqualTo("renamed in session");
    robot
        .clickOn("#explorer-tree")
        .press(KeyCode.CONTROL, KeyCode.Z)
        .release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.ws.reservation(r.id()).orElseThrow()).isEqualTo(r);
  }

  void await(BooleanSupplier condition) throws Exception {
    WaitForAsyncUtils.waitFor(WAIT_S, TimeUnit.SECONDS, condition::getAsBoolean);
    WaitForAsyncUtils.waitForFxEvents();
  }

  void noExceptionSoFar(String when) {
    assertThat(uncaught.thrown()).as("uncaught exceptions " + when).isEmpty();
  }
}
