package io.rayon.model.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * A job of a workload. Times are in seconds from the scenario's start. A PRODUCTION job runs under
 * the reservation {@code reservationId} and has a {@code deadlineS}; a BEST_EFFORT job runs on
 * whatever is idle.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(
    String id,
    String name,
    String user,
    String queue,
    JobKind kind,
    long arrivalS,
    Long deadlineS,
    String reservationId,
    List<TaskGroup> tasks) {
  public Job {
    Objects.requireNonNull(id, "id");
    if (name == null) name = id;
    if (user == null) user = "default";
    if (queue == null) queue = "default";
    if (kind == null) kind = JobKind.BEST_EFFORT;
    tasks = tasks == null ? List.of() : List.copyOf(tasks);
  }

  /** This job with other task groups, every other field the same. */
  public Job withTasks(List<TaskGroup> groups) {
    return new Job(id, name, user, queue, kind, arrivalS, deadlineS, reservationId, groups);
  }

  public int taskCount() {
    int n = 0;
    // exact: a total beyond int is refused by the scenario checks, never wrapped to a negative
    // count
    for (TaskGroup g : tasks) n = Math.addExact(n, g.count());
    return n;
  }
}
