package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.GuidedTour;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.controlsfx.control.PopOver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The first-start tour walks a new user through the palette, the planner, Re-plan all, the plan
 * view and the simulation's run button, each stop on its own tab; finishing, skipping or Escape
 * remember it, and Help → Guided tour shows it again.
 */
@ExtendWith(ApplicationExtension.class)
class GuidedTourTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  private UiHarness harness(FxRobot robot) {
    AtomicReference<UiHarness> ui = new AtomicReference<>();
    robot.interact(
        () -> {
          ui.set(new UiHarness(stage, new CurrentThreadTaskExecutor()));
          stage.setWidth(1280);
          stage.setHeight(800);
        });
    WaitForAsyncUtils.waitForFxEvents();
    return ui.get();
  }

  private static String selectedTab(UiHarness ui) {
    TabPane tabs = ui.window.tabPane();
    return tabs.getSelectionModel().getSelectedItem().getId();
  }

  @Test
  void aFirstStartWalksEveryStopOnItsTabAndIsRememberedWhenDone(FxRobot robot) {
    UiHarness ui = harness(robot);
    GuidedTour tour = ui.window.tour();
    AtomicReference<Boolean> started = new AtomicReference<>();
    robot.interact(() -> started.set(tour.startIfFirstTime()));
    assertThat(started.get()).isTrue();
    List<String> tabs = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < GuidedTour.STEPS.size(); i++) {
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(tour.index()).isEqualTo(i);
      tabs.add(selectedTab(ui));
      texts.add(robot.lookup("#tour-text").queryAs(Label.class).getText());
      assertThat(robot.lookup("#tour-step").queryAs(Label.class).getText())
          .isEqualTo("Step " + (i + 1) + " of " + GuidedTour.STEPS.size());
      Button next = robot.lookup("#tour-next").queryButton();
      assertThat(next.getText()).isEqualTo(i == GuidedTour.STEPS.size() - 1 ? "Done" : "Next");
      robot.clickOn(next);
    }
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tabs)
        .containsExactly("tab-reservations", "tab-plan", "tab-plan", "tab-plan", "tab-simulation");
    assertThat(texts.get(0)).contains("palette");
    assertThat(texts.get(2)).contains("Re-plan all");
    assertThat(tour.isShowing()).isFalse();
    assertThat(ui.prefs.tourShown()).isTrue();
    robot.interact(() -> started.set(tour.startIfFirstTime()));
    assertThat(started.get()).isFalse();
    assertThat(tour.isShowing()).isFalse();
  }

  @Test
  void skipEndsTheTourAndHelpShowsItAgain(FxRobot robot) {
    UiHarness ui = harness(robot);
    GuidedTour tour = ui.window.tour();
    robot.interact(tour::startIfFirstTime);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#tour-skip");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tour.isShowing()).isFalse();
    assertThat(ui.prefs.tourShown()).isTrue();

    robot.clickOn("Help").clickOn("Guided tour");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tour.isShowing()).isTrue();
    assertThat(tour.index()).isZero();
    assertThat(selectedTab(ui)).isEqualTo("tab-reservations");
  }

  @Test
  void escapeInTheMainWindowEndsTheTourAndRemembersIt(FxRobot robot) {
    UiHarness ui = harness(robot);
    GuidedTour tour = ui.window.tour();
    robot.interact(tour::startIfFirstTime);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tour.isShowing()).isTrue();
    // Escape pressed in the main window (fired at its content: where the key goes while the main
    // window has the focus): JavaFX hands it to the pop-over, where the tour ends at once (not
    // after the pop-over's fade-out, which is why this is read without waiting)
    robot.interact(
        () ->
            stage
                .getScene()
                .getRoot()
                .fireEvent(
                    new KeyEvent(
                        KeyEvent.KEY_PRESSED, "", "", KeyCode.ESCAPE, false, false, false, false)));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tour.isShowing()).isFalse();
    assertThat(ui.prefs.tourShown()).isTrue();
    // the filter went with the tour: Escape later is the window's own again
    robot.clickOn("Help").clickOn("Guided tour");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tour.isShowing()).isTrue();
    assertThat(tour.index()).isZero();
  }

  @Test
  void thePopOverHidingByItselfEndsTheTourAndRemembersIt(FxRobot robot) throws Exception {
    UiHarness ui = harness(robot);
    GuidedTour tour = ui.window.tour();
    robot.interact(tour::startIfFirstTime);
    WaitForAsyncUtils.waitForFxEvents();
    // what Escape inside the pop-over does (JavaFX hides a pop-up on Escape), or its window going
    // away: the pop-over hides without the tour's buttons
    robot.interact(
        () ->
            Window.getWindows().stream()
                .filter(w -> w instanceof PopOver && "guided-tour".equals(((PopOver) w).getId()))
                .findFirst()
                .orElseThrow()
                .hide());
    // the pop-over fades out, then hides, then tells the tour (onHidden): wait for the tour to
    // have ended and remembered it, at most 10 s, then read its state on the FX thread
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> ui.prefs.tourShown());
    WaitForAsyncUtils.waitForFxEvents();
    AtomicReference<Boolean> showing = new AtomicReference<>();
    AtomicReference<Integer> index = new AtomicReference<>();
    robot.interact(
        () -> {
          showing.set(tour.isShowing());
          index.set(tour.index());
        });
    assertThat(showing.get()).isFalse();
    assertThat(index.get()).isEqualTo(-1);
  }
}
