package io.rayon.app;

import io.rayon.app.dialog.FxDialogService;
import io.rayon.app.files.AutosaveService;
import io.rayon.app.files.FileActions;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.prefs.JavaPreferencesStore;
import io.rayon.app.prefs.PreferencesStore;
import io.rayon.app.task.DefaultTaskExecutor;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.MainWindow;
import io.rayon.app.workspace.WorkspaceViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The desktop application. Start-up shows the window at once with an empty workspace and reads the
 * scenario in the background; the window is interactive before the file is parsed.
 */
public final class RayonApp extends Application {
  /** Opened when no scenario is given on the command line. */
  public static final String DEFAULT_SCENARIO = "sample-clusters/swim-256.json";

  private TaskExecutor executor;
  private MainWindow window;
  private AutosaveService autosave;
  private Timeline autosaveTimer;

  @Override
  public void start(Stage stage) {
    StartupProbe.mark("JavaFX started");
    PreferencesStore store =
        "memory".equals(System.getProperty("rayon.prefs"))
            ? new InMemoryPreferencesStore()
            : new JavaPreferencesStore();
    AppPreferences prefs = new AppPreferences(store);
    executor = new DefaultTaskExecutor();
    WorkspaceViewModel ws = new WorkspaceViewModel();
    FxDialogService dialogs = new FxDialogService(stage);
    dialogs.setHostServices(getHostServices());
    AppContext ctx = new AppContext(ws, executor, dialogs, prefs);
    FileActions files = new FileActions(ws, executor, dialogs, prefs);
    Workbench bench = Workbench.build(ctx, files);
    window = bench.window;
    StartupProbe.mark("workbench built");
    autosave = new AutosaveService(ws, executor);

    Rectangle2D screen = Screen.getPrimary().getVisualBounds();
    double w = Math.min(prefs.windowWidth(1360), screen.getWidth());
    double h = Math.min(prefs.windowHeight(820), screen.getHeight());
    stage.setScene(window.createScene(w, h));
    stage.titleProperty().bind(ws.titleBinding());
    stage.setOnCloseRequest(
        e -> {
          if (!files.confirmDiscard()) {
            e.consume();
            return;
          }
          prefs.setWindowSize(stage.getWidth(), stage.getHeight());
          Platform.exit();
        });
    StartupProbe.mark("scene built");
    stage.show();
    StartupProbe.mark("stage shown");
    firstFrame(() -> StartupProbe.mark("window interactive"));
    if (!StartupProbe.EXIT) firstFrame(() -> window.tour().startIfFirstTime());

    int period = prefs.autosaveSeconds();
    if (period > 0) {
      autosaveTimer =
          new Timeline(new KeyFrame(Duration.seconds(period), e -> autosave.autosaveNow()));
      autosaveTimer.setCycleCount(Timeline.INDEFINITE);
      autosaveTimer.play();
    }

    Path scenario = scenarioArgument(getParameters().getRaw());
    if (scenario != null && Files.isRegularFile(scenario)) {
      files.openFile(
          scenario,
          s ->
              firstFrame(
                  () -> {
                    StartupProbe.mark(
                        "scenario shown ("
                            + s.reservations().size()
                            + " reservations, "
                            + s.cluster().nodeCount()
                            + " nodes)");
                    if (StartupProbe.EXIT) {
                      Platform.exit();
                      return;
                    }
                    // the first screen shows a plan: the scenario given at start is planned at
                    // once, in the
                    // background, with the default planner (Cancel in the status bar stops it)
                    if (!s.reservations().isEmpty()) bench.plan.replanAll();
                  }));
    } else {
      ws.setStatus(
          scenario == null
              ? "New scenario"
              : "Default scenario " + scenario + " not found; File → Open a scenario.");
      if (StartupProbe.EXIT) firstFrame(Platform::exit);
    }
  }

  /**
   * The first non-option argument, or the default sample scenario: {@code swim-256.json} in the
   * directory named by the system property {@code rayon.samples} (the installed application sets it
   * to its bundled samples), else {@value #DEFAULT_SCENARIO} relative to the working directory.
   */
  static Path scenarioArgument(List<String> raw) {
    return scenarioArgument(raw, System.getProperty("rayon.samples"));
  }

  static Path scenarioArgument(List<String> raw, String samplesDir) {
    for (String a : raw) if (!a.startsWith("-")) return Path.of(a);
    if (samplesDir != null && !samplesDir.isBlank()) return Path.of(samplesDir, "swim-256.json");
    return Path.of(DEFAULT_SCENARIO);
  }

  /** Runs {@code r} once the next frame has been drawn. */
  private static void firstFrame(Runnable r) {
    new AnimationTimer() {
      int frames;

      @Override
      public void handle(long now) {
        if (++frames >= 2) {
          stop();
          r.run();
        }
      }
    }.start();
  }

  @Override
  public void stop() {
    if (autosaveTimer != null) autosaveTimer.stop();
    if (window != null) window.dispose();
    if (executor != null) executor.shutdown();
  }
}
