package io.rayon.engine.plugin;

import io.rayon.model.time.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One option of a plug-in, described well enough for every front-end to offer it: the CLI's {@code
 * -O name=value} and its {@code --help}, the GUI's generated controls, the docs' tables.
 *
 * @param name the key, lower-case words joined by hyphens ({@code time-limit})
 * @param type how the value is written and checked
 * @param defaultValue the value used when the option is not given, in the option's own text form
 * @param min the smallest allowed value for numbers and durations (seconds), or {@code null}
 * @param max the largest allowed value for numbers and durations (seconds), or {@code null}
 * @param choices the allowed values of a {@link Type#CHOICE}; empty otherwise
 * @param help one sentence a user reads to decide the value, naming the paper's behaviour where the
 *     option departs from it
 */
public record OptionSpec(
    String name,
    Type type,
    String defaultValue,
    Double min,
    Double max,
    List<String> choices,
    String help) {

  /** The value types an option may have. */
  public enum Type {
    BOOLEAN,
    INTEGER,
    DECIMAL,
    DURATION,
    CHOICE,
    TEXT
  }

  public OptionSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(help, "help");
    if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"))
      throw new IllegalArgumentException(
          "option name '" + name + "' is not lower-case-with-hyphens");
    choices = choices == null ? List.of() : List.copyOf(choices);
    if (type == Type.CHOICE && choices.isEmpty())
      throw new IllegalArgumentException("choice option " + name + " has no choices");
  }

  public static OptionSpec bool(String name, boolean defaultValue, String help) {
    return new OptionSpec(
        name, Type.BOOLEAN, Boolean.toString(defaultValue), null, null, List.of(), help);
  }

  public static OptionSpec integer(
      String name, long defaultValue, long min, long max, String help) {
    return new OptionSpec(
        name,
        Type.INTEGER,
        Long.toString(defaultValue),
        (double) min,
        (double) max,
        List.of(),
        help);
  }

  public static OptionSpec decimal(
      String name, double defaultValue, double min, double max, String help) {
    return new OptionSpec(
        name, Type.DECIMAL, Double.toString(defaultValue), min, max, List.of(), help);
  }

  /**
   * A duration option; {@code min} and {@code max} in seconds, {@code defaultValue} in the duration
   * grammar or null.
   */
  public static OptionSpec duration(
      String name, String defaultValue, double minSeconds, double maxSeconds, String help) {
    return new OptionSpec(
        name, Type.DURATION, defaultValue, minSeconds, maxSeconds, List.of(), help);
  }

  public static OptionSpec choice(
      String name, String defaultValue, List<String> choices, String help) {
    return new OptionSpec(name, Type.CHOICE, defaultValue, null, null, choices, help);
  }

  public static OptionSpec text(String name, String defaultValue, String help) {
    return new OptionSpec(name, Type.TEXT, defaultValue, null, null, List.of(), help);
  }

  /**
   * Checks and converts a value written as text: {@link Boolean}, {@link Long}, {@link Double},
   * {@link java.time.Duration}, or {@link String} for choices and text.
   *
   * @throws IllegalArgumentException naming the option, the value and what is allowed
   */
  public Object parse(String raw) {
    if (raw == null)
      throw new IllegalArgumentException("option " + name + " needs a value (" + allowed() + ")");
    String t = raw.strip();
    try {
      return switch (type) {
        case BOOLEAN -> {
          String l = t.toLowerCase(Locale.ROOT);
          if (l.equals("true") || l.equals("yes") || l.equals("on")) yield Boolean.TRUE;
          if (l.equals("false") || l.equals("no") || l.equals("off")) yield Boolean.FALSE;
          throw new IllegalArgumentException();
        }
        case INTEGER -> {
          long v = Long.parseLong(t);
          checkRange(v);
          yield v;
        }
        case DECIMAL -> {
          double v = Double.parseDouble(t);
          if (!Double.isFinite(v)) throw new IllegalArgumentException();
          checkRange(v);
          yield v;
        }
        case DURATION -> {
          Duration d = Durations.parse(t);
          checkRange(d.toMillis() / 1000.0);
          yield d;
        }
        case CHOICE -> {
          if (!choices.contains(t)) throw new IllegalArgumentException();
          yield t;
        }
        case TEXT -> t;
      };
    } catch (RangeException e) {
      throw new IllegalArgumentException(
          "option " + name + "=" + raw + " is out of range; " + allowed());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "option " + name + "=" + raw + " is not valid; " + allowed());
    }
  }

  /** What values are allowed, in words ("a whole number from 1 to 64"). */
  public String allowed() {
    return switch (type) {
      case BOOLEAN -> "write true or false";
      case INTEGER -> "write a whole number" + range("");
      case DECIMAL -> "write a number" + range("");
      case DURATION -> "write a duration such as 90s, 15m or 1h30m" + range(" seconds");
      case CHOICE -> "choose one of " + String.join(", ", choices);
      case TEXT -> "write any text";
    };
  }

  private String range(String unit) {
    if (min == null && max == null) return "";
    if (max == null) return " of at least " + num(min) + unit;
    if (min == null) return " of at most " + num(max) + unit;
    return " from " + num(min) + " to " + num(max) + unit;
  }

  private static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  private void checkRange(double v) {
    if ((min != null && v < min) || (max != null && v > max)) throw new RangeException();
  }

  private static final class RangeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RangeException() {
      super(null, null, false, false);
    }
  }
}
