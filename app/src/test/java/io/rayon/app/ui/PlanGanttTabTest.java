package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.Selection;
import io.rayon.model.plan.Decision;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.plan.PlanGanttView;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Plan tab's Gantt lanes follow the skyline's plan, time range and the workspace selection. */
@ExtendWith(ApplicationExtension.class)
class PlanGanttTabTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void ganttLanesShareThePlanTheTimeRangeAndTheSelection(FxRobot robot) {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = h.get();
    SessionBugsTest.open(robot, ui, "fig9-pipeline.json");
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#plan-gantt-toggle");
    WaitForAsyncUtils.waitForFxEvents();
    PlanGanttView gantt = robot.lookup("#plan-gantt").queryAs(PlanGanttView.class);
    assertThat(gantt.isVisible()).isTrue();
    long accepted =
        ui.bench.plan.getState().decisions().values().stream().filter(Decision::accepted).count();
    assertThat(accepted).isPositive();
    assertThat(gantt.getPlan().allocations()).hasSize((int) accepted);
    AtomicReference<String> svg = new AtomicReference<>();
    robot.interact(() -> svg.set(ChartExport.svg(gantt, 800, 400)));
    assertThat(svg.get()).contains("queue ");

    robot.interact(() -> ui.bench.planTab.skyline().showRange(5, 25));
    assertThat(gantt.visibleStartProperty().get())
        .isEqualTo(ui.bench.planTab.skyline().getVisibleStart());
    assertThat(gantt.visibleEndProperty().get())
        .isEqualTo(ui.bench.planTab.skyline().getVisibleEnd());

    String id = gantt.getPlan().allocations().get(0).reservationId();
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation(id)));
    assertThat(gantt.selectedReservationProperty().get()).isEqualTo(id);
  }
}
