package io.rayon.views.plan;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.views.draw.Axes;
import io.rayon.views.draw.CanvasSink;
import io.rayon.views.draw.Colors;
import io.rayon.views.draw.ColumnSpans;
import io.rayon.views.draw.CssColors;
import io.rayon.views.draw.Drawable;
import io.rayon.views.draw.DrawingSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
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
 * The plan as a skyline over time, drawn on a canvas: the capacity line, the accepted reservations'
 * allocations stacked bottom-up in the plan's order and coloured per reservation, for one resource
 * {@link #dimensionProperty() dimension} (memoryMB, vcores, or an extra such as gpu).
 *
 * <p><b>Level of detail.</b> The time axis is drawn in buckets of a power-of-two number of steps no
 * narrower than a pixel; a bucket shows each reservation's average level in it, and reservations
 * thinner than a pixel are merged into one span of their blended colour (see {@link SkylineModel}).
 * Buckets are cached, so a frame costs one pass over the visible buckets and one image draw,
 * whatever the number of reservations; nothing is drawn unless something changed.
 *
 * <p><b>Interaction.</b> Mouse wheel zooms around the pointer, dragging pans, a click selects the
 * reservation under the pointer ({@link #selectedReservationProperty()}, settable from outside),
 * hovering shows a card (reservation, sub-expression paths, allocated resources, window, and what
 * {@link #reservationDetailsProperty()} adds). {@link #cursorStepProperty() cursorStep} draws a
 * time cursor; {@link #ghostProperty() ghost} overlays a tentative allocation (a feasibility
 * preview) on top of the stack. Rejected reservations are listed beside the picture with their
 * reasons.
 */
public class PlanSkylineView extends Control implements Drawable {
  static final double LEFT = 64;
  static final double RIGHT = 10;
  static final double TOP = 10;
  static final double BOTTOM = 24;
  private static final double HEADROOM = 1.05;

  private static final StyleablePropertyFactory<PlanSkylineView> CSS =
      new StyleablePropertyFactory<>(Control.getClassCssMetaData());

  private final ObjectProperty<PlanData> plan =
      new SimpleObjectProperty<>(this, "plan", PlanData.empty());
  private final StringProperty dimension = new SimpleStringProperty(this, "dimension", "memoryMB");
  private final DoubleProperty visibleStart = new SimpleDoubleProperty(this, "visibleStart", 0);
  private final DoubleProperty visibleEnd = new SimpleDoubleProperty(this, "visibleEnd", 1);
  private final LongProperty cursorStep = new SimpleLongProperty(this, "cursorStep", -1);
  private final StringProperty selectedReservation =
      new SimpleStringProperty(this, "selectedReservation");
  private final ObjectProperty<ReservationAllocation> ghost =
      new SimpleObjectProperty<>(this, "ghost");
  private final ObjectProperty<Overlay> overlay = new SimpleObjectProperty<>(this, "overlay");
  private final ObjectProperty<Function<String, String>> reservationDetails =
      new SimpleObjectProperty<>(this, "reservationDetails");
  private final ObjectProperty<Function<String, Color>> colorFunction =
      new SimpleObjectProperty<>(this, "colorFunction", Colors::categorical);
  private final BooleanProperty rejectedPanelVisible =
      new SimpleBooleanProperty(this, "rejectedPanelVisible", true);
  private final BooleanProperty toolbarVisible =
      new SimpleBooleanProperty(this, "toolbarVisible", true);
  final ReadOnlyStringWrapper hoveredReservation =
      new ReadOnlyStringWrapper(this, "hoveredReservation");

  private final StyleableProperty<Color> backgroundColor =
      CSS.createStyleableColorProperty(
          this, "backgroundColor", "-rayon-background", v -> v.backgroundColor, Color.WHITE);
  private final StyleableProperty<Color> axisColor =
      CSS.createStyleableColorProperty(
          this, "axisColor", "-rayon-axis", v -> v.axisColor, Color.GRAY);
  private final StyleableProperty<Color> labelColor =
      CSS.createStyleableColorProperty(
          this, "labelColor", "-rayon-label", v -> v.labelColor, Color.BLACK);
  private final StyleableProperty<Color> capacityColor =
      CSS.createStyleableColorProperty(
          this, "capacityColor", "-rayon-capacity", v -> v.capacityColor, Color.CRIMSON);
  private final StyleableProperty<Color> cursorColor =
      CSS.createStyleableColorProperty(
          this, "cursorColor", "-rayon-cursor", v -> v.cursorColor, Color.ROYALBLUE);
  private final StyleableProperty<Color> selectionColor =
      CSS.createStyleableColorProperty(
          this, "selectionColor", "-rayon-selection", v -> v.selectionColor, Color.rgb(17, 17, 17));
  private final StyleableProperty<Color> ghostColor =
      CSS.createStyleableColorProperty(
          this, "ghostColor", "-rayon-ghost", v -> v.ghostColor, Color.rgb(109, 40, 217));
  private final StyleableProperty<Color> gridColor =
      CSS.createStyleableColorProperty(
          this, "gridColor", "-rayon-grid", v -> v.gridColor, Color.rgb(235, 235, 235));

  private SkylineModel model;
  private int[] colors;
  private long redraws;

  public PlanSkylineView() {
    getStyleClass().add("plan-skyline");
    setFocusTraversable(true);
    plan.addListener(
        (o, a, p) -> {
          model = null;
          colors = null;
          // a new version of the same plan (for example after placing a reservation) keeps the zoom
          boolean sameHorizon =
              a != null && p != null && a.horizon() == p.horizon() && a.horizon() > 1;
          if (sameHorizon) showRange(getVisibleStart(), getVisibleEnd());
          else showAll();
        });
    dimension.addListener((o, a, b) -> model = null);
    colorFunction.addListener((o, a, b) -> colors = null);
  }

  public PlanSkylineView(PlanData p) {
    this();
    setPlan(p);
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new PlanSkylineViewSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return PlanSkylineView.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
    return CSS.getCssMetaData();
  }

  @Override
  public List<CssMetaData<? extends Styleable, ?>> getControlCssMetaData() {
    return getClassCssMetaData();
  }

  /** The CSS colour properties, observable (the skin redraws when a theme changes them). */
  List<ObservableValue<Color>> cssColors() {
    return CssColors.observed(
        backgroundColor,
        axisColor,
        labelColor,
        capacityColor,
        cursorColor,
        selectionColor,
        ghostColor,
        gridColor);
  }

  // ---- properties ----

  public ObjectProperty<PlanData> planProperty() {
    return plan;
  }

  public PlanData getPlan() {
    return plan.get();
  }

  /**
   * Shows a plan (null for none): the whole of its horizon, or the current range when the new plan
   * has the same horizon as the one shown (a new version of the same plan keeps the zoom).
   */
  public void setPlan(PlanData p) {
    plan.set(p == null ? PlanData.empty() : p);
  }

  /** The resource dimension drawn: memoryMB, vcores, or an extra's name. */
  public StringProperty dimensionProperty() {
    return dimension;
  }

  public String getDimension() {
    return dimension.get();
  }

  public void setDimension(String d) {
    dimension.set(d);
  }

  /** First visible step (fractional while zoomed in). */
  public DoubleProperty visibleStartProperty() {
    return visibleStart;
  }

  public double getVisibleStart() {
    return visibleStart.get();
  }

  /** One past the last visible step. */
  public DoubleProperty visibleEndProperty() {
    return visibleEnd;
  }

  public double getVisibleEnd() {
    return visibleEnd.get();
  }

  /** Step at which the time cursor is drawn; -1 hides it. */
  public LongProperty cursorStepProperty() {
    return cursorStep;
  }

  public void setCursorStep(long s) {
    cursorStep.set(s);
  }

  public StringProperty selectedReservationProperty() {
    return selectedReservation;
  }

  public String getSelectedReservation() {
    return selectedReservation.get();
  }

  public void setSelectedReservation(String id) {
    selectedReservation.set(id);
  }

  /** A tentative allocation drawn on top of the stack (null for none). */
  /**
   * A measured line over the planned stack, for example what a simulation actually gave the
   * reservations: {@code values.get(i)} held from {@code steps[i]} to the next step. Drawn only up
   * to the time cursor when there is one (so playback draws it as it goes); null hides it.
   */
  public record Overlay(String name, long[] steps, List<Resources> values, Color color) {
    public Overlay {
      if (steps.length != values.size()) throw new IllegalArgumentException("one value per step");
      steps = steps.clone();
      values = List.copyOf(values);
    }
  }

  public ObjectProperty<Overlay> overlayProperty() {
    return overlay;
  }

  public Overlay getOverlay() {
    return overlay.get();
  }

  public void setOverlay(Overlay o) {
    overlay.set(o);
  }

  public ObjectProperty<ReservationAllocation> ghostProperty() {
    return ghost;
  }

  public void setGhost(ReservationAllocation g) {
    ghost.set(g);
  }

  /** Extra lines for a reservation's hover card (for example user, queue, window), or null. */
  public ObjectProperty<Function<String, String>> reservationDetailsProperty() {
    return reservationDetails;
  }

  public void setReservationDetails(Function<String, String> f) {
    reservationDetails.set(f);
  }

  /** Colour of each reservation; by default a stable colour derived from its id. */
  public ObjectProperty<Function<String, Color>> colorFunctionProperty() {
    return colorFunction;
  }

  public void setColorFunction(Function<String, Color> f) {
    colorFunction.set(f == null ? Colors::categorical : f);
  }

  public BooleanProperty rejectedPanelVisibleProperty() {
    return rejectedPanelVisible;
  }

  /** Shows the bar with the dimension selector and the zoom buttons (on by default). */
  public BooleanProperty toolbarVisibleProperty() {
    return toolbarVisible;
  }

  /** The reservation under the mouse pointer, or null. */
  public ReadOnlyStringProperty hoveredReservationProperty() {
    return hoveredReservation.getReadOnlyProperty();
  }

  /** How many times the picture has been drawn on screen (for benchmarks and tests). */
  public long getRedrawCount() {
    return redraws;
  }

  void countRedraw() {
    redraws++;
  }

  // ---- navigation ----

  /** Shows the whole horizon. */
  public void showAll() {
    showRange(0, getPlan().horizon());
  }

  /**
   * The value axis: {@code DATA} ends just above the highest total allocation, so small plans on
   * large clusters stay legible (the capacity line is drawn where it fits, and named at the top
   * when it lies above); {@code CAPACITY} ends just above the cluster's capacity.
   */
  public enum ValueScale {
    DATA,
    CAPACITY
  }

  private final ObjectProperty<ValueScale> valueScale =
      new SimpleObjectProperty<>(this, "valueScale", ValueScale.DATA);
  private final DoubleProperty valueZoom = new SimpleDoubleProperty(this, "valueZoom", 1);

  /** What the value axis spans; default {@link ValueScale#DATA}. */
  public ObjectProperty<ValueScale> valueScaleProperty() {
    return valueScale;
  }

  /**
   * Magnification of the value axis (1: the scale's whole range; 2: its lower half), from 1/16 to
   * 64.
   */
  public DoubleProperty valueZoomProperty() {
    return valueZoom;
  }

  /** Zooms the value axis by {@code factor} (above 1 magnifies), within 1/16 to 64. */
  public void zoomValues(double factor) {
    valueZoom.set(Math.max(1.0 / 16, Math.min(64, valueZoom.get() * factor)));
  }

  /** Fits both axes: the whole horizon, and the value axis to the data. */
  public void fit() {
    showAll();
    valueScale.set(ValueScale.DATA);
    valueZoom.set(1);
  }

  /** The level at the top of the value axis. */
  double valueTop(SkylineModel m) {
    double base = valueScale.get() == ValueScale.DATA && m.dataMax > 0 ? m.dataMax : m.maxLevel;
    return base * HEADROOM / valueZoom.get();
  }

  /** Shows steps [start, end), clamped to the horizon; at least 4 steps stay visible. */
  public void showRange(double start, double end) {
    double h = getPlan().horizon();
    double span = Math.max(Math.min(end - start, h), Math.min(4, h));
    double s = Math.max(0, Math.min(start, h - span));
    visibleStart.set(s);
    visibleEnd.set(s + span);
  }

  /** Zooms by {@code factor} (above 1 zooms in) keeping {@code anchorStep} in place. */
  public void zoom(double factor, double anchorStep) {
    double s = getVisibleStart();
    double e = getVisibleEnd();
    double ns = anchorStep - (anchorStep - s) / factor;
    double ne = anchorStep + (e - anchorStep) / factor;
    if (ne - ns < 4) {
      double mid = (ns + ne) / 2;
      ns = mid - 2;
      ne = mid + 2;
    }
    showRange(ns, ne);
  }

  /** Moves the visible range by {@code steps} (positive: later). */
  public void pan(double steps) {
    showRange(getVisibleStart() + steps, getVisibleEnd() + steps);
  }

  // ---- drawing ----

  SkylineModel model() {
    if (model == null || !model.dimension.equals(getDimension())) {
      model = new SkylineModel(getPlan(), getDimension());
      colors = null;
    }
    return model;
  }

  private int[] colors() {
    SkylineModel m = model();
    if (colors == null) {
      Function<String, Color> f = colorFunction.get();
      colors = new int[m.ids.length];
      for (int i = 0; i < colors.length; i++)
        colors[i] = Colors.argb(f.apply(m.ids[i])) | 0xff000000;
    }
    return colors;
  }

  /** Plot geometry for a picture of size w x h at the current visible range. */
  record Geometry(
      double x0, double y0, double x1, double y1, double start, double end, double scale) {
    double stepsPerPx() {
      return (end - start) / (x1 - x0);
    }

    double xOf(double step) {
      return x0 + (step - start) / stepsPerPx();
    }

    double stepAt(double x) {
      return start + (x - x0) * stepsPerPx();
    }

    double yOf(double level) {
      return y1 - level * scale;
    }
  }

  Geometry geometry(double w, double h) {
    double x1 = Math.max(LEFT + 10, w - RIGHT);
    double y1 = Math.max(TOP + 10, h - BOTTOM);
    double s = getVisibleStart();
    double e = Math.max(s + 1e-9, getVisibleEnd());
    return new Geometry(LEFT, TOP, x1, y1, s, e, (y1 - TOP) / valueTop(model()));
  }

  /** Step under x in a picture of width w (the control's own width on screen). */
  public double stepAt(double x, double w, double h) {
    return geometry(w, h).stepAt(x);
  }

  /** x of a step in a picture of width w. */
  public double xOf(double step, double w, double h) {
    return geometry(w, h).xOf(step);
  }

  @Override
  public void drawTo(DrawingSink sink, double w, double h) {
    SkylineModel m = model();
    Geometry g = geometry(w, h);
    sink.begin(w, h);
    sink.fillRect(0, 0, w, h, backgroundColor.getValue());
    drawValueAxis(sink, g, m);
    drawStack(sink, g, m);
    drawCapacity(sink, g, m);
    drawOverlay(sink, g, m);
    drawCursor(sink, g);
    drawTimeAxis(sink, g);
    if (m.reservationCount() == 0) {
      sink.text(
          getPlan().capacity().isEmpty() ? "No plan" : "No accepted reservations",
          (g.x0() + g.x1()) / 2,
          (g.y0() + g.y1()) / 2,
          axisColor.getValue(),
          13,
          DrawingSink.Align.CENTER);
    }
    sink.end();
  }

  private void drawValueAxis(DrawingSink sink, Geometry g, SkylineModel m) {
    double top = valueTop(m);
    double tick = Axes.niceNumber(top / Math.max(2, (g.y1() - g.y0()) / 40));
    for (double v = 0; v <= top + 1e-9; v += tick) {
      double y = Math.round(g.yOf(v)) + 0.5;
      sink.line(g.x0(), y, g.x1(), y, gridColor.getValue(), 1);
      sink.text(
          Axes.value(v, m.dimension),
          g.x0() - 6,
          y + 4,
          labelColor.getValue(),
          10,
          DrawingSink.Align.RIGHT);
    }
  }

  /** What the cached pixel spans of the buckets depend on. */
  private record SpanKey(
      int bucketSize,
      double scale,
      double y1,
      int selected,
      int[] colors,
      SkylineModel model,
      int selArgb) {}

  private SpanKey spanKey;
  private int[][] spanCache = new int[0][];
  private double[] spanTotals = new double[0];
  private int spanCached;
  private final ColumnSpans columns = new ColumnSpans(0, 0, 0, 0);

  private void drawStack(DrawingSink sink, Geometry g, SkylineModel m) {
    double spp = g.stepsPerPx();
    int B = SkylineModel.bucketSize(spp);
    long b0 = (long) Math.floor(g.start() / B);
    long b1 = (long) Math.ceil(g.end() / B);
    SkylineModel.Bucket[] cache = m.buckets(B, b0, b1);
    int[] col = colors();
    Integer selBoxed =
        getSelectedReservation() == null ? null : m.indexOf.get(getSelectedReservation());
    int sel = selBoxed == null ? -1 : selBoxed;
    int selArgb = Colors.argb(selectionColor.getValue()) | 0xff000000;
    SpanKey key = new SpanKey(B, g.scale(), g.y1(), sel, col, m, selArgb);
    if (!key.equals(spanKey) || spanCached > 4096) {
      spanKey = key;
      spanCache = new int[cache.length][];
      spanTotals = new double[cache.length];
      spanCached = 0;
    }
    double[] ghostRuns = ghostRuns(m.dimension);
    int ghostArgb = (Colors.argb(ghostColor.getValue()) & 0x00ffffff) | (0x80 << 24);
    int px0 = (int) Math.round(g.x0());
    int py0 = (int) Math.round(g.y0());
    int pw = (int) Math.round(g.x1()) - px0;
    int ph = (int) Math.round(g.y1()) - py0;
    ColumnSpans cs = sink instanceof CanvasSink ? columns : new ColumnSpans(0, 0, 0, 0);
    cs.reset(px0, py0, pw, ph);
    double[] ghostTop = ghostRuns == null ? null : new double[(int) Math.max(0, 2 * (b1 - b0))];
    double[] ghostX = ghostRuns == null ? null : new double[ghostTop.length];
    int gn = 0;
    double scale = g.scale();
    double y1 = g.y1();
    for (long b = Math.max(0, b0); b < b1 && b < cache.length; b++) {
      double xa = g.xOf((double) b * B);
      double xb = g.xOf((double) (b + 1) * B);
      int ix0 = (int) Math.round(xa);
      int ix1 = (int) Math.round(xb);
      if (ix1 <= ix0 || ix1 <= px0 || ix0 >= px0 + pw) continue;
      int[] packed = spanCache[(int) b];
      if (packed == null) {
        packed = bucketSpans(cache[(int) b], col, sel, selArgb, scale, y1, py0);
        spanCache[(int) b] = packed;
        spanTotals[(int) b] = cache[(int) b].total;
        spanCached++;
      }
      cs.band(ix0, ix1);
      cs.packedSpans(packed);
      if (ghostRuns != null) {
        double cum = spanTotals[(int) b];
        double gv = average(ghostRuns, b * B, Math.min((b + 1) * B, getPlan().horizon()));
        if (gv > 0) emit(cs, y1, scale, cum, cum + gv, ghostArgb, true);
        ghostX[gn] = Math.max(g.x0(), xa);
        ghostTop[gn++] = g.yOf(cum + gv);
        ghostX[gn] = Math.min(g.x1(), xb);
        ghostTop[gn++] = g.yOf(cum + gv);
      }
    }
    sink.columns(cs);
    if (ghostRuns != null && gn > 1) {
      sink.polyline(ghostX, ghostTop, gn, ghostColor.getValue(), 1.5);
    }
  }

  /**
   * Pixel spans of one bucket, packed as pairs {@code (y0 << 16 | y1, argb)}: reservations at least
   * a pixel high (and the selected one) get their own span; runs of thinner ones are merged into
   * one span of their level-weighted average colour as soon as they add up to a pixel.
   */
  private static int[] bucketSpans(
      SkylineModel.Bucket bk, int[] col, int sel, int selArgb, double scale, double y1, int top) {
    ColumnSpans tmp = SCRATCH.get();
    // clipped at the plot's top: with the value axis fitted or magnified, a stack can rise above it
    tmp.reset(0, top, 1, 0x7fff - top);
    tmp.band(0, 1);
    double cum = 0;
    double pendStart = 0;
    double pendLevel = 0;
    double pr = 0;
    double pg = 0;
    double pb = 0;
    for (int j = 0; j < bk.n; j++) {
      int r = bk.res[j];
      double v = bk.val[j];
      boolean isSel = r == sel;
      if (isSel || v * scale >= 1) {
        if (pendLevel > 0) {
          emit(tmp, y1, scale, pendStart, pendStart + pendLevel, avg(pr, pg, pb, pendLevel), false);
          pendLevel = 0;
          pr = pg = pb = 0;
        }
        emit(tmp, y1, scale, cum, cum + v, isSel ? selArgb : col[r], isSel);
      } else {
        if (pendLevel == 0) pendStart = cum;
        int c = col[r];
        pr += ((c >> 16) & 0xff) * v;
        pg += ((c >> 8) & 0xff) * v;
        pb += (c & 0xff) * v;
        pendLevel += v;
        if (pendLevel * scale >= 1) {
          emit(tmp, y1, scale, pendStart, pendStart + pendLevel, avg(pr, pg, pb, pendLevel), false);
          pendLevel = 0;
          pr = pg = pb = 0;
        }
      }
      cum += v;
    }
    if (pendLevel > 0)
      emit(tmp, y1, scale, pendStart, pendStart + pendLevel, avg(pr, pg, pb, pendLevel), false);
    int n = tmp.spanCount();
    int[] packed = new int[2 * n];
    for (int s = 0; s < n; s++) {
      packed[2 * s] = (tmp.y0(s) << 16) | tmp.y1(s);
      packed[2 * s + 1] = tmp.argb(s);
    }
    return packed;
  }

  private static final ThreadLocal<ColumnSpans> SCRATCH =
      ThreadLocal.withInitial(() -> new ColumnSpans(0, 0, 0, 0));

  private static void emit(
      ColumnSpans cs, double y1, double scale, double from, double to, int argb, boolean min1) {
    int top = (int) Math.round(y1 - to * scale);
    int bottom = (int) Math.round(y1 - from * scale);
    if (min1 && bottom <= top) top = bottom - 1;
    cs.span(top, bottom, argb);
  }

  private static int avg(double r, double g, double b, double w) {
    return 0xff000000 | ((int) (r / w) << 16) | ((int) (g / w) << 8) | (int) (b / w);
  }

  /** The ghost's runs in the dimension as (start, end, value) triples, or null. */
  private double[] ghostRuns(String dim) {
    ReservationAllocation gh = ghost.get();
    if (gh == null) return null;
    List<Double> out = new ArrayList<>();
    Map.Entry<Long, Resources> prev = null;
    for (Map.Entry<Long, Resources> e : gh.skyline().entrySet()) {
      if (prev != null && prev.getValue().get(dim) != 0) {
        out.add((double) prev.getKey());
        out.add((double) e.getKey());
        out.add((double) prev.getValue().get(dim));
      }
      prev = e;
    }
    double[] a = new double[out.size()];
    for (int i = 0; i < a.length; i++) a[i] = out.get(i);
    return a;
  }

  private static double average(double[] runs, long t0, long t1) {
    double sum = 0;
    for (int i = 0; i < runs.length; i += 3) {
      double ov = Math.min(runs[i + 1], t1) - Math.max(runs[i], t0);
      if (ov > 0) sum += ov * runs[i + 2];
    }
    return t1 > t0 ? sum / (t1 - t0) : 0;
  }

  private void drawCapacity(DrawingSink sink, Geometry g, SkylineModel m) {
    var cap = getPlan().capacity();
    if (cap.isEmpty()) return;
    List<double[]> pts = new ArrayList<>();
    double s = g.start();
    double e = g.end();
    Long k0 = cap.floorKey((long) Math.floor(s));
    double level = k0 == null ? 0 : cap.get(k0).get(m.dimension);
    pts.add(new double[] {g.x0(), g.yOf(level)});
    for (var en : cap.tailMap((long) Math.floor(s), false).entrySet()) {
      if (en.getKey() >= e) break;
      double x = g.xOf(en.getKey());
      double nl = en.getValue().get(m.dimension);
      if (nl == level) continue;
      pts.add(new double[] {x, g.yOf(level)});
      pts.add(new double[] {x, g.yOf(nl)});
      level = nl;
    }
    pts.add(new double[] {g.x1(), g.yOf(level)});
    double[] xs = new double[pts.size()];
    double[] ys = new double[pts.size()];
    double above = -1;
    for (int i = 0; i < xs.length; i++) {
      xs[i] = pts.get(i)[0];
      ys[i] = pts.get(i)[1];
      if (ys[i] < g.y0()) {
        // above the value axis (it fits the data): kept at the top edge and named there
        above = Math.max(above, (g.y1() - ys[i]) / g.scale());
        ys[i] = g.y0();
      }
    }
    sink.polyline(xs, ys, xs.length, capacityColor.getValue(), 2);
    if (above >= 0) {
      sink.text(
          "capacity " + Axes.value(above, m.dimension) + " above",
          g.x1() - 4,
          g.y0() + 12,
          capacityColor.getValue(),
          10,
          DrawingSink.Align.RIGHT);
    }
  }

  private void drawOverlay(DrawingSink sink, Geometry g, SkylineModel m) {
    Overlay o = overlay.get();
    if (o == null || o.steps().length == 0) return;
    long until = cursorStep.get() < 0 ? Long.MAX_VALUE : cursorStep.get() + 1;
    double[] xs = new double[2 * o.steps().length + 2];
    double[] ys = new double[xs.length];
    int n = 0;
    for (int i = 0; i < o.steps().length; i++) {
      long a = o.steps()[i];
      long b = i + 1 < o.steps().length ? o.steps()[i + 1] : a + 1;
      if (a >= until || b <= g.start() || a >= g.end()) continue;
      double y = g.yOf(o.values().get(i).get(m.dimension));
      y = Math.max(g.y0(), Math.min(g.y1(), y));
      xs[n] = g.xOf(Math.max(a, g.start()));
      ys[n++] = y;
      xs[n] = g.xOf(Math.min(Math.min(b, until), g.end()));
      ys[n++] = y;
    }
    if (n == 0) return;
    sink.polyline(xs, ys, n, o.color(), 2);
    sink.text(o.name(), g.x0() + 6, g.y0() + 12, o.color(), 10, DrawingSink.Align.LEFT);
  }

  private void drawCursor(DrawingSink sink, Geometry g) {
    long c = cursorStep.get();
    if (c < 0 || c < g.start() || c > g.end()) return;
    double x = Math.round(g.xOf(c)) + 0.5;
    sink.line(x, g.y0(), x, g.y1(), cursorColor.getValue(), 1.5);
    sink.text(
        Axes.duration(c * getPlan().stepSeconds()),
        x + 4,
        g.y0() + 12,
        cursorColor.getValue(),
        10,
        DrawingSink.Align.LEFT);
  }

  private void drawTimeAxis(DrawingSink sink, Geometry g) {
    long ss = getPlan().stepSeconds();
    double tickSec = Axes.timeTick(g.stepsPerPx() * ss, 90);
    double tickSteps = tickSec / ss;
    sink.line(g.x0(), g.y1() + 0.5, g.x1(), g.y1() + 0.5, axisColor.getValue(), 1);
    sink.line(g.x0() - 0.5, g.y0(), g.x0() - 0.5, g.y1(), axisColor.getValue(), 1);
    double first = Math.ceil(g.start() / tickSteps) * tickSteps;
    for (double t = first; t <= g.end() + 1e-9; t += tickSteps) {
      double x = Math.round(g.xOf(t)) + 0.5;
      sink.line(x, g.y1(), x, g.y1() + 4, axisColor.getValue(), 1);
      sink.text(
          Axes.duration(t * ss),
          x,
          g.y1() + 16,
          labelColor.getValue(),
          10,
          DrawingSink.Align.CENTER);
    }
  }

  // ---- hit testing and hover cards ----

  /** The reservation drawn at (x, y) of a picture of size w x h, or null. */
  public String reservationAt(double x, double y, double w, double h) {
    SkylineModel m = model();
    Geometry g = geometry(w, h);
    if (x < g.x0() || x >= g.x1() || y < g.y0() || y > g.y1()) return null;
    int B = SkylineModel.bucketSize(g.stepsPerPx());
    long b = (long) Math.floor(g.stepAt(x) / B);
    SkylineModel.Bucket[] cache = m.buckets(B, b, b + 1);
    if (b < 0 || b >= cache.length || cache[(int) b] == null) return null;
    SkylineModel.Bucket bk = cache[(int) b];
    double level = (g.y1() - y) / g.scale();
    double cum = 0;
    for (int j = 0; j < bk.n; j++) {
      double top = cum + bk.val[j];
      // a band thinner than a pixel still answers within half a pixel of its place
      double slack = Math.max(0, (0.5 / g.scale()) - (bk.val[j] / 2));
      if (level >= cum - slack && level < top + slack) return m.ids[bk.res[j]];
      cum = top;
    }
    return null;
  }

  /** Text of the hover card for a reservation at a step. */
  public String describe(String id, long step) {
    ReservationAllocation a = getPlan().allocationOf(id);
    if (a == null) return id;
    StringBuilder sb = new StringBuilder();
    long ss = getPlan().stepSeconds();
    sb.append("Reservation ").append(id).append('\n');
    Resources held = Resources.ZERO;
    Rdl expr = getPlan().expressions().get(id);
    for (AtomAllocation at : a.atoms()) {
      long n = at.bundlesAt(step);
      if (n == 0) continue;
      held = held.plus(at.bundle().times(n));
      sb.append("  sub-expression ")
          .append(at.path().isEmpty() ? "(root)" : at.path())
          .append(": ")
          .append(n)
          .append(" x ")
          .append(at.bundle());
      String win = windowOf(expr, at.path());
      if (win != null) sb.append(", window ").append(win);
      sb.append('\n');
    }
    sb.append("At ")
        .append(Axes.duration(step * ss))
        .append(" (step ")
        .append(step)
        .append("): ")
        .append(held)
        .append('\n');
    sb.append("Allocated over [")
        .append(Axes.duration(a.start() * ss))
        .append(", ")
        .append(Axes.duration(a.end() * ss))
        .append("), work ")
        .append(a.work())
        .append(" bundle-steps");
    if (expr != null && expr instanceof Rdl.Window w) {
      sb.append("\nWindow [")
          .append(Axes.duration(w.start() * ss))
          .append(", ")
          .append(Axes.duration(w.finish() * ss))
          .append(')');
    }
    Function<String, String> f = reservationDetails.get();
    if (f != null) {
      String extra = f.apply(id);
      if (extra != null && !extra.isBlank()) sb.append('\n').append(extra);
    }
    return sb.toString();
  }

  /** The innermost window enclosing the sub-expression at {@code path}, as "[s, f)" in steps. */
  static String windowOf(Rdl root, String path) {
    if (root == null) return null;
    Rdl e = root;
    String found = e instanceof Rdl.Window w ? "[" + w.start() + ", " + w.finish() + ")" : null;
    if (path == null || path.isEmpty()) return found;
    try {
      for (String p : path.split("\\.")) {
        e = e.children().get(Integer.parseInt(p));
        if (e instanceof Rdl.Window w) found = "[" + w.start() + ", " + w.finish() + ")";
      }
    } catch (RuntimeException ex) {
      return found;
    }
    return found;
  }
}
