package io.rayon.app.task;

import io.rayon.engine.task.CancelledException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A unit of background work with its title (shown in the status bar) and what to do with the
 * outcome. The callbacks run on the JavaFX thread (in tests: on the calling thread of the {@link
 * CurrentThreadTaskExecutor}). Work that returns normally after cancellation (for example a solver
 * that keeps its best solution) counts as a success; work that throws {@link CancelledException}
 * counts as cancelled.
 */
public final class BackgroundTask<T> {
  private final String title;
  private final BackgroundWork<T> work;
  private Consumer<? super T> onSuccess = r -> {};
  private Consumer<? super Throwable> onFailure = e -> {};
  private Runnable onCancelled = () -> {};
  private boolean showInStatusBar = true;
  private boolean light;

  private BackgroundTask(String title, BackgroundWork<T> work) {
    this.title = Objects.requireNonNull(title, "title");
    this.work = Objects.requireNonNull(work, "work");
  }

  public static <T> BackgroundTask<T> of(String title, BackgroundWork<T> work) {
    return new BackgroundTask<>(title, work);
  }

  public BackgroundTask<T> onSuccess(Consumer<? super T> c) {
    this.onSuccess = Objects.requireNonNull(c);
    return this;
  }

  public BackgroundTask<T> onFailure(Consumer<? super Throwable> c) {
    this.onFailure = Objects.requireNonNull(c);
    return this;
  }

  public BackgroundTask<T> onCancelled(Runnable r) {
    this.onCancelled = Objects.requireNonNull(r);
    return this;
  }

  /** Quiet tasks (autosave, live feasibility) do not appear in the status bar's list. */
  public BackgroundTask<T> quiet() {
    this.showInStatusBar = false;
    return this;
  }

  /**
   * Short work (file reads and writes, autosave, one feasibility check) that runs on its own lane,
   * so it never waits behind a long planning or simulation run.
   */
  public BackgroundTask<T> light() {
    this.light = true;
    return this;
  }

  public boolean isLight() {
    return light;
  }

  public String title() {
    return title;
  }

  public BackgroundWork<T> work() {
    return work;
  }

  public boolean showInStatusBar() {
    return showInStatusBar;
  }

  void succeeded(T value) {
    onSuccess.accept(value);
  }

  void failed(Throwable e) {
    if (e instanceof CancelledException) {
      onCancelled.run();
    } else {
      onFailure.accept(e);
    }
  }
}
