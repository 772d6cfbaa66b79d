package io.rayon.yarn;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.live.YarnReservationDefinition;
import java.util.List;

/**
 * The outcome of translating one local reservation: the YARN definition to submit (null when the
 * expression cannot be expressed), the queue it goes to, the step length and origin used, notes on
 * semantics-preserving rewrites that were applied, and problems (each naming the construct and its
 * RDL path) that keep it from being submitted.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record YarnTranslation(
    String reservationId,
    String queue,
    long originMs,
    long stepMs,
    long windowStartStep,
    long windowFinishStep,
    YarnReservationDefinition definition,
    List<String> notes,
    List<Problem> problems,
    List<String> warnings) {

  /** Why (part of) an expression cannot go to YARN: the construct, where it is, and what to do. */
  public record Problem(String construct, String path, String message) {
    @Override
    public String toString() {
      if (construct.equals("plan")) return "plan: " + message;
      return construct + " at " + (path.isEmpty() ? "the root" : "path " + path) + ": " + message;
    }
  }

  public YarnTranslation {
    notes = notes == null ? List.of() : List.copyOf(notes);
    problems = problems == null ? List.of() : List.copyOf(problems);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** A translation without warnings. */
  public YarnTranslation(
      String reservationId,
      String queue,
      long originMs,
      long stepMs,
      long windowStartStep,
      long windowFinishStep,
      YarnReservationDefinition definition,
      List<String> notes,
      List<Problem> problems) {
    this(
        reservationId,
        queue,
        originMs,
        stepMs,
        windowStartStep,
        windowFinishStep,
        definition,
        notes,
        problems,
        List.of());
  }

  public boolean ok() {
    return definition != null && problems.isEmpty();
  }
}
