package io.rayon.views.rdl;

import java.util.Locale;

/**
 * Units in which the inspector shows a window's start and finish. Plans count time in steps; a step
 * lasts {@code stepSeconds} seconds, so a value in minutes or hours converts to a whole number of
 * steps only when it is a multiple of the step length.
 */
public enum DisplayUnit {
  STEPS("steps", 0),
  SECONDS("s", 1),
  MINUTES("min", 60),
  HOURS("h", 3600);

  private final String label;
  private final long seconds;

  DisplayUnit(String label, long seconds) {
    this.label = label;
    this.seconds = seconds;
  }

  /** The value of {@code steps} in this unit. */
  public double fromSteps(long steps, long stepSeconds) {
    if (this == STEPS) return steps;
    return (double) steps * stepSeconds / seconds;
  }

  /**
   * The number of steps {@code value} in this unit stands for.
   *
   * @throws IllegalArgumentException when it is not a whole number of steps, naming the step length
   */
  public long toSteps(double value, long stepSeconds) {
    double steps = this == STEPS ? value : value * seconds / stepSeconds;
    long r = Math.round(steps);
    if (Double.isNaN(steps) || Math.abs(steps - r) > 1e-6) {
      throw new IllegalArgumentException(
          format(value)
              + " "
              + label
              + " is not a whole number of steps (1 step = "
              + stepSeconds
              + " s); maybe use "
              + format(Math.floor(steps))
              + " or "
              + format(Math.ceil(steps))
              + " steps");
    }
    return r;
  }

  /** A number without a trailing ".0". */
  public static String format(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
    String s = String.format(Locale.ROOT, "%.6f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  @Override
  public String toString() {
    return label;
  }
}
