package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Help → About names the build's version, the four papers by title and the libraries with their
 * licences.
 */
@ExtendWith(ApplicationExtension.class)
class AboutTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void aboutShowsVersionPapersAndLibraries(FxRobot robot) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(() -> ui.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    robot.clickOn("Help").clickOn("About Rayon Studio");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.get().dialogs.infos)
        .singleElement()
        .asString()
        .startsWith("About Rayon Studio: Rayon Studio 0.1.0")
        .doesNotContain("${")
        .contains("Reservation-based Scheduling: If You're Late Don't Blame Us!")
        .contains("Load Awareness at Worker Side")
        .contains("RUSH: A RobUst ScHeduler")
        .contains("Hydra: a federated resource manager")
        .contains("ojAlgo 57.1.0 — MIT")
        .contains("ControlsFX 11.2.4 — BSD 3-Clause");
  }

  @Test
  void documentationOpensTheShippedReadme(FxRobot robot) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(() -> ui.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    robot.clickOn("Help").clickOn("Documentation");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.get().dialogs.documents)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getFileName().toString()).isEqualTo("README.md");
              assertThat(Files.isDirectory(p.resolveSibling("docs"))).isTrue();
            });
    assertThat(ui.get().dialogs.infos).isEmpty();
  }
}
