package io.rayon.app.workspace;

import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import org.controlsfx.control.StatusBar;

/**
 * The status bar, ControlsFX's {@link StatusBar}: the workspace's status line as its text, the
 * progress of the latest running background task as its progress, and on the right one chip per
 * running task (title, progress, latest message, a cancel button).
 */
public final class StatusBarView extends StatusBar {
  private final TaskExecutor executor;

  public StatusBarView(WorkspaceViewModel ws, TaskExecutor executor) {
    this.executor = executor;
    getStyleClass().add("status-bar");
    setId("status-bar");
    textProperty().bind(ws.statusProperty());
    executor.runningTasks().addListener((ListChangeListener<TaskHandle>) c -> rebuild());
    rebuild();
  }

  private void rebuild() {
    getRightItems().clear();
    progressProperty().unbind();
    setProgress(0);
    TaskHandle latest = null;
    for (TaskHandle h : executor.runningTasks()) {
      getRightItems().add(chip(h));
      latest = h;
    }
    // ControlsFX shows its progress bar while the progress is not 0; an indeterminate task is -1
    if (latest != null) progressProperty().bind(latest.progressProperty());
  }

  private static HBox chip(TaskHandle h) {
    Label title = new Label(h.title());
    ProgressBar bar = new ProgressBar();
    bar.setPrefWidth(90);
    bar.progressProperty().bind(h.progressProperty());
    Label msg = new Label();
    msg.getStyleClass().add("task-message");
    msg.textProperty().bind(h.messageProperty());
    msg.setMaxWidth(260);
    Tooltip tip = new Tooltip();
    tip.textProperty().bind(Bindings.concat(h.title(), ": ", h.messageProperty()));
    Tooltip.install(title, tip);
    Button cancel = new Button("✕");
    cancel.getStyleClass().add("task-cancel");
    cancel.setTooltip(new Tooltip("Cancel " + h.title()));
    cancel.setOnAction(
        e -> {
          h.cancel();
          cancel.setDisable(true);
        });
    HBox chip = new HBox(4, title, bar, msg, cancel);
    chip.getStyleClass().add("task-chip");
    chip.setAlignment(Pos.CENTER_LEFT);
    return chip;
  }
}
