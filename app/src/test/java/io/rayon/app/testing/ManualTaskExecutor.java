package io.rayon.app.testing;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.CancelledRun;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;

/**
 * An executor that holds tasks until the test runs them, so tests can interleave edits with
 * background work deterministically. Each held task runs on the calling thread when released.
 */
public final class ManualTaskExecutor implements TaskExecutor {
  private final CurrentThreadTaskExecutor runner = new CurrentThreadTaskExecutor();
  private final Deque<Held<?>> held = new ArrayDeque<>();

  /** A held task and the handle given out for it. */
  public static final class Held<T> implements TaskHandle {
    final BackgroundTask<T> task;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(-1);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(true);
    private boolean cancelled;

    Held(BackgroundTask<T> task) {
      this.task = task;
    }

    @Override
    public String title() {
      return task.title();
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
      return running.getReadOnlyProperty();
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

  @Override
  public <T> TaskHandle execute(BackgroundTask<T> task) {
    Held<T> h = new Held<>(task);
    held.add(h);
    return h;
  }

  public int pending() {
    return held.size();
  }

  public Held<?> peek(int i) {
    return (Held<?>) held.toArray()[i];
  }

  /**
   * Runs the oldest held task now (its callbacks run on this thread). A task whose handle was
   * cancelled while it was held sees a cancelled token, as a worker would.
   */
  public void runNext() {
    Held<?> h = held.poll();
    h.running.set(false);
    if (h.cancelled) CancelledRun.run(h.task);
    else runner.execute(h.task);
  }

  @Override
  public ObservableList<TaskHandle> runningTasks() {
    return runner.runningTasks();
  }

  @Override
  public void shutdown() {}
}
