package io.rayon.views.draw;

import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;

/**
 * The skin of a {@link Drawable} control that paints on one {@link Canvas}: it redraws at most once
 * per layout pass after any of {@link #observed()} changes or the size changes, and shows a hover
 * card that subclasses fill in {@link #onMoved}. Listeners are removed in {@link #dispose()}.
 */
public abstract class AbstractCanvasSkin<C extends Control & Drawable> extends SkinBase<C> {
  protected final Canvas canvas = new Canvas();
  protected final Label card = new Label();
  private final CanvasSink sink = new CanvasSink(canvas);
  private final InvalidationListener redraw = o -> markDirty();
  private final List<Observable> observed;
  private boolean dirty = true;
  protected final Pane pane =
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

  /**
   * {@code idPrefix} names the canvas ({@code prefix-canvas}) and the card ({@code
   * prefix-hover-card}).
   */
  protected AbstractCanvasSkin(C control, String idPrefix, double minWidth, double minHeight) {
    super(control);
    canvas.setId(idPrefix + "-canvas");
    card.setId(idPrefix + "-hover-card");
    card.getStyleClass().add("hover-card");
    card.setManaged(false);
    card.setVisible(false);
    card.setMouseTransparent(true);
    pane.getChildren().addAll(canvas, card);
    pane.setMinSize(minWidth, minHeight);
    getChildren().add(pane);
    observed = List.copyOf(observed());
    for (Observable o : observed) o.addListener(redraw);
    canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
    canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> onExited());
  }

  /** What the picture depends on; read once, in the constructor. */
  protected abstract List<Observable> observed();

  /** Shows or hides the hover card for the pointer position. */
  protected abstract void onMoved(MouseEvent e);

  protected void onExited() {
    card.setVisible(false);
  }

  /** Called after a change, before the redraw is scheduled. */
  protected void markDirty() {
    dirty = true;
    pane.requestLayout();
  }

  /** Shows the card with {@code text} next to the pointer, kept inside the control. */
  protected void showCard(String text, double px, double py) {
    card.setText(text);
    card.autosize();
    double x = px + 12;
    double y = py + 12;
    if (x + card.getWidth() > pane.getWidth()) x = Math.max(0, px - 12 - card.getWidth());
    if (y + card.getHeight() > pane.getHeight()) y = Math.max(0, py - 12 - card.getHeight());
    card.relocate(x, y);
    card.setVisible(true);
  }

  @Override
  public void dispose() {
    for (Observable o : observed) o.removeListener(redraw);
    super.dispose();
  }
}
