package io.rayon.model.federation;

import java.util.List;
import java.util.Objects;

/**
 * One sub-cluster of a federation: a YARN cluster with its own resource manager and scheduler.
 *
 * @param name unique in the federation; node and rack names in requests start with it
 * @param racks its racks
 */
public record SubClusterSpec(String name, List<RackSpec> racks) {
  public SubClusterSpec {
    Objects.requireNonNull(name, "name");
    racks = racks == null ? List.of() : List.copyOf(racks);
  }
}
