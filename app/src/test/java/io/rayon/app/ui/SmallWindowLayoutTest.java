package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * At 1024×700, on every tab, no visible control is narrower than its minimum width and no label or
 * button shows its text cut to "…": the scene graph is walked after layout.
 */
@ExtendWith(ApplicationExtension.class)
class SmallWindowLayoutTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  void everyTabAt1024x700HasNoSqueezedControl(FxRobot robot) {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = h.get();
    SessionBugsTest.open(robot, ui, "fig9-pipeline.json");
    robot.interact(
        () -> {
          stage.setWidth(1024);
          stage.setHeight(700);
        });
    WaitForAsyncUtils.waitForFxEvents();
    TabPane tabs = robot.lookup(".tab-pane").queryAs(TabPane.class);
    List<String> problems = new ArrayList<>();
    try {
      for (Tab t : List.copyOf(tabs.getTabs())) {
        robot.interact(() -> tabs.getSelectionModel().select(t));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(
            () -> {
              stage.getScene().getRoot().applyCss();
              stage.getScene().getRoot().layout();
              walk(stage.getScene().getRoot(), t.getText(), problems);
            });
      }
    } finally {
      // the stage is shared by the UI tests that run after this one in the same JVM
      robot.interact(
          () -> {
            stage.setWidth(1280);
            stage.setHeight(800);
          });
    }
    assertThat(problems).as("squeezed controls at 1024x700").isEmpty();
  }

  static void walk(Node n, String tab, List<String> problems) {
    if (!n.isVisible() || n.getScene() == null) return;
    if (n instanceof Control c && c.getWidth() > 0) {
      double min = c.minWidth(-1);
      if (c.getWidth() + 0.5 < min) {
        problems.add(
            tab
                + ": "
                + describe(c)
                + " is "
                + Math.round(c.getWidth())
                + " px wide, its minimum is "
                + Math.round(min));
      }
    }
    if (n instanceof Labeled l
        && l.getText() != null
        && !l.getText().isEmpty()
        && l.getWidth() > 0) {
      Node text = l.lookup(".text");
      if (text instanceof Text shown
          && !shown.getText().equals(l.getText())
          && shown.getText().endsWith("…")
          && !l.isWrapText()) {
        problems.add(
            tab
                + ": "
                + describe(l)
                + " shows '"
                + shown.getText()
                + "' for '"
                + l.getText()
                + "'");
      }
    }
    if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) walk(c, tab, problems);
  }

  private static String describe(Node n) {
    String id = n.getId() == null ? "" : "#" + n.getId();
    String text = n instanceof Labeled l && l.getText() != null ? " '" + l.getText() + "'" : "";
    return n.getClass().getSimpleName() + id + text;
  }
}
