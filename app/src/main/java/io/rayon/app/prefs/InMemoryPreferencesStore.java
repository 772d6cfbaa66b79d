package io.rayon.app.prefs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Preferences that live as long as the object: for tests and for runs that must not persist. */
public final class InMemoryPreferencesStore implements PreferencesStore {
  private final Map<String, String> values = new ConcurrentHashMap<>();

  @Override
  public String get(String key, String dflt) {
    return values.getOrDefault(key, dflt);
  }

  @Override
  public void put(String key, String value) {
    if (value == null) values.remove(key);
    else values.put(key, value);
  }

  @Override
  public void remove(String key) {
    values.remove(key);
  }
}
