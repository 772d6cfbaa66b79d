package io.rayon.app.workspace;

/**
 * Contributes a tab to the workspace. List implementations in {@code
 * META-INF/services/io.rayon.app.workspace.WorkspaceTabProvider}; the main window creates their
 * tabs after the built-in ones, ordered by {@link #order()}.
 */
public interface WorkspaceTabProvider {
  WorkspaceTab create(AppContext context);

  /** Position among contributed tabs (lower first). */
  default int order() {
    return 100;
  }
}
