package io.rayon.views.heatmap;

import io.rayon.views.draw.AbstractCanvasSkin;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.scene.input.MouseEvent;

/**
 * Skin of {@link NodeHeatmap}: a canvas redrawn once per layout pass after a change, and a hover
 * card.
 */
public class NodeHeatmapSkin extends AbstractCanvasSkin<NodeHeatmap> {

  public NodeHeatmapSkin(NodeHeatmap h) {
    super(h, "heatmap", 60, 40);
  }

  @Override
  protected List<Observable> observed() {
    NodeHeatmap h = getSkinnable();
    List<Observable> l = new ArrayList<>(h.cssColors());
    l.add(h.valuesProperty());
    l.add(h.nodesProperty());
    l.add(h.titleProperty());
    return l;
  }

  @Override
  protected void onExited() {
    super.onExited();
    getSkinnable().setHovered(-1);
  }

  @Override
  protected void markDirty() {
    super.markDirty();
    int hovered = getSkinnable().hoveredIndexProperty().get();
    if (card.isVisible() && hovered >= 0) card.setText(getSkinnable().describe(hovered));
  }

  @Override
  protected void onMoved(MouseEvent e) {
    NodeHeatmap h = getSkinnable();
    int i = h.nodeAt(e.getX(), e.getY(), canvas.getWidth(), canvas.getHeight());
    h.setHovered(i);
    if (i < 0) {
      card.setVisible(false);
      return;
    }
    showCard(h.describe(i), e.getX(), e.getY());
  }
}
