package io.rayon.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the repository that benchmarks read: the committed public traces under {@code traces/}.
 */
final class RepoFiles {
  private RepoFiles() {}

  /**
   * The repository root: the nearest folder upwards from the working directory holding {@code
   * traces/README.md}.
   */
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("traces/README.md"))
          && Files.isRegularFile(d.resolve("pom.xml"))) return d;
    }
    throw new IllegalArgumentException(
        "no repository root (with traces/README.md) above "
            + dir
            + "; run from the repository, or pass the trace file explicitly");
  }

  /** A committed trace, {@code traces/<relative>}. */
  static Path trace(String relative) {
    Path p = root().resolve("traces").resolve(relative).normalize();
    if (!Files.isRegularFile(p))
      throw new IllegalArgumentException("committed trace " + p + " is missing");
    return p;
  }
}
