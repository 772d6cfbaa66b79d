package io.rayon.app.testing;

import io.rayon.app.Workbench;
import io.rayon.app.files.FileActions;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.MainWindow;
import io.rayon.app.workspace.WorkspaceViewModel;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Builds the real main window for TestFX tests, with in-memory preferences and scripted dialogs.
 */
public final class UiHarness {
  public final WorkspaceViewModel ws = new WorkspaceViewModel();
  public final ScriptedDialogService dialogs = new ScriptedDialogService();
  public final AppPreferences prefs = new AppPreferences(new InMemoryPreferencesStore());
  public final TaskExecutor executor;
  public final AppContext ctx;
  public final FileActions files;
  public final MainWindow window;
  public final Workbench bench;

  public UiHarness(Stage stage, TaskExecutor executor) {
    Platform.setImplicitExit(false);
    this.executor = executor;
    ctx = new AppContext(ws, executor, dialogs, prefs);
    files = new FileActions(ws, executor, dialogs, prefs);
    bench = Workbench.build(ctx, files);
    window = bench.window;
    stage.setScene(window.createScene(1280, 800));
    stage.show();
  }
}
