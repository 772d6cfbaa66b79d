package io.rayon.app.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Collects every exception no code caught, on any thread: installs itself as the default
 * uncaught-exception handler and as the JavaFX thread's own handler (JavaFX reports exceptions of
 * event handlers, listeners and the layout pass there), and puts the previous handlers back on
 * {@link #close()}. Tests assert {@link #thrown()} is empty after they drove the UI.
 */
public final class UncaughtExceptions implements AutoCloseable {
  private final List<Throwable> thrown = new CopyOnWriteArrayList<>();
  private final Thread.UncaughtExceptionHandler previousDefault;
  private Thread fxThread;
  private Thread.UncaughtExceptionHandler previousFx;

  private UncaughtExceptions() {
    previousDefault = Thread.getDefaultUncaughtExceptionHandler();
  }

  /** Starts collecting; call from the test thread or the JavaFX thread. */
  public static UncaughtExceptions install() {
    UncaughtExceptions u = new UncaughtExceptions();
    Thread.UncaughtExceptionHandler h =
        (t, e) ->
            u.thrown.add(new AssertionError("uncaught on thread " + t.getName() + ": " + e, e));
    Thread.setDefaultUncaughtExceptionHandler(h);
    Runnable onFx =
        () -> {
          u.fxThread = Thread.currentThread();
          u.previousFx =
              u.fxThread.getUncaughtExceptionHandler() == u.fxThread.getThreadGroup()
                  ? null
                  : u.fxThread.getUncaughtExceptionHandler();
          u.fxThread.setUncaughtExceptionHandler(h);
        };
    if (Platform.isFxApplicationThread()) onFx.run();
    else await(WaitForAsyncUtils.asyncFx(onFx));
    return u;
  }

  /** What was thrown so far (each wrapped in an AssertionError naming the thread). */
  public List<Throwable> thrown() {
    WaitForAsyncUtils.waitForFxEvents();
    return List.copyOf(thrown);
  }

  @Override
  public void close() {
    Thread.setDefaultUncaughtExceptionHandler(previousDefault);
    Thread fx = fxThread;
    if (fx == null) return;
    Runnable restore = () -> fx.setUncaughtExceptionHandler(previousFx);
    if (Platform.isFxApplicationThread()) restore.run();
    else await(WaitForAsyncUtils.asyncFx(restore));
  }

  private static void await(Future<?> f) {
    try {
      f.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("the JavaFX thread did not answer", e);
    }
  }
}
