package io.rayon.model.live;

import io.rayon.model.resources.Resources;
import java.util.Objects;

/**
 * Cluster-wide figures: {@code /ws/v1/cluster/metrics}. {@code total} is what the active nodes
 * offer, {@code allocated} what running containers hold, {@code reserved} what the scheduler holds
 * back for pending containers (YARN's container reservations, not ReservationSystem reservations).
 */
public record ClusterMetrics(
    int appsSubmitted,
    int appsRunning,
    int appsPending,
    int appsCompleted,
    int appsFailed,
    int appsKilled,
    Resources total,
    Resources allocated,
    Resources available,
    Resources reserved,
    int containersAllocated,
    int containersPending,
    int containersReserved,
    int totalNodes,
    int activeNodes,
    int lostNodes,
    int unhealthyNodes,
    int decommissionedNodes) {
  public ClusterMetrics {
    Objects.requireNonNull(total, "total");
    Objects.requireNonNull(allocated, "allocated");
    Objects.requireNonNull(available, "available");
    Objects.requireNonNull(reserved, "reserved");
  }

  /** Allocated over total memory, 0 when the cluster has no memory. */
  public double memoryUtilization() {
    return total.memoryMB() <= 0 ? 0 : (double) allocated.memoryMB() / total.memoryMB();
  }

  /** Allocated over total virtual cores, 0 when the cluster has no cores. */
  public double vcoreUtilization() {
    return total.vcores() <= 0 ? 0 : (double) allocated.vcores() / total.vcores();
  }
}
