package io.rayon.app.prefs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The settings the application keeps between runs, as JavaFX properties backed by a {@link
 * PreferencesStore}: theme, recent files (most recent first, at most {@value #MAX_RECENT}), the
 * last planner and sharing policy chosen, and the autosave period.
 */
public final class AppPreferences {
  public static final int MAX_RECENT = 10;
  static final String THEME = "theme";
  static final String RECENT = "recentFiles";
  static final String PLANNER = "planner";
  static final String POLICY = "policy";
  static final String AUTOSAVE_SECONDS = "autosaveSeconds";
  static final String TOUR_SHOWN = "tourShown";

  private final PreferencesStore store;
  private final ObjectProperty<Theme> theme =
      new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
  private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
  private final ObservableList<Path> recentView =
      FXCollections.unmodifiableObservableList(recentFiles);

  public AppPreferences(PreferencesStore store) {
    this.store = store;
    try {
      theme.set(Theme.valueOf(store.get(THEME, Theme.LIGHT.name()).toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      theme.set(Theme.LIGHT);
    }
    theme.addListener((o, a, b) -> store.put(THEME, b == null ? null : b.name()));
    String recent = store.get(RECENT, "");
    for (String line : recent.split("\n")) {
      if (!line.isBlank()) recentFiles.add(Path.of(line));
    }
  }

  public ObjectProperty<Theme> themeProperty() {
    return theme;
  }

  public Theme getTheme() {
    return theme.get();
  }

  public void setTheme(Theme t) {
    theme.set(t);
  }

  /** Most recent first; read-only (use {@link #addRecentFile}). */
  public ObservableList<Path> recentFiles() {
    return recentView;
  }

  public void addRecentFile(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    recentFiles.remove(abs);
    recentFiles.add(0, abs);
    while (recentFiles.size() > MAX_RECENT) recentFiles.remove(recentFiles.size() - 1);
    persistRecent();
  }

  public void removeRecentFile(Path file) {
    recentFiles.remove(file.toAbsolutePath().normalize());
    persistRecent();
  }

  public void clearRecentFiles() {
    recentFiles.clear();
    persistRecent();
  }

  private void persistRecent() {
    List<String> lines = new ArrayList<>();
    for (Path p : recentFiles) lines.add(p.toString());
    store.put(RECENT, String.join("\n", lines));
  }

  public String planner(String dflt) {
    return store.get(PLANNER, dflt);
  }

  public void setPlanner(String name) {
    store.put(PLANNER, name);
  }

  /** Whether the guided tour was finished or skipped (then it is not shown at start again). */
  public boolean tourShown() {
    return Boolean.parseBoolean(store.get(TOUR_SHOWN, "false"));
  }

  public void setTourShown(boolean shown) {
    store.put(TOUR_SHOWN, Boolean.toString(shown));
  }

  public String policy(String dflt) {
    return store.get(POLICY, dflt);
  }

  public void setPolicy(String spec) {
    store.put(POLICY, spec);
  }

  /** The main window's last size, or the defaults. */
  public double windowWidth(double dflt) {
    return number("windowWidth", dflt);
  }

  public double windowHeight(double dflt) {
    return number("windowHeight", dflt);
  }

  public void setWindowSize(double w, double h) {
    store.put("windowWidth", Long.toString(Math.round(w)));
    store.put("windowHeight", Long.toString(Math.round(h)));
  }

  private double number(String key, double dflt) {
    try {
      double v = Double.parseDouble(store.get(key, Double.toString(dflt)));
      return v > 0 ? v : dflt;
    } catch (NumberFormatException e) {
      return dflt;
    }
  }

  /** Seconds between periodic autosaves (default 60; 0 turns periodic autosave off). */
  public int autosaveSeconds() {
    try {
      return Math.max(0, Integer.parseInt(store.get(AUTOSAVE_SECONDS, "60")));
    } catch (NumberFormatException e) {
      return 60;
    }
  }

  /**
   * The live-cluster connection last used: URL and user only. Passwords and tokens are never stored
   * (they stay in memory or come from environment variables).
   */
  public String liveUrl() {
    return store.get("live.url", "");
  }

  public String liveUser() {
    return store.get("live.user", "");
  }

  public void setLiveConnection(String url, String user) {
    store.put("live.url", url == null ? "" : url);
    store.put("live.user", user == null ? "" : user);
  }
}
