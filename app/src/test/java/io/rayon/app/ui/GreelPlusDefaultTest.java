package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.plan.PlanState;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.testsupport.Fixtures;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A fresh Plan tab (no saved preference) offers greel-plus first, selects it, and plans validly
 * with it.
 */
@ExtendWith(ApplicationExtension.class)
class GreelPlusDefaultTest {
  UiHarness ui;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    ui.ws.load(Fixtures.smallScenario(), null, false);
  }

  @Test
  void aFreshPlanTabOffersGreelPlusFirstSelectsItAndPlansValidly(FxRobot robot) {
    robot.clickOn("#tab-plan");
    @SuppressWarnings("unchecked")
    ComboBox<String> choice = robot.lookup("#planner-choice").queryAs(ComboBox.class);
    assertThat(choice.getItems().get(0)).isEqualTo(GreelPlusPlanner.NAME);
    assertThat(choice.getValue()).isEqualTo(GreelPlusPlanner.NAME);
    Pane box = robot.lookup("#planner-options").queryAs(Pane.class);
    @SuppressWarnings("unchecked")
    ComboBox<String> direction = (ComboBox<String>) box.lookup("#option-direction");
    assertThat(direction.getValue()).isEqualTo("early-first");
    assertThat(((CheckBox) box.lookup("#option-flat-fallback")).isSelected()).isTrue();

    robot.clickOn("#replan-all");
    PlanState st = ui.bench.plan.getState();
    assertThat(ui.bench.plan.problemProperty().get()).isEmpty();
    assertThat(st.planner()).isEqualTo(GreelPlusPlanner.NAME);
    assertThat(st.decisions().values()).allSatisfy(d -> assertThat(d.accepted()).isTrue());
    assertThat(PlanValidator.validate(st.plan(), st.policy())).isEmpty();
  }
}
