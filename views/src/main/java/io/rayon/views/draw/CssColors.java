package io.rayon.views.draw;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.css.StyleableProperty;
import javafx.scene.paint.Color;

/** The styleable colour properties of a canvas control, as values its skin can observe. */
public final class CssColors {
  private CssColors() {}

  /**
   * The given properties as observable values (every property {@code StyleablePropertyFactory}
   * makes is one), so that a skin redraws when a theme changes them.
   */
  @SafeVarargs
  @SuppressWarnings("unchecked")
  public static List<ObservableValue<Color>> observed(StyleableProperty<Color>... properties) {
    List<ObservableValue<Color>> out = new ArrayList<>();
    for (StyleableProperty<Color> p : properties) out.add((ObservableValue<Color>) p);
    return out;
  }
}
