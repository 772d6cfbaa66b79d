package io.rayon.app.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.rush.RushPlayback;
import io.rayon.app.rush.RushTab;
import io.rayon.app.rush.RushViewModel;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.testsupport.SampleScenarios;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListCell;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Simulation tab with a RUSH scenario, in the real window: File → Open the bundled RUSH sample,
 * the Simulation tab's list offers the RUSH schedulers under their heading (selected, since the
 * RUSH scenario was opened last), an option of {@code rush} is set with its generated control,
 * Simulate runs it in the background (cancel enabled, nothing run on the FX thread), then {@code
 * edf}; both runs land in the RUSH tab's run list, which is selected, compared side by side.
 */
@ExtendWith(ApplicationExtension.class)
class SimulationRushTabTest {
  private final ManualTaskExecutor executor = new ManualTaskExecutor();
  private Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  private void runAll(FxRobot robot) {
    while (executor.pending() > 0) robot.interact(executor::runNext);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static String text(FxRobot robot, String id) {
    return robot.lookup(id).queryAs(Label.class).getText();
  }

  /** Selects the Simulation tab as its header would and waits until its content is laid out. */
  private void showSimulationTab(FxRobot robot, UiHarness ui) {
    robot.interact(() -> ui.window.selectTab("simulation"));
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(
        () -> {
          stage.getScene().getRoot().applyCss();
          stage.getScene().getRoot().layout();
        });
  }

  /** Picks an entry of the scheduler list in its real pop-up. */
  private static void choose(FxRobot robot, String scheduler) {
    robot.clickOn("#sim-scheduler");
    robot.clickOn(
        robot
            .lookup(".combo-box-popup .list-cell")
            .match((Node n) -> n instanceof Labeled l && scheduler.equals(l.getText()))
            .<Node>query());
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  @SuppressWarnings("unchecked")
  void edfAndRushRunFromTheSimulationTabAndShowInTheRushView(FxRobot robot) throws Exception {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, executor)));
    UiHarness ui = h.get();
    robot.interact(
        () -> {
          stage.setWidth(1280); // the stage is shared with other test classes
          stage.setHeight(800);
          stage.toFront();
        });
    runAll(robot);
    SimulationViewModel sim = ui.bench.simulation;
    RushTab rushTab =
        (RushTab)
            ui.window.workspaceTabs().stream()
                .filter(t -> t.id().equals("rush"))
                .findFirst()
                .orElseThrow();
    RushViewModel rush = rushTab.viewModel();
    try {
      // before any RUSH scenario: the RUSH schedulers are listed, greyed, under a heading that
      // says how to open one
      showSimulationTab(robot, ui);
      ComboBox<String> scheduler = robot.lookup("#sim-scheduler").queryAs(ComboBox.class);
      assertThat(scheduler.getItems())
          .containsSubsequence(
              SimulationViewModel.CLUSTER_HEADING,
              "estimation",
              SimulationViewModel.RUSH_HEADING,
              "rush",
              "fifo",
              "edf",
              "rrh");
      robot.clickOn("#sim-scheduler");
      List<ListCell<String>> cells =
          robot.lookup(".combo-box-popup .list-cell").queryAllAs(ListCell.class).stream()
              .map(c -> (ListCell<String>) c)
              .filter(c -> c.getItem() != null)
              .toList();
      ListCell<String> edfCell =
          cells.stream().filter(c -> "edf".equals(c.getItem())).findFirst().orElseThrow();
      ListCell<String> rushHeading =
          cells.stream()
              .filter(c -> SimulationViewModel.RUSH_HEADING.equals(c.getItem()))
              .findFirst()
              .orElseThrow();
      assertThat(edfCell.isDisabled()).isTrue();
      assertThat(rushHeading.getText()).contains("none open").contains("File → Open");
      assertThat(
              cells.stream()
                  .filter(c -> "estimation".equals(c.getItem()))
                  .findFirst()
                  .orElseThrow()
                  .isDisabled())
          .isFalse();
      robot.type(KeyCode.ESCAPE);

      // File → Open the RUSH sample: it opens in the RUSH tab
      ui.dialogs.files.add(SampleScenarios.sample("rush-vb.json"));
      robot.clickOn("File").clickOn("Open…");
      runAll(robot);
      assertThat(rush.scenarioProperty().get()).isNotNull();
      int jobs = rush.scenarioProperty().get().jobs().size();

      // the Simulation tab now fits the RUSH scenario: a RUSH scheduler is selected, the heading
      // names the scenario, the cluster-only settings are off
      showSimulationTab(robot, ui);
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(SimulationViewModel.isRush(sim.schedulerProperty().get())).isTrue();
      assertThat(text(robot, "#sim-target")).contains("RUSH scenario").contains(jobs + " jobs");
      assertThat(robot.lookup("#sim-frame-interval").queryAs(TextField.class).isDisabled())
          .isTrue();
      assertThat(robot.lookup("#sim-fail-nodes").queryAs(TextField.class).isDisabled()).isTrue();

      // choose edf (enabled now), then rush, and set rush's theta with its generated control
      choose(robot, "edf");
      assertThat(sim.schedulerProperty().get()).isEqualTo("edf");
      assertThat(rush.schedulerProperty().get()).isEqualTo("edf");
      choose(robot, "rush");
      TextField theta = robot.lookup("#sim-rush-theta").queryAs(TextField.class);
      assertThat(theta.isVisible()).isTrue();
      robot.doubleClickOn(theta).eraseText(theta.getText().length()).write("0.8");
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(theta.getText()).isEqualTo("0.8");

      // Simulate: the run waits in the executor (not on the FX thread), the tab can cancel it
      robot.clickOn("#sim-run");
      assertThat(executor.pending()).isEqualTo(1);
      assertThat(sim.runningProperty().get()).isTrue();
      assertThat(robot.lookup("#sim-run").queryAs(Button.class).isDisabled()).isTrue();
      assertThat(text(robot, "#sim-summary")).contains("RUSH scenario").contains("rush");
      // cancel, then run again to the end
      robot.clickOn("#sim-cancel");
      runAll(robot);
      assertThat(sim.runningProperty().get()).isFalse();
      assertThat(text(robot, "#sim-summary")).isEqualTo("Simulation cancelled.");
      assertThat(rush.runs()).isEmpty();
      robot.clickOn("#sim-run");
      runAll(robot);
      WaitForAsyncUtils.waitForFxEvents();

      // the result is in the RUSH view, which is selected; rush ran with theta 0.8
      assertThat(
              robot.lookup(".tab-pane").queryAllAs(TabPane.class).stream()
                  .anyMatch(
                      p ->
                          p.getSelectionModel().getSelectedItem() != null
                              && "tab-rush"
                                  .equals(p.getSelectionModel().getSelectedItem().getId())))
          .as("the RUSH tab is selected")
          .isTrue();
      assertThat(rush.runs()).hasSize(1);
      assertThat(rush.runs().get(0).result().scheduler()).isEqualTo("rush");
      assertThat(rush.runs().get(0).result().settings()).contains("theta=0.8");
      // the option is one value: the RUSH tab's control shows it too
      assertThat(robot.lookup("#rush-opt-theta").queryAs(TextField.class).getText())
          .isEqualTo("0.8");
      assertThat(text(robot, "#rush-run-summary")).startsWith("#1 rush: mean utility");

      // back to the Simulation tab: edf, Simulate; the two runs are compared in the RUSH view
      showSimulationTab(robot, ui);
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(text(robot, "#sim-summary")).startsWith("#1 rush").contains("RUSH tab");
      choose(robot, "edf");
      robot.clickOn("#sim-run");
      runAll(robot);
      assertThat(rush.runs())
          .extracting(r -> r.result().scheduler())
          .containsExactly("rush", "edf");
      assertThat(rush.shownRun()).isSameAs(rush.runs().get(1).result());
      robot.clickOn("Runs compared");
      TableView<RushPlayback.JobUtilities> diffs =
          robot.lookup("#rush-diffs").queryAs(TableView.class);
      assertThat(diffs.getItems()).hasSize(jobs);
      assertThat(diffs.getColumns())
          .extracting(c -> c.getText())
          .containsExactly("job", "class", "U #1", "U #2", "#2 − #1");
      assertThat(text(robot, "#rush-comparison")).startsWith("#1 rush").contains("#2 edf");

      // a cluster scenario opened afterwards: the Simulation tab goes back to a cluster scheduler
      robot.interact(() -> ui.ws.load(ui.ws.getScenario(), null, false));
      assertThat(SimulationViewModel.isRush(sim.schedulerProperty().get())).isFalse();
    } finally {
      robot.interact(ui.window::dispose);
    }
  }
}
