package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.RayonApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real entry point: RayonApp opens the scenario given on the command line in the background.
 */
class RayonAppTest {
  static Application app;

  @BeforeAll
  static void start() throws Exception {
    System.setProperty("rayon.prefs", "memory");
    FxToolkit.registerPrimaryStage();
    Platform.setImplicitExit(false);
    Path root = Path.of("").toAbsolutePath();
    if (!Files.isDirectory(root.resolve("sample-clusters"))) root = root.getParent();
    app =
        FxToolkit.setupApplication(
            RayonApp.class, root.resolve("sample-clusters/fig9-pipeline.json").toString());
  }

  @AfterAll
  static void stop() throws Exception {
    FxToolkit.cleanupApplication(app);
  }

  static Stage mainStage() {
    for (Window w : Window.getWindows()) {
      if (w instanceof Stage s && s.getTitle() != null && s.getTitle().endsWith("Rayon Studio"))
        return s;
    }
    return null;
  }

  @Test
  void opensTheScenarioGivenOnTheCommandLine() throws Exception {
    WaitForAsyncUtils.waitFor(
        60,
        TimeUnit.SECONDS,
        () -> mainStage() != null && mainStage().getTitle().startsWith("fig9-pipeline.json"));
    Stage stage = mainStage();
    TreeView<?> tree = (TreeView<?>) stage.getScene().lookup("#explorer-tree");
    assertThat(tree.getRoot().getChildren()).hasSize(4);
    TabPane tabs = (TabPane) stage.getScene().lookup("#workspace-tabs");
    assertThat(tabs.getTabs())
        .extracting(Tab::getText)
        .startsWith("Reservations", "Plan", "Compare", "Simulation")
        .contains("Live");
  }

  @Test
  void aFirstStartShowsTheGuidedTourAtThePalette() throws Exception {
    WaitForAsyncUtils.waitFor(
        60, TimeUnit.SECONDS, () -> new FxRobot().lookup("#tour-text").tryQuery().isPresent());
    Label text = new FxRobot().lookup("#tour-text").queryAs(Label.class);
    assertThat(text.getText()).contains("palette");
    new FxRobot().clickOn("#tour-skip");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(new FxRobot().lookup("#tour-text").tryQuery()).isEmpty();
  }

  @Test
  void theScenarioGivenAtStartIsPlannedAtOnce() throws Exception {
    WaitForAsyncUtils.waitFor(
        60,
        TimeUnit.SECONDS,
        () -> mainStage() != null && mainStage().getTitle().startsWith("fig9-pipeline.json"));
    TabPane tabs = (TabPane) mainStage().getScene().lookup("#workspace-tabs");
    new FxRobot().interact(() -> tabs.getSelectionModel().select(1)); // the Plan tab
    WaitForAsyncUtils.waitFor(
        60,
        TimeUnit.SECONDS,
        () -> {
          Node summary = mainStage().getScene().lookup("#plan-summary");
          return summary instanceof Label l
              && l.getText() != null
              && l.getText().contains("accepted");
        });
    Label summary = (Label) mainStage().getScene().lookup("#plan-summary");
    assertThat(summary.getText()).doesNotStartWith("No plan yet");
  }
}
