package io.rayon.engine.task;

/** Thrown by engine work that was cancelled before it had any result to return. */
public final class CancelledException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CancelledException() {
    super("cancelled");
  }
}
