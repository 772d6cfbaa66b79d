package io.rayon.views.chart;

import io.rayon.views.draw.AbstractCanvasSkin;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.scene.input.MouseEvent;

/**
 * Skin of {@link SeriesChart}: a canvas redrawn after a change, with a hover card of the values.
 */
public class SeriesChartSkin extends AbstractCanvasSkin<SeriesChart> {

  public SeriesChartSkin(SeriesChart c) {
    super(c, "chart", 80, 60);
  }

  @Override
  protected List<Observable> observed() {
    SeriesChart c = getSkinnable();
    List<Observable> l = new ArrayList<>(c.cssColors());
    l.add(c.getSeries());
    l.add(c.titleProperty());
    l.add(c.xLabelProperty());
    l.add(c.yLabelProperty());
    l.add(c.yMinProperty());
    l.add(c.yMaxProperty());
    l.add(c.cursorXProperty());
    l.add(c.xFormatProperty());
    l.add(c.yFormatProperty());
    return l;
  }

  @Override
  protected void onMoved(MouseEvent e) {
    SeriesChart c = getSkinnable();
    if (c.getSeries().isEmpty()
        || e.getX() < SeriesChart.LEFT
        || e.getX() > canvas.getWidth() - SeriesChart.RIGHT) {
      card.setVisible(false);
      return;
    }
    showCard(c.describeAt(c.xAt(e.getX(), canvas.getWidth())), e.getX(), e.getY());
  }
}
