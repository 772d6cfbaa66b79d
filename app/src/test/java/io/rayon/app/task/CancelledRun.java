package io.rayon.app.task;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;

/**
 * For test executors: runs a task on the calling thread with a token that is already cancelled, as
 * if Cancel had been pressed while it waited in the queue, and delivers the outcome the way the
 * real executors do (a normal return is a success, {@code CancelledException} is a cancellation).
 */
public final class CancelledRun {
  private CancelledRun() {}

  public static <T> void run(BackgroundTask<T> task) {
    CancellationToken token = new CancellationToken();
    token.cancel();
    T result;
    try {
      result = task.work().run(ProgressListener.NONE, token);
    } catch (Exception | Error e) {
      task.failed(e);
      return;
    }
    task.succeeded(result);
  }
}
