package io.rayon.app.workspace;

import io.rayon.app.prefs.Theme;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;

/**
 * Applies a theme to a scene: the views module's theme sheet (the controls' colours) and the
 * application's own sheet for its panels.
 */
public final class ThemeStyles {
  private ThemeStyles() {}

  public static List<String> stylesheets(Theme theme) {
    List<String> out = new ArrayList<>();
    String name = theme == Theme.DARK ? "dark" : "light";
    URL views = ThemeStyles.class.getResource("/io/rayon/views/" + name + ".css");
    if (views != null) out.add(views.toExternalForm());
    out.add(ThemeStyles.class.getResource("/io/rayon/app/app.css").toExternalForm());
    out.add(ThemeStyles.class.getResource("/io/rayon/app/app-" + name + ".css").toExternalForm());
    return out;
  }

  public static void apply(Scene scene, Theme theme) {
    scene.getStylesheets().setAll(stylesheets(theme));
  }
}
