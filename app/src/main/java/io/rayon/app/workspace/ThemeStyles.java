package io.rayon.app.workspace;

import io.rayon.app.prefs.Theme;
import io.rayon.views.Themes;
import java.util.List;
import javafx.scene.Scene;

/**
 * Applies a theme to a scene: the views module's theme sheet (looked-up colours shared by the
 * controls and the application) and the application's own sheet for its panels.
 */
public final class ThemeStyles {
  private ThemeStyles() {}

  public static List<String> stylesheets(Theme theme) {
    Themes t = theme == Theme.DARK ? Themes.DARK : Themes.LIGHT;
    return List.of(
        t.stylesheet(), ThemeStyles.class.getResource("/io/rayon/app/app.css").toExternalForm());
  }

  public static void apply(Scene scene, Theme theme) {
    scene.getStylesheets().setAll(stylesheets(theme));
  }
}
