package io.rayon.engine.trace;

import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Path;

/**
 * Finds the committed sample traces ({@code traces/} at the repository root) and test resources.
 */
final class Traces {
  private Traces() {}

  /** A committed public trace under the repository's {@code traces/} folder. */
  static Path shared(String relative) {
    return SampleScenarios.trace(relative);
  }

  static Path resource(String name) throws Exception {
    return Path.of(Traces.class.getResource("/traces/" + name).toURI());
  }
}
