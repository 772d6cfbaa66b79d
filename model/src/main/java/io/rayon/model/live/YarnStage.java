package io.rayon.model.live;

import io.rayon.model.resources.Resources;
import java.util.Objects;

/**
 * One YARN ReservationRequest (a "stage"): {@code numContainers} containers of {@code capability},
 * placed in gangs of {@code minConcurrency} containers that each hold for {@code durationMs}
 * milliseconds. YARN needs {@code numContainers} to be a multiple of {@code minConcurrency}.
 */
public record YarnStage(
    Resources capability, int numContainers, int minConcurrency, long durationMs) {
  public YarnStage {
    Objects.requireNonNull(capability, "capability");
  }

  /** Container-milliseconds the stage asks for. */
  public long containerMillis() {
    return (long) numContainers * durationMs;
  }
}
