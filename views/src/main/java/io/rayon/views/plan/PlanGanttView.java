package io.rayon.views.plan;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.views.draw.AbstractCanvasSkin;
import io.rayon.views.draw.Axes;
import io.rayon.views.draw.Colors;
import io.rayon.views.draw.CssColors;
import io.rayon.views.draw.Drawable;
import io.rayon.views.draw.DrawingSink;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
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
import javafx.scene.input.MouseEvent;
import javafx.scene.paint.Color;

/**
 * The plan as a Gantt chart: one lane per accepted reservation, grouped (by queue or user, through
 * {@link #groupFunctionProperty()}) and ordered by start within a group, each atom's allocation a
 * bar whose shade follows the bundles it holds at each step. It shares the time range ({@link
 * #visibleStartProperty()}, {@link #visibleEndProperty()}), the time cursor and the selection with
 * the skyline, so both can be bound together. Lanes shrink to fit the height; below 9 px the lane
 * labels are left out and the hover card names the reservation. Its colours are CSS properties
 * ({@code -rayon-background}, {@code -rayon-label}, {@code -rayon-axis}, {@code -rayon-grid} for
 * the group headings, {@code -rayon-highlight} behind the selected lane, {@code -rayon-selection},
 * {@code -rayon-cursor}, {@code -rayon-moved} for the badges), so the themes restyle it.
 */
public class PlanGanttView extends Control implements Drawable {
  static final double LABELS = 120;
  static final double TOP = 8;
  static final double BOTTOM = 24;
  static final double RIGHT = 12;
  static final double MAX_LANE = 18;

  private final ObjectProperty<PlanData> plan =
      new SimpleObjectProperty<>(this, "plan", PlanData.empty());
  private final DoubleProperty visibleStart = new SimpleDoubleProperty(this, "visibleStart", 0);
  private final DoubleProperty visibleEnd = new SimpleDoubleProperty(this, "visibleEnd", 1);
  private final LongProperty cursorStep = new SimpleLongProperty(this, "cursorStep", -1);
  private final StringProperty selectedReservation =
      new SimpleStringProperty(this, "selectedReservation");
  private final ObjectProperty<Function<String, String>> groupFunction =
      new SimpleObjectProperty<>(this, "groupFunction");
  private final ObjectProperty<Function<String, Color>> colorFunction =
      new SimpleObjectProperty<>(this, "colorFunction");
  private final ObjectProperty<Function<String, String>> badgeFunction =
      new SimpleObjectProperty<>(this, "badgeFunction");

  private static final StyleablePropertyFactory<PlanGanttView> CSS =
      new StyleablePropertyFactory<>(Control.getClassCssMetaData());

  private final StyleableProperty<Color> backgroundColor =
      CSS.createStyleableColorProperty(
          this, "backgroundColor", "-rayon-background", v -> v.backgroundColor, Color.WHITE);
  private final StyleableProperty<Color> labelColor =
      CSS.createStyleableColorProperty(
          this, "labelColor", "-rayon-label", v -> v.labelColor, Color.rgb(40, 40, 40));
  private final StyleableProperty<Color> axisColor =
      CSS.createStyleableColorProperty(
          this, "axisColor", "-rayon-axis", v -> v.axisColor, Color.GRAY);
  private final StyleableProperty<Color> gridColor =
      CSS.createStyleableColorProperty(
          this, "gridColor", "-rayon-grid", v -> v.gridColor, Color.rgb(240, 240, 240));
  private final StyleableProperty<Color> highlightColor =
      CSS.createStyleableColorProperty(
          this,
          "highlightColor",
          "-rayon-highlight",
          v -> v.highlightColor,
          Color.rgb(255, 244, 204));
  private final StyleableProperty<Color> selectionColor =
      CSS.createStyleableColorProperty(
          this, "selectionColor", "-rayon-selection", v -> v.selectionColor, Color.rgb(17, 17, 17));
  private final StyleableProperty<Color> cursorColor =
      CSS.createStyleableColorProperty(
          this, "cursorColor", "-rayon-cursor", v -> v.cursorColor, Color.rgb(33, 150, 243));

  /** The outline and text colour of a lane's badge. */
  private final StyleableProperty<Color> badgeColor =
      CSS.createStyleableColorProperty(
          this, "badgeColor", "-rayon-moved", v -> v.badgeColor, Color.rgb(180, 83, 9));

  /** One row of the chart: a group heading (reservation null) or a reservation's lane. */
  record Row(String group, ReservationAllocation reservation) {}

  private List<Row> rows;
  private PlanData rowsOf;
  private Function<String, String> rowsGroupedBy;

  public PlanGanttView() {
    getStyleClass().add("plan-gantt");
    setFocusTraversable(true);
  }

  /** Shows the whole horizon (when the time range is not bound to another view's). */
  public void showAll() {
    visibleStart.set(0);
    visibleEnd.set(getPlan().horizon());
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new GanttSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return PlanGanttView.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
    return CSS.getCssMetaData();
  }

  @Override
  public List<CssMetaData<? extends Styleable, ?>> getControlCssMetaData() {
    return getClassCssMetaData();
  }

  /** The colour a lane's badge is drawn in (CSS {@code -rayon-moved}). */
  public Color getBadgeColor() {
    return badgeColor.getValue();
  }

  /** The CSS colour properties, observable (the skin redraws when a theme changes them). */
  List<ObservableValue<Color>> cssColors() {
    return CssColors.observed(
        backgroundColor,
        labelColor,
        axisColor,
        gridColor,
        highlightColor,
        selectionColor,
        cursorColor,
        badgeColor);
  }

  public ObjectProperty<PlanData> planProperty() {
    return plan;
  }

  public PlanData getPlan() {
    return plan.get() == null ? PlanData.empty() : plan.get();
  }

  public void setPlan(PlanData p) {
    plan.set(p == null ? PlanData.empty() : p);
  }

  public DoubleProperty visibleStartProperty() {
    return visibleStart;
  }

  public DoubleProperty visibleEndProperty() {
    return visibleEnd;
  }

  public LongProperty cursorStepProperty() {
    return cursorStep;
  }

  public StringProperty selectedReservationProperty() {
    return selectedReservation;
  }

  /** Reservation id → its group's name (queue or user); null: no groups. */
  public ObjectProperty<Function<String, String>> groupFunctionProperty() {
    return groupFunction;
  }

  /** Reservation id → colour; null: a stable colour per reservation (as the skyline's). */
  public ObjectProperty<Function<String, Color>> colorFunctionProperty() {
    return colorFunction;
  }

  /**
   * Reservation id → a short badge (for example "moved") drawn after its bar, which is outlined,
   * and named in the hover card; null (the function or its answer): no badge.
   */
  public ObjectProperty<Function<String, String>> badgeFunctionProperty() {
    return badgeFunction;
  }

  /** The badge of a reservation's lane, or null. */
  public String badgeOf(String id) {
    Function<String, String> bf = badgeFunction.get();
    String b = bf == null ? null : bf.apply(id);
    return b == null || b.isEmpty() ? null : b;
  }

  /**
   * The rows in drawing order: per group (by name), a heading and its reservations by start, then
   * id.
   */
  List<Row> rows() {
    PlanData p = getPlan();
    Function<String, String> gf = groupFunction.get();
    if (rows != null && rowsOf == p && rowsGroupedBy == gf) return rows;
    List<ReservationAllocation> rs = new ArrayList<>();
    for (ReservationAllocation a : p.allocations())
      if (!a.atoms().isEmpty() && a.end() > a.start()) rs.add(a);
    Function<String, String> g =
        gf == null ? id -> "" : id -> Objects.requireNonNullElse(gf.apply(id), "");
    rs.sort(
        Comparator.comparing((ReservationAllocation a) -> g.apply(a.reservationId()))
            .thenComparingLong(ReservationAllocation::start)
            .thenComparing(ReservationAllocation::reservationId));
    List<Row> out = new ArrayList<>();
    String current = null;
    for (ReservationAllocation a : rs) {
      String group = g.apply(a.reservationId());
      if (gf != null && !group.equals(current)) out.add(new Row(group, null));
      current = group;
      out.add(new Row(group, a));
    }
    rows = out;
    rowsOf = p;
    rowsGroupedBy = gf;
    return out;
  }

  /** Lane height for a picture of height h. */
  double laneHeight(double h) {
    int n = rows().size();
    return n == 0 ? MAX_LANE : Math.min(MAX_LANE, Math.max(1, (h - TOP - BOTTOM) / n));
  }

  double xOf(double step, double w) {
    double s = visibleStart.get();
    double e = Math.max(s + 1e-9, visibleEnd.get());
    return LABELS + (step - s) / (e - s) * (w - LABELS - RIGHT);
  }

  /** The row under y in a picture of height h, or -1. */
  int rowAt(double y, double h) {
    double lane = laneHeight(h);
    int i = (int) Math.floor((y - TOP) / lane);
    return y < TOP || i < 0 || i >= rows().size() ? -1 : i;
  }

  /** The reservation whose lane is under y, or null. */
  public String reservationAt(double y, double h) {
    int i = rowAt(y, h);
    return i < 0 || rows().get(i).reservation() == null
        ? null
        : rows().get(i).reservation().reservationId();
  }

  @Override
  public void drawTo(DrawingSink sink, double w, double h) {
    sink.begin(w, h);
    Color background = backgroundColor.getValue();
    sink.fillRect(0, 0, w, h, background);
    List<Row> rs = rows();
    Color label = labelColor.getValue();
    Color axis = axisColor.getValue();
    Color badgeInk = badgeColor.getValue();
    if (rs.isEmpty()) {
      sink.text("No accepted reservations", w / 2, h / 2, axis, 13, DrawingSink.Align.CENTER);
      sink.end();
      return;
    }
    double lane = laneHeight(h);
    boolean labels = lane >= 9;
    String sel = selectedReservation.get();
    Function<String, Color> cf = colorFunction.get();
    double x0 = LABELS;
    double x1 = w - RIGHT;
    for (int i = 0; i < rs.size(); i++) {
      Row r = rs.get(i);
      double y = TOP + i * lane;
      if (y > h - BOTTOM) break;
      if (r.reservation() == null) {
        sink.fillRect(0, y, w, lane, gridColor.getValue());
        if (labels)
          sink.text(
              r.group().isEmpty() ? "(no group)" : r.group(),
              4,
              y + lane - 4,
              label,
              10,
              DrawingSink.Align.LEFT);
        continue;
      }
      ReservationAllocation a = r.reservation();
      String id = a.reservationId();
      boolean selected = id.equals(sel);
      if (selected) sink.fillRect(0, y, w, lane, highlightColor.getValue());
      if (labels) sink.text(fit(id, 18), 10, y + lane - 4, label, 10, DrawingSink.Align.LEFT);
      Color c =
          cf == null
              ? Colors.categorical(id)
              : Objects.requireNonNullElse(cf.apply(id), Colors.categorical(id));
      long peak = 1;
      for (AtomAllocation at : a.atoms())
        for (Step s : at.steps()) peak = Math.max(peak, s.bundles());
      double barTop = y + (lane >= 4 ? 1 : 0);
      double barH = Math.max(1, lane - (lane >= 4 ? 2 : 0));
      for (AtomAllocation at : a.atoms()) {
        for (Step s : at.steps()) {
          double xa = Math.max(x0, xOf(s.start(), w));
          double xb = Math.min(x1, xOf(s.end(), w));
          if (xb <= xa) continue;
          // the shade says how many of its bundles the reservation holds at that step
          double t = 0.35 + 0.65 * s.bundles() / peak;
          sink.fillRect(xa, barTop, Math.max(1, xb - xa), barH, Colors.mix(background, c, t));
        }
      }
      double bx = Math.max(x0, xOf(a.start(), w));
      double bw = Math.max(1, Math.min(x1, xOf(a.end(), w)) - bx);
      String badge = badgeOf(id);
      if (badge != null) {
        sink.strokeRect(bx, barTop, bw, barH, badgeInk, 1.5);
        if (labels)
          sink.text(badge, bx + bw + 4, y + lane - 4, badgeInk, 10, DrawingSink.Align.LEFT);
      }
      if (selected) sink.strokeRect(bx, barTop, bw, barH, selectionColor.getValue(), 1.5);
    }
    drawTimeAxis(sink, w, h, axis, label);
    long cursor = cursorStep.get();
    if (cursor >= visibleStart.get() && cursor <= visibleEnd.get()) {
      double x = Math.round(xOf(cursor, w)) + 0.5;
      sink.line(x, TOP, x, h - BOTTOM, cursorColor.getValue(), 1.5);
    }
    sink.end();
  }

  private void drawTimeAxis(DrawingSink sink, double w, double h, Color axis, Color label) {
    long ss = getPlan().stepSeconds();
    double s = visibleStart.get();
    double e = Math.max(s + 1e-9, visibleEnd.get());
    double stepsPerPx = (e - s) / Math.max(1, w - LABELS - RIGHT);
    double tickSteps = Axes.timeTick(stepsPerPx * ss, 90) / ss;
    double y = h - BOTTOM + 0.5;
    sink.line(LABELS, y, w - RIGHT, y, axis, 1);
    for (double t = Math.ceil(s / tickSteps) * tickSteps; t <= e + 1e-9; t += tickSteps) {
      double x = Math.round(xOf(t, w)) + 0.5;
      sink.line(x, y, x, y + 4, axis, 1);
      sink.text(Axes.duration(t * ss), x, y + 16, label, 10, DrawingSink.Align.CENTER);
    }
  }

  private static String fit(String s, int n) {
    return s.length() <= n ? s : s.substring(0, n - 1) + "…";
  }

  /** "r7 (etl): steps 12–40, peak 6 bundles" for the hover card. */
  String describe(String id) {
    ReservationAllocation a = getPlan().allocationOf(id);
    if (a == null) return id;
    long peak = 0;
    for (AtomAllocation at : a.atoms())
      for (Step s : at.steps()) peak = Math.max(peak, s.bundles());
    long ss = getPlan().stepSeconds();
    Function<String, String> gf = groupFunction.get();
    String group = gf == null ? null : gf.apply(id);
    String badge = badgeOf(id);
    return String.format(
        Locale.ROOT,
        "%s%s: %s to %s, peak %d bundles%s",
        id,
        group == null || group.isEmpty() ? "" : " (" + group + ")",
        Axes.duration(a.start() * ss),
        Axes.duration(a.end() * ss),
        peak,
        badge == null ? "" : "; " + badge);
  }

  /** The canvas skin: redraws on any property change, hover card per lane, click selects. */
  static final class GanttSkin extends AbstractCanvasSkin<PlanGanttView> {
    GanttSkin(PlanGanttView v) {
      super(v, "plan-gantt", 200, 120);
      canvas.addEventHandler(
          MouseEvent.MOUSE_CLICKED,
          e -> {
            String id = v.reservationAt(e.getY(), canvas.getHeight());
            v.selectedReservationProperty().set(id);
            v.requestFocus();
          });
    }

    @Override
    protected List<Observable> observed() {
      PlanGanttView v = getSkinnable();
      List<Observable> out = new ArrayList<>(v.cssColors());
      out.addAll(
          List.of(
              v.planProperty(),
              v.visibleStartProperty(),
              v.visibleEndProperty(),
              v.cursorStepProperty(),
              v.selectedReservationProperty(),
              v.groupFunctionProperty(),
              v.colorFunctionProperty(),
              v.badgeFunctionProperty()));
      return out;
    }

    @Override
    protected void onMoved(MouseEvent e) {
      PlanGanttView v = getSkinnable();
      String id = v.reservationAt(e.getY(), canvas.getHeight());
      if (id == null) {
        card.setVisible(false);
        return;
      }
      showCard(v.describe(id), e.getX(), e.getY());
    }
  }
}
