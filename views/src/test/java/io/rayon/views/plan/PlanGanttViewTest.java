package io.rayon.views.plan;

import static io.rayon.views.plan.Plans.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import io.rayon.views.chart.ChartExport;
import java.util.Map;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class PlanGanttViewTest {
  private PlanGanttView view;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    view = new PlanGanttView();
    view.setPlan(
        aPlan()
            .capacity(0, 80 * 1024, 40)
            .reservation("b-late", 30, 70, 2)
            .reservation("a-early", 10, 40, 4)
            .reservation("c-mid", 20, 50, 1)
            .horizon(100)
            .build());
    view.showAll();
    stage.setScene(new Scene(view, 800, 300));
    stage.show();
  }

  @Test
  void lanesAreGroupedThenOrderedByStart() {
    Map<String, String> queue = Map.of("a-early", "etl", "b-late", "adhoc", "c-mid", "etl");
    assertThat(
            FxTesting.call(() -> view.rows()).stream()
                .map(r -> r.reservation() == null ? "#" : r.reservation().reservationId()))
        .containsExactly("a-early", "c-mid", "b-late");
    FxTesting.run(() -> view.groupFunctionProperty().set(queue::get));
    assertThat(
            FxTesting.call(() -> view.rows()).stream()
                .map(
                    r ->
                        r.reservation() == null
                            ? "#" + r.group()
                            : r.reservation().reservationId()))
        .containsExactly("#adhoc", "b-late", "#etl", "a-early", "c-mid");
    String svg = FxTesting.call(() -> ChartExport.svg(view, 800, 300));
    assertThat(svg).contains("adhoc").contains("etl").contains("a-early");
  }

  @Test
  void clickingALaneSelectsItsReservationAndTheCardNamesIt(FxRobot robot) {
    FxTesting.run(() -> view.groupFunctionProperty().set(null));
    Canvas c = robot.lookup("#plan-gantt-canvas").queryAs(Canvas.class);
    double lane = FxTesting.call(() -> view.laneHeight(c.getHeight()));
    // second lane: c-mid (starts at 20), over its allocation
    double x = FxTesting.call(() -> view.xOf(30, c.getWidth()));
    robot.clickOn(c.localToScreen(x, PlanGanttView.TOP + 1.5 * lane));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(view.selectedReservationProperty().get()).isEqualTo("c-mid");
    robot.moveTo(c.localToScreen(x, PlanGanttView.TOP + 0.5 * lane));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#plan-gantt-hover-card").queryLabeled().getText())
        .startsWith("a-early")
        .contains("peak 4 bundles");
  }

  @Test
  void aBadgeIsDrawnAfterItsBarAndNamedInTheCard() {
    FxTesting.run(() -> view.groupFunctionProperty().set(null));
    String plain = FxTesting.call(() -> ChartExport.svg(view, 800, 300));
    assertThat(plain).doesNotContain(">moved<");
    FxTesting.run(
        () -> view.badgeFunctionProperty().set(id -> id.equals("c-mid") ? "moved" : null));
    String svg = FxTesting.call(() -> ChartExport.svg(view, 800, 300));
    assertThat(svg).contains(">moved<");
    assertThat(FxTesting.call(() -> view.badgeOf("c-mid"))).isEqualTo("moved");
    assertThat(FxTesting.call(() -> view.badgeOf("a-early"))).isNull();
    assertThat(FxTesting.call(() -> view.describe("c-mid"))).endsWith("; moved");
    assertThat(FxTesting.call(() -> view.describe("a-early"))).doesNotContain("moved");
    FxTesting.run(() -> view.badgeFunctionProperty().set(null));
  }

  @Test
  void theTimeRangeMovesTheBars() {
    double before = FxTesting.call(() -> view.xOf(40, 800));
    FxTesting.run(
        () -> {
          view.visibleStartProperty().set(20);
          view.visibleEndProperty().set(60);
        });
    double after = FxTesting.call(() -> view.xOf(40, 800));
    assertThat(after).isGreaterThan(before);
    assertThat(FxTesting.call(() -> view.xOf(20, 800))).isEqualTo(PlanGanttView.LABELS);
  }
}
