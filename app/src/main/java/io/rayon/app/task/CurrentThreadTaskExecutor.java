package io.rayon.app.task;

import io.rayon.engine.task.CancelledException;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Runs each task at once on the calling thread and calls its callbacks there: deterministic, for
 * view-model tests that have no JavaFX thread.
 */
public final class CurrentThreadTaskExecutor implements TaskExecutor {
  private final ObservableList<TaskHandle> running = FXCollections.observableArrayList();
  private final ObservableList<TaskHandle> runningView =
      FXCollections.unmodifiableObservableList(running);
  private int executed;

  @Override
  public <T> TaskHandle execute(BackgroundTask<T> task) {
    executed++;
    SimpleTaskHandle h = new SimpleTaskHandle(task.title());
    if (task.showInStatusBar()) running.add(h);
    T result;
    try {
      result = task.work().run(h::update, h.token());
    } catch (CancelledException e) {
      finish(h);
      task.failed(e);
      return h;
    } catch (Exception | Error e) {
      finish(h);
      task.failed(e);
      return h;
    }
    finish(h);
    task.succeeded(result);
    return h;
  }

  private void finish(SimpleTaskHandle h) {
    h.finish();
    running.remove(h);
  }

  /** How many tasks this executor ran (tests check that work went through the executor). */
  public int executedCount() {
    return executed;
  }

  @Override
  public ObservableList<TaskHandle> runningTasks() {
    return runningView;
  }

  @Override
  public void shutdown() {}
}
