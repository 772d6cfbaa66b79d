package io.rayon.app.workspace;

import io.rayon.views.draw.Drawable;
import javafx.scene.layout.Region;

/** A chart a tab offers for export: a name for the dialog and the control that draws it. */
public record ChartSource(String name, Region control) {
  /** The control as a {@link Drawable} for SVG export, or null when it cannot draw itself. */
  public Drawable drawable() {
    return control instanceof Drawable d ? d : null;
  }
}
