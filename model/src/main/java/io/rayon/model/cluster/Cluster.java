package io.rayon.model.cluster;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The cluster: groups of identical nodes, optional sub-clusters and capacity changes over time. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Cluster(
    String name,
    List<NodeGroup> nodeGroups,
    List<SubCluster> subClusters,
    List<CapacityChange> capacityChanges) {
  public Cluster {
    Objects.requireNonNull(name, "name");
    nodeGroups = nodeGroups == null ? List.of() : List.copyOf(nodeGroups);
    subClusters = subClusters == null ? List.of() : List.copyOf(subClusters);
    capacityChanges = capacityChanges == null ? List.of() : List.copyOf(capacityChanges);
  }

  public static Cluster of(String name, NodeGroup... groups) {
    return new Cluster(name, List.of(groups), List.of(), List.of());
  }

  @JsonIgnore
  public int nodeCount() {
    int n = 0;
    for (NodeGroup g : nodeGroups) n += g.count();
    return n;
  }

  /** Capacity at step 0 (before any capacity change). */
  @JsonIgnore
  public Resources totalCapacity() {
    Resources r = Resources.ZERO;
    for (NodeGroup g : nodeGroups) r = r.plus(g.totalCapacity());
    return r;
  }

  /** Largest single node capacity in each dimension (what one bundle may at most ask for). */
  @JsonIgnore
  public Resources largestNode() {
    Resources r = Resources.ZERO;
    for (NodeGroup g : nodeGroups) if (g.count() > 0) r = r.componentMax(g.capacity());
    return r;
  }

  public List<Node> nodes() {
    List<Node> out = new ArrayList<>(nodeCount());
    for (NodeGroup g : nodeGroups) out.addAll(g.expand());
    return out;
  }
}
