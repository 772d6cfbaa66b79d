package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.views.plan.PlanSkylineView;
import java.util.concurrent.atomic.AtomicReference;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.controlsfx.control.RangeSlider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** ControlsFX controls in the assembled workbench: the plan's time window, checked fields. */
@ExtendWith(ApplicationExtension.class)
class ControlsFxWorkbenchTest {
  private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  UiHarness harness(FxRobot robot) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(() -> ui.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    return ui.get();
  }

  @Test
  void thePlanTabsTimeWindowIsARangeSliderOverTheHorizon(FxRobot robot) {
    UiHarness ui = harness(robot);
    SessionBugsTest.open(robot, ui, "fig5b-workflow.json");
    robot.clickOn("#tab-plan");
    robot.clickOn("#replan-all");
    PlanSkylineView skyline = robot.lookup("#plan-skyline").queryAs(PlanSkylineView.class);
    RangeSlider window = robot.from(skyline).lookup("#plan-window").queryAs(RangeSlider.class);
    long horizon = ui.ws.getScenario().horizonSteps();
    assertThat(window.getMax()).isEqualTo(horizon);
    assertThat(window.getLowValue()).isZero();
    assertThat(window.getHighValue()).isEqualTo(horizon);

    Node low = window.lookup(".low-thumb");
    robot
        .drag(low, MouseButton.PRIMARY)
        .moveBy(window.getWidth() / 2, 0)
        .release(MouseButton.PRIMARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(skyline.getVisibleStart()).isGreaterThan(horizon / 4.0);
    assertThat(skyline.getVisibleEnd()).isEqualTo(horizon);
    assertThat(window.getLowValue()).isEqualTo(skyline.getVisibleStart());

    robot.clickOn("#plan-fit");
    assertThat(window.getLowValue()).isZero();
  }

  @Test
  void theComparePolicyAndTheLiveAddressAreCheckedAsTheyAreTyped(FxRobot robot) {
    harness(robot);
    robot.clickOn("#tab-compare");
    TextField policy = robot.lookup("#compare-policy").queryAs(TextField.class);
    robot
        .clickOn(policy)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("instantaneous:2");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(policy.getPseudoClassStates()).contains(INVALID);
    assertThat(policy.getTooltip().getText()).contains("instantaneous");
    robot
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("instantaneous:0.2");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(policy.getPseudoClassStates()).doesNotContain(INVALID);

    robot.clickOn("#tab-live");
    TextField url = robot.lookup("#live-url").queryAs(TextField.class);
    assertThat(url.getPseudoClassStates())
        .as("an empty address is not marked")
        .doesNotContain(INVALID);
    robot.clickOn(url).write("ftp://rm:8088");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(url.getPseudoClassStates()).contains(INVALID);
    assertThat(url.getTooltip().getText()).contains("http://");
  }
}
