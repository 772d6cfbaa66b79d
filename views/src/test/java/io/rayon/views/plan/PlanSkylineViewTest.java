package io.rayon.views.plan;

import static io.rayon.views.plan.Plans.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.views.FxTesting;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.draw.Colors;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.assertj.core.data.Offset;
import org.controlsfx.control.RangeSlider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class PlanSkylineViewTest {
  private PlanSkylineView view;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    // capacity 80 GB; r1 holds 4 x 8 GB over [10, 40), r2 2 x 8 GB over [30, 70)
    view =
        new PlanSkylineView(
            aPlan()
                .capacity(0, 80 * 1024, 40)
                .reservation("r1", 10, 40, 4)
                .reservation("r2", 30, 70, 2)
                .rejected("r3", "not enough memory in [0, 100) for 0")
                .horizon(100)
                .build());
    stage.setScene(new Scene(view, 800, 400));
    stage.show();
  }

  private Canvas canvas(FxRobot robot) {
    return robot.lookup("#plan-canvas").queryAs(Canvas.class);
  }

  /** Screen point of (step, level in MB) on the canvas. */
  private Point2D at(FxRobot robot, double step, double levelMB) {
    Canvas c = canvas(robot);
    PlanSkylineView.Geometry g = FxTesting.call(() -> view.geometry(c.getWidth(), c.getHeight()));
    return c.localToScreen(g.xOf(step), g.yOf(levelMB));
  }

  @Test
  void hoveringAnAllocationShowsItsCard(FxRobot robot) {
    robot.moveTo(at(robot, 20, 2 * 8192));
    WaitForAsyncUtils.waitForFxEvents();
    Label card = robot.lookup("#plan-hover-card").queryAs(Label.class);
    assertThat(card.isVisible()).isTrue();
    assertThat(card.getText())
        .contains("Reservation r1")
        .contains("4 x <8192,4>")
        .contains("<32768,16>");
    assertThat(view.hoveredReservationProperty().get()).isEqualTo("r1");
  }

  @Test
  void clickingAnAllocationSelectsItsReservationAndClickingEmptySpaceClearsIt(FxRobot robot) {
    robot.clickOn(at(robot, 50, 8192), MouseButton.PRIMARY);
    assertThat(view.getSelectedReservation()).isEqualTo("r2");
    robot.clickOn(at(robot, 90, 8192), MouseButton.PRIMARY);
    assertThat(view.getSelectedReservation()).isNull();
  }

  @Test
  void scrollingZoomsAroundThePointerAndScrollingBackRestoresTheRange(FxRobot robot) {
    FxTesting.run(() -> view.showRange(20, 80));
    robot.moveTo(at(robot, 50, 8192));
    robot.scroll(3, VerticalDirection.DOWN);
    WaitForAsyncUtils.waitForFxEvents();
    double span = view.getVisibleEnd() - view.getVisibleStart();
    assertThat(span).isNotCloseTo(60, Offset.offset(1.0));
    // the step under the pointer stays under the pointer
    assertThat((50 - view.getVisibleStart()) / span).isCloseTo(0.5, Offset.offset(0.02));
    robot.scroll(3, VerticalDirection.UP);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(view.getVisibleStart()).isCloseTo(20, Offset.offset(0.5));
    assertThat(view.getVisibleEnd()).isCloseTo(80, Offset.offset(0.5));
  }

  @Test
  void theTimeWindowIsAControlsFxRangeSliderThatFollowsAndMovesTheView(FxRobot robot) {
    RangeSlider window = robot.lookup("#plan-window").queryAs(RangeSlider.class);
    assertThat(window.getMax()).isEqualTo(100);
    assertThat(window.getLowValue()).isZero();
    assertThat(window.getHighValue()).isEqualTo(100);
    FxTesting.run(() -> view.showRange(20, 60));
    assertThat(window.getLowValue()).isEqualTo(20);
    assertThat(window.getHighValue()).isEqualTo(60);

    Node high = window.lookup(".high-thumb");
    robot
        .drag(high, MouseButton.PRIMARY)
        .moveBy(-window.getWidth() / 5, 0)
        .release(MouseButton.PRIMARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(view.getVisibleStart()).isEqualTo(20);
    assertThat(view.getVisibleEnd()).isLessThan(60).isGreaterThan(20);
    assertThat(window.getHighValue()).isEqualTo(view.getVisibleEnd());

    Node bar = window.lookup(".range-bar");
    double span = view.getVisibleEnd() - view.getVisibleStart();
    robot
        .drag(bar, MouseButton.PRIMARY)
        .moveBy(window.getWidth() / 4, 0)
        .release(MouseButton.PRIMARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(view.getVisibleStart()).isGreaterThan(20);
    assertThat(view.getVisibleEnd() - view.getVisibleStart()).isCloseTo(span, Offset.offset(1e-6));
  }

  @Test
  void draggingPansTheTimeAxis(FxRobot robot) {
    FxTesting.run(() -> view.showRange(20, 60));
    robot
        .drag(at(robot, 40, 45 * 1024), MouseButton.PRIMARY)
        .moveBy(-200, 0)
        .release(MouseButton.PRIMARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(view.getVisibleStart()).isGreaterThan(20);
    assertThat(view.getVisibleEnd() - view.getVisibleStart()).isCloseTo(40, Offset.offset(1e-6));
  }

  @Test
  void allocationsAreDrawnInTheirReservationColourAndTheSelectedOneInTheSelectionColour(
      FxRobot robot) {
    Color r1 = Colors.categorical("r1");
    assertThat(pixel(robot, 20, 2 * 8192)).satisfies(c -> assertClose(c, r1));
    FxTesting.run(() -> view.setSelectedReservation("r1"));
    assertThat(pixel(robot, 20, 2 * 8192)).satisfies(c -> assertClose(c, Color.rgb(17, 17, 17)));
    // above the stack (4 x 8 GB at step 20; the value axis ends just above the 48 GB peak):
    // background
    assertThat(pixel(robot, 20, 45 * 1024)).satisfies(c -> assertClose(c, Color.WHITE));
  }

  @Test
  void aGhostIsDrawnOnTopOfTheStack(FxRobot robot) {
    ReservationAllocation g =
        new ReservationAllocation(
            "new", List.of(new AtomAllocation("0", Plans.BUNDLE, List.of(new Step(80, 90, 3)))));
    Color before = pixel(robot, 85, 8192);
    FxTesting.run(() -> view.setGhost(g));
    Color after = pixel(robot, 85, 8192);
    assertClose(before, Color.WHITE);
    assertThat(after.getBlue()).isGreaterThan(after.getGreen());
    assertThat(after.getRed() + after.getGreen() + after.getBlue()).isLessThan(2.8);
  }

  @Test
  void rejectedReservationsAreListedWithTheirReasons(FxRobot robot) {
    ListView<?> list = robot.lookup("#plan-rejected-list").queryAs(ListView.class);
    assertThat(list.getItems()).hasSize(1);
    assertThat(
            robot.lookup(".list-cell").queryAll().stream()
                .filter(n -> n instanceof ListCell<?> c && c.getText() != null)
                .map(n -> ((ListCell<?>) n).getText()))
        .anySatisfy(
            t -> assertThat(t).contains("r3").contains("CAPACITY").contains("not enough memory"));
    robot.clickOn("r3 — CAPACITY at 0: not enough memory in [0, 100) for 0");
    assertThat(view.getSelectedReservation()).isEqualTo("r3");
  }

  private Color pixel(FxRobot robot, double step, double level) {
    Canvas c = canvas(robot);
    return FxTesting.call(
        () -> {
          PlanSkylineView.Geometry g = view.geometry(c.getWidth(), c.getHeight());
          WritableImage img = c.snapshot(null, null);
          return img.getPixelReader().getColor((int) g.xOf(step), (int) g.yOf(level));
        });
  }

  @Test
  void theValueAxisFitsTheAllocationsByDefaultAndTheCapacityScaleAndYZoomChangeIt(FxRobot robot) {
    Canvas c = canvas(robot);
    // peak allocation 6 x 8 GB = 48 GB over [30, 40); capacity 80 GB
    double peak = 6 * 8192;
    double capacity = 80 * 1024;
    double plotTop = FxTesting.call(() -> view.geometry(c.getWidth(), c.getHeight()).y0());
    double peakY = FxTesting.call(() -> view.geometry(c.getWidth(), c.getHeight()).yOf(peak));
    assertThat(peakY - plotTop)
        .as("the peak reaches near the top")
        .isLessThan(0.06 * (c.getHeight() - plotTop));
    String svg = FxTesting.call(() -> ChartExport.svg(view, 800, 400));
    assertThat(svg).contains("capacity").contains("above");

    robot.clickOn("#plan-values").clickOn("Capacity scale");
    double capY = FxTesting.call(() -> view.geometry(c.getWidth(), c.getHeight()).yOf(capacity));
    assertThat(view.valueScaleProperty().get()).isEqualTo(PlanSkylineView.ValueScale.CAPACITY);
    assertThat(capY).isGreaterThanOrEqualTo(plotTop);
    assertThat(FxTesting.call(() -> ChartExport.svg(view, 800, 400))).doesNotContain(" above");

    robot.clickOn("#plan-values").clickOn("Magnify (Y+)");
    assertThat(view.valueZoomProperty().get()).isEqualTo(2.0);
    double zoomedCapY =
        FxTesting.call(() -> view.geometry(c.getWidth(), c.getHeight()).yOf(capacity / 2));
    assertThat(Math.abs(zoomedCapY - capY))
        .as("half the capacity is where the capacity was")
        .isLessThan(1.0);

    robot.clickOn("#plan-fit");
    assertThat(view.valueScaleProperty().get()).isEqualTo(PlanSkylineView.ValueScale.DATA);
    assertThat(view.valueZoomProperty().get()).isEqualTo(1.0);
    robot.clickOn("#plan-values");
    assertThat(robot.lookup("Capacity scale").tryQuery()).isPresent();
    robot.push(KeyCode.ESCAPE);
  }

  private static void assertClose(Color actual, Color expected) {
    double d =
        Math.abs(actual.getRed() - expected.getRed())
            + Math.abs(actual.getGreen() - expected.getGreen())
            + Math.abs(actual.getBlue() - expected.getBlue());
    assertThat(d).as("colour %s close to %s", actual, expected).isLessThan(0.06);
  }
}
