package io.rayon.app;

import javafx.application.Application;

/**
 * Starts the desktop application: {@code Launcher [scenario.json]}. Without an argument it opens
 * {@code swim-256.json} from the directory in the system property {@code rayon.samples} (set by the
 * installed application), else {@value RayonApp#DEFAULT_SCENARIO} relative to the working
 * directory, when that file exists. A separate main class is needed because JavaFX on the class
 * path refuses to start a main class that extends {@link Application} itself.
 */
public final class Launcher {
  private Launcher() {}

  public static void main(String[] args) {
    Application.launch(RayonApp.class, args);
  }
}
