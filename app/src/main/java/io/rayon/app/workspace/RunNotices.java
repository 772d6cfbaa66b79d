package io.rayon.app.workspace;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.DialogService.Notice;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;

/**
 * A notification when a background run (planning, simulation, comparison) ends: what it found, or
 * why it failed, shown through {@link DialogService#notify}. A run that ends because another
 * document was opened says nothing. The text is read after the view-model's callback has finished
 * (view-models clear {@code running} before they publish the result).
 */
public final class RunNotices {
  private RunNotices() {}

  /**
   * Watches {@code running}; when it turns false, notifies "{@code what} finished" (or cancelled,
   * or failed, as a warning) with {@code outcome}'s text.
   */
  public static void watch(
      WorkspaceViewModel ws,
      DialogService dialogs,
      String what,
      ObservableBooleanValue running,
      Supplier<String> outcome) {
    long[] loadsAtStart = {ws.loadsProperty().get()};
    running.addListener(
        (o, was, now) -> {
          if (now) {
            loadsAtStart[0] = ws.loadsProperty().get();
            return;
          }
          if (!was || ws.loadsProperty().get() != loadsAtStart[0]) return;
          long loads = loadsAtStart[0];
          Platform.runLater(
              () -> {
                if (ws.loadsProperty().get() != loads) return;
                String text = outcome.get();
                if (text == null || text.isBlank()) return;
                boolean failed = text.contains("failed");
                String how =
                    failed ? " failed" : text.contains("cancelled") ? " cancelled" : " finished";
                dialogs.notify(failed ? Notice.WARNING : Notice.INFORMATION, what + how, text);
              });
        });
  }
}
