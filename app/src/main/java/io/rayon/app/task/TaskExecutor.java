package io.rayon.app.task;

import javafx.collections.ObservableList;

/**
 * Runs engine work off the JavaFX thread and hands its result back on the JavaFX thread (JabRef's
 * TaskExecutor idea). View-models depend on this interface only, so tests run them with the {@link
 * CurrentThreadTaskExecutor}.
 */
public interface TaskExecutor {
  <T> TaskHandle execute(BackgroundTask<T> task);

  /** The tasks that run now and asked to be shown (read-only; changes on the JavaFX thread). */
  ObservableList<TaskHandle> runningTasks();

  /** Cancels what runs and stops the worker threads. */
  void shutdown();
}
