package io.rayon.app.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The status bar is ControlsFX's: the status line, a chip per running task, progress, cancel. */
@ExtendWith(ApplicationExtension.class)
class StatusBarViewTest {
  static final class Handle implements TaskHandle {
    final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0.25);
    final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("step 3 of 12");
    boolean cancelled;

    @Override
    public String title() {
      return "Plan (GREE-L)";
    }

    @Override
    public ReadOnlyDoubleProperty progressProperty() {
      return progress.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty messageProperty() {
      return message.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty runningProperty() {
      return new ReadOnlyBooleanWrapper(true).getReadOnlyProperty();
    }

    @Override
    public void cancel() {
      cancelled = true;
    }

    @Override
    public boolean isCancelRequested() {
      return cancelled;
    }
  }

  private final ObservableList<TaskHandle> running = FXCollections.observableArrayList();
  private final WorkspaceViewModel ws = new WorkspaceViewModel();
  private StatusBarView bar;

  @Start
  void start(Stage stage) {
    TaskExecutor executor =
        new TaskExecutor() {
          @Override
          public <T> TaskHandle execute(BackgroundTask<T> task) {
            throw new UnsupportedOperationException("the test adds handles itself");
          }

          @Override
          public ObservableList<TaskHandle> runningTasks() {
            return running;
          }

          @Override
          public void shutdown() {}
        };
    bar = new StatusBarView(ws, executor);
    stage.setScene(new Scene(bar, 900, 40));
    stage.show();
  }

  @Test
  void showsTheStatusLineAndOneCancellableChipPerRunningTask(FxRobot robot) {
    assertThat(bar).isInstanceOf(StatusBar.class);
    Handle h = new Handle();
    robot.interact(() -> running.add(h));
    assertThat(bar.getRightItems()).hasSize(1);
    assertThat(bar.getProgress()).isEqualTo(0.25);
    robot.interact(() -> h.progress.set(0.5));
    assertThat(bar.getProgress()).isEqualTo(0.5);
    assertThat(bar.getText()).isEqualTo(ws.statusProperty().get());

    HBox chip = (HBox) bar.getRightItems().get(0);
    Button cancel = (Button) chip.getChildren().get(chip.getChildren().size() - 1);
    robot.clickOn(cancel);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(h.cancelled).isTrue();
    assertThat(cancel.isDisabled()).isTrue();

    robot.interact(() -> running.remove(h));
    assertThat(bar.getRightItems()).isEmpty();
    assertThat(bar.getProgress()).as("no task: the progress bar hides").isZero();
  }
}
