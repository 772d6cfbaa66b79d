package io.rayon.engine.trace;

import io.rayon.model.workload.Workload;
import java.util.List;

/**
 * What an import produced: the workload, how many lines were skipped (lenient mode), warnings, and
 * whether the trace's jobs are {@code rigid} (all tasks of a group run at once, as the parallel
 * jobs of an HPC log do; reservations for them ask for one gang of all their tasks).
 */
public record ImportResult(
    Workload workload, int skippedLines, List<String> warnings, boolean rigid) {
  public ImportResult {
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** A result of malleable jobs (tasks may run at any parallelism). */
  public ImportResult(Workload workload, int skippedLines, List<String> warnings) {
    this(workload, skippedLines, warnings, false);
  }
}
