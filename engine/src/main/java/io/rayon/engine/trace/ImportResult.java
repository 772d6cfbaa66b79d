package io.rayon.engine.trace;

import io.rayon.model.workload.Workload;
import java.util.List;

/** What an import produced: the workload, how many lines were skipped (lenient mode), and warnings. */
public record ImportResult(Workload workload, int skippedLines, List<String> warnings) {
  public ImportResult {
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }
}
