package io.rayon.model.cluster;

import io.rayon.model.resources.Resources;

/**
 * One worker node: capacity NC, allowance AR (at most NC), its rack and its sub-cluster (or null).
 */
public record Node(
    String id, String rack, Resources capacity, Resources allowance, String subCluster) {}
