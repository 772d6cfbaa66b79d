package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.rush.RushScenarios;
import io.rayon.app.rush.RushTab;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.testing.UncaughtExceptions;
import io.rayon.views.chart.ChartExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.image.WritableImage;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The RUSH tab in the real window at 1024×700 with three runs loaded: every view of it (jobs,
 * containers, utility CDF, runs compared) has no squeezed control, and a session of open, run,
 * compare, scrub and play ends without an exception.
 */
@ExtendWith(ApplicationExtension.class)
class RushWindowTest {
  @TempDir Path dir;
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void threeRunsFitAt1024x700InEveryView(FxRobot robot) throws Exception {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = h.get();
    RushTab rush =
        (RushTab)
            ui.window.workspaceTabs().stream()
                .filter(t -> t.id().equals("rush"))
                .findFirst()
                .orElseThrow();
    List<String> problems = new ArrayList<>();
    try (UncaughtExceptions uncaught = UncaughtExceptions.install()) {
      ui.dialogs.files.add(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
      robot.clickOn("File").clickOn("Open…");
      WaitForAsyncUtils.waitForFxEvents();
      robot.interact(
          () -> {
            stage.setWidth(1024);
            stage.setHeight(700);
          });
      robot.clickOn("#rush-run");
      robot.interact(() -> rush.viewModel().schedulerProperty().set("edf"));
      robot.clickOn("#rush-run");
      robot.interact(() -> rush.viewModel().schedulerProperty().set("fifo"));
      robot.clickOn("#rush-run");
      assertThat(rush.viewModel().runs()).hasSize(3);
      robot.interact(() -> rush.viewModel().shownProperty().set(rush.viewModel().runs().get(0)));
      robot.interact(
          () -> rush.viewModel().snapshotProperty().set(rush.viewModel().snapshotCount() / 2));
      robot.clickOn("#timeline-play");
      WaitForAsyncUtils.waitForFxEvents();
      robot.clickOn("#timeline-play");
      TabPane views = robot.lookup("#rush-views").queryAs(TabPane.class);
      for (Tab t : List.copyOf(views.getTabs())) {
        robot.interact(() -> views.getSelectionModel().select(t));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(
            () -> {
              stage.getScene().getRoot().applyCss();
              stage.getScene().getRoot().layout();
              SmallWindowLayoutTest.walk(
                  stage.getScene().getRoot(), "RUSH/" + t.getText(), problems);
              clipped(stage.getScene().getRoot(), "RUSH/" + t.getText(), problems);
            });
        shoot(robot, "rush-" + t.getId() + ".png");
      }
      assertThat(uncaught.thrown()).isEmpty();
    } finally {
      robot.interact(
          () -> {
            stage.setWidth(1280);
            stage.setHeight(800);
          });
      robot.interact(ui.window::dispose);
    }
    assertThat(problems).as("squeezed controls at 1024x700").isEmpty();
  }

  /**
   * Labels and buttons of the RUSH tab cut to JavaFX's default "..." (the layout test looks for
   * "…").
   */
  private static void clipped(Node n, String tab, List<String> problems) {
    if (!n.isVisible() || n.getScene() == null) return;
    if (n instanceof IndexedCell<?>) return; // a table cell's text is cut where its column ends
    if (n instanceof Labeled l
        && l.getText() != null
        && !l.getText().isEmpty()
        && l.getWidth() > 0
        && !l.isWrapText()
        && l.lookup(".text") instanceof Text shown
        && !shown.getText().equals(l.getText())
        && shown.getText().endsWith("...")) {
      problems.add(
          tab
              + ": "
              + l.getClass().getSimpleName()
              + "#"
              + l.getId()
              + " shows '"
              + shown.getText()
              + "' for '"
              + l.getText()
              + "'");
    }
    if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) clipped(c, tab, problems);
  }

  private void shoot(FxRobot robot, String name) throws Exception {
    Path out = ScreenshotTest.imagesDir().resolve(name);
    Files.createDirectories(out.getParent());
    WritableImage[] img = new WritableImage[1];
    robot.interact(() -> img[0] = stage.getScene().snapshot(null));
    ChartExport.writePng(img[0], out);
  }
}
