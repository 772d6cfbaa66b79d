package io.rayon.app.rush;

import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceTabProvider;

/**
 * Contributes the RUSH tab to the workspace (listed in META-INF/services). A RUSH scenario is a
 * file of its own kind, not the open cluster scenario, so the tab stands beside the Federation tab
 * (which does the same for federation setups); the Simulation tab's RUSH schedulers run the
 * scenario open here and their runs play back here (the workbench connects the two).
 */
public final class RushTabProvider implements WorkspaceTabProvider {
  @Override
  public WorkspaceTab create(AppContext ctx) {
    return new RushTab(
        new RushViewModel(ctx.executor(), RushViewModel.defaultSamplesDir()), ctx.dialogs());
  }

  @Override
  public int order() {
    return 70;
  }
}
