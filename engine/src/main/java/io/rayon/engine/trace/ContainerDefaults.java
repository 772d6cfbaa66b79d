package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;

/**
 * The usage model and the default container size ({@code memoryMB}, {@code vcores} parameters) of a
 * JSON trace import (Rumen, SLS), read from the import options; a bad parameter is a {@link
 * FormatException} at {@code --param}.
 */
record ContainerDefaults(UsageModel model, long memoryMB, long vcores) {
  static ContainerDefaults of(String file, UsageModel defaults, ImportOptions options)
      throws FormatException {
    try {
      return new ContainerDefaults(
          defaults.with(options),
          options.longParam("memoryMB", 1024),
          options.longParam("vcores", 1));
    } catch (IllegalArgumentException e) {
      throw new FormatException(file, "--param", e.getMessage());
    }
  }
}
