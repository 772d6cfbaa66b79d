package io.rayon.views.chart;

import io.rayon.model.io.AtomicFiles;
import io.rayon.views.draw.CanvasSink;
import io.rayon.views.draw.Drawable;
import io.rayon.views.draw.SvgSink;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Exports pictures: PNG from any node (a snapshot) or from a {@link Drawable} at a chosen size, and
 * SVG from a {@link Drawable} (the same drawing calls as on screen, written by {@link SvgSink}).
 * PNG encoding copies the snapshot's pixels into a {@link BufferedImage} for {@link ImageIO}, so it
 * needs no javafx-swing and works on the headless platform. Snapshots must be taken on the JavaFX
 * thread; files are written atomically.
 */
public final class ChartExport {
  private ChartExport() {}

  /** The SVG document of {@code d} drawn at w x h. */
  public static String svg(Drawable d, double w, double h) {
    SvgSink sink = new SvgSink();
    d.drawTo(sink, w, h);
    sink.end();
    return sink.toSvg();
  }

  public static void writeSvg(Drawable d, double w, double h, Path file) throws IOException {
    AtomicFiles.writeString(file, svg(d, w, h));
  }

  /** A snapshot of a node as it is on screen (JavaFX thread). */
  public static void writePng(Node node, Path file) throws IOException {
    SnapshotParameters p = new SnapshotParameters();
    writePng(node.snapshot(p, null), file);
  }

  /** {@code d} drawn at w x h on an off-screen canvas (JavaFX thread). */
  public static void writePng(Drawable d, int w, int h, Path file) throws IOException {
    writePng(render(d, w, h), file);
  }

  /** {@code d} drawn at w x h as an image (JavaFX thread). */
  public static WritableImage render(Drawable d, int w, int h) {
    Canvas c = new Canvas(w, h);
    d.drawTo(new CanvasSink(c), w, h);
    return c.snapshot(new SnapshotParameters(), null);
  }

  public static void writePng(Image img, Path file) throws IOException {
    BufferedImage bi = toBufferedImage(img);
    AtomicFiles.write(
        file,
        out -> {
          if (!ImageIO.write(bi, "png", out))
            throw new IOException("no PNG writer available in this Java runtime");
        });
  }

  /** Pixel copy of a JavaFX image into an ARGB BufferedImage. */
  public static BufferedImage toBufferedImage(Image img) {
    int w = (int) img.getWidth();
    int h = (int) img.getHeight();
    PixelReader r = img.getPixelReader();
    int[] argb = new int[w * h];
    r.getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
    BufferedImage bi = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
    bi.setRGB(0, 0, w, h, argb, 0, w);
    return bi;
  }
}
