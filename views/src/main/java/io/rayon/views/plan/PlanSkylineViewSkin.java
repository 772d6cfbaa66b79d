package io.rayon.views.plan;

import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.views.draw.Axes;
import io.rayon.views.draw.CanvasSink;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.event.EventHandler;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.RangeSlider;

/**
 * Skin of {@link PlanSkylineView}: a canvas that redraws only when a property it shows changes or
 * its size changes (coalesced to one draw per layout pass), a hover card, and the list of rejected
 * reservations with their reasons.
 */
public class PlanSkylineViewSkin extends SkinBase<PlanSkylineView> {
  private final Canvas canvas = new Canvas();
  private final CanvasSink sink = new CanvasSink(canvas);
  private final Label card = new Label();
  private final ListView<Decision> rejected = new ListView<>();
  private final Label rejectedTitle = new Label();
  private final VBox rejectedPanel = new VBox(rejectedTitle, rejected);
  private final BorderPane layout = new BorderPane();
  private final ComboBox<String> dimensionBox = new ComboBox<>();
  private final Label rangeLabel = new Label();

  /**
   * ControlsFX's two-thumb slider over the horizon: the visible time window, dragged by either end
   * or the middle.
   */
  private final RangeSlider window = new RangeSlider(0, 1, 0, 1);

  private boolean syncingWindow;
  private final HBox toolbar = new HBox(6);
  private boolean dirty = true;
  private double pressX;
  private double pressStart;
  private boolean dragged;
  private boolean syncingList;

  private final Pane plotPane =
      new Pane() {
        @Override
        protected void layoutChildren() {
          double w = Math.floor(getWidth());
          double h = Math.floor(getHeight());
          if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            dirty = true;
          }
          if (dirty) redraw();
        }
      };

  private final InvalidationListener redrawListener = o -> markDirty();
  private final InvalidationListener planListener = this::onPlanChanged;
  private final InvalidationListener toolbarListener = o -> syncToolbar();
  private final InvalidationListener rangeListener = o -> syncRange();
  private final InvalidationListener selectionListener = o -> syncListSelection();
  private final EventHandler<KeyEvent> keyHandler = this::onKey;

  public PlanSkylineViewSkin(PlanSkylineView v) {
    super(v);
    canvas.setId("plan-canvas");
    card.setId("plan-hover-card");
    card.getStyleClass().add("hover-card");
    card.setManaged(false);
    card.setVisible(false);
    card.setMouseTransparent(true);
    plotPane.getChildren().addAll(canvas, card);
    plotPane.getStyleClass().add("plan-plot");
    plotPane.setMinSize(120, 80);

    rejected.setId("plan-rejected-list");
    rejected.setCellFactory(l -> new RejectedCell());
    rejectedTitle.getStyleClass().add("plan-rejected-title");
    rejectedPanel.getStyleClass().add("plan-rejected");
    rejectedPanel.setId("plan-rejected");
    VBox.setVgrow(rejected, Priority.ALWAYS);
    rejected
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, d) -> {
              if (!syncingList && d != null)
                getSkinnable().setSelectedReservation(d.reservationId());
            });

    dimensionBox.setId("plan-dimension");
    // never narrower than its text ("memoryMB"), whatever the toolbar's width
    dimensionBox.setMinWidth(Region.USE_PREF_SIZE);
    dimensionBox.setTooltip(new Tooltip("Resource dimension drawn (memoryMB, vcores, ...)"));
    dimensionBox
        .valueProperty()
        .addListener(
            (o, a, d) -> {
              if (d != null && !syncingList) getSkinnable().setDimension(d);
            });
    Button fit = new Button("Fit");
    fit.setId("plan-fit");
    fit.setTooltip(
        new Tooltip("Fit both axes: the whole horizon, and the values to the allocations (Home)"));
    fit.setOnAction(e -> getSkinnable().fit());
    // the value axis, in one menu so the toolbar stays narrow: fit to the allocations, the capacity
    // scale, magnify, shrink
    MenuButton values = new MenuButton("Values");
    values.setId("plan-values");
    values.setTooltip(
        new Tooltip(
            "The value axis: fitted to the allocations or up to the capacity; magnify or shrink"));
    CheckMenuItem capacityScale = new CheckMenuItem("Capacity scale");
    capacityScale.setId("plan-capacity-scale");
    capacityScale.setSelected(
        getSkinnable().valueScaleProperty().get() == PlanSkylineView.ValueScale.CAPACITY);
    capacityScale
        .selectedProperty()
        .addListener(
            (o, a, b) ->
                getSkinnable()
                    .valueScaleProperty()
                    .set(
                        b ? PlanSkylineView.ValueScale.CAPACITY : PlanSkylineView.ValueScale.DATA));
    getSkinnable()
        .valueScaleProperty()
        .addListener(
            (o, a, b) -> capacityScale.setSelected(b == PlanSkylineView.ValueScale.CAPACITY));
    MenuItem yIn = new MenuItem("Magnify (Y+)");
    yIn.setId("plan-yzoom-in");
    yIn.setOnAction(e -> getSkinnable().zoomValues(2));
    MenuItem yOut = new MenuItem("Shrink (Y−)");
    yOut.setId("plan-yzoom-out");
    yOut.setOnAction(e -> getSkinnable().zoomValues(0.5));
    values.getItems().setAll(capacityScale, yIn, yOut);
    Button zoomIn = new Button("+");
    zoomIn.setId("plan-zoom-in");
    zoomIn.setOnAction(e -> zoomCentre(1.5));
    Button zoomOut = new Button("-");
    zoomOut.setId("plan-zoom-out");
    zoomOut.setOnAction(e -> zoomCentre(1 / 1.5));
    rangeLabel.setId("plan-range");
    rangeLabel.getStyleClass().add("plan-range");
    window.setId("plan-window");
    window.setShowTickMarks(false);
    window.setShowTickLabels(false);
    window.setMinWidth(80);
    window.setTooltip(new Tooltip("Time window shown: drag either end, or the bar between them"));
    window.lowValueProperty().addListener(o -> windowDragged());
    window.highValueProperty().addListener(o -> windowDragged());
    HBox.setHgrow(window, Priority.ALWAYS);
    toolbar.getChildren().setAll(dimensionBox, zoomOut, zoomIn, values, fit, window, rangeLabel);
    toolbar.getStyleClass().add("plan-toolbar");
    toolbar.setAlignment(Pos.CENTER_LEFT);
    layout.setCenter(plotPane);
    getChildren().add(layout);

    for (Observable o :
        new Observable[] {
          v.dimensionProperty(),
          v.visibleStartProperty(),
          v.visibleEndProperty(),
          v.cursorStepProperty(),
          v.selectedReservationProperty(),
          v.ghostProperty(),
          v.overlayProperty(),
          v.colorFunctionProperty(),
          v.valueScaleProperty(),
          v.valueZoomProperty()
        }) {
      o.addListener(redrawListener);
    }
    v.planProperty().addListener(planListener);
    v.rejectedPanelVisibleProperty().addListener(planListener);
    v.toolbarVisibleProperty().addListener(planListener);
    v.dimensionProperty().addListener(toolbarListener);
    v.visibleStartProperty().addListener(rangeListener);
    v.visibleEndProperty().addListener(rangeListener);
    v.selectedReservationProperty().addListener(selectionListener);
    for (Observable o : v.cssColors()) o.addListener(redrawListener);

    canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
    canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDragged);
    canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onReleased);
    canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
    canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hideCard());
    canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
    v.addEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
    onPlanChanged(null);
  }

  @Override
  public void dispose() {
    PlanSkylineView v = getSkinnable();
    for (Observable o :
        new Observable[] {
          v.dimensionProperty(),
          v.visibleStartProperty(),
          v.visibleEndProperty(),
          v.cursorStepProperty(),
          v.selectedReservationProperty(),
          v.ghostProperty(),
          v.overlayProperty(),
          v.colorFunctionProperty(),
          v.valueScaleProperty(),
          v.valueZoomProperty()
        }) {
      o.removeListener(redrawListener);
    }
    for (Observable o : v.cssColors()) o.removeListener(redrawListener);
    v.planProperty().removeListener(planListener);
    v.rejectedPanelVisibleProperty().removeListener(planListener);
    v.toolbarVisibleProperty().removeListener(planListener);
    v.dimensionProperty().removeListener(toolbarListener);
    v.visibleStartProperty().removeListener(rangeListener);
    v.visibleEndProperty().removeListener(rangeListener);
    v.selectedReservationProperty().removeListener(selectionListener);
    v.removeEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
    super.dispose();
  }

  private void onPlanChanged(Observable o) {
    PlanSkylineView v = getSkinnable();
    var rej = v.getPlan().rejected();
    rejected.getItems().setAll(rej);
    rejectedTitle.setText("Rejected (" + rej.size() + ")");
    boolean show = v.rejectedPanelVisibleProperty().get() && !rej.isEmpty();
    layout.setRight(show ? rejectedPanel : null);
    layout.setTop(v.toolbarVisibleProperty().get() ? toolbar : null);
    syncToolbar();
    hideCard();
    markDirty();
  }

  private PlanData dimensionsOf;

  /** Dimension choices (computed once per plan) and the visible range. */
  private void syncToolbar() {
    PlanSkylineView v = getSkinnable();
    syncingList = true;
    try {
      if (dimensionsOf != v.getPlan()) {
        dimensionsOf = v.getPlan();
        List<String> dims = v.getPlan().dimensions();
        if (!dimensionBox.getItems().equals(dims)) dimensionBox.getItems().setAll(dims);
      }
      dimensionBox.setValue(v.getDimension());
    } finally {
      syncingList = false;
    }
    syncRange();
  }

  private void syncRange() {
    PlanSkylineView v = getSkinnable();
    long ss = v.getPlan().stepSeconds();
    syncingWindow = true;
    try {
      window.setMax(Math.max(1, v.getPlan().horizon()));
      if (v.getVisibleStart() > window.getHighValue()) {
        window.setHighValue(v.getVisibleEnd());
        window.setLowValue(v.getVisibleStart());
      } else {
        window.setLowValue(v.getVisibleStart());
        window.setHighValue(v.getVisibleEnd());
      }
    } finally {
      syncingWindow = false;
    }
    rangeLabel.setText(
        Axes.duration(v.getVisibleStart() * ss) + " – " + Axes.duration(v.getVisibleEnd() * ss));
  }

  /**
   * The slider moved: show its window (the view keeps at least a few steps and clamps to the
   * horizon).
   */
  private void windowDragged() {
    if (syncingWindow) return;
    getSkinnable().showRange(window.getLowValue(), window.getHighValue());
  }

  /** The time-window slider (for tests). */
  RangeSlider windowSlider() {
    return window;
  }

  private void zoomCentre(double factor) {
    PlanSkylineView v = getSkinnable();
    v.zoom(factor, (v.getVisibleStart() + v.getVisibleEnd()) / 2);
  }

  private void syncListSelection() {
    String id = getSkinnable().getSelectedReservation();
    syncingList = true;
    try {
      Decision match = null;
      for (Decision d : rejected.getItems()) if (d.reservationId().equals(id)) match = d;
      if (match == null) rejected.getSelectionModel().clearSelection();
      else rejected.getSelectionModel().select(match);
    } finally {
      syncingList = false;
    }
  }

  private void markDirty() {
    dirty = true;
    plotPane.requestLayout();
  }

  private void redraw() {
    dirty = false;
    if (canvas.getWidth() < 1 || canvas.getHeight() < 1) return;
    getSkinnable().drawTo(sink, canvas.getWidth(), canvas.getHeight());
    getSkinnable().countRedraw();
  }

  /** Draws now if something changed (benchmarks call this between frames). */
  public void redrawIfDirty() {
    if (dirty) redraw();
  }

  // ---- mouse ----

  private void onPressed(MouseEvent e) {
    getSkinnable().requestFocus();
    pressX = e.getX();
    pressStart = getSkinnable().getVisibleStart();
    dragged = false;
  }

  private void onDragged(MouseEvent e) {
    if (e.getButton() != MouseButton.PRIMARY) return;
    double dx = e.getX() - pressX;
    if (Math.abs(dx) > 3) dragged = true;
    if (!dragged) return;
    PlanSkylineView v = getSkinnable();
    double spp =
        (v.getVisibleEnd() - v.getVisibleStart())
            / Math.max(1, canvas.getWidth() - PlanSkylineView.LEFT - PlanSkylineView.RIGHT);
    double span = v.getVisibleEnd() - v.getVisibleStart();
    v.showRange(pressStart - dx * spp, pressStart - dx * spp + span);
    hideCard();
  }

  private void onReleased(MouseEvent e) {
    if (dragged || e.getButton() != MouseButton.PRIMARY) return;
    PlanSkylineView v = getSkinnable();
    v.setSelectedReservation(
        v.reservationAt(e.getX(), e.getY(), canvas.getWidth(), canvas.getHeight()));
  }

  private void onMoved(MouseEvent e) {
    PlanSkylineView v = getSkinnable();
    String id = v.reservationAt(e.getX(), e.getY(), canvas.getWidth(), canvas.getHeight());
    v.hoveredReservation.set(id);
    if (id == null) {
      card.setVisible(false);
      return;
    }
    long step = (long) Math.floor(v.stepAt(e.getX(), canvas.getWidth(), canvas.getHeight()));
    card.setText(v.describe(id, step));
    card.autosize();
    double x = e.getX() + 14;
    double y = e.getY() + 14;
    if (x + card.getWidth() > plotPane.getWidth()) x = Math.max(0, e.getX() - 14 - card.getWidth());
    if (y + card.getHeight() > plotPane.getHeight())
      y = Math.max(0, e.getY() - 14 - card.getHeight());
    card.relocate(x, y);
    card.setVisible(true);
  }

  private void hideCard() {
    card.setVisible(false);
    getSkinnable().hoveredReservation.set(null);
  }

  private void onScroll(ScrollEvent e) {
    if (e.getDeltaY() == 0) return;
    PlanSkylineView v = getSkinnable();
    double anchor = v.stepAt(e.getX(), canvas.getWidth(), canvas.getHeight());
    // one wheel notch is deltaY = multiplierY (40 on desktops, 1 on the headless platform)
    double notches = e.getDeltaY() / (e.getMultiplierY() > 0 ? e.getMultiplierY() : 40.0);
    v.zoom(Math.pow(1.25, notches), anchor);
    hideCard();
    e.consume();
  }

  private void onKey(KeyEvent e) {
    PlanSkylineView v = getSkinnable();
    double span = v.getVisibleEnd() - v.getVisibleStart();
    double mid = (v.getVisibleStart() + v.getVisibleEnd()) / 2;
    switch (e.getCode()) {
      case PLUS, ADD, EQUALS -> v.zoom(1.5, mid);
      case MINUS, SUBTRACT -> v.zoom(1 / 1.5, mid);
      case LEFT -> v.pan(-span / 10);
      case RIGHT -> v.pan(span / 10);
      case HOME -> v.fit();
      case ESCAPE -> v.setSelectedReservation(null);
      default -> {
        return;
      }
    }
    e.consume();
  }

  /** One rejected reservation: id, the reason's code and sub-expression, and the sentence. */
  private static final class RejectedCell extends ListCell<Decision> {
    RejectedCell() {
      setWrapText(true);
      setPrefWidth(0);
    }

    @Override
    protected void updateItem(Decision d, boolean empty) {
      super.updateItem(d, empty);
      if (empty || d == null) {
        setText(null);
        return;
      }
      Rejection r = d.rejection();
      setText(d.reservationId() + (r == null ? "" : " — " + r));
    }
  }
}
