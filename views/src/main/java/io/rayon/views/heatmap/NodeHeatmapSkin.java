package io.rayon.views.heatmap;

import io.rayon.views.draw.CanvasSink;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;

/** Skin of {@link NodeHeatmap}: a canvas redrawn once per layout pass after a change, and a hover card. */
public class NodeHeatmapSkin extends SkinBase<NodeHeatmap> {
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

  public NodeHeatmapSkin(NodeHeatmap h) {
    super(h);
    canvas.setId("heatmap-canvas");
    card.setId("heatmap-hover-card");
    card.getStyleClass().add("hover-card");
    card.setManaged(false);
    card.setVisible(false);
    card.setMouseTransparent(true);
    pane.getChildren().addAll(canvas, card);
    pane.setMinSize(60, 40);
    getChildren().add(pane);
    for (Observable o : observed()) o.addListener(redraw);
    canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
    canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
      card.setVisible(false);
      getSkinnable().setHovered(-1);
    });
  }

  private Observable[] observed() {
    NodeHeatmap h = getSkinnable();
    java.util.List<Observable> l = new java.util.ArrayList<>(h.cssColors());
    l.add(h.valuesProperty());
    l.add(h.nodesProperty());
    l.add(h.titleProperty());
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
    if (card.isVisible() && getSkinnable().hoveredIndexProperty().get() >= 0) {
      card.setText(getSkinnable().describe(getSkinnable().hoveredIndexProperty().get()));
    }
  }

  private void onMoved(MouseEvent e) {
    NodeHeatmap h = getSkinnable();
    int i = h.nodeAt(e.getX(), e.getY(), canvas.getWidth(), canvas.getHeight());
    h.setHovered(i);
    if (i < 0) {
      card.setVisible(false);
      return;
    }
    card.setText(h.describe(i));
    card.autosize();
    double x = e.getX() + 12;
    double y = e.getY() + 12;
    if (x + card.getWidth() > pane.getWidth()) x = Math.max(0, e.getX() - 12 - card.getWidth());
    if (y + card.getHeight() > pane.getHeight()) y = Math.max(0, e.getY() - 12 - card.getHeight());
    card.relocate(x, y);
    card.setVisible(true);
  }
}
