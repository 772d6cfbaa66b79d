package io.rayon.model.federation;

import java.util.List;

/**
 * Failures in force during the decision: sub-clusters whose resource manager is down (their
 * capacity is lost and their pending requests are redistributed) and a fraction of machines
 * unavailable across the federation (chosen with {@code seed}).
 *
 * @param downSubClusters names of sub-clusters whose RM is down
 * @param unavailableNodes fraction of nodes unavailable, 0 to 0.05
 * @param seed picks the unavailable nodes
 */
public record FailureSpec(List<String> downSubClusters, double unavailableNodes, long seed) {
  public static final FailureSpec NONE = new FailureSpec(List.of(), 0, 0);

  public FailureSpec {
    downSubClusters = downSubClusters == null ? List.of() : List.copyOf(downSubClusters);
  }
}
