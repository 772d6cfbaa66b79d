package io.rayon.views;

import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * The light and dark themes of Rayon Studio. A theme is one style sheet that sets the looked-up
 * colours ({@code -rayon-surface}, {@code -rayon-text}, {@code -rayon-accent}, ...) every view
 * control reads; switching themes swaps that sheet and leaves other sheets alone.
 */
public enum Themes {
  LIGHT("light.css"),
  DARK("dark.css");

  private final String file;

  Themes(String file) {
    this.file = file;
  }

  /** URL of the theme's style sheet. */
  public String stylesheet() {
    return Themes.class.getResource("/io/rayon/views/" + file).toExternalForm();
  }

  /** Applies this theme to a scene, replacing the other theme if present. */
  public void applyTo(Scene scene) {
    for (Themes t : values()) scene.getStylesheets().remove(t.stylesheet());
    scene.getStylesheets().add(stylesheet());
  }

  /** Applies this theme to a subtree (for example a dialog's root), replacing the other theme. */
  public void applyTo(Parent root) {
    for (Themes t : values()) root.getStylesheets().remove(t.stylesheet());
    root.getStylesheets().add(stylesheet());
  }

  /** The theme currently on {@code scene}, or {@link #LIGHT} when none is. */
  public static Themes of(Scene scene) {
    for (Themes t : values()) if (scene.getStylesheets().contains(t.stylesheet())) return t;
    return LIGHT;
  }

  /** Parses "light" or "dark" (any case). */
  public static Themes parse(String name) {
    for (Themes t : values()) if (t.name().equalsIgnoreCase(name)) return t;
    throw new IllegalArgumentException("unknown theme '" + name + "': use light or dark");
  }
}
