package io.rayon.views.plan;

import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import javafx.scene.paint.Color;

/**
 * Two plans one above the other on a shared time axis (zoom, pan, cursor, dimension and selection
 * are linked), for comparing planners or scenario versions. Reservations are coloured by how plan B
 * differs from plan A ({@link PlanDiff}): unchanged in grey, moved (accepted by both with different
 * allocations) in amber, accepted by A only in red, by B only in green; a summary line counts them.
 */
public class PlanDiffView extends Control {
  public static final Color UNCHANGED = Color.web("#9ca3af");
  public static final Color MOVED = Color.web("#f59e0b");
  public static final Color ONLY_IN_A = Color.web("#ef4444");
  public static final Color ONLY_IN_B = Color.web("#22c55e");

  private final ObjectProperty<PlanData> planA =
      new SimpleObjectProperty<>(this, "planA", PlanData.empty());
  private final ObjectProperty<PlanData> planB =
      new SimpleObjectProperty<>(this, "planB", PlanData.empty());
  private final StringProperty titleA = new SimpleStringProperty(this, "titleA", "A");
  private final StringProperty titleB = new SimpleStringProperty(this, "titleB", "B");
  private final StringProperty selectedReservation =
      new SimpleStringProperty(this, "selectedReservation");
  private final ReadOnlyObjectWrapper<PlanDiff> diff = new ReadOnlyObjectWrapper<>(this, "diff");
  private final PlanSkylineView viewA = new PlanSkylineView();
  private final PlanSkylineView viewB = new PlanSkylineView();
  private Map<String, PlanDiff.Kind> kinds = Map.of();

  public PlanDiffView() {
    getStyleClass().add("plan-diff");
    viewA.setId("plan-diff-a");
    viewB.setId("plan-diff-b");
    viewA.setColorFunction(this::colorOf);
    viewB.setColorFunction(this::colorOf);
    planA.addListener((o, a, p) -> update());
    planB.addListener((o, a, p) -> update());
    viewA.visibleStartProperty().bindBidirectional(viewB.visibleStartProperty());
    viewA.visibleEndProperty().bindBidirectional(viewB.visibleEndProperty());
    viewA.dimensionProperty().bindBidirectional(viewB.dimensionProperty());
    viewA.cursorStepProperty().bindBidirectional(viewB.cursorStepProperty());
    viewA.selectedReservationProperty().bindBidirectional(selectedReservation);
    viewB.selectedReservationProperty().bindBidirectional(selectedReservation);
    update();
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new PlanDiffViewSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return PlanDiffView.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  private void update() {
    PlanDiff d = PlanDiff.of(getPlanA(), getPlanB());
    kinds = d.kinds();
    diff.set(d);
    // the colour function reads kinds: set it again so both views recolour
    viewA.setColorFunction(this::colorOf);
    viewB.setColorFunction(this::colorOf);
    viewA.setPlan(getPlanA());
    viewB.setPlan(getPlanB());
    double h = Math.max(getPlanA().horizon(), getPlanB().horizon());
    viewA.showRange(0, h);
    viewB.showRange(0, h);
  }

  /** Colour of a reservation by its kind of difference. */
  public Color colorOf(String id) {
    PlanDiff.Kind k = kinds.get(id);
    if (k == null) return UNCHANGED;
    return switch (k) {
      case UNCHANGED -> UNCHANGED;
      case MOVED -> MOVED;
      case ONLY_IN_A -> ONLY_IN_A;
      case ONLY_IN_B -> ONLY_IN_B;
    };
  }

  public ObjectProperty<PlanData> planAProperty() {
    return planA;
  }

  public PlanData getPlanA() {
    return planA.get();
  }

  public void setPlanA(PlanData p) {
    planA.set(p == null ? PlanData.empty() : p);
  }

  public ObjectProperty<PlanData> planBProperty() {
    return planB;
  }

  public PlanData getPlanB() {
    return planB.get();
  }

  public void setPlanB(PlanData p) {
    planB.set(p == null ? PlanData.empty() : p);
  }

  /** Sets both plans at once (computes the difference once). */
  public void setPlans(PlanData a, PlanData b) {
    planA.set(a == null ? PlanData.empty() : a);
    planB.set(b == null ? PlanData.empty() : b);
  }

  public StringProperty titleAProperty() {
    return titleA;
  }

  public StringProperty titleBProperty() {
    return titleB;
  }

  public StringProperty selectedReservationProperty() {
    return selectedReservation;
  }

  public ReadOnlyObjectProperty<PlanDiff> diffProperty() {
    return diff.getReadOnlyProperty();
  }

  public PlanDiff getDiff() {
    return diff.get();
  }

  /** The upper view (plan A); also a {@link io.rayon.views.draw.Drawable} for export. */
  public PlanSkylineView getViewA() {
    return viewA;
  }

  /** The lower view (plan B). */
  public PlanSkylineView getViewB() {
    return viewB;
  }
}
