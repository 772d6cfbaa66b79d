package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * A YARN reservation definition: the stages, how they combine, and the one window {@code [arrival,
 * deadline)} (epoch milliseconds) all of them must lie in. {@code priority} is YARN's (lower is more
 * important) or null when not given; {@code recurrenceExpression} is YARN's period in milliseconds
 * as text, or null for a one-off reservation.
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
}
