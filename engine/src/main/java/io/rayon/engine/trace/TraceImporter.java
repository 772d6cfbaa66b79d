package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
  Set<String> parameterNames();

  /** {@code shared} and {@code own} as one sorted set (for {@link #parameterNames()}). */
  static Set<String> names(Set<String> shared, String... own) {
    TreeSet<String> all = new TreeSet<>(shared);
    all.addAll(List.of(own));
    return Collections.unmodifiableSortedSet(all);
  }
}
