package io.rayon.yarn;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What happened to one local reservation in a submission: {@code status} says how far it got,
 * {@code message} why (YARN's reason when YARN refused it), {@code submission} is the JSON body
 * that was (or, in a preview, would be) sent, {@code comparison} compares YARN's allocation after
 * listing it back, {@code localDecision} says what the local plan decided ({@code accepted}, or
 * {@code rejected: <reason>}; null when no local plan was made), {@code warnings} the relaxations
 * the translation applied so YARN could hold it (see {@link YarnTranslation#warnings()}).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record SubmitOutcome(
    String reservationId,
    Status status,
    String yarnReservationId,
    String queue,
    String message,
    List<String> notes,
    List<YarnTranslation.Problem> problems,
    JsonNode submission,
    ReservationComparison comparison,
    String localDecision,
    List<String> warnings) {

  public enum Status {
    /** Dry run: translated, would be submitted. */
    PREVIEW,
    /** YARN cannot express the expression: see the problems. */
    NOT_EXPRESSIBLE,
    /** YARN accepted it and lists it in its plan. */
    ACCEPTED,
    /** YARN refused it (HTTP 4xx): the message carries YARN's reason. */
    REJECTED,
    /** It was not sent, or its fate is unknown, because the server could not be reached. */
    NOT_SENT
  }

  public SubmitOutcome {
    notes = notes == null ? List.of() : List.copyOf(notes);
    problems = problems == null ? List.of() : List.copyOf(problems);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** An outcome without warnings. */
  public SubmitOutcome(
      String reservationId,
      Status status,
      String yarnReservationId,
      String queue,
      String message,
      List<String> notes,
      List<YarnTranslation.Problem> problems,
      JsonNode submission,
      ReservationComparison comparison,
      String localDecision) {
    this(
        reservationId,
        status,
        yarnReservationId,
        queue,
        message,
        notes,
        problems,
        submission,
        comparison,
        localDecision,
        List.of());
  }

  SubmitOutcome withLocalDecision(String d) {
    return new SubmitOutcome(
        reservationId,
        status,
        yarnReservationId,
        queue,
        message,
        notes,
        problems,
        submission,
        comparison,
        d,
        warnings);
  }

  SubmitOutcome withWarnings(List<String> w) {
    return new SubmitOutcome(
        reservationId,
        status,
        yarnReservationId,
        queue,
        message,
        notes,
        problems,
        submission,
        comparison,
        localDecision,
        w);
  }

  /** True for outcomes the CLI reports with exit code 1. */
  public boolean isFailure() {
    return status == Status.NOT_EXPRESSIBLE
        || status == Status.REJECTED
        || status == Status.NOT_SENT;
  }
}
