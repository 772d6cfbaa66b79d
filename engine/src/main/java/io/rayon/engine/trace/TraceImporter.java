package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a public workload trace into the model's {@link io.rayon.model.workload.Workload}. Each
 * importer documents its mapping (fields used, and the model that derives what the trace lacks,
 * with settable parameters in {@link ImportOptions#params()}).
 */
public interface TraceImporter {
  /** The name used on the command line: swim, swf, sls, rumen, alibaba-gpu. */
  String format();

  /**
   * Reads {@code file}. Malformed lines raise a {@link FormatException} naming the line, unless
   * {@link ImportOptions#lenient()} is set: then they are skipped and counted in the result.
   */
  ImportResult read(Path file, ImportOptions options) throws FormatException, IOException;

  /**
   * The model parameters this importer reads from {@link ImportOptions#params()}; the CLI refuses
   * any other name, so a misspelled {@code --param} is not silently ignored.
   */
  java.util.Set<String> parameterNames();

  /** {@code shared} and {@code own} as one sorted set (for {@link #parameterNames()}). */
  static java.util.Set<String> names(java.util.Set<String> shared, String... own) {
    java.util.TreeSet<String> all = new java.util.TreeSet<>(shared);
    all.addAll(java.util.List.of(own));
    return java.util.Collections.unmodifiableSortedSet(all);
  }
}
