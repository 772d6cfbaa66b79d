package io.rayon.app.prefs;

/** The two colour themes of the application. */
public enum Theme {
  LIGHT,
  DARK
}
