package io.rayon.app.prefs;

/**
 * Key-value storage for settings kept between runs. The application uses {@link
 * JavaPreferencesStore} (java.util.prefs); tests use {@link InMemoryPreferencesStore}.
 */
public interface PreferencesStore {
  String get(String key, String dflt);

  void put(String key, String value);

  void remove(String key);
}
