package io.rayon.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.WorkspaceTab;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The main window finds the Live tab through the workspace's tab hook. */
@ExtendWith(ApplicationExtension.class)
class LiveTabRegistrationTest {
  UiHarness ui;

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
  }

  @Test
  void theMainWindowHasALiveTab(FxRobot robot) {
    assertThat(ui.window.workspaceTabs()).extracting(WorkspaceTab::id).contains("live");
    robot.interact(() -> ui.window.selectTab("live"));
    assertThat(robot.lookup("#live-tab").tryQuery()).isPresent();
    assertThat(robot.lookup("#live-url").tryQuery()).isPresent();
    robot.interact(() -> ui.window.dispose());
  }
}
