package io.rayon.app.prefs;

import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** Preferences kept by {@link java.util.prefs} under the user's node {@code /io/rayon/studio}. */
public final class JavaPreferencesStore implements PreferencesStore {
  private final Preferences node;

  public JavaPreferencesStore() {
    this(Preferences.userRoot().node("io/rayon/studio"));
  }

  public JavaPreferencesStore(Preferences node) {
    this.node = node;
  }

  @Override
  public String get(String key, String dflt) {
    return node.get(key, dflt);
  }

  @Override
  public void put(String key, String value) {
    if (value == null) node.remove(key);
    else node.put(key, value);
    flushQuietly();
  }

  @Override
  public void remove(String key) {
    node.remove(key);
    flushQuietly();
  }

  private void flushQuietly() {
    try {
      node.flush();
    } catch (BackingStoreException e) {
      // The value stays in memory for this run; java.util.prefs retries on its own schedule.
    }
  }
}
