package io.rayon.engine.task;

/**
 * Receives progress from engine work: a fraction in [0, 1] (or -1 when unknown) and a short
 * message. Called on the engine's thread; implementations in the app hop to the UI thread
 * themselves and must return quickly.
 */
@FunctionalInterface
public interface ProgressListener {
  ProgressListener NONE = (f, m) -> {};

  void progress(double fraction, String message);
}
