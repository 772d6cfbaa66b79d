package io.rayon.yarn;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Parses the instants users type and aligns submissions to plan steps. Durations have one grammar
 * for the whole product: {@link io.rayon.model.time.Durations}.
 */
public final class LiveDurations {
  private LiveDurations() {}

  /** An ISO-8601 instant ({@code 2026-11-22T18:00:00Z}) or epoch milliseconds. */
  public static long parseInstant(String text) {
    String t = text == null ? "" : text.trim();
    if (t.matches("\\d+")) return Long.parseLong(t);
    try {
      return Instant.parse(t).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is not a time; write an ISO instant such as"
              + " 2026-11-22T18:00:00Z or epoch milliseconds");
    }
  }

  /** The first whole step after {@code nowMs}: plan step 0 of a submission made now. */
  public static long nextStep(long nowMs, long stepMs) {
    return (Math.floorDiv(nowMs, stepMs) + 1) * stepMs;
  }
}
