package io.rayon.app.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.model.scenario.Scenario;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * In the real window, a file with {@code "kind": "rush"} opened from File → Open (or given on the
 * command line, which goes through the same {@code FileActions.openFile}) opens in the RUSH tab;
 * the open cluster scenario stays.
 */
@ExtendWith(ApplicationExtension.class)
class RushFileRoutingTest {
  @TempDir Path dir;
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void fileOpenRoutesARushScenarioToTheRushTab(FxRobot robot) throws Exception {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = h.get();
    RushTab rush =
        (RushTab)
            ui.window.workspaceTabs().stream()
                .filter(t -> t.id().equals("rush"))
                .findFirst()
                .orElseThrow();
    assertThat(rush.fileKinds()).containsExactly("rush");
    Scenario before = ui.ws.getScenario();
    Path file = RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json"));

    ui.dialogs.files.add(file);
    robot.clickOn("File").clickOn("Open…");
    WaitForAsyncUtils.waitForFxEvents();
    TabPane tabs = ui.window.tabPane();
    assertThat(tabs.getSelectionModel().getSelectedItem().getId()).isEqualTo("tab-rush");
    assertThat(rush.viewModel().scenarioProperty().get().name()).isEqualTo("tight");
    assertThat(ui.ws.getScenario()).isSameAs(before);
    assertThat(ui.ws.getFile()).isNull();
    assertThat(ui.prefs.recentFiles()).contains(file);
    assertThat(ui.dialogs.errors).isEmpty();

    // the command line's file takes the same way
    robot.interact(() -> ui.window.selectTab("plan"));
    robot.interact(
        () ->
            ui.files.openFile(
                file,
                s -> {
                  throw new AssertionError("a RUSH file is not a cluster scenario");
                }));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tabs.getSelectionModel().getSelectedItem().getId()).isEqualTo("tab-rush");
    assertThat(ui.window.workspaceTabs())
        .extracting(WorkspaceTab::id)
        .contains("rush", "federation", "simulation");
    robot.interact(ui.window::dispose);
  }
}
