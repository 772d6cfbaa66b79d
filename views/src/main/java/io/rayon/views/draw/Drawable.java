package io.rayon.views.draw;

/**
 * A control whose picture can be drawn into any {@link DrawingSink} at any size (screen or export).
 */
public interface Drawable {
  void drawTo(DrawingSink sink, double width, double height);
}
