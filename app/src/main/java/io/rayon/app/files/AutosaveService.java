package io.rayon.app.files;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.scenario.Scenario;
import java.nio.file.Path;

/**
 * Writes the open document to its autosave side file through the executor: after every change
 * (coalesced: while one write runs, later changes wait for it and are written once) and when the
 * application's timer calls {@link #autosaveNow()}. Documents without a file are not autosaved.
 */
public final class AutosaveService {
  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private long savedRevision = -1;
  private boolean writing;
  private boolean again;
  private boolean enabled = true;
  private String lastProblem;

  public AutosaveService(WorkspaceViewModel ws, TaskExecutor executor) {
    this.ws = ws;
    this.executor = executor;
    ws.revisionProperty().addListener((o, a, b) -> autosaveNow());
  }

  public void setEnabled(boolean on) {
    enabled = on;
  }

  /** Writes the autosave when the document has unsaved changes not yet autosaved. */
  public void autosaveNow() {
    if (!enabled || !ws.isDirty() || ws.getFile() == null) return;
    if (ws.getRevision() == savedRevision) return;
    if (writing) {
      again = true;
      return;
    }
    writing = true;
    Scenario s = ws.getScenario();
    Path file = ws.getFile();
    long rev = ws.getRevision();
    executor.execute(
        BackgroundTask.of(
                "Autosave",
                (p, c) -> {
                  ScenarioFiles.writeAutosave(s, file);
                  return rev;
                })
            .quiet()
            .light()
            .onSuccess(
                r -> {
                  savedRevision = r;
                  lastProblem = null;
                  finished();
                })
            .onFailure(
                e -> {
                  String msg = "Autosave failed: " + e.getMessage();
                  if (!msg.equals(lastProblem)) ws.setStatus(msg);
                  lastProblem = msg;
                  finished();
                }));
  }

  private void finished() {
    writing = false;
    if (again) {
      again = false;
      autosaveNow();
    }
  }

  /** The revision last written to the side file (-1 when none). */
  public long autosavedRevision() {
    return savedRevision;
  }
}
