package io.rayon.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.dialog.DialogService.Notice;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Notifications are ControlsFX's popups: shown at the window, without taking the focus. */
@ExtendWith(ApplicationExtension.class)
class NotificationsTest {
  private Stage stage;
  private TextField typing;

  @Start
  void start(Stage stage) {
    this.stage = stage;
    typing = new TextField();
    typing.setId("typing");
    stage.setScene(new Scene(new VBox(typing), 800, 500));
    stage.show();
  }

  /** Text of the labels in the showing popups. */
  private static List<String> popupTexts() {
    List<String> out = new ArrayList<>();
    for (Window w : Window.getWindows()) {
      if (w instanceof PopupWindow && w.isShowing() && w.getScene() != null)
        collect(w.getScene().getRoot(), out);
    }
    return out;
  }

  private static void collect(Node n, List<String> out) {
    if (n instanceof Labeled l && l.getText() != null) out.add(l.getText());
    if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) collect(c, out);
  }

  @Test
  void aNotificationShowsItsTitleAndTextAndTypingGoesOnInTheField(FxRobot robot) {
    FxDialogService dialogs = new FxDialogService(stage, true);
    robot.clickOn(typing).write("abc");
    robot.interact(
        () ->
            dialogs.notify(
                Notice.INFORMATION, "Planning finished", "gree: 2 accepted, 0 rejected"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(popupTexts()).contains("Planning finished", "gree: 2 accepted, 0 rejected");
    assertThat(stage.getScene().getFocusOwner()).isSameAs(typing);
    robot.write("def");
    assertThat(typing.getText()).isEqualTo("abcdef");
  }

  @Test
  void switchedOffNothingIsShown(FxRobot robot) {
    FxDialogService dialogs = new FxDialogService(stage, false);
    robot.interact(
        () ->
            dialogs.notify(
                Notice.WARNING, "Lost the connection", "http://rm:8088 does not answer"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(popupTexts()).doesNotContain("Lost the connection");
  }
}
