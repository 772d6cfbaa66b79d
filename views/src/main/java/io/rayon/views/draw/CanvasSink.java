package io.rayon.views.draw;

import java.nio.IntBuffer;
import java.util.Arrays;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * Draws on a {@link Canvas}. Dense {@link ColumnSpans} are rasterized into a reused pixel buffer
 * and drawn as one image, so a frame costs one image draw however many reservations it shows.
 */
public final class CanvasSink implements DrawingSink {
  private final Canvas canvas;
  private GraphicsContext g;
  private int[] buffer = new int[0];
  private IntBuffer wrapped;
  private PixelBuffer<IntBuffer> pixels;
  private WritableImage image;
  private final Font[] fonts = new Font[64];

  public CanvasSink(Canvas canvas) {
    this.canvas = canvas;
  }

  @Override
  public void begin(double width, double height) {
    g = canvas.getGraphicsContext2D();
    g.setTextBaseline(VPos.BASELINE);
    g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
  }

  @Override
  public void fillRect(double x, double y, double w, double h, Color fill) {
    g.setFill(fill);
    g.fillRect(x, y, w, h);
  }

  @Override
  public void strokeRect(double x, double y, double w, double h, Color stroke, double lineWidth) {
    g.setStroke(stroke);
    g.setLineWidth(lineWidth);
    g.strokeRect(x, y, w, h);
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color stroke, double lineWidth) {
    g.setStroke(stroke);
    g.setLineWidth(lineWidth);
    g.strokeLine(x1, y1, x2, y2);
  }

  @Override
  public void polyline(double[] xs, double[] ys, int n, Color stroke, double lineWidth) {
    if (n < 2) return;
    g.setStroke(stroke);
    g.setLineWidth(lineWidth);
    g.strokePolyline(xs, ys, n);
  }

  @Override
  public void text(String s, double x, double y, Color fill, double size, Align align) {
    int key = (int) Math.round(size);
    Font f = key >= 0 && key < fonts.length ? fonts[key] : null;
    if (f == null) {
      f = Font.font(size);
      if (key >= 0 && key < fonts.length) fonts[key] = f;
    }
    g.setFont(f);
    g.setFill(fill);
    g.setTextAlign(
        align == Align.LEFT
            ? TextAlignment.LEFT
            : align == Align.CENTER ? TextAlignment.CENTER : TextAlignment.RIGHT);
    g.fillText(s, x, y);
  }

  @Override
  public void columns(ColumnSpans spans) {
    int w = spans.width;
    int h = spans.height;
    if (w == 0 || h == 0) return;
    if (image == null || (int) image.getWidth() != w || (int) image.getHeight() != h) {
      // the image shares the int[] (no per-frame pixel conversion or copy)
      buffer = new int[w * h];
      wrapped = IntBuffer.wrap(buffer);
      pixels = new PixelBuffer<>(w, h, wrapped, PixelFormat.getIntArgbPreInstance());
      image = new WritableImage(pixels);
    } else {
      Arrays.fill(buffer, 0);
    }
    spans.rasterize(buffer);
    pixels.updateBuffer(b -> null);
    g.drawImage(image, spans.x, spans.y);
  }

  @Override
  public void end() {}
}
