package io.rayon.views.heatmap;

import io.rayon.views.draw.Colors;
import io.rayon.views.draw.ColumnSpans;
import io.rayon.views.draw.CssColors;
import io.rayon.views.draw.Drawable;
import io.rayon.views.draw.DrawingSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.css.CssMetaData;
import javafx.css.Styleable;
import javafx.css.StyleableProperty;
import javafx.css.StyleablePropertyFactory;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import javafx.scene.paint.Color;

/**
 * Per-node load of thousands of nodes as a grid of cells grouped by rack, drawn on a canvas. A
 * frame is a {@code float[]} with one value per node: 0 is idle, 1 is full, above 1 is over
 * capacity (drawn in its own colour), NaN or negative means no data (grey). Hovering a cell shows
 * the node, its rack and its value; {@link #hoveredIndexProperty()} tells which node is under the
 * pointer.
 *
 * <p>Set the nodes once with {@link #setNodes(List, List)} and then a new frame with {@link
 * #setValues(float[])} as often as needed; only a frame change (or a resize) redraws.
 */
public class NodeHeatmap extends Control implements Drawable {
  private static final StyleablePropertyFactory<NodeHeatmap> CSS =
      new StyleablePropertyFactory<>(Control.getClassCssMetaData());

  private static final float[] NO_VALUES = new float[0];

  private final ObjectProperty<float[]> values =
      new SimpleObjectProperty<>(this, "values", NO_VALUES);
  private final StringProperty title = new SimpleStringProperty(this, "title", "");
  private final ReadOnlyIntegerWrapper hoveredIndex =
      new ReadOnlyIntegerWrapper(this, "hoveredIndex", -1);
  private final StyleableProperty<Color> backgroundColor =
      CSS.createStyleableColorProperty(
          this, "backgroundColor", "-rayon-background", v -> v.backgroundColor, Color.WHITE);
  private final StyleableProperty<Color> labelColor =
      CSS.createStyleableColorProperty(
          this, "labelColor", "-rayon-label", v -> v.labelColor, Color.BLACK);
  private final StyleableProperty<Color> lowColor =
      CSS.createStyleableColorProperty(
          this, "lowColor", "-rayon-low", v -> v.lowColor, Color.web("#e8f5e9"));
  private final StyleableProperty<Color> midColor =
      CSS.createStyleableColorProperty(
          this, "midColor", "-rayon-mid", v -> v.midColor, Color.web("#fbc02d"));
  private final StyleableProperty<Color> highColor =
      CSS.createStyleableColorProperty(
          this, "highColor", "-rayon-high", v -> v.highColor, Color.web("#d32f2f"));
  private final StyleableProperty<Color> overColor =
      CSS.createStyleableColorProperty(
          this, "overColor", "-rayon-over", v -> v.overColor, Color.web("#7b1fa2"));

  private final BooleanProperty legendVisible =
      new SimpleBooleanProperty(this, "legendVisible", true);
  private final ObjectProperty<Layout> nodes =
      new SimpleObjectProperty<>(this, "nodes", new Layout(List.of(), List.of()));
  private int[] lut;
  private Color lutLow;
  private Color lutMid;
  private Color lutHigh;

  /** Node names and their racks, with racks in order of first appearance. */
  public record Layout(List<String> names, List<String> racks) {
    public Layout {
      names = List.copyOf(names);
      racks = List.copyOf(racks);
      if (names.size() != racks.size()) {
        throw new IllegalArgumentException(
            names.size() + " node names but " + racks.size() + " racks");
      }
    }

    /** Node indices per rack, racks in order of first appearance. */
    public Map<String, List<Integer>> byRack() {
      Map<String, List<Integer>> m = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++)
        m.computeIfAbsent(racks.get(i), k -> new ArrayList<>()).add(i);
      return m;
    }
  }

  /** Cell positions of a layout at one size. */
  record Cells(int[] x, int[] y, int size, List<String> rackNames, int[] rackX, int[] rackY) {}

  private Cells cells;
  private double cellsW = -1;
  private double cellsH = -1;

  public NodeHeatmap() {
    getStyleClass().add("node-heatmap");
    nodes.addListener((o, a, b) -> cells = null);
    title.addListener((o, a, b) -> cells = null);
    legendVisible.addListener((o, a, b) -> cells = null);
  }

  /**
   * Whether the colour scale (0% to 100%, over capacity, no data) is drawn under the cells; default
   * true.
   */
  public BooleanProperty legendVisibleProperty() {
    return legendVisible;
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new NodeHeatmapSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return NodeHeatmap.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
    return CSS.getCssMetaData();
  }

  @Override
  public List<CssMetaData<? extends Styleable, ?>> getControlCssMetaData() {
    return getClassCssMetaData();
  }

  List<ObservableValue<Color>> cssColors() {
    return CssColors.observed(
        backgroundColor, labelColor, lowColor, midColor, highColor, overColor);
  }

  /** Sets the nodes: {@code names.get(i)} lies in rack {@code racks.get(i)}. */
  public void setNodes(List<String> names, List<String> racks) {
    nodes.set(new Layout(names, racks));
  }

  public ObjectProperty<Layout> nodesProperty() {
    return nodes;
  }

  public Layout getNodes() {
    return nodes.get();
  }

  /**
   * The current frame: one load value per node (shorter arrays leave the rest without data; null,
   * for example from a binding to a view-model that has no frame, is drawn as no data).
   */
  public ObjectProperty<float[]> valuesProperty() {
    return values;
  }

  /** The current frame; never null (a property bound to null reads as an empty frame). */
  public float[] getValues() {
    float[] v = values.get();
    return v == null ? NO_VALUES : v;
  }

  public void setValues(float[] v) {
    values.set(v == null ? NO_VALUES : v);
  }

  public StringProperty titleProperty() {
    return title;
  }

  /** Index of the node under the pointer, or -1. */
  public ReadOnlyIntegerProperty hoveredIndexProperty() {
    return hoveredIndex.getReadOnlyProperty();
  }

  void setHovered(int i) {
    hoveredIndex.set(i);
  }

  /** The colour a load value is drawn in. */
  public Color colorOf(float v) {
    return Colors.color(argbOf(v));
  }

  int argbOf(float v) {
    if (Float.isNaN(v) || v < 0) return 0xffbdbdbd;
    if (v > 1.0001f) return Colors.argb(overColor.getValue()) | 0xff000000;
    Color lo = lowColor.getValue();
    Color mi = midColor.getValue();
    Color hi = highColor.getValue();
    if (lut == null || lo != lutLow || mi != lutMid || hi != lutHigh) {
      lut = new int[256];
      for (int i = 0; i < 256; i++) {
        double t = i / 255.0;
        Color c = t < 0.5 ? Colors.mix(lo, mi, t * 2) : Colors.mix(mi, hi, (t - 0.5) * 2);
        lut[i] = Colors.argb(c) | 0xff000000;
      }
      lutLow = lo;
      lutMid = mi;
      lutHigh = hi;
    }
    return lut[Math.min(255, Math.round(Math.min(1f, v) * 255))];
  }

  private static final int TITLE_H = 18;

  /** Height of the colour scale under the cells. */
  static final int LEGEND_H = 20;

  private static final int RACK_LABEL_H = 13;
  private static final int GAP = 6;

  Cells cells(double w, double h) {
    if (cells != null && w == cellsW && h == cellsH) return cells;
    cellsW = w;
    cellsH = h;
    Map<String, List<Integer>> racks = getNodes().byRack();
    int n = getNodes().names().size();
    int top = title.get().isEmpty() ? 4 : TITLE_H + 4;
    // the colour scale takes a strip at the bottom when it is shown
    h = legendVisible.get() ? h - LEGEND_H : h;
    Cells best = null;
    for (int s = 40; s >= 1; s--) {
      Cells c = place(racks, n, s, w, h, top);
      if (c != null) {
        best = c;
        break;
      }
    }
    if (best == null) best = place(racks, n, 1, w, Double.MAX_VALUE, top);
    cells = best;
    return cells;
  }

  /** Lays racks out as blocks flowing left to right; null when they do not fit in h. */
  private static Cells place(
      Map<String, List<Integer>> racks, int n, int s, double w, double h, int top) {
    int[] xs = new int[n];
    int[] ys = new int[n];
    List<String> names = new ArrayList<>(racks.keySet());
    int[] rx = new int[names.size()];
    int[] ry = new int[names.size()];
    boolean labels = s >= 4;
    int labelH = labels ? RACK_LABEL_H : 0;
    int x = 4;
    int y = top;
    int lineH = 0;
    int ri = 0;
    for (List<Integer> members : racks.values()) {
      int m = members.size();
      int cols = (int) Math.max(1, Math.min(m, Math.ceil(Math.sqrt(m * 2.0))));
      cols = Math.max(cols, Math.min(m, labels ? (int) Math.ceil(48.0 / s) : 1));
      int maxCols = (int) Math.max(1, (w - 8) / s);
      cols = Math.min(cols, maxCols);
      int rows = (m + cols - 1) / cols;
      int bw = cols * s;
      int bh = labelH + rows * s;
      if (x > 4 && x + bw > w - 4) {
        x = 4;
        y += lineH + GAP;
        lineH = 0;
      }
      rx[ri] = x;
      ry[ri] = y;
      for (int k = 0; k < m; k++) {
        int i = members.get(k);
        xs[i] = x + (k % cols) * s;
        ys[i] = y + labelH + (k / cols) * s;
      }
      x += bw + GAP;
      lineH = Math.max(lineH, bh);
      ri++;
    }
    if (y + lineH > h - 2) return null;
    return new Cells(xs, ys, s, names, rx, ry);
  }

  /** Index of the node whose cell contains (x, y) in a picture of size w x h, or -1. */
  public int nodeAt(double x, double y, double w, double h) {
    Cells c = cells(w, h);
    int s = c.size();
    for (int i = 0; i < c.x().length; i++) {
      if (x >= c.x()[i] && x < c.x()[i] + s && y >= c.y()[i] && y < c.y()[i] + s) return i;
    }
    return -1;
  }

  /** "node-17 (rack r2): 83%" for the hover card. */
  public String describe(int i) {
    float[] v = getValues();
    String val =
        i < v.length && !Float.isNaN(v[i]) && v[i] >= 0
            ? String.format(Locale.ROOT, "%.0f%%", v[i] * 100)
                + (v[i] > 1.0001f ? " (over capacity)" : "")
            : "no data";
    return getNodes().names().get(i) + " (rack " + getNodes().racks().get(i) + "): " + val;
  }

  @Override
  public void drawTo(DrawingSink sink, double w, double h) {
    sink.begin(w, h);
    sink.fillRect(0, 0, w, h, backgroundColor.getValue());
    if (!title.get().isEmpty())
      sink.text(title.get(), 4, 13, labelColor.getValue(), 12, DrawingSink.Align.LEFT);
    Cells c = cells(w, h);
    int s = c.size();
    int inner = s >= 4 ? s - 1 : s;
    float[] v = getValues();
    ColumnSpans cs = new ColumnSpans(0, 0, (int) Math.ceil(w), (int) Math.ceil(h));
    for (int i = 0; i < c.x().length; i++) {
      cs.band(c.x()[i], c.x()[i] + inner);
      cs.span(c.y()[i], c.y()[i] + inner, argbOf(i < v.length ? v[i] : Float.NaN));
    }
    sink.columns(cs);
    if (s >= 4) {
      for (int r = 0; r < c.rackNames().size(); r++) {
        sink.text(
            c.rackNames().get(r),
            c.rackX()[r],
            c.rackY()[r] + 10,
            labelColor.getValue(),
            10,
            DrawingSink.Align.LEFT);
      }
    }
    if (legendVisible.get()) drawLegend(sink, h);
    sink.end();
  }

  /** The colour scale: "load 0% [gradient] 100%", then the over-capacity and no-data swatches. */
  private void drawLegend(DrawingSink sink, double h) {
    Color label = labelColor.getValue();
    double y = h - LEGEND_H + 5;
    double x = 4;
    sink.text("load 0%", x, y + 9, label, 10, DrawingSink.Align.LEFT);
    x += 46;
    int steps = 24;
    double bw = 100;
    for (int i = 0; i < steps; i++) {
      sink.fillRect(x + i * bw / steps, y, bw / steps + 0.5, 10, colorOf((i + 0.5f) / steps));
    }
    sink.strokeRect(x, y, bw, 10, label, 0.5);
    sink.text("100%", x + bw + 4, y + 9, label, 10, DrawingSink.Align.LEFT);
    x += bw + 40;
    sink.fillRect(x, y, 10, 10, colorOf(1.5f));
    sink.text("over capacity", x + 14, y + 9, label, 10, DrawingSink.Align.LEFT);
    x += 96;
    sink.fillRect(x, y, 10, 10, colorOf(Float.NaN));
    sink.text("no data", x + 14, y + 9, label, 10, DrawingSink.Align.LEFT);
  }
}
