package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.resources.Resources;
import java.util.Objects;

/**
 * One NodeManager as the ResourceManager sees it ({@code /ws/v1/cluster/nodes}): its capacity, what
 * its containers were allocated ({@code used}, YARN's bookkeeping), and, when the NodeManager
 * reports it, the measured {@code utilization}. {@code lastHealthUpdate} is epoch milliseconds.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeReport(
    String id,
    String host,
    String rack,
    String state,
    String healthReport,
    long lastHealthUpdate,
    int numContainers,
    Resources capacity,
    Resources used,
    NodeUtilization utilization) {
  public NodeReport {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(capacity, "capacity");
    Objects.requireNonNull(used, "used");
    host = host == null ? id : host;
    rack = rack == null ? "" : rack;
    state = state == null ? "" : state;
    healthReport = healthReport == null ? "" : healthReport;
  }

  /** The larger of memory and vcore allocation over capacity (0 for a node without capacity). */
  public double allocatedShare() {
    return used.dominantShare(capacity);
  }

  /** True for a node that runs containers: {@code RUNNING} (YARN's NodeState). */
  public boolean isRunning() {
    return "RUNNING".equals(state);
  }
}
