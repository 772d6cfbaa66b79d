package io.rayon.views.plan;

import javafx.scene.canvas.Canvas;
import javafx.scene.paint.Color;

/** Test access to a skyline's canvas pixels (from other packages' tests). */
public final class PlanSkylineViewAccess {
  private PlanSkylineViewAccess() {}

  /** The colour of the skyline's canvas at (x, y); call on the JavaFX thread. */
  public static Color pixelAt(PlanSkylineView v, int x, int y) {
    v.applyCss();
    v.layout();
    Canvas c = (Canvas) v.lookup("#plan-canvas");
    return c.snapshot(null, null).getPixelReader().getColor(x, y);
  }
}
