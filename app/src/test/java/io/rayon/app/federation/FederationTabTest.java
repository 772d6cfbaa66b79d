package io.rayon.app.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.testing.ScriptedDialogService;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Path;
import java.util.Locale;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.robot.Motion;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Federation tab driven headless: open a setup, step rounds, pick a policy and a cell,
 * generate, cancel.
 */
@ExtendWith(ApplicationExtension.class)
class FederationTabTest {
  private final ManualTaskExecutor executor = new ManualTaskExecutor();
  private final ScriptedDialogService dialogs = new ScriptedDialogService();
  private FederationViewModel vm;
  private FederationTab tab;

  @Start
  void start(Stage stage) {
    vm = new FederationViewModel(executor);
    tab = new FederationTab(vm, dialogs);
    stage.setScene(new Scene((Parent) tab.content(), 1024, 700));
    stage.setWidth(1024); // the stage is shared with other test classes, which may have resized it
    stage.setHeight(700);
    stage.show();
  }

  static Path sample(String name) {
    return SampleScenarios.repoRoot().resolve("sample-clusters").resolve(name);
  }

  @Test
  @SuppressWarnings("unchecked")
  void opensASetupStepsThroughRoundsAndShowsACellsDemandGuaranteeAndAllocation(FxRobot robot) {
    dialogs.files.add(sample("federation-rm-outage.json"));
    robot.clickOn("#fed-open");
    // the work waits in the executor: the UI thread did not run it, and the tab says it is busy
    assertThat(executor.pending()).isEqualTo(1);
    assertThat(vm.runningProperty().get()).isTrue();
    assertThat(robot.lookup("#fed-open").query().isDisabled()).isTrue();
    assertThat(robot.lookup("#fed-progress").query().isVisible()).isTrue();
    robot.interact(executor::runNext);
    assertThat(vm.runningProperty().get()).isFalse();
    assertThat(robot.lookup("#fed-summary").queryAs(Label.class).getText())
        .contains("3 sub-clusters")
        .contains("5 rounds");
    TableView<FederationViewModel.PolicyRow> table =
        robot.lookup("#fed-table").queryAs(TableView.class);
    assertThat(table.getItems())
        .extracting(FederationViewModel.PolicyRow::policy)
        .containsExactly("gif", "gac", "uniform", "load", "central", "oracle");
    assertThat(table.getItems().get(5).fairnessErrorPct()).isZero();
    assertThat(robot.lookup("#fed-round-label").queryAs(Label.class).getText())
        .isEqualTo("round 0 of 4");

    // two rounds on: sc1's RM is down
    robot.clickOn("#fed-next").clickOn("#fed-next");
    assertThat(vm.roundProperty().get()).isEqualTo(2);
    assertThat(robot.lookup("#fed-round-label").queryAs(Label.class).getText())
        .isEqualTo("round 2 of 4");
    assertThat(vm.shownRound().federation().isDown(1)).isTrue();

    // click the first row's cell in the second column (sc1)
    Canvas matrix = robot.lookup("#fed-matrix").queryAs(Canvas.class);
    robot
        .moveTo(
            matrix,
            Pos.TOP_LEFT,
            new Point2D(
                FederationTab.LABEL_W + tab.cellWidth() * 1.5,
                FederationTab.HEADER_H + FederationTab.ROW_H / 2),
            Motion.DIRECT)
        .clickOn(MouseButton.PRIMARY);
    WaitForAsyncUtils.waitForFxEvents();
    String detail = robot.lookup("#fed-cell-detail").queryAs(Label.class).getText();
    assertThat(detail)
        .startsWith("batch in sc1, round 2, gif")
        .contains("demand 0")
        .contains("allocation 0")
        .contains("(RM down)");

    // back to round 0, another policy: the detail follows
    robot.interact(() -> vm.roundProperty().set(0));
    ComboBox<String> policy = robot.lookup("#fed-policy").queryAs(ComboBox.class);
    robot.interact(() -> policy.setValue("uniform"));
    detail = robot.lookup("#fed-cell-detail").queryAs(Label.class).getText();
    var f = vm.shownRound().federation();
    int batch = 0;
    long placed = vm.shownOutcome().placement().placed()[batch][1];
    assertThat(detail)
        .startsWith("batch in sc1, round 0, uniform")
        .contains(String.format(Locale.ROOT, "demand %.0f", f.demand(batch, 1)))
        .contains(String.format(Locale.ROOT, "guarantee %.1f", 0.5 * f.capacity(1)))
        .contains("allocation " + placed);
    assertThat(placed).isPositive();
    robot.interact(tab::dispose);
  }

  @Test
  void generatesASetupAndCancelsARun(FxRobot robot) {
    robot.clickOn("#fed-generate");
    robot.interact(executor::runNext);
    assertThat(vm.resultProperty().get()).isNotNull();
    assertThat(vm.shownRound().federation().subClusterCount()).isEqualTo(8);
    assertThat(vm.roundCount()).isGreaterThan(1);
    assertThat(vm.rows()).hasSizeLessThanOrEqualTo(FederationViewModel.MAX_ROWS);

    // a second run, cancelled before it starts: the previous result stays, the tab says so
    robot.clickOn("#fed-generate");
    assertThat(robot.lookup("#fed-cancel").query().isDisabled()).isFalse();
    robot.clickOn("#fed-cancel");
    robot.interact(executor::runNext);
    assertThat(vm.runningProperty().get()).isFalse();
    assertThat(robot.lookup("#fed-summary").queryAs(Label.class).getText()).isEqualTo("Cancelled.");
    assertThat(vm.resultProperty().get()).isNotNull();

    // a bad file: the problem names the place
    dialogs.files.add(sample("fig9-pipeline.json"));
    robot.clickOn("#fed-open");
    robot.interact(executor::runNext);
    assertThat(robot.lookup("#fed-problem").queryAs(Label.class).getText())
        .contains("fig9-pipeline.json");
    robot.interact(tab::dispose);
  }
}
