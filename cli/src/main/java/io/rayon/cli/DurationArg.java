package io.rayon.cli;

import java.util.Locale;

/** Parses CLI durations: {@code 90} or {@code 90s} (seconds), {@code 15m}, {@code 24h}, {@code 2d}, decimals allowed. */
final class DurationArg {
  private DurationArg() {}

  static double seconds(String option, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    double unit = 1;
    if (t.endsWith("ms")) {
      unit = 0.001;
      t = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      t = t.substring(0, t.length() - 1);
    } else if (t.endsWith("m")) {
      unit = 60;
      t = t.substring(0, t.length() - 1);
    } else if (t.endsWith("h")) {
      unit = 3600;
      t = t.substring(0, t.length() - 1);
    } else if (t.endsWith("d")) {
      unit = 86400;
      t = t.substring(0, t.length() - 1);
    }
    try {
      double v = Double.parseDouble(t) * unit;
      if (!(v > 0) || Double.isInfinite(v)) throw new NumberFormatException();
      return v;
    } catch (NumberFormatException e) {
      throw new CliSupport.BadInputException(
          option + " '" + text + "' is not a positive duration; write for example 3s, 90, 15m, 24h or 2d");
    }
  }
}
