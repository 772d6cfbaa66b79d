package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.resources.Resources;
import java.util.Objects;

/**
 * One application ({@code /ws/v1/cluster/apps}): who runs it where, its state, progress (0..100 as
 * YARN reports it), what it holds now, and the reservation it runs in (null when none).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AppReport(
    String id,
    String name,
    String user,
    String queue,
    String state,
    String finalStatus,
    String applicationType,
    double progress,
    long startedTime,
    long elapsedTime,
    int runningContainers,
    Resources allocated,
    String reservationId) {
  public AppReport {
    Objects.requireNonNull(id, "id");
    allocated = allocated == null ? Resources.ZERO : allocated;
    name = name == null ? "" : name;
    user = user == null ? "" : user;
    queue = queue == null ? "" : queue;
    state = state == null ? "" : state;
    finalStatus = finalStatus == null ? "" : finalStatus;
    applicationType = applicationType == null ? "" : applicationType;
  }

  /** True while YARN still schedules the application (not FINISHED, FAILED or KILLED). */
  public boolean isActive() {
    return !("FINISHED".equals(state) || "FAILED".equals(state) || "KILLED".equals(state));
  }
}
