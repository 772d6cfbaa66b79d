package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A YARN reservation definition: the stages, how they combine, and the one window {@code [arrival,
 * deadline)} (epoch milliseconds) all of them must lie in. {@code priority} is YARN's (lower is
 * more important) or null when not given; {@code recurrenceExpression} is YARN's period in
 * milliseconds as text, or null for a one-off reservation.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record YarnReservationDefinition(
    String name,
    long arrival,
    long deadline,
    YarnInterpreter interpreter,
    List<YarnStage> stages,
    Integer priority,
    String recurrenceExpression) {
  public YarnReservationDefinition {
    Objects.requireNonNull(interpreter, "interpreter");
    stages = stages == null ? List.of() : List.copyOf(stages);
    name = name == null ? "" : name;
  }

  /**
   * True when YARN has exactly one way to place this definition: {@link
   * YarnInterpreter#R_ORDER_NO_GAP} over stages that are one gang each ({@code numContainers ==
   * minConcurrency ≥ 1}, positive duration) whose durations add up to {@code deadline - arrival}.
   * Stage k+1 must start when stage k ends, the first cannot start before arrival and the last
   * cannot end after the deadline, and a single gang is held for exactly its duration: so stage k
   * runs from {@code arrival} plus the durations before it.
   */
  @JsonIgnore
  public boolean isPinned() {
    if (interpreter != YarnInterpreter.R_ORDER_NO_GAP || stages.isEmpty()) return false;
    long total = 0;
    for (YarnStage s : stages) {
      if (s.numContainers() < 1 || s.numContainers() != s.minConcurrency() || s.durationMs() <= 0)
        return false;
      total += s.durationMs();
    }
    return total == deadline - arrival;
  }

  /**
   * The allocation YARN must give a pinned definition (see {@link #isPinned()}): one allocation per
   * stage, back to back from {@code arrival}, each holding the stage's gang. Empty when the
   * definition is not pinned, so YARN has a choice.
   */
  public List<YarnAllocation> pinnedAllocations() {
    if (!isPinned()) return List.of();
    List<YarnAllocation> out = new ArrayList<>();
    long t = arrival;
    for (YarnStage s : stages) {
      out.add(new YarnAllocation(t, t + s.durationMs(), s.capability().times(s.numContainers())));
      t += s.durationMs();
    }
    return out;
  }
}
