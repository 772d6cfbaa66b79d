package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.sim.SimulationResult;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * One time cursor: playing a simulation back moves the Plan tab's cursor (skyline and Gantt lanes)
 * to the same time.
 */
@ExtendWith(ApplicationExtension.class)
class PlaybackCursorTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void simulationPlaybackMovesThePlanCursor(FxRobot robot) {
    AtomicReference<UiHarness> ref = new AtomicReference<>();
    robot.interact(() -> ref.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = ref.get();
    SessionBugsTest.open(robot, ui, "fig9-pipeline.json");
    assertThat(ui.bench.planTab.skyline().cursorStepProperty().get()).isEqualTo(-1);
    robot.clickOn("#tab-simulation");
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    SimulationResult r = ui.bench.simulation.resultProperty().get();
    assertThat(r).isNotNull();
    assertThat(r.frames().size()).isGreaterThan(2);
    long stepSeconds = ui.ws.getScenario().stepSeconds();
    int f = r.frames().size() / 2;
    robot.interact(() -> ui.bench.simulation.frameProperty().set(f));
    long expected = (long) Math.floor(r.frames().get(f).timeS() / stepSeconds);
    assertThat(expected).isPositive();
    assertThat(ui.bench.planTab.skyline().cursorStepProperty().get()).isEqualTo(expected);
    assertThat(ui.bench.planTab.gantt().cursorStepProperty().get()).isEqualTo(expected);
    // a new document has no run: no cursor
    SessionBugsTest.open(robot, ui, "fig5b-workflow.json");
    assertThat(ui.bench.planTab.skyline().cursorStepProperty().get()).isEqualTo(-1);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aRayonRunDrawsWhatTheReservationsActuallyGotOverThePlan(FxRobot robot) {
    AtomicReference<UiHarness> ref = new AtomicReference<>();
    robot.interact(() -> ref.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = ref.get();
    SessionBugsTest.open(robot, ui, "fig9-pipeline.json");
    robot.clickOn("#tab-simulation");
    robot.interact(() -> robot.lookup("#sim-scheduler").queryAs(ComboBox.class).setValue("rayon"));
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    SimulationResult r = ui.bench.simulation.resultProperty().get();
    assertThat(ui.bench.simulation.problemProperty().get()).isEmpty();
    assertThat(r.report().samples()).isNotEmpty();
    var overlay = ui.bench.planTab.skyline().getOverlay();
    assertThat(overlay).isNotNull();
    assertThat(overlay.steps()).isSorted().doesNotHaveDuplicates();
    long total = overlay.values().stream().mapToLong(v -> v.vcores()).sum();
    long expected = r.report().samples().stream().mapToLong(a -> a.used().vcores()).sum();
    assertThat(total).isEqualTo(expected);
    // a run of a scheduler that follows no plan draws nothing over the plan
    robot.interact(
        () -> robot.lookup("#sim-scheduler").queryAs(ComboBox.class).setValue("reservation"));
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.planTab.skyline().getOverlay()).isNull();
  }
}
