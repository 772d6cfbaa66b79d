package io.rayon.engine.task;

/**
 * A flag the caller sets and the engine polls. Engines check it at their loop heads and stop with
 * their best result so far (or {@link CancelledException} when they have none).
 */
public final class CancellationToken {
  /** A token nobody can cancel. */
  public static final CancellationToken NEVER = new CancellationToken();

  private volatile boolean cancelled;

  public void cancel() {
    if (this != NEVER) cancelled = true;
  }

  public boolean isCancelled() {
    return cancelled;
  }

  public void throwIfCancelled() {
    if (cancelled) throw new CancelledException();
  }
}
