package io.rayon.app.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.ScriptedDialogService;
import io.rayon.engine.sim.rush.RushRunExport;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.views.chart.SeriesChart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Slider;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.controlsfx.control.CheckListView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The RUSH tab driven headless through its real controls: open a scenario, choose a scheduler, run
 * in the background, scrub the playback and see the red rows of hopeless jobs, run more schedulers
 * and compare the checked runs, export the run shown.
 */
@ExtendWith(ApplicationExtension.class)
class RushTabTest {
  @TempDir static Path dir;
  private final ManualTaskExecutor executor = new ManualTaskExecutor();
  private final ScriptedDialogService dialogs = new ScriptedDialogService();
  private RushViewModel vm;
  private RushTab tab;

  @Start
  void start(Stage stage) {
    vm = new RushViewModel(executor, dir);
    tab = new RushTab(vm, dialogs);
    stage.setScene(new Scene((Parent) tab.content(), 1024, 700));
    stage.setWidth(1024); // the stage is shared with other test classes, which may have resized it
    stage.setHeight(700);
    stage.show();
  }

  private void open(FxRobot robot) throws Exception {
    dialogs.files.add(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    robot.clickOn("#rush-open");
    robot.interact(executor::runNext);
    assertThat(label(robot, "#rush-summary")).startsWith("tight: 8 jobs");
  }

  private static String label(FxRobot robot, String id) {
    return robot.lookup(id).queryAs(Label.class).getText();
  }

  @SuppressWarnings("unchecked")
  private static List<TableRow<RushPlayback.JobRow>> redRows(FxRobot robot) {
    return robot.lookup("#rush-jobs .table-row-cell").queryAllAs(TableRow.class).stream()
        .map(r -> (TableRow<RushPlayback.JobRow>) r)
        .filter(r -> r.getPseudoClassStates().contains(RushTab.HOPELESS))
        .toList();
  }

  private void choose(FxRobot robot, String scheduler) {
    robot.clickOn("#rush-scheduler");
    robot.clickOn(
        robot
            .lookup(".combo-box-popup .list-cell")
            .match((Node n) -> n instanceof Labeled l && scheduler.equals(l.getText()))
            .<Node>query());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(vm.schedulerProperty().get()).isEqualTo(scheduler);
  }

  @Test
  void everyEmptyStateSaysWhatToDoNext(FxRobot robot) {
    assertThat(label(robot, "#rush-summary")).contains("Open").contains("Generate");
    assertThat(robot.lookup("#rush-run").queryAs(Button.class).isDisabled()).isTrue();
    TableView<?> jobs = robot.lookup("#rush-jobs").queryAs(TableView.class);
    assertThat(((Label) jobs.getPlaceholder()).getText()).contains("press Run");
    // a missing bundled sample: the tab says where it looked and what else to do
    robot.clickOn("#rush-sample");
    assertThat(label(robot, "#rush-problem")).contains(RushViewModel.SAMPLE).contains("Generate");
  }

  @Test
  void runsRushInTheBackgroundScrubsThePlaybackAndShowsHopelessJobsInRed(FxRobot robot)
      throws Exception {
    open(robot);
    // the rush scheduler's options are generated from its OptionSpecs; a bad value is marked as
    // typed
    TextField theta = robot.lookup("#rush-opt-theta").queryAs(TextField.class);
    assertThat(theta.getText()).isEqualTo("0.9");
    robot.interact(() -> theta.setText("2"));
    assertThat(tab.validation().support().getValidationResult().getErrors()).isNotEmpty();
    robot.interact(() -> theta.setText("0.9"));
    assertThat(tab.validation().support().getValidationResult().getErrors()).isEmpty();

    robot.clickOn("#rush-run");
    // the work waits in the executor: the FX thread did not run it, the tab is busy and can cancel
    assertThat(executor.pending()).isEqualTo(1);
    assertThat(robot.lookup("#rush-run").queryAs(Button.class).isDisabled()).isTrue();
    assertThat(robot.lookup("#rush-cancel").queryAs(Button.class).isDisabled()).isFalse();
    assertThat(robot.lookup("#rush-progress").query().isVisible()).isTrue();
    robot.interact(executor::runNext);
    RushRunResult a = vm.shownRun();
    assertThat(a).isNotNull();
    assertThat(label(robot, "#rush-run-summary")).startsWith("#1 rush: mean utility");

    // scrub to each snapshot with the timeline's slider: red rows are exactly the hopeless jobs
    // there
    Slider slider = robot.lookup("#timeline-slider").queryAs(Slider.class);
    int sawRed = -1;
    for (int k = 0; k < a.snapshots().size(); k++) {
      int frame = k;
      robot.interact(() -> slider.setValue(frame));
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(vm.snapshotProperty().get()).isEqualTo(k);
      long expected =
          RushPlayback.rows(a, k).stream().filter(RushPlayback.JobRow::hopeless).count();
      List<TableRow<RushPlayback.JobRow>> red = redRows(robot);
      assertThat(red).as("red rows at snapshot %d", k).hasSize((int) expected);
      assertThat(red).allSatisfy(r -> assertThat(r.getItem().hopeless()).isTrue());
      if (expected > 0 && sawRed < 0) {
        sawRed = k;
        assertThat(label(robot, "#rush-hopeless")).contains(expected + " job").contains("in red");
      }
    }
    assertThat(sawRed).as("a snapshot with a hopeless job").isGreaterThanOrEqualTo(0);

    // the timeline's buttons step the playback too
    robot.interact(() -> slider.setValue(0));
    robot.clickOn("#timeline-forward");
    assertThat(vm.snapshotProperty().get()).isEqualTo(1);

    // pick a job: its utility function with the target and projected completion marked
    int red = sawRed;
    robot.interact(() -> slider.setValue(red));
    RushPlayback.JobRow hopeless =
        vm.rows().stream().filter(RushPlayback.JobRow::hopeless).findFirst().orElseThrow();
    robot.clickOn(
        redRows(robot).stream().filter(r -> r.getItem() == hopeless).findFirst().orElseThrow());
    assertThat(vm.selectedJobProperty().get()).isEqualTo(hopeless.index());
    SeriesChart utility = robot.lookup("#rush-utility").queryAs(SeriesChart.class);
    assertThat(utility.getSeries())
        .extracting(SeriesChart.Series::name)
        .contains("U(T)", "projected");
    assertThat(utility.titleProperty().get()).startsWith(hopeless.id());

    // the containers view: the total and the picked job's step line
    robot.clickOn("Containers");
    SeriesChart containers = robot.lookup("#rush-containers").queryAs(SeriesChart.class);
    assertThat(containers.getSeries())
        .extracting(SeriesChart.Series::name)
        .contains("all jobs", hopeless.id(), "now");
    robot.interact(tab::dispose);
  }

  @Test
  @SuppressWarnings("unchecked")
  void comparesThreeRunsSideBySideAndExportsTheRunShown(FxRobot robot) throws Exception {
    open(robot);
    robot.clickOn("#rush-run");
    robot.interact(executor::runNext);
    choose(robot, "edf");
    // the rush options hide, edf's show
    assertThat(robot.lookup("#rush-opt-theta").query().getParent().isVisible()).isFalse();
    robot.clickOn("#rush-run");
    robot.interact(executor::runNext);
    choose(robot, "fifo");
    robot.clickOn("#rush-run");
    robot.interact(executor::runNext);
    assertThat(vm.runs())
        .extracting(r -> r.result().scheduler())
        .containsExactly("rush", "edf", "fifo");
    RushRunResult a = vm.runs().get(0).result();
    assertThat(vm.shownRun()).isSameAs(vm.runs().get(2).result());
    CheckListView<RushViewModel.Run> list =
        robot.lookup("#rush-run-list").queryAs(CheckListView.class);
    assertThat(list.getCheckModel().getCheckedItems()).hasSize(3);
    assertThat(list.getSelectionModel().getSelectedItem()).isSameAs(vm.runs().get(2));

    robot.clickOn("Utility CDF");
    SeriesChart cdf = robot.lookup("#rush-cdf").queryAs(SeriesChart.class);
    assertThat(cdf.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactly("#1 rush", "#2 edf", "#3 fifo");
    assertThat(cdf.getSeries().get(0).y()[cdf.getSeries().get(0).y().length - 1]).isEqualTo(1.0);

    robot.clickOn("Runs compared");
    TableView<RushPlayback.JobUtilities> diffs =
        robot.lookup("#rush-diffs").queryAs(TableView.class);
    assertThat(diffs.getItems()).hasSize(8);
    assertThat(diffs.getItems())
        .extracting(RushPlayback.JobUtilities::id)
        .containsExactlyElementsOf(a.jobs().stream().map(j -> j.id()).toList());
    assertThat(diffs.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("job", "class", "U #1", "U #2", "U #3", "#2 − #1", "#3 − #1");
    assertThat(label(robot, "#rush-comparison")).startsWith("#1 rush").contains("#3 fifo");

    // uncheck run #2 with its check box in the list: it leaves the CDF and the table
    robot.clickOn(
        robot
            .lookup("#rush-run-list .check-box")
            .match(
                (Node n) ->
                    n.getParent() instanceof Labeled l
                        && l.getText() != null
                        && l.getText().startsWith("#2"))
            .<Node>query());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(vm.comparedRuns()).extracting(RushViewModel.Run::number).containsExactly(1, 3);
    assertThat(diffs.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("job", "class", "U #1", "U #3", "#3 − #1");
    robot.clickOn("Utility CDF");
    assertThat(cdf.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactly("#1 rush", "#3 fifo");

    // pick run #1 in the list: the playback shows its snapshots
    robot.clickOn("Jobs");
    robot.interact(() -> list.getSelectionModel().select(vm.runs().get(0)));
    assertThat(vm.shownRun()).isSameAs(a);

    // export the run shown as CSV: the file is the engine's CSV of that run
    Path csv = dir.resolve("tab-export.csv");
    dialogs.files.add(csv);
    robot.clickOn("#rush-export-csv");
    robot.interact(executor::runNext);
    assertThat(Files.readString(csv)).isEqualTo(RushRunExport.csv(a));
    assertThat(label(robot, "#rush-run-summary")).contains("tab-export.csv");
    robot.interact(tab::dispose);
  }

  @Test
  void cancellingARunKeepsThePreviousOne(FxRobot robot) throws Exception {
    open(robot);
    robot.clickOn("#rush-run");
    robot.interact(executor::runNext);
    RushRunResult a = vm.shownRun();
    robot.clickOn("#rush-run");
    robot.clickOn("#rush-cancel");
    robot.interact(executor::runNext);
    assertThat(label(robot, "#rush-run-summary")).isEqualTo("Cancelled.");
    assertThat(vm.shownRun()).isSameAs(a);
    assertThat(vm.runs()).hasSize(1);
    ComboBox<?> scheduler = robot.lookup("#rush-scheduler").queryAs(ComboBox.class);
    assertThat(scheduler.getItems()).hasSize(4);
    robot.interact(tab::dispose);
  }
}
