package io.rayon.app.prefs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AppPreferencesTest {
  @Test
  void themeAndRecentFilesSurviveARestart() {
    InMemoryPreferencesStore store = new InMemoryPreferencesStore();
    AppPreferences first = new AppPreferences(store);
    first.setTheme(Theme.DARK);
    first.addRecentFile(Path.of("a.json"));
    first.addRecentFile(Path.of("b.json"));
    first.addRecentFile(Path.of("a.json"));
    first.setPlanner("greel");

    AppPreferences next = new AppPreferences(store);
    assertThat(next.getTheme()).isEqualTo(Theme.DARK);
    assertThat(next.recentFiles())
        .containsExactly(Path.of("a.json").toAbsolutePath(), Path.of("b.json").toAbsolutePath());
    assertThat(next.planner("gree")).isEqualTo("greel");
  }

  @Test
  void recentFilesKeepTheLatestTen() {
    AppPreferences p = new AppPreferences(new InMemoryPreferencesStore());
    for (int i = 0; i < 15; i++) p.addRecentFile(Path.of("f" + i + ".json"));
    assertThat(p.recentFiles()).hasSize(AppPreferences.MAX_RECENT);
    assertThat(p.recentFiles().get(0).getFileName().toString()).isEqualTo("f14.json");
  }

  @Test
  void garbageInTheStoreFallsBackToDefaults() {
    InMemoryPreferencesStore store = new InMemoryPreferencesStore();
    store.put("theme", "purple");
    store.put("windowWidth", "wide");
    AppPreferences p = new AppPreferences(store);
    assertThat(p.getTheme()).isEqualTo(Theme.LIGHT);
    assertThat(p.windowWidth(1200)).isEqualTo(1200);
  }
}
