package io.rayon.app.workspace;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.task.TaskExecutor;

/** What every tab and view-model may use: the open document, the executor, dialogs, preferences. */
public record AppContext(
    WorkspaceViewModel workspace,
    TaskExecutor executor,
    DialogService dialogs,
    AppPreferences prefs) {}
