package io.rayon.views.chart;

import io.rayon.views.draw.CanvasSink;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;

/** Skin of {@link SeriesChart}: a canvas redrawn after a change, with a hover card of the values. */
public class SeriesChartSkin extends SkinBase<SeriesChart> {
  private final Canvas canvas = new Canvas();
  private final CanvasSink sink = new CanvasSink(canvas);
  private final Label card = new Label();
  private boolean dirty = true;
  private final InvalidationListener redraw = o -> markDirty();
  private final Pane pane =
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
          if (dirty && w >= 1 && h >= 1) {
            dirty = false;
            getSkinnable().drawTo(sink, w, h);
          }
        }
      };

  public SeriesChartSkin(SeriesChart c) {
    super(c);
    canvas.setId("chart-canvas");
    card.setId("chart-hover-card");
    card.getStyleClass().add("hover-card");
    card.setManaged(false);
    card.setVisible(false);
    card.setMouseTransparent(true);
    pane.getChildren().addAll(canvas, card);
    pane.setMinSize(80, 60);
    getChildren().add(pane);
    for (Observable o : observed()) o.addListener(redraw);
    canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
    canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> card.setVisible(false));
  }

  private Observable[] observed() {
    SeriesChart c = getSkinnable();
    java.util.List<Observable> l = new java.util.ArrayList<>(c.cssColors());
    l.add(c.getSeries());
    l.add(c.titleProperty());
    l.add(c.xLabelProperty());
    l.add(c.yLabelProperty());
    l.add(c.yMinProperty());
    l.add(c.yMaxProperty());
    l.add(c.xFormatProperty());
    l.add(c.yFormatProperty());
    return l.toArray(new Observable[0]);
  }

  @Override
  public void dispose() {
    for (Observable o : observed()) o.removeListener(redraw);
    super.dispose();
  }

  private void markDirty() {
    dirty = true;
    pane.requestLayout();
  }

  private void onMoved(MouseEvent e) {
    SeriesChart c = getSkinnable();
    if (c.getSeries().isEmpty() || e.getX() < SeriesChart.LEFT || e.getX() > canvas.getWidth() - SeriesChart.RIGHT) {
      card.setVisible(false);
      return;
    }
    card.setText(c.describeAt(c.xAt(e.getX(), canvas.getWidth())));
    card.autosize();
    double x = e.getX() + 12;
    if (x + card.getWidth() > pane.getWidth()) x = Math.max(0, e.getX() - 12 - card.getWidth());
    card.relocate(x, Math.max(0, Math.min(e.getY() + 12, pane.getHeight() - card.getHeight())));
    card.setVisible(true);
  }
}
