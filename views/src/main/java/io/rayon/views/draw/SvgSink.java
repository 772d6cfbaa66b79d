package io.rayon.views.draw;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javafx.scene.paint.Color;

/**
 * Writes a drawing as an SVG 1.1 document. {@link ColumnSpans} become rectangles, with equal spans
 * of neighbouring bands merged into one wider rectangle. {@link #shapeCount()} counts the shape
 * elements written (rect, line, polyline, text).
 */
public final class SvgSink implements DrawingSink {
  private final StringBuilder sb = new StringBuilder();
  private int shapes;
  private boolean ended;

  @Override
  public void begin(double width, double height) {
    sb.setLength(0);
    shapes = 0;
    ended = false;
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"")
        .append(n(width))
        .append("\" height=\"")
        .append(n(height))
        .append("\" viewBox=\"0 0 ")
        .append(n(width))
        .append(' ')
        .append(n(height))
        .append("\" font-family=\"DejaVu Sans, sans-serif\">\n");
  }

  @Override
  public void fillRect(double x, double y, double w, double h, Color fill) {
    sb.append("<rect x=\"")
        .append(n(x))
        .append("\" y=\"")
        .append(n(y))
        .append("\" width=\"")
        .append(n(w))
        .append("\" height=\"")
        .append(n(h))
        .append('"')
        .append(fill(fill))
        .append("/>\n");
    shapes++;
  }

  @Override
  public void strokeRect(double x, double y, double w, double h, Color stroke, double lineWidth) {
    sb.append("<rect x=\"")
        .append(n(x))
        .append("\" y=\"")
        .append(n(y))
        .append("\" width=\"")
        .append(n(w))
        .append("\" height=\"")
        .append(n(h))
        .append("\" fill=\"none\"")
        .append(stroke(stroke, lineWidth))
        .append("/>\n");
    shapes++;
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color stroke, double lineWidth) {
    sb.append("<line x1=\"")
        .append(n(x1))
        .append("\" y1=\"")
        .append(n(y1))
        .append("\" x2=\"")
        .append(n(x2))
        .append("\" y2=\"")
        .append(n(y2))
        .append('"')
        .append(stroke(stroke, lineWidth))
        .append("/>\n");
    shapes++;
  }

  @Override
  public void polyline(double[] xs, double[] ys, int n, Color stroke, double lineWidth) {
    if (n < 2) return;
    sb.append("<polyline fill=\"none\" points=\"");
    for (int i = 0; i < n; i++) {
      if (i > 0) sb.append(' ');
      sb.append(n(xs[i])).append(',').append(n(ys[i]));
    }
    sb.append('"').append(stroke(stroke, lineWidth)).append("/>\n");
    shapes++;
  }

  @Override
  public void text(String s, double x, double y, Color fill, double size, Align align) {
    String anchor = align == Align.LEFT ? "start" : align == Align.CENTER ? "middle" : "end";
    sb.append("<text x=\"")
        .append(n(x))
        .append("\" y=\"")
        .append(n(y))
        .append("\" font-size=\"")
        .append(n(size))
        .append("\" text-anchor=\"")
        .append(anchor)
        .append('"')
        .append(fill(fill))
        .append('>')
        .append(escape(s))
        .append("</text>\n");
    shapes++;
  }

  @Override
  public void columns(ColumnSpans cs) {
    // open rectangles keyed by (y0, y1, colour), extended while the next band has the same span
    Map<Long, int[]> open = new HashMap<>();
    Map<Long, int[]> next = new HashMap<>();
    int prevX1 = Integer.MIN_VALUE;
    for (int b = 0; b < cs.bandCount(); b++) {
      int x0 = cs.bandX0(b);
      int x1 = cs.bandX1(b);
      if (x1 <= x0) continue;
      next.clear();
      for (int s = cs.firstSpan(b); s < cs.endSpan(b); s++) {
        long key = ((long) cs.y0(s) << 48) ^ ((long) cs.y1(s) << 32) ^ (cs.argb(s) & 0xffffffffL);
        int[] r = x0 == prevX1 ? open.remove(key) : null;
        if (r == null) r = new int[] {x0, x1, cs.y0(s), cs.y1(s), cs.argb(s)};
        else r[1] = x1;
        next.put(key, r);
      }
      for (int[] r : open.values()) rect(r);
      Map<Long, int[]> t = open;
      open = next;
      next = t;
      prevX1 = x1;
    }
    for (int[] r : open.values()) rect(r);
  }

  private void rect(int[] r) {
    fillRect(r[0], r[2], r[1] - r[0], r[3] - r[2], Colors.color(r[4]));
  }

  @Override
  public void end() {
    if (!ended) sb.append("</svg>\n");
    ended = true;
  }

  /** The document; complete after {@link #end()}. */
  public String toSvg() {
    return sb.toString();
  }

  public int shapeCount() {
    return shapes;
  }

  private static String fill(Color c) {
    String s = " fill=\"" + Colors.hex(c) + "\"";
    if (c.getOpacity() < 1) s += " fill-opacity=\"" + n(c.getOpacity()) + "\"";
    return s;
  }

  private static String stroke(Color c, double w) {
    String s = " stroke=\"" + Colors.hex(c) + "\" stroke-width=\"" + n(w) + "\"";
    if (c.getOpacity() < 1) s += " stroke-opacity=\"" + n(c.getOpacity()) + "\"";
    return s;
  }

  static String n(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e12) return Long.toString((long) v);
    return String.format(Locale.ROOT, "%.2f", v);
  }

  static String escape(String s) {
    StringBuilder o = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> o.append("&lt;");
        case '>' -> o.append("&gt;");
        case '&' -> o.append("&amp;");
        case '"' -> o.append("&quot;");
        default -> {
          if (c < 0x20 && c != '\t' && c != '\n') o.append(' ');
          else o.append(c);
        }
      }
    }
    return o.toString();
  }
}
