package io.rayon.model.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.rayon.model.time.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * Which sharing policy limits what one user may reserve (Rayon §5.2). Written as text, the same in
 * files and on the command line:
 *
 * <ul>
 *   <li>{@code none}
 *   <li>{@code instantaneous:0.2} — at any step a user holds at most 20% of the capacity;
 *   <li>{@code capacity-over-time:0.2,0.05,24h} — at most 20% at any step and at most 5% on average
 *       over every sliding 24-hour window (YARN's CapacityOverTimePolicy). The window takes a unit
 *       {@code s}, {@code m}, {@code h} or {@code d}; a bare number is in seconds.
 * </ul>
 */
public record SharingPolicySpec(
    Kind kind, double instantaneous, double average, long windowSeconds) {

  public enum Kind {
    NONE,
    INSTANTANEOUS,
    CAPACITY_OVER_TIME
  }

  public static final SharingPolicySpec NONE = new SharingPolicySpec(Kind.NONE, 1.0, 1.0, 0);

  public SharingPolicySpec {
    if (kind == null) throw new IllegalArgumentException("sharing policy kind is missing");
    if (kind != Kind.NONE) {
      if (!(instantaneous > 0 && instantaneous <= 1)) {
        throw new IllegalArgumentException(
            "instantaneous cap must be a fraction in (0, 1], got " + instantaneous);
      }
    }
    if (kind == Kind.CAPACITY_OVER_TIME) {
      if (!(average > 0 && average <= instantaneous)) {
        throw new IllegalArgumentException(
            "average cap must be in (0, instantaneous cap " + instantaneous + "], got " + average);
      }
      if (windowSeconds <= 0) {
        throw new IllegalArgumentException(
            "averaging window must be positive, got " + windowSeconds + "s");
      }
    }
  }

  @JsonCreator
  public static SharingPolicySpec parse(String text) {
    if (text == null) throw new IllegalArgumentException("sharing policy is missing");
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("none")) return NONE;
    int colon = t.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "unknown sharing policy '"
              + text
              + "'; expected none, instantaneous:CAP or capacity-over-time:CAP,AVG,WINDOW");
    }
    String name = t.substring(0, colon);
    String[] args = t.substring(colon + 1).split(",");
    try {
      switch (name) {
        case "instantaneous":
          if (args.length != 1)
            throw new IllegalArgumentException(
                "instantaneous takes one fraction, e.g. instantaneous:0.2");
          return new SharingPolicySpec(Kind.INSTANTANEOUS, Double.parseDouble(args[0]), 1.0, 0);
        case "capacity-over-time":
          if (args.length != 3) {
            throw new IllegalArgumentException(
                "capacity-over-time takes CAP,AVG,WINDOW, e.g. capacity-over-time:0.2,0.05,24h");
          }
          return new SharingPolicySpec(
              Kind.CAPACITY_OVER_TIME,
              Double.parseDouble(args[0]),
              Double.parseDouble(args[1]),
              parseDuration(args[2]));
        default:
          throw new IllegalArgumentException(
              "unknown sharing policy '"
                  + name
                  + "'; expected none, instantaneous or capacity-over-time");
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "sharing policy '" + text + "': not a number: " + e.getMessage());
    }
  }

  /**
   * Parses a window length in whole seconds, in the one duration grammar of the product ({@link
   * io.rayon.model.time.Durations}: {@code 90}, {@code 90s}, {@code 15m}, {@code 24h}, {@code 7d},
   * {@code 1h30m}).
   */
  public static long parseDuration(String s) {
    Duration d = Durations.parse(s);
    if (d.toMillis() % 1000 != 0)
      throw new IllegalArgumentException(
          "window '" + s.strip() + "' must be a whole number of seconds");
    return d.toSeconds();
  }

  public static String formatDuration(long seconds) {
    if (seconds % (7 * 86400) == 0 && seconds > 0) return seconds / 86400 + "d";
    if (seconds % 3600 == 0 && seconds >= 3600) return seconds / 3600 + "h";
    if (seconds % 60 == 0 && seconds >= 60) return seconds / 60 + "m";
    return seconds + "s";
  }

  @JsonValue
  @Override
  public String toString() {
    return switch (kind) {
      case NONE -> "none";
      case INSTANTANEOUS -> "instantaneous:" + fmt(instantaneous);
      case CAPACITY_OVER_TIME ->
          "capacity-over-time:"
              + fmt(instantaneous)
              + ","
              + fmt(average)
              + ","
              + formatDuration(windowSeconds);
    };
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
