package io.rayon.app.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.prefs.Theme;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.ThemeStyles;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.io.ScenarioIO;
import io.rayon.testsupport.SampleScenarios;
import io.rayon.views.chart.SeriesChart;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Simulation tab's ControlsFX parts: series and dimension check combos, settings validation.
 */
@ExtendWith(ApplicationExtension.class)
class SimulationTabTest {
  private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
  private final WorkspaceViewModel ws = new WorkspaceViewModel();
  private SimulationViewModel vm;
  private SimulationTab tab;

  @Start
  void start(Stage stage) throws Exception {
    ws.load(ScenarioIO.read(SampleScenarios.sample("fig9-pipeline.json")), null, false);
    vm = new SimulationViewModel(ws, new CurrentThreadTaskExecutor());
    tab = new SimulationTab(vm);
    stage.setScene(new Scene((Parent) tab.content(), 1280, 800));
    ThemeStyles.apply(stage.getScene(), Theme.LIGHT);
    stage.show();
  }

  @Test
  @SuppressWarnings("unchecked")
  void theCheckedSeriesAndDimensionsAreTheOnesDrawn(FxRobot robot) {
    robot.clickOn("#sim-run");
    assertThat(vm.resultProperty().get()).isNotNull();
    SeriesChart memory = robot.lookup("#sim-series").queryAs(SeriesChart.class);
    SeriesChart vcores = robot.lookup("#sim-series-vcores").queryAs(SeriesChart.class);
    CheckComboBox<String> series = robot.lookup("#sim-series-choice").queryAs(CheckComboBox.class);
    CheckComboBox<String> dims = robot.lookup("#sim-dimension-choice").queryAs(CheckComboBox.class);
    assertThat(series.getCheckModel().getCheckedItems())
        .containsExactlyElementsOf(SimulationTab.SERIES);
    assertThat(dims.getCheckModel().getCheckedItems()).containsExactly("memory");
    assertThat(memory.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactlyElementsOf(SimulationTab.SERIES);
    assertThat(vcores.isVisible()).isFalse();
    assertThat(tab.charts())
        .extracting(ChartSource::name)
        .containsExactly("Node heatmap", "Memory time series");

    // untick "allowance" in the real drop-down
    robot.clickOn(series);
    robot.clickOn("allowance");
    robot.type(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(series.getCheckModel().getCheckedItems()).doesNotContain("allowance");
    assertThat(memory.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactly("capacity", "estimation", "reservation", "usage");

    // the vcores chart, with the same series, next to the memory one
    robot.clickOn(dims);
    robot.clickOn("vcores");
    robot.type(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(vcores.isVisible()).isTrue();
    assertThat(vcores.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactly("capacity", "estimation", "reservation", "usage");
    assertThat(vcores.getSeries().get(0).y())
        .containsExactly(vm.resultProperty().get().series().capacityVcores());
    assertThat(tab.charts())
        .extracting(ChartSource::name)
        .containsExactly("Node heatmap", "Memory time series", "Vcores time series");
  }

  @Test
  void settingsAreCheckedAsTheyAreTyped(FxRobot robot) {
    TextField heartbeat = robot.lookup("#sim-heartbeat").queryAs(TextField.class);
    TextField damping = robot.lookup("#sim-damping").queryAs(TextField.class);
    ComboBox<?> availability = robot.lookup("#sim-availability").queryAs(ComboBox.class);
    assertThat(List.copyOf(availability.getItems()))
        .isEqualTo(List.of("paper-sim", "yarn-prototype"));
    assertThat(availability.getValue()).isEqualTo("paper-sim");
    robot
        .clickOn(heartbeat)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("0");
    robot
        .clickOn(damping)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("2");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tab.validation().support().isInvalid()).isTrue();
    assertThat(heartbeat.getPseudoClassStates()).contains(INVALID);
    assertThat(heartbeat.getTooltip().getText())
        .isEqualTo("heartbeat must be a positive number of seconds, got '0'");
    // the control and its check are generated from the estimation scheduler's damping spec
    assertThat(damping.getTooltip().getText())
        .contains("damping=2")
        .contains("from 0 to 1")
        .contains("default 0.125");

    // the damping does not matter to the reservation scheduler: its field is off, hidden and not
    // marked
    robot.interact(() -> vm.schedulerProperty().set("reservation"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(damping.getPseudoClassStates()).doesNotContain(INVALID);
    assertThat(damping.isDisabled()).isTrue();
    assertThat(robot.lookup("#sim-options-estimation").query().isVisible()).isFalse();
    robot
        .clickOn(heartbeat)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("3");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(heartbeat.getPseudoClassStates()).doesNotContain(INVALID);
    assertThat(heartbeat.getTooltip()).isNull();
    assertThat(tab.validation().support().isInvalid()).isFalse();
  }
}
