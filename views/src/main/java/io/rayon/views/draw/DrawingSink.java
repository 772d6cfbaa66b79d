package io.rayon.views.draw;

import javafx.scene.paint.Color;

/**
 * Where a canvas control draws: the screen ({@link CanvasSink}) or an SVG document ({@link
 * SvgSink}). Controls describe their picture once through this interface, so an exported picture is
 * what is on the screen. Coordinates are in pixels from the top-left corner; text is placed by its
 * baseline.
 */
public interface DrawingSink {
  enum Align {
    LEFT,
    CENTER,
    RIGHT
  }

  /** Starts a picture of the given size. */
  void begin(double width, double height);

  void fillRect(double x, double y, double w, double h, Color fill);

  void strokeRect(double x, double y, double w, double h, Color stroke, double lineWidth);

  void line(double x1, double y1, double x2, double y2, Color stroke, double lineWidth);

  /** A polyline through the first {@code n} points. */
  void polyline(double[] xs, double[] ys, int n, Color stroke, double lineWidth);

  void text(String s, double x, double y, Color fill, double size, Align align);

  /** Dense vertical spans, such as a stacked skyline decimated to pixel columns. */
  void columns(ColumnSpans spans);

  /** Ends the picture. */
  void end();
}
