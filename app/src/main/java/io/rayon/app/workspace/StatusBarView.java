package io.rayon.app.workspace;

import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The status bar: the workspace's status line on the left, and one chip per running background
 * task on the right (title, progress, latest message as tooltip and text, a cancel button).
 */
public final class StatusBarView extends HBox {
  private final HBox tasks = new HBox(8);

  public StatusBarView(WorkspaceViewModel ws, TaskExecutor executor) {
    getStyleClass().add("status-bar");
    setId("status-bar");
    setPadding(new Insets(3, 8, 3, 8));
    setSpacing(8);
    setAlignment(Pos.CENTER_LEFT);
    Label status = new Label();
    status.setId("status-text");
    status.textProperty().bind(ws.statusProperty());
    status.setMinWidth(0);
    Region spacer = new Region();
    HBox.setHgrow(spacer, Priority.ALWAYS);
    tasks.setAlignment(Pos.CENTER_RIGHT);
    tasks.setId("status-tasks");
    getChildren().addAll(status, spacer, tasks);
    executor.runningTasks().addListener((ListChangeListener<TaskHandle>) c -> rebuild(executor));
    rebuild(executor);
  }

  private void rebuild(TaskExecutor executor) {
    tasks.getChildren().clear();
    for (TaskHandle h : executor.runningTasks()) tasks.getChildren().add(chip(h));
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
    cancel.setOnAction(e -> {
      h.cancel();
      cancel.setDisable(true);
    });
    HBox chip = new HBox(4, title, bar, msg, cancel);
    chip.getStyleClass().add("task-chip");
    chip.setAlignment(Pos.CENTER_LEFT);
    return chip;
  }
}
