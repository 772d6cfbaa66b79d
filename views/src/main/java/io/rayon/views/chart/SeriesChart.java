package io.rayon.views.chart;

import io.rayon.views.draw.Axes;
import io.rayon.views.draw.Colors;
import io.rayon.views.draw.CssColors;
import io.rayon.views.draw.Drawable;
import io.rayon.views.draw.DrawingSink;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleFunction;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.css.CssMetaData;
import javafx.css.Styleable;
import javafx.css.StyleableProperty;
import javafx.css.StyleablePropertyFactory;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import javafx.scene.paint.Color;

/**
 * A small multi-series line chart on a canvas, for simulation time series and utilities. Each
 * series is drawn with min/max-per-pixel decimation: per pixel column at most four points (first,
 * minimum, maximum, last), so a million points draw as fast as a thousand and no spike is lost.
 * Series x values must be ascending.
 */
public class SeriesChart extends Control implements Drawable {
  private static final StyleablePropertyFactory<SeriesChart> CSS =
      new StyleablePropertyFactory<>(Control.getClassCssMetaData());
  static final double LEFT = 60;
  static final double RIGHT = 12;
  static final double TOP = 22;
  static final double BOTTOM = 34;

  /** One named line; {@code color} null picks a stable colour from the name. */
  public record Series(String name, double[] x, double[] y, Color color) {
    public Series {
      Objects.requireNonNull(name, "name");
      if (x.length != y.length) {
        throw new IllegalArgumentException(
            "series '" + name + "': " + x.length + " x values but " + y.length + " y values");
      }
    }

    public Color colorOrDefault() {
      return color != null ? color : Colors.categorical(name);
    }
  }

  private final ObservableList<Series> series = FXCollections.observableArrayList();
  private final StringProperty title = new SimpleStringProperty(this, "title", "");
  private final StringProperty xLabel = new SimpleStringProperty(this, "xLabel", "");
  private final StringProperty yLabel = new SimpleStringProperty(this, "yLabel", "");
  private final DoubleProperty yMin = new SimpleDoubleProperty(this, "yMin", Double.NaN);
  private final DoubleProperty yMax = new SimpleDoubleProperty(this, "yMax", Double.NaN);
  private final DoubleProperty cursorX = new SimpleDoubleProperty(this, "cursorX", Double.NaN);
  private final ObjectProperty<DoubleFunction<String>> xFormat =
      new SimpleObjectProperty<>(this, "xFormat", Axes::number);
  private final ObjectProperty<DoubleFunction<String>> yFormat =
      new SimpleObjectProperty<>(this, "yFormat", Axes::number);
  private final StyleableProperty<Color> backgroundColor =
      CSS.createStyleableColorProperty(
          this, "backgroundColor", "-rayon-background", v -> v.backgroundColor, Color.WHITE);
  private final StyleableProperty<Color> axisColor =
      CSS.createStyleableColorProperty(
          this, "axisColor", "-rayon-axis", v -> v.axisColor, Color.GRAY);
  private final StyleableProperty<Color> labelColor =
      CSS.createStyleableColorProperty(
          this, "labelColor", "-rayon-label", v -> v.labelColor, Color.BLACK);
  private final StyleableProperty<Color> gridColor =
      CSS.createStyleableColorProperty(
          this, "gridColor", "-rayon-grid", v -> v.gridColor, Color.rgb(235, 235, 235));
  private int lastPointsDrawn;

  public SeriesChart() {
    getStyleClass().add("series-chart");
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new SeriesChartSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return SeriesChart.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
    return CSS.getCssMetaData();
  }

  @Override
  public List<CssMetaData<? extends Styleable, ?>> getControlCssMetaData() {
    return getClassCssMetaData();
  }

  List<ObservableValue<Color>> cssColors() {
    return CssColors.observed(backgroundColor, axisColor, labelColor, gridColor);
  }

  public ObservableList<Series> getSeries() {
    return series;
  }

  /**
   * The time cursor: a vertical line at this x (in the series' x units, for example the playback
   * position), drawn when it lies inside the data; NaN hides it.
   */
  public DoubleProperty cursorXProperty() {
    return cursorX;
  }

  public double getCursorX() {
    return cursorX.get();
  }

  public void setCursorX(double x) {
    cursorX.set(x);
  }

  public StringProperty titleProperty() {
    return title;
  }

  public StringProperty xLabelProperty() {
    return xLabel;
  }

  public StringProperty yLabelProperty() {
    return yLabel;
  }

  /** Fixed lower bound of the value axis; NaN (the default) fits the data. */
  public DoubleProperty yMinProperty() {
    return yMin;
  }

  /** Fixed upper bound of the value axis; NaN (the default) fits the data. */
  public DoubleProperty yMaxProperty() {
    return yMax;
  }

  public ObjectProperty<DoubleFunction<String>> xFormatProperty() {
    return xFormat;
  }

  public ObjectProperty<DoubleFunction<String>> yFormatProperty() {
    return yFormat;
  }

  /** Points handed to the sink by the last draw, after decimation (for tests and benchmarks). */
  public int getLastPointsDrawn() {
    return lastPointsDrawn;
  }

  /** Data bounds: xmin, xmax, ymin, ymax (with the fixed bounds applied). */
  double[] bounds() {
    double x0 = Double.POSITIVE_INFINITY;
    double x1 = Double.NEGATIVE_INFINITY;
    double y0 = Double.POSITIVE_INFINITY;
    double y1 = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      if (s.x().length == 0) continue;
      x0 = Math.min(x0, s.x()[0]);
      x1 = Math.max(x1, s.x()[s.x().length - 1]);
      for (double v : s.y()) {
        if (Double.isNaN(v)) continue;
        y0 = Math.min(y0, v);
        y1 = Math.max(y1, v);
      }
    }
    if (x0 > x1) {
      x0 = 0;
      x1 = 1;
    }
    if (x1 == x0) x1 = x0 + 1;
    if (y0 > y1) {
      y0 = 0;
      y1 = 1;
    }
    if (y0 > 0 && y0 < 0.5 * y1) y0 = 0;
    if (!Double.isNaN(yMin.get())) y0 = yMin.get();
    if (!Double.isNaN(yMax.get())) y1 = yMax.get();
    if (y1 <= y0) y1 = y0 + 1;
    else if (Double.isNaN(yMax.get())) y1 = y1 + (y1 - y0) * 0.05;
    return new double[] {x0, x1, y0, y1};
  }

  @Override
  public void drawTo(DrawingSink sink, double w, double h) {
    double[] b = bounds();
    double px0 = LEFT;
    double px1 = Math.max(LEFT + 10, w - RIGHT);
    double py0 = TOP;
    double py1 = Math.max(TOP + 10, h - BOTTOM);
    double sx = (px1 - px0) / (b[1] - b[0]);
    double sy = (py1 - py0) / (b[3] - b[2]);
    sink.begin(w, h);
    sink.fillRect(0, 0, w, h, backgroundColor.getValue());
    if (!title.get().isEmpty())
      sink.text(title.get(), px0, 14, labelColor.getValue(), 12, DrawingSink.Align.LEFT);
    // value grid and labels
    double yt = Axes.niceNumber((b[3] - b[2]) / Math.max(2, (py1 - py0) / 36));
    for (double v = Math.ceil(b[2] / yt) * yt; v <= b[3] + 1e-9 * yt; v += yt) {
      double y = Math.round(py1 - (v - b[2]) * sy) + 0.5;
      sink.line(px0, y, px1, y, gridColor.getValue(), 1);
      sink.text(
          yFormat.get().apply(v),
          px0 - 6,
          y + 4,
          labelColor.getValue(),
          10,
          DrawingSink.Align.RIGHT);
    }
    double xt = Axes.niceNumber((b[1] - b[0]) / Math.max(2, (px1 - px0) / 90));
    for (double v = Math.ceil(b[0] / xt) * xt; v <= b[1] + 1e-9 * xt; v += xt) {
      double x = Math.round(px0 + (v - b[0]) * sx) + 0.5;
      sink.line(x, py1, x, py1 + 4, axisColor.getValue(), 1);
      sink.text(
          xFormat.get().apply(v), x, py1 + 15, labelColor.getValue(), 10, DrawingSink.Align.CENTER);
    }
    sink.line(px0, py1 + 0.5, px1, py1 + 0.5, axisColor.getValue(), 1);
    sink.line(px0 - 0.5, py0, px0 - 0.5, py1, axisColor.getValue(), 1);
    if (!xLabel.get().isEmpty())
      sink.text(
          xLabel.get(),
          (px0 + px1) / 2,
          h - 4,
          labelColor.getValue(),
          10,
          DrawingSink.Align.CENTER);
    if (!yLabel.get().isEmpty())
      sink.text(yLabel.get(), 4, 14, labelColor.getValue(), 10, DrawingSink.Align.LEFT);
    // series
    int columns = (int) Math.ceil(px1 - px0) + 1;
    double[] xs = new double[columns * 4 + 4];
    double[] ys = new double[columns * 4 + 4];
    int total = 0;
    for (Series s : series) {
      int n = decimate(s, b[0], b[2], px0, py1, sx, sy, xs, ys);
      sink.polyline(xs, ys, n, s.colorOrDefault(), 1.5);
      total += n;
    }
    lastPointsDrawn = total;
    double cx = cursorX.get();
    if (!Double.isNaN(cx) && cx >= b[0] && cx <= b[1] && !series.isEmpty()) {
      double x = Math.round(px0 + (cx - b[0]) * sx) + 0.5;
      sink.line(x, py0, x, py1, Color.ROYALBLUE, 1.5);
    }
    // legend: right-aligned on the header line when it fits beside the title and the y label,
    // otherwise just inside the top of the plot area, so entries never overwrite other text
    double headerEnd = 0;
    if (!yLabel.get().isEmpty()) headerEnd = Math.max(headerEnd, 4 + yLabel.get().length() * 6.2);
    if (!title.get().isEmpty()) headerEnd = Math.max(headerEnd, px0 + title.get().length() * 7.4);
    double legendWidth = 0;
    for (Series s : series) legendWidth += s.name().length() * 6.2 + 26;
    double ly = px1 - 4 - legendWidth >= headerEnd + 8 ? 14 : py0 + 14;
    double lx = px1 - 4;
    for (int i = series.size() - 1; i >= 0; i--) {
      Series s = series.get(i);
      double tw = s.name().length() * 6.2;
      if (ly > 14 && lx - tw - 14 < px0 + 4 && lx < px1 - 4) {
        ly += 14; // wrap to the next legend row inside the plot
        lx = px1 - 4;
      }
      sink.text(s.name(), lx, ly, labelColor.getValue(), 10, DrawingSink.Align.RIGHT);
      sink.fillRect(lx - tw - 14, ly - 8, 10, 10, s.colorOrDefault());
      lx -= tw + 26;
    }
    sink.end();
  }

  /**
   * Min/max-per-pixel decimation of one series into (xs, ys): per pixel column the first value, the
   * minimum and maximum in the order they occur, and the last value. Returns the number of points.
   */
  static int decimate(
      Series s,
      double x0,
      double y0,
      double px0,
      double py1,
      double sx,
      double sy,
      double[] xs,
      double[] ys) {
    int n = 0;
    double[] x = s.x();
    double[] y = s.y();
    int col = Integer.MIN_VALUE;
    double first = 0;
    double min = 0;
    double max = 0;
    double last = 0;
    int minAt = 0;
    int maxAt = 0;
    for (int i = 0; i < x.length; i++) {
      double v = y[i];
      if (Double.isNaN(v)) continue;
      int c = (int) Math.floor((x[i] - x0) * sx);
      if (c != col) {
        if (col != Integer.MIN_VALUE) {
          if (n + 4 > xs.length) return n;
          n = flush(col, first, min, max, last, minAt <= maxAt, px0, py1, y0, sy, xs, ys, n);
        }
        col = c;
        first = min = max = last = v;
        minAt = maxAt = i;
      } else {
        if (v < min) {
          min = v;
          minAt = i;
        }
        if (v > max) {
          max = v;
          maxAt = i;
        }
        last = v;
      }
    }
    if (col != Integer.MIN_VALUE && n + 4 <= xs.length) {
      n = flush(col, first, min, max, last, minAt <= maxAt, px0, py1, y0, sy, xs, ys, n);
    }
    return n;
  }

  private static int flush(
      int col,
      double first,
      double min,
      double max,
      double last,
      boolean minFirst,
      double px0,
      double py1,
      double y0,
      double sy,
      double[] xs,
      double[] ys,
      int n) {
    double x = px0 + col + 0.5;
    xs[n] = x;
    ys[n++] = py1 - (first - y0) * sy;
    if (max != min) {
      double a = minFirst ? min : max;
      double b = minFirst ? max : min;
      xs[n] = x;
      ys[n++] = py1 - (a - y0) * sy;
      xs[n] = x;
      ys[n++] = py1 - (b - y0) * sy;
    }
    xs[n] = x;
    ys[n++] = py1 - (last - y0) * sy;
    return n;
  }

  /**
   * "name: value" lines of every series at the data x nearest to {@code x} (for the hover card).
   */
  public String describeAt(double xData) {
    StringBuilder sb = new StringBuilder(xFormat.get().apply(xData));
    for (Series s : series) {
      if (s.x().length == 0) continue;
      int i = Arrays.binarySearch(s.x(), xData);
      if (i < 0) {
        int ins = -i - 1;
        if (ins >= s.x().length) i = s.x().length - 1;
        else if (ins == 0) i = 0;
        else i = xData - s.x()[ins - 1] <= s.x()[ins] - xData ? ins - 1 : ins;
      }
      sb.append('\n').append(s.name()).append(": ").append(yFormat.get().apply(s.y()[i]));
    }
    return sb.toString();
  }

  /** Data x under a pixel x in a picture of width w. */
  public double xAt(double px, double w) {
    double[] b = bounds();
    double px1 = Math.max(LEFT + 10, w - RIGHT);
    return b[0] + (px - LEFT) / (px1 - LEFT) * (b[1] - b[0]);
  }
}
