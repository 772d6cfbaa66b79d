package io.rayon.model.cluster;

/** A federation sub-cluster (Hydra §3): an independent resource manager's share of the nodes. */
public record SubCluster(String id, String description) {}
