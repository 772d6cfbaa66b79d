package io.rayon.views.rdl;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;

/**
 * Form that edits the parameters of the block selected in an {@link RdlBuilder}: for an atom the
 * bundle (memory MB, vcores, extras such as {@code gpu=2}), gang g, max parallelism h, min lease l
 * and work w; for a window its start and finish in a chosen {@link DisplayUnit} (steps, seconds,
 * minutes, hours, converted with the builder's step length). Apply (or Enter in a field) applies
 * all fields as one undoable command; invalid input is marked and explained, and changes nothing.
 */
public class BlockInspector extends Control {
  private final ObjectProperty<RdlBuilder> builder = new SimpleObjectProperty<>(this, "builder");
  private final ObjectProperty<DisplayUnit> unit =
      new SimpleObjectProperty<>(this, "unit", DisplayUnit.STEPS);

  public BlockInspector() {
    getStyleClass().add("block-inspector");
  }

  public BlockInspector(RdlBuilder b) {
    this();
    setBuilder(b);
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new BlockInspectorSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return BlockInspector.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  public ObjectProperty<RdlBuilder> builderProperty() {
    return builder;
  }

  public RdlBuilder getBuilder() {
    return builder.get();
  }

  public void setBuilder(RdlBuilder b) {
    builder.set(b);
  }

  /** Unit of the window start and finish fields. */
  public ObjectProperty<DisplayUnit> unitProperty() {
    return unit;
  }

  public DisplayUnit getUnit() {
    return unit.get();
  }

  public void setUnit(DisplayUnit u) {
    unit.set(u);
  }
}
