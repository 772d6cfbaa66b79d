package io.rayon.engine.sim.rush;

import java.util.List;
import java.util.Objects;

/**
 * What one run of {@link RushSimulator} produced.
 *
 * @param scheduler the scheduler's name ({@code rush}, {@code fifo}, {@code edf}, {@code rrh})
 * @param settings its settings in words, for reports
 * @param jobs one result per job, in the scenario's order
 * @param snapshots the state at scheduling events, thinned to at most a few thousand, in time
 *     order; their arrays are indexed like {@code jobs}
 * @param metrics the run's summary
 */
public record RushRunResult(
    String scheduler,
    String settings,
    List<RushJobResult> jobs,
    List<RushSnapshot> snapshots,
    RushMetrics metrics) {
  public RushRunResult {
    Objects.requireNonNull(scheduler, "scheduler");
    settings = settings == null ? "" : settings;
    jobs = List.copyOf(jobs);
    snapshots = List.copyOf(snapshots);
    Objects.requireNonNull(metrics, "metrics");
  }
}
