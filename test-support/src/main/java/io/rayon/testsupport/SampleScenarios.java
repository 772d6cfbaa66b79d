package io.rayon.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the repository's sample scenarios and committed traces ({@code traces/}) from a test's
 * working directory.
 */
public final class SampleScenarios {
  private SampleScenarios() {}

  public static final String SWIM_TRACE = "FB-2009_samples_24_times_1hr_0.tsv";

  /** The repository root: the nearest folder upwards holding sample-clusters/ and a pom.xml. */
  public static Path repoRoot() {
    Path d = Path.of("").toAbsolutePath();
    for (Path p = d; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("sample-clusters")) && Files.exists(p.resolve("pom.xml")))
        return p;
    }
    throw new IllegalStateException("no repository root (with sample-clusters/) above " + d);
  }

  public static Path sample(String name) {
    return repoRoot().resolve("sample-clusters").resolve(name);
  }

  public static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String fig9Json() {
    return read(sample("fig9-pipeline.json"));
  }

  public static String fig5bJson() {
    return read(sample("fig5b-workflow.json"));
  }

  /**
   * A committed public trace under the repository's {@code traces/} folder (see traces/README.md).
   */
  public static Path trace(String relative) {
    Path p = repoRoot().resolve("traces").resolve(relative).normalize();
    if (!Files.isRegularFile(p))
      throw new IllegalStateException("committed trace " + p + " is missing");
    return p;
  }

  /** The SWIM sample trace, committed under {@code traces/swim/}. */
  public static Path swimTrace() {
    return trace("swim/" + SWIM_TRACE);
  }
}
