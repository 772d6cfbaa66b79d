package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import io.rayon.testsupport.SampleScenarios;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Finished runs are notified with their outcome; runs ended by opening another document are not.
 */
@ExtendWith(ApplicationExtension.class)
class RunNoticesTest {
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

  @Test
  void aFinishedPlanningRunAndAFinishedSimulationAreNotifiedWithTheirSummaries(FxRobot robot) {
    UiHarness ui = harness(robot, new CurrentThreadTaskExecutor());
    SessionBugsTest.open(robot, ui, "fig5b-workflow.json");
    ui.dialogs.notices.clear();
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.dialogs.notices)
        .singleElement()
        .isEqualTo("INFORMATION Planning finished: " + ui.bench.plan.summaryProperty().get());
    assertThat(ui.bench.plan.summaryProperty().get()).contains("accepted");

    robot.clickOn("#tab-simulation");
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.dialogs.notices)
        .hasSize(2)
        .last()
        .isEqualTo(
            "INFORMATION Simulation finished: " + ui.bench.simulation.summaryProperty().get());
  }

  @Test
  void aRunEndedByOpeningAnotherDocumentSaysNothing(FxRobot robot) throws Exception {
    ManualTaskExecutor executor = new ManualTaskExecutor();
    UiHarness ui = harness(robot, executor);
    robot.interact(() -> ui.ws.load(Fixtures.smallScenario(), null, false));
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    assertThat(ui.bench.plan.runningProperty().get()).isTrue();
    Scenario other = ScenarioIO.read(SampleScenarios.sample("fig9-pipeline.json"));
    robot.interact(() -> ui.ws.load(other, null, false));
    while (executor.pending() > 0) robot.interact(executor::runNext);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.plan.runningProperty().get()).isFalse();
    assertThat(ui.dialogs.notices).isEmpty();
  }
}
