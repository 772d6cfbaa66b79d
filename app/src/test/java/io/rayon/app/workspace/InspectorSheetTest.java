package io.rayon.app.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.prefs.Theme;
import io.rayon.model.cluster.Queue;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.controlsfx.control.PropertySheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The inspector is ControlsFX's PropertySheet and its editors keep the inspector's rules. */
@ExtendWith(ApplicationExtension.class)
class InspectorSheetTest {
  private final WorkspaceViewModel ws = new WorkspaceViewModel();
  private InspectorView inspector;

  /** The small scenario with a second reservable queue, so the queue is a choice of two. */
  static Scenario scenario() {
    Scenario s = Fixtures.smallScenario();
    Queue root =
        new Queue(
            "root",
            1,
            1,
            1,
            false,
            List.of(
                Queue.leaf("dedicated", 0.5, 1, true),
                Queue.leaf("nightly", 0.2, 1, true),
                Queue.leaf("batch", 0.3, 1, false)));
    return new Scenario(
        s.formatVersion(),
        s.name(),
        s.description(),
        s.stepSeconds(),
        s.horizonSteps(),
        s.cluster(),
        root,
        s.users(),
        s.sharingPolicy(),
        s.reservations(),
        s.workload(),
        s.settings());
  }

  @Start
  void start(Stage stage) {
    ws.load(scenario(), null, false);
    inspector = new InspectorView(new InspectorViewModel(ws));
    BorderPane root = new BorderPane(inspector);
    stage.setScene(new Scene(root, 420, 600));
    ThemeStyles.apply(stage.getScene(), Theme.LIGHT);
    stage.show();
  }

  private void select(FxRobot robot, String id) {
    robot.interact(() -> ws.selectionProperty().set(Selection.reservation(id)));
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void aReservationIsASheetOfItsPropertiesWithReadOnlyValuesAsDisabledLabels(FxRobot robot) {
    select(robot, "r1");
    PropertySheet sheet = robot.lookup("#props-sheet").queryAs(PropertySheet.class);
    assertThat(sheet).isSameAs(inspector.sheet());
    assertThat(sheet.getItems())
        .extracting(PropertySheet.Item::getName)
        .containsExactly(
            "Id",
            "Name",
            "User",
            "Queue",
            "Priority",
            "Arrival (step)",
            "Total work (bundle-steps)");
    assertThat(sheet.getItems())
        .extracting(PropertySheet.Item::isEditable)
        .containsExactly(false, true, true, true, true, false, false);
    Label id = robot.lookup("#props-id").queryAs(Label.class);
    assertThat(id.getText()).isEqualTo("r1");
    assertThat(id.isDisabled()).as("the sheet disables read-only editors").isTrue();
    assertThat(id.getOpacity()).as("and the CSS keeps them readable").isEqualTo(1.0);
    assertThat(robot.lookup("#props-name").queryAs(TextField.class).getText()).isEqualTo("etl");
  }

  @Test
  void leavingAFieldCommitsOneUndoableEdit(FxRobot robot) {
    select(robot, "r1");
    int before = ws.history().undoSize();
    TextField name = robot.lookup("#props-name").queryAs(TextField.class);
    robot
        .clickOn(name)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("morning etl");
    assertThat(ws.reservation("r1").orElseThrow().name())
        .as("nothing is committed while typing")
        .isEqualTo("etl");
    robot.clickOn("#props-user");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ws.reservation("r1").orElseThrow().name()).isEqualTo("morning etl");
    assertThat(ws.history().undoSize()).isEqualTo(before + 1);
    robot.interact(() -> ws.history().undo());
    assertThat(ws.reservation("r1").orElseThrow().name()).isEqualTo("etl");
  }

  @Test
  void escapePutsTheValueBackAndNothingIsCommitted(FxRobot robot) {
    select(robot, "r2");
    int before = ws.history().undoSize();
    TextField user = robot.lookup("#props-user").queryAs(TextField.class);
    robot
        .clickOn(user)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("mallory");
    robot.type(KeyCode.ESCAPE);
    assertThat(user.getText()).isEqualTo("bob");
    robot.clickOn("#props-name");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ws.reservation("r2").orElseThrow().user()).isEqualTo("bob");
    assertThat(ws.history().undoSize()).isEqualTo(before);
  }

  @Test
  void theQueueIsAChoiceOfTheReservableLeafQueues(FxRobot robot) {
    select(robot, "r1");
    @SuppressWarnings("unchecked")
    ComboBox<String> queue = robot.lookup("#props-queue").queryAs(ComboBox.class);
    assertThat(queue.getItems()).containsExactly("dedicated", "nightly");
    assertThat(queue.getValue()).isEqualTo("dedicated");
    robot.clickOn(queue).clickOn("nightly");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ws.reservation("r1").orElseThrow().queue()).isEqualTo("nightly");
    robot.interact(() -> ws.history().undo());
    assertThat(ws.reservation("r1").orElseThrow().queue()).isEqualTo("dedicated");
  }

  @Test
  void aRefusedValueMarksTheFieldAndShowsTheReason(FxRobot robot) {
    select(robot, "r1");
    TextField user = robot.lookup("#props-user").queryAs(TextField.class);
    robot
        .clickOn(user)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("two words")
        .type(KeyCode.ENTER);
    assertThat(ws.reservation("r1").orElseThrow().user()).isEqualTo("alice");
    assertThat(user.getStyleClass()).contains("invalid");
    Label problem = robot.lookup("#props-problem").queryAs(Label.class);
    assertThat(problem.isVisible()).isTrue();
    assertThat(problem.getText()).contains("two words").contains("spaces or symbols");
    robot.type(KeyCode.ESCAPE);
    assertThat(user.getText()).isEqualTo("alice");
    assertThat(user.getStyleClass()).doesNotContain("invalid");
  }
}
