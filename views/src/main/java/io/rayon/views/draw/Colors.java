package io.rayon.views.draw;

import javafx.scene.paint.Color;

/** Colour helpers shared by the canvas controls. */
public final class Colors {
  private Colors() {}

  /** 0xAARRGGBB of a colour. */
  public static int argb(Color c) {
    int a = (int) Math.round(c.getOpacity() * 255);
    int r = (int) Math.round(c.getRed() * 255);
    int g = (int) Math.round(c.getGreen() * 255);
    int b = (int) Math.round(c.getBlue() * 255);
    return (a << 24) | (r << 16) | (g << 8) | b;
  }

  public static Color color(int argb) {
    return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff, (argb >>> 24) / 255.0);
  }

  /** {@code #rrggbb} of a colour (opacity is written separately in SVG). */
  public static String hex(Color c) {
    return String.format(
        "#%02x%02x%02x",
        (int) Math.round(c.getRed() * 255),
        (int) Math.round(c.getGreen() * 255),
        (int) Math.round(c.getBlue() * 255));
  }

  /**
   * A stable, well-spread colour for a key (for example a reservation id): hue from the key's hash
   * stepped by the golden angle, with saturation and brightness that read on light and dark
   * backgrounds.
   */
  public static Color categorical(String key) {
    int h = key == null ? 0 : key.hashCode();
    h ^= (h >>> 16);
    h *= 0x45d9f3b;
    h ^= (h >>> 16);
    double hue = ((h & 0x7fffffff) % 360 * 137.508) % 360;
    double sat = 0.45 + ((h >>> 9) & 3) * 0.08;
    double bri = 0.72 + ((h >>> 12) & 3) * 0.06;
    return Color.hsb(hue, sat, bri);
  }

  /** Linear interpolation between two colours, {@code t} in [0, 1]. */
  public static Color mix(Color a, Color b, double t) {
    t = Math.max(0, Math.min(1, t));
    return a.interpolate(b, t);
  }
}
