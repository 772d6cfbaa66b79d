package io.rayon.engine.trace;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the shared sample traces ({@code ../shared/traces/} next to the repository). */
final class Traces {
  private Traces() {}

  static Path shared(String relative) {
    Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      Path candidate = d.resolveSibling("shared").resolve("traces").resolve(relative);
      if (Files.exists(candidate)) return candidate;
      Path inside = d.resolve("shared").resolve("traces").resolve(relative);
      if (Files.exists(inside)) return inside;
    }
    throw new IllegalStateException("shared trace " + relative + " not found above " + dir + " (expected ../shared/traces/)");
  }

  static Path resource(String name) throws Exception {
    return Path.of(Traces.class.getResource("/traces/" + name).toURI());
  }
}
