package io.rayon.app.federation;

import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceTabProvider;

/** Contributes the Federation tab to the workspace (listed in META-INF/services). */
public final class FederationTabProvider implements WorkspaceTabProvider {
  @Override
  public WorkspaceTab create(AppContext ctx) {
    return new FederationTab(new FederationViewModel(ctx.executor()), ctx.dialogs());
  }

  @Override
  public int order() {
    return 60;
  }
}
