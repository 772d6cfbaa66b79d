package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.testsupport.Fixtures;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * greel-plus has a dozen options: the Plan tab shows the first few and folds the rest under "More
 * options", whose text names the folded options that differ from their defaults.
 */
@ExtendWith(ApplicationExtension.class)
class PlannerOptionsFoldTest {
  UiHarness ui;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    ui.ws.load(Fixtures.smallScenario(), null, false);
  }

  @Test
  void theFoldedOptionsOpenAndAChangedOneIsNamedOnTheToggle(FxRobot robot) {
    robot.clickOn("#tab-plan");
    assertThat(ui.bench.plan.plannerProperty().get()).isEqualTo(GreelPlusPlanner.NAME);
    ToggleButton more = robot.lookup("#more-options").queryAs(ToggleButton.class);
    Node folded = robot.lookup("#planner-options-more").query();
    Node repair = robot.lookup("#option-repair").query();
    assertThat(more.isVisible()).isTrue();
    assertThat(folded.isVisible()).isFalse();
    assertThat(more.getText()).matches("More options \\(\\d+\\)");
    assertThat(robot.lookup("#option-direction").query().isVisible()).isTrue();

    robot.clickOn(more);
    assertThat(folded.isVisible()).isTrue();
    robot.clickOn(repair);
    robot.push(KeyCode.SHORTCUT, KeyCode.A).write("0");
    assertThat(((TextField) repair).getText()).isEqualTo("0");
    assertThat(more.getText()).contains("1 changed: repair");

    robot.clickOn(more); // folded again: the changed option stays named
    assertThat(folded.isVisible()).isFalse();
    assertThat(more.getText()).contains("1 changed: repair");
    assertThat(ui.bench.plan.optionProperty(GreelPlusPlanner.NAME, spec("repair")).get())
        .isEqualTo("0");
  }

  private OptionSpec spec(String name) {
    return ui.bench.plan.plannerOptions().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow();
  }
}
