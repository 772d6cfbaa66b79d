package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import io.rayon.views.plan.PlanSkylineView;
import io.rayon.views.rdl.RdlBuilder;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Composing a reservation in the real Reservations tab, placing it and finding it on the plan. */
@ExtendWith(ApplicationExtension.class)
class ReservationWorkflowTest {
  UiHarness ui;
  RdlBuilder builder;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    ui.ws.load(Fixtures.smallScenario(), null, false);
    builder = ui.bench.reservationsTab.builder();
    builder.setSystemDragAndDrop(false);
  }

  private Node header(FxRobot robot, String path) {
    Node b = robot.lookup("#block-" + (path.isEmpty() ? "root" : path.replace('.', '-'))).query();
    return b.lookup(".rdl-block-header");
  }

  private void drag(FxRobot robot, String kind, String target) {
    robot.drag("#palette-" + kind).dropTo(target);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private String addEmptyReservation(FxRobot robot) {
    robot.clickOn("#add-reservation");
    String id = ui.ws.selectedReservation().orElseThrow().id();
    robot.clickOn(header(robot, ""));
    robot.type(KeyCode.DELETE);
    assertThat(builder.getRoot()).isNull();
    return id;
  }

  @Test
  void atomDraggedIntoAnOrderInsideAWindowIsPlacedAndFoundOnThePlan(FxRobot robot) {
    String id = addEmptyReservation(robot);
    drag(robot, "window", "#rdl-canvas");
    drag(robot, "order", "#slot-root-0");
    drag(robot, "atom", "#slot-0-0");

    robot.clickOn(header(robot, "0.0"));
    robot.doubleClickOn("#inspector-memory").write("2048");
    robot.doubleClickOn("#inspector-vcores").write("2");
    robot.doubleClickOn("#inspector-gang").write("2");
    robot.doubleClickOn("#inspector-parallelism").write("4");
    robot.doubleClickOn("#inspector-lease").write("3");
    robot.doubleClickOn("#inspector-work").write("24");
    robot.clickOn("#inspector-apply");
    robot.clickOn(header(robot, ""));
    robot.doubleClickOn("#inspector-start").write("5");
    robot.doubleClickOn("#inspector-finish").write("30");
    robot.clickOn("#inspector-apply");
    WaitForAsyncUtils.waitForFxEvents();

    Rdl expected = Rdl.window(Rdl.order(Rdl.atom(Resources.of(2048, 2), 2, 4, 3, 24)), 5, 30);
    assertThat(ui.ws.reservation(id).orElseThrow().rdl()).isEqualTo(expected);
    assertThat(robot.lookup("#feasibility").queryAs(Label.class).getText())
        .contains("would accept");
    assertThat(ui.bench.reservationsTab.ghostView().ghostProperty().get()).isNotNull();

    robot.clickOn("#place-reservation");
    ReservationAllocation a = ui.bench.plan.getState().plan().allocationOf(id);
    assertThat(a).isNotNull();
    assertThat(a.start()).isGreaterThanOrEqualTo(5);
    assertThat(a.end()).isLessThanOrEqualTo(30);
    assertThat(a.work()).isEqualTo(24);

    robot.clickOn("#tab-plan");
    PlanSkylineView sky = robot.lookup("#plan-skyline").queryAs(PlanSkylineView.class);
    assertThat(sky.getPlan().allocationOf(id)).isEqualTo(a);
    double w = sky.getWidth();
    double h = sky.getHeight();
    double x = sky.xOf((a.start() + a.end()) / 2.0, w, h);
    Point2D onScreen = sky.localToScreen(x, h - 30);
    String found = null;
    for (double y = h - 25; y > 10 && found == null; y -= 2) found = sky.reservationAt(x, y, w, h);
    assertThat(found).isEqualTo(id);
    robot.moveTo(onScreen);
    assertThat(sky.getSelectedReservation()).isEqualTo(id);
  }

  @Test
  void undoInTheBuilderRestoresThePreviousExpression(FxRobot robot) {
    robot.clickOn("r1  etl");
    Rdl before = ui.ws.reservation("r1").orElseThrow().rdl();
    robot.clickOn(header(robot, ""));
    robot.doubleClickOn("#inspector-finish").write("45");
    robot.clickOn("#inspector-apply");
    assertThat(((Rdl.Window) ui.ws.reservation("r1").orElseThrow().rdl()).finish()).isEqualTo(45);

    robot.clickOn(header(robot, ""));
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    assertThat(builder.getExpression()).isEqualTo(before);
    assertThat(ui.ws.reservation("r1").orElseThrow().rdl()).isEqualTo(before);
  }

  @Test
  void textEditsUpdateTheBlocksAndAMalformedEditLosesNothing(FxRobot robot) {
    robot.clickOn("r1  etl");
    TextArea text = robot.lookup("#rdl-text").queryAs(TextArea.class);
    robot.interact(
        () -> text.setText("window(all(atom(<512,1>,1,2,1,4),atom(<512,1>,1,2,1,6)),0,20)"));
    robot.clickOn("#rdl-text-apply");
    assertThat(robot.lookup("#block-0-1").tryQuery()).isPresent();
    Rdl good = ui.ws.reservation("r1").orElseThrow().rdl();
    assertThat(good).isInstanceOf(Rdl.Window.class);
    assertThat(((Rdl.Window) good).expr()).isInstanceOf(Rdl.All.class);

    robot.interact(() -> text.setText("window(all(atom(<512,1>,1,2,1,4),atom(<512,1>,1,2,1,6)),0"));
    robot.clickOn("#rdl-text-apply");
    assertThat(builder.getMessage()).matches("\\d+:\\d+: .+");
    assertThat(robot.lookup("#rdl-message").queryAs(Label.class).getText()).isNotEmpty();
    assertThat(ui.ws.reservation("r1").orElseThrow().rdl()).isEqualTo(good);
    assertThat(builder.getExpression()).isEqualTo(good);
  }

  @Test
  void anInvalidExpressionIsMarkedAndNotTriedByThePlanner(FxRobot robot) {
    robot.clickOn("r1  etl");
    TextArea text = robot.lookup("#rdl-text").queryAs(TextArea.class);
    robot.interact(() -> text.setText("window(atom(<1024,1>,3,2,1,6),0,20)"));
    robot.clickOn("#rdl-text-apply");
    assertThat(builder.problemsProperty()).isNotEmpty();
    assertThat(robot.lookup("#feasibility").queryAs(Label.class).getText()).startsWith("Invalid");
  }
}
