package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.prefs.Theme;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.ExplorerNode;
import io.rayon.app.workspace.Selection;
import io.rayon.model.io.ScenarioIO;
import io.rayon.testsupport.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class MainWindowTest {
  UiHarness ui;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    ui.ws.load(Fixtures.smallScenario(), null, false);
  }

  @Test
  void explorerListsClusterQueuesAndReservations(FxRobot robot) {
    var tree = ui.window.explorer().tree();
    assertThat(labels(tree.getRoot()))
        .contains(
            "Cluster test-cluster (4 nodes)",
            "Reservations (2)",
            "r1  etl",
            "dedicated (reservable)");
  }

  @Test
  void selectingAReservationShowsItsRdlReadOnlyAndItsFields(FxRobot robot) {
    robot.clickOn("r2  train");
    assertThat(ui.ws.selectionProperty().get()).isEqualTo(Selection.reservation("r2"));
    TextArea rdl = robot.lookup("#props-rdl").queryAs(TextArea.class);
    assertThat(rdl.isEditable()).isFalse();
    assertThat(rdl.getText()).contains("order(").contains("atom(<2048,2>,2,4,3,12)");
    assertThat(robot.lookup("#props-name").queryAs(TextField.class).getText()).isEqualTo("train");
  }

  @Test
  void renamingInTheInspectorIsUndoable(FxRobot robot) {
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation("r1")));
    TextField name = robot.lookup("#props-name").queryAs(TextField.class);
    robot.doubleClickOn(name).eraseText(10).write("nightly").type(KeyCode.ENTER);
    assertThat(ui.ws.reservation("r1").orElseThrow().name()).isEqualTo("nightly");
    assertThat(labels(ui.window.explorer().tree().getRoot())).contains("r1  nightly");

    robot
        .clickOn("#explorer-tree")
        .press(KeyCode.CONTROL, KeyCode.Z)
        .release(KeyCode.Z, KeyCode.CONTROL);
    assertThat(ui.ws.reservation("r1").orElseThrow().name()).isEqualTo("etl");
  }

  @Test
  void invalidPriorityIsRefusedWithAReason(FxRobot robot) {
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation("r1")));
    TextField prio = robot.lookup("#props-priority").queryAs(TextField.class);
    robot.doubleClickOn(prio).eraseText(5).write("high").type(KeyCode.ENTER);
    assertThat(ui.ws.reservation("r1").orElseThrow().priority()).isEqualTo(1);
    assertThat(robot.lookup("#props-problem").queryAs(Label.class).getText())
        .contains("whole number")
        .contains("high");
  }

  @Test
  void questionMarkOpensTheShortcutSheetListingEveryCommand(FxRobot robot) {
    robot.clickOn("#explorer-tree");
    robot.write("?");
    WaitForAsyncUtils.waitForFxEvents();
    TableView<?> table = robot.lookup("#shortcut-table").queryAs(TableView.class);
    assertThat(table.getItems()).hasSizeGreaterThanOrEqualTo(ui.window.commands().size());
    robot.interact(() -> ((Stage) table.getScene().getWindow()).close());
  }

  @Test
  void noTwoCommandsShareAShortcutAndEveryCommandIsInAMenu(FxRobot robot) {
    Map<String, String> seen = new HashMap<>();
    for (var c : ui.window.commands()) {
      if (c.shortcut() == null) continue;
      String before = seen.put(c.shortcut().getName(), c.label());
      assertThat(before)
          .as(c.shortcut().getName() + " used by " + before + " and " + c.label())
          .isNull();
    }
    int items = 0;
    for (var m : ((MenuBar) ui.window.root().getTop()).getMenus()) items += m.getItems().size();
    assertThat(items).isGreaterThanOrEqualTo(ui.window.commands().size());
  }

  @Test
  void themeChoiceIsAppliedAndKept(FxRobot robot) {
    robot.clickOn("View").clickOn("Dark theme");
    assertThat(ui.prefs.getTheme()).isEqualTo(Theme.DARK);
    Window w = ui.window.root().getScene().getWindow();
    assertThat(w.getScene().getStylesheets()).anyMatch(s -> s.endsWith("dark.css"));
  }

  @Test
  void openEditSaveReopenThroughTheMenusRoundTrips(FxRobot robot, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("round.json");
    ScenarioIO.write(Fixtures.smallScenario(), file);
    ui.dialogs.files.add(file);
    robot.clickOn("File").clickOn("Open…");
    assertThat(ui.ws.getFile()).isEqualTo(file.toAbsolutePath());

    robot.clickOn("r2  train");
    TextField user = robot.lookup("#props-user").queryAs(TextField.class);
    robot.doubleClickOn(user).eraseText(5).write("carol").type(KeyCode.ENTER);
    assertThat(ui.ws.isDirty()).isTrue();
    robot
        .clickOn("#explorer-tree")
        .press(KeyCode.CONTROL, KeyCode.S)
        .release(KeyCode.S, KeyCode.CONTROL);
    assertThat(ui.ws.isDirty()).isFalse();

    ui.dialogs.files.add(file);
    robot.clickOn("File").clickOn("Open…");
    assertThat(ui.ws.reservation("r2").orElseThrow().user()).isEqualTo("carol");
    assertThat(ScenarioIO.read(file)).isEqualTo(ui.ws.getScenario());
    assertThat(ui.prefs.recentFiles()).contains(file.toAbsolutePath().normalize());
  }

  private static List<String> labels(TreeItem<ExplorerNode> it) {
    List<String> out = new ArrayList<>();
    out.add(it.getValue().label());
    for (TreeItem<ExplorerNode> c : it.getChildren()) out.addAll(labels(c));
    return out;
  }

  @Test
  void sidePanelsCollapseAndComeBackFromTheViewMenu(FxRobot robot) {
    javafx.scene.control.TabPane tabs =
        robot.lookup("#workspace-tabs").queryAs(javafx.scene.control.TabPane.class);
    double before = tabs.getWidth();
    fireViewItem(robot, "Show or hide the explorer");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.window.panelShown(true)).isFalse();
    assertThat(ui.window.panelShown(false)).isTrue();
    fireViewItem(robot, "Show or hide the inspector");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.window.panelShown(false)).isFalse();
    assertThat(tabs.getWidth()).as("the tabs get the panels' width").isGreaterThan(before);
    fireViewItem(robot, "Show or hide the explorer");
    fireViewItem(robot, "Show or hide the inspector");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.window.panelShown(true)).isTrue();
    assertThat(ui.window.panelShown(false)).isTrue();
    javafx.scene.control.SplitPane split =
        (javafx.scene.control.SplitPane) tabs.getParent().getParent();
    assertThat(split.getItems()).hasSize(3);
    assertThat(split.getItems().get(1)).isSameAs(tabs);
  }

  /** Fires the View menu's item with this text (as a click on it does). */
  private static void fireViewItem(FxRobot robot, String text) {
    javafx.scene.control.MenuBar bar =
        robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
    javafx.scene.control.MenuItem item =
        bar.getMenus().stream()
            .filter(m -> m.getText().replace("_", "").equals("View"))
            .flatMap(m -> m.getItems().stream())
            .filter(it -> it.getText() != null && it.getText().replace("_", "").equals(text))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no View item " + text));
    robot.interact(item::fire);
  }
}
