package io.rayon.engine.sim;

import io.rayon.model.resources.Resources;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link QueueDiscipline} measured over a run: named values in a stable order ({@code
 * values}, for example the reservations accepted and re-plans), and per plan step the planned and
 * actual allocation of each active reservation ({@code samples}).
 */
public record SchedulerReport(Map<String, Object> values, List<AllocationSample> samples) {
  public static final SchedulerReport NONE = new SchedulerReport(Map.of(), List.of());

  public SchedulerReport {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    samples = List.copyOf(samples);
  }

  /**
   * Reservation {@code reservationId} at simulated time {@code timeS} (plan step {@code step}):
   * what the plan gives it ({@code planned}), what its jobs' running containers hold ({@code
   * used}), and whether a job of it still had queued work that fit inside the plan after the
   * scheduling pass ({@code unmetDemand}: the reservation was not honoured then).
   */
  public record AllocationSample(
      double timeS,
      long step,
      String reservationId,
      Resources planned,
      Resources used,
      boolean unmetDemand) {}
}
