package io.rayon.app;

import io.rayon.app.files.FileActions;
import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.MainWindow;

/**
 * Assembles the main window with the built-in tabs and the contributed ones. Tests build the same
 * window through here, with an in-memory preference store and a dialog service of their own.
 */
public final class Workbench {
  private Workbench() {}

  public static MainWindow build(AppContext ctx, FileActions files) {
    MainWindow w = new MainWindow(ctx, files);
    w.registerContributedTabs();
    return w;
  }
}
