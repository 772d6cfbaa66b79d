package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.planners.Planners;
import io.rayon.testsupport.Fixtures;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Plan tab's option controls are generated from the selected planner's option specs. */
@ExtendWith(ApplicationExtension.class)
class PlannerOptionControlsTest {
  UiHarness ui;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    ui.ws.load(Fixtures.smallScenario(), null, false);
  }

  @Test
  void eachPlannerShowsAControlPerOptionAndTheValuesReachThePlanner(FxRobot robot) {
    PlanViewModel vm = ui.bench.plan;
    robot.clickOn("#tab-plan");
    robot.interact(() -> vm.plannerProperty().set("greel"));
    Pane box = robot.lookup("#planner-options").queryAs(Pane.class);
    for (var spec : Planners.plugin("greel").options()) {
      assertThat(box.lookup("#option-" + spec.name())).as(spec.name()).isNotNull();
    }
    assertThat(robot.lookup("#time-limit-field").query().isVisible()).isFalse();
    CheckBox fallback = (CheckBox) box.lookup("#option-flat-fallback");
    assertThat(fallback.isSelected()).isFalse();
    robot.clickOn(fallback);
    @SuppressWarnings("unchecked")
    ComboBox<String> guess = (ComboBox<String>) box.lookup("#option-guess-interval");
    assertThat(guess.getValue()).isEqualTo("all-operators");
    robot.interact(() -> guess.setValue("order-only"));
    robot.clickOn("#replan-all");
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.getState().planner()).isEqualTo("greel");
    assertThat(vm.optionProperty("greel", Planners.plugin("greel").options().get(1)).get())
        .isEqualTo("true");

    robot.interact(() -> vm.plannerProperty().set("milp"));
    assertThat(robot.lookup("#time-limit-field").query().isVisible()).isTrue();
    Node grid = robot.lookup("#planner-options").queryAs(Pane.class).lookup("#option-grid");
    assertThat(grid).isNotNull();
    assertThat(robot.lookup("#planner-options").queryAs(Pane.class).lookup("#option-flat-fallback"))
        .isNull();
  }
}
