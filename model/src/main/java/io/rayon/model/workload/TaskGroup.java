package io.rayon.model.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Objects;

/**
 * {@code count} identical tasks of a job (a map or reduce stage, a pod, an MPI rank set). {@code
 * request} is what the user reserves per task (RRU); {@code durationS} the task's run time when it
 * gets what it uses; {@code usage} the actual usage over the run as consecutive phases (a start-up
 * phase with low usage, then the working phase); empty means the task uses exactly its request.
 * {@code after} names task groups of the same job that must finish first (maps before reduces).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record TaskGroup(
    String name,
    int count,
    Resources request,
    long durationS,
    List<UsagePhase> usage,
    List<String> after) {
  public TaskGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(request, "request");
    usage = usage == null ? List.of() : List.copyOf(usage);
    after = after == null ? List.of() : List.copyOf(after);
  }

  /** The largest usage over the phases in every dimension (the request when no phases). */
  public Resources peakUsage() {
    if (usage.isEmpty()) return request;
    Resources p = Resources.ZERO;
    for (UsagePhase u : usage) p = p.componentMax(u.usage());
    return p;
  }
}
