package io.rayon.views.draw;

import java.util.Locale;

/** Tick spacing and labels for time and value axes. */
public final class Axes {
  private Axes() {}

  private static final long[] TIME_STEPS_S = {
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    172800, 604800, 1209600, 2592000
  };

  /**
   * A tick interval in seconds for a time axis: the smallest "round" duration that keeps ticks at
   * least {@code minPx} pixels apart when one pixel is {@code secondsPerPx} seconds.
   */
  public static double timeTick(double secondsPerPx, double minPx) {
    double want = secondsPerPx * minPx;
    for (long s : TIME_STEPS_S) if (s >= want) return s;
    return niceNumber(want / 2592000) * 2592000;
  }

  /** A "nice" value tick (1, 2, 2.5 or 5 times a power of ten) no smaller than {@code raw}. */
  public static double niceNumber(double raw) {
    if (raw <= 0 || Double.isNaN(raw) || Double.isInfinite(raw)) return 1;
    double exp = Math.floor(Math.log10(raw));
    double base = Math.pow(10, exp);
    double f = raw / base;
    double nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
    return nf * base;
  }

  /**
   * A duration such as {@code 0}, {@code 45s}, {@code 30m}, {@code 2h}, {@code 1h30m}, {@code
   * 3d4h}.
   */
  public static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s == 0) return "0";
    String sign = s < 0 ? "-" : "";
    s = Math.abs(s);
    long d = s / 86400;
    long h = (s % 86400) / 3600;
    long m = (s % 3600) / 60;
    long sec = s % 60;
    StringBuilder sb = new StringBuilder(sign);
    if (d > 0) sb.append(d).append('d');
    if (h > 0) sb.append(h).append('h');
    if (m > 0 && d == 0) sb.append(m).append('m');
    if (sec > 0 && d == 0 && h == 0) sb.append(sec).append('s');
    if (sb.length() == sign.length()) sb.append(d > 0 ? d + "d" : "0");
    return sb.toString();
  }

  /**
   * A value with a unit suited to the resource dimension ({@code memoryMB} shown in GB/TB when
   * large).
   */
  public static String value(double v, String dimension) {
    if ("memoryMB".equals(dimension)) {
      double a = Math.abs(v);
      if (a >= 1024 * 1024) return number(v / (1024 * 1024)) + " TB";
      if (a >= 1024) return number(v / 1024) + " GB";
      return number(v) + " MB";
    }
    return number(v);
  }

  /** Up to three significant decimals, no trailing zeros; thousands as k, millions as M. */
  public static String number(double v) {
    double a = Math.abs(v);
    if (a >= 1e6) return trim(v / 1e6) + "M";
    if (a >= 1e4) return trim(v / 1e3) + "k";
    return trim(v);
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.2f", v);
    if (s.contains(".")) s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
    return s.equals("-0") ? "0" : s;
  }
}
