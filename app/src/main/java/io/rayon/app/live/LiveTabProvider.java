package io.rayon.app.live;

import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceTabProvider;
import java.time.Clock;
import javafx.application.Platform;

/** Contributes the Live tab to the workspace (listed in META-INF/services). */
public final class LiveTabProvider implements WorkspaceTabProvider {
  @Override
  public WorkspaceTab create(AppContext ctx) {
    LiveViewModel vm =
        new LiveViewModel(ctx.prefs(), Platform::runLater, Clock.systemDefaultZone());
    return new LiveTab(vm, ctx.workspace(), ctx.executor(), ctx.dialogs());
  }

  @Override
  public int order() {
    return 50;
  }
}
