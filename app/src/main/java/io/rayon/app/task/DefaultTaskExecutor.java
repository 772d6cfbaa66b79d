package io.rayon.app.task;

import io.rayon.engine.task.ProgressListener;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

/**
 * Runs tasks as {@link javafx.concurrent.Task}s on a small pool of daemon threads: one fewer than
 * the machine's cores (at least one), so the JavaFX thread always has a core; {@linkplain
 * BackgroundTask#light() light} tasks (files, autosave, feasibility checks) have one thread of
 * their own so they never wait behind a long run. Results and progress reach the JavaFX thread
 * only. Progress is throttled: a report is forwarded when the fraction moved by at least {@value
 * #PROGRESS_STEP} or the message changed, and at most one update waits in the JavaFX queue per task
 * at a time (later reports replace the waiting one).
 */
public final class DefaultTaskExecutor implements TaskExecutor {
  static final double PROGRESS_STEP = 0.005;

  private final ExecutorService pool;
  private final ExecutorService lightPool;
  private final ObservableList<TaskHandle> running = FXCollections.observableArrayList();
  private final ObservableList<TaskHandle> runningView =
      FXCollections.unmodifiableObservableList(running);

  public DefaultTaskExecutor() {
    this(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
  }

  public DefaultTaskExecutor(int threads) {
    AtomicInteger n = new AtomicInteger();
    ThreadFactory tf =
        r -> {
          Thread t = new Thread(r, "rayon-worker-" + n.incrementAndGet());
          t.setDaemon(true);
          t.setPriority(Thread.NORM_PRIORITY - 1);
          return t;
        };
    pool =
        new ThreadPoolExecutor(
            threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), tf);
    ((ThreadPoolExecutor) pool).allowCoreThreadTimeOut(true);
    ThreadFactory lf =
        r -> {
          Thread t = new Thread(r, "rayon-light");
          t.setDaemon(true);
          return t;
        };
    lightPool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), lf);
    ((ThreadPoolExecutor) lightPool).allowCoreThreadTimeOut(true);
  }

  @Override
  public <T> TaskHandle execute(BackgroundTask<T> task) {
    SimpleTaskHandle h = new SimpleTaskHandle(task.title());
    ThrottledProgress progress = new ThrottledProgress(h);
    Task<T> fx =
        new Task<>() {
          @Override
          protected T call() throws Exception {
            return task.work().run(progress, h.token());
          }
        };
    fx.setOnSucceeded(
        e -> {
          done(h);
          task.succeeded(fx.getValue());
        });
    fx.setOnFailed(
        e -> {
          done(h);
          task.failed(fx.getException());
        });
    onFx(
        () -> {
          if (task.showInStatusBar()) running.add(h);
        });
    (task.isLight() ? lightPool : pool).execute(fx);
    return h;
  }

  private void done(SimpleTaskHandle h) {
    h.finish();
    running.remove(h);
  }

  private static void onFx(Runnable r) {
    if (Platform.isFxApplicationThread()) r.run();
    else Platform.runLater(r);
  }

  @Override
  public ObservableList<TaskHandle> runningTasks() {
    return runningView;
  }

  @Override
  public void shutdown() {
    for (TaskHandle h : running.toArray(new TaskHandle[0])) h.cancel();
    pool.shutdownNow();
    lightPool.shutdownNow();
  }

  /** Forwards engine progress to the JavaFX thread without flooding its queue. */
  private static final class ThrottledProgress implements ProgressListener {
    private final SimpleTaskHandle handle;
    private final AtomicReference<double[]> pendingFraction = new AtomicReference<>();
    private final AtomicReference<String> pendingMessage = new AtomicReference<>();
    private final AtomicInteger queued = new AtomicInteger();
    private volatile double lastFraction = Double.NaN;
    private volatile String lastMessage;

    ThrottledProgress(SimpleTaskHandle handle) {
      this.handle = handle;
    }

    @Override
    public void progress(double fraction, String message) {
      boolean msgChanged = message != null && !message.equals(lastMessage);
      if (!msgChanged
          && !Double.isNaN(lastFraction)
          && Math.abs(fraction - lastFraction) < PROGRESS_STEP) return;
      lastFraction = fraction;
      if (message != null) lastMessage = message;
      pendingFraction.set(new double[] {fraction});
      if (message != null) pendingMessage.set(message);
      if (queued.compareAndSet(0, 1)) {
        Platform.runLater(
            () -> {
              queued.set(0);
              double[] f = pendingFraction.getAndSet(null);
              String m = pendingMessage.getAndSet(null);
              if (f != null) handle.update(f[0], m);
              else if (m != null) handle.update(handle.progressProperty().get(), m);
            });
      }
    }
  }
}
