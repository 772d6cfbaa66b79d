package io.rayon.model.live;

import io.rayon.model.resources.Resources;
import java.util.Objects;

/**
 * Resources YARN's plan gives a reservation during {@code [startMs, endMs)} (epoch milliseconds).
 */
public record YarnAllocation(long startMs, long endMs, Resources resource) {
  public YarnAllocation {
    Objects.requireNonNull(resource, "resource");
  }
}
