package io.rayon.model.time;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration grammar of Rayon Studio, for every option, flag and file field that takes a
 * length of time: a sequence of a non-negative decimal number and a unit, {@code ms}, {@code s},
 * {@code m}, {@code h} or {@code d}, optionally repeated ({@code 1h30m}); a bare number means
 * seconds. Whitespace around the text is ignored; case is not significant. Examples: {@code 90},
 * {@code 90s}, {@code 1.5m}, {@code 250ms}, {@code 24h}, {@code 2d}, {@code 1h30m}.
 *
 * <p>Values are exact to the millisecond (finer fractions are rejected rather than rounded) and
 * checked against overflow.
 */
public final class Durations {
  private Durations() {}

  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)(ms|s|m|h|d)");
  private static final Pattern BARE = Pattern.compile("\\d+(?:\\.\\d+)?|\\.\\d+");

  /** What to write instead, in error messages. */
  public static final String EXAMPLES =
      "for example 90 (seconds), 90s, 15m, 1h30m, 24h, 2d or 250ms";

  /**
   * Parses a duration.
   *
   * @throws IllegalArgumentException with a message naming the text and the grammar when the text
   *     is not a duration
   */
  public static Duration parse(String text) {
    if (text == null)
      throw new IllegalArgumentException("a duration is missing; write " + EXAMPLES);
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.isEmpty())
      throw new IllegalArgumentException("an empty text is not a duration; write " + EXAMPLES);
    try {
      if (BARE.matcher(t).matches()) return millis(new BigDecimal(t), 1000, text);
      Matcher m = PART.matcher(t);
      int at = 0;
      long total = 0;
      while (at < t.length()) {
        if (!m.find(at) || m.start() != at) throw bad(text);
        long unit =
            switch (m.group(2)) {
              case "ms" -> 1;
              case "s" -> 1000;
              case "m" -> 60_000;
              case "h" -> 3_600_000;
              default -> 86_400_000;
            };
        total = Math.addExact(total, millis(new BigDecimal(m.group(1)), unit, text).toMillis());
        at = m.end();
      }
      return Duration.ofMillis(total);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("duration '" + text + "' is too long");
    }
  }

  /** Parses a duration that must be longer than zero. */
  public static Duration parsePositive(String text) {
    Duration d = parse(text);
    if (d.isZero())
      throw new IllegalArgumentException(
          "duration '" + text + "' must be longer than zero; write " + EXAMPLES);
    return d;
  }

  /**
   * The shortest text of this grammar that parses back to {@code d} (for example {@code 1h30m}).
   */
  public static String format(Duration d) {
    if (d.isNegative()) throw new IllegalArgumentException("negative duration " + d);
    long ms = d.toMillis();
    if (ms == 0) return "0s";
    StringBuilder b = new StringBuilder();
    long[] units = {86_400_000, 3_600_000, 60_000, 1000, 1};
    String[] names = {"d", "h", "m", "s", "ms"};
    for (int i = 0; i < units.length; i++) {
      if (ms >= units[i]) {
        b.append(ms / units[i]).append(names[i]);
        ms %= units[i];
      }
    }
    return b.toString();
  }

  private static Duration millis(BigDecimal amount, long unitMillis, String text) {
    BigDecimal ms = amount.multiply(BigDecimal.valueOf(unitMillis));
    if (ms.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException("duration '" + text + "' is finer than a millisecond");
    }
    return Duration.ofMillis(ms.longValueExact());
  }

  private static IllegalArgumentException bad(String text) {
    return new IllegalArgumentException("'" + text + "' is not a duration; write " + EXAMPLES);
  }
}
