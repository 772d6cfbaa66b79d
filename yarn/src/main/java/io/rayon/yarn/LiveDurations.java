package io.rayon.yarn;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the durations and instants users type: {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}. */
public final class LiveDurations {
  private LiveDurations() {}

  private static final Pattern D = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

  public static Duration parse(String text) {
    Matcher m = D.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration; write for example 500ms, 5s, 2m or 1h");
    }
    long v = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> Duration.ofMillis(v);
      case "m" -> Duration.ofMinutes(v);
      case "h" -> Duration.ofHours(v);
      default -> Duration.ofSeconds(v);
    };
  }

  /** An ISO-8601 instant ({@code 2026-11-22T18:00:00Z}) or epoch milliseconds. */
  public static long parseInstant(String text) {
    String t = text == null ? "" : text.trim();
    if (t.matches("\\d+")) return Long.parseLong(t);
    try {
      return Instant.parse(t).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("'" + text + "' is not a time; write an ISO instant such as"
          + " 2026-11-22T18:00:00Z or epoch milliseconds");
    }
  }

  /** The first whole step after {@code nowMs}: plan step 0 of a submission made now. */
  public static long nextStep(long nowMs, long stepMs) {
    return (Math.floorDiv(nowMs, stepMs) + 1) * stepMs;
  }
}
