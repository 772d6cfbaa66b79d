package io.rayon.app.task;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;

/**
 * The part of a background task that runs off the JavaFX thread. It receives immutable inputs
 * through its closure, reports through {@code progress}, polls {@code cancel}, and never touches
 * the scene graph or a JavaFX property.
 */
@FunctionalInterface
public interface BackgroundWork<T> {
  T run(ProgressListener progress, CancellationToken cancel) throws Exception;
}
