package io.rayon.model.federation;

import java.util.Objects;

/**
 * A rack of identical nodes. Node {@code i} (0-based) of rack {@code r} in sub-cluster {@code s} is
 * named {@code s/r/i} in requests.
 *
 * @param name unique within its sub-cluster
 * @param nodes how many nodes
 * @param containersPerNode how many containers one node runs at once (the unit of all capacities)
 */
public record RackSpec(String name, int nodes, int containersPerNode) {
  public RackSpec {
    Objects.requireNonNull(name, "name");
  }
}
