package io.rayon.app.files;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.io.FormatException;
import io.rayon.model.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The File menu's scenario commands: new, open (with autosave recovery), open recent, save and save
 * as. Files are read and written through the executor; the workspace changes only when a read
 * succeeded, so a malformed file leaves the open document as it was and shows a dialog naming the
 * place and the problem.
 */
public final class FileActions {
  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final DialogService dialogs;
  private final AppPreferences prefs;
  // files of another kind than a cluster scenario (a top-level "kind", FileKinds) and who opens
  // them
  private final Map<String, Consumer<Path>> kinds = new LinkedHashMap<>();

  public FileActions(
      WorkspaceViewModel ws, TaskExecutor executor, DialogService dialogs, AppPreferences prefs) {
    this.ws = ws;
    this.executor = executor;
    this.dialogs = dialogs;
    this.prefs = prefs;
  }

  /** Asks about unsaved changes; true when the caller may replace or close the document. */
  public boolean confirmDiscard() {
    if (!ws.isDirty()) return true;
    switch (dialogs.askSaveChanges(ws.documentName())) {
      case SAVE:
        return saveBlocking();
      case DISCARD:
        discardAutosave();
        return true;
      default:
        return false;
    }
  }

  private void discardAutosave() {
    Path f = ws.getFile();
    if (f == null) return;
    try {
      ScenarioFiles.deleteAutosave(f);
    } catch (IOException e) {
      ws.setStatus("Could not remove the autosave file: " + e.getMessage());
    }
  }

  public void newScenario() {
    if (!confirmDiscard()) return;
    ws.load(WorkspaceViewModel.emptyScenario(), null, false);
    ws.setStatus("New scenario");
  }

  public void open() {
    if (!confirmDiscard()) return;
    dialogs
        .chooseFileToOpen("Open scenario", List.of(FileType.SCENARIO, FileType.ANY))
        .ifPresent(this::openFile);
  }

  /**
   * Routes files whose top-level {@code "kind"} is {@code kind} (for example {@code "rush"}) to
   * {@code opener} instead of reading them as a cluster scenario: File → Open, Open Recent and the
   * command line's file then open in the tab that registered the kind, and the open scenario stays.
   * The opener runs on the JavaFX thread.
   */
  public void routeKind(String kind, Consumer<Path> opener) {
    kinds.put(kind, opener);
  }

  /** Opens {@code file} without asking about unsaved changes (callers asked already). */
  public void openFile(Path file) {
    openFile(file, s -> {});
  }

  /**
   * Opens {@code file}; {@code whenLoaded} runs on the JavaFX thread after the workspace shows it.
   */
  public void openFile(Path file, Consumer<Scenario> whenLoaded) {
    Map<String, Consumer<Path>> routes = Map.copyOf(kinds);
    executor.execute(
        BackgroundTask.of(
                "Open " + file.getFileName(),
                (p, c) -> {
                  p.progress(-1, "reading " + file.getFileName());
                  String kind = routes.isEmpty() ? null : FileKinds.kindOf(file);
                  if (kind != null && routes.containsKey(kind))
                    return new Opened(file, null, Optional.empty(), kind);
                  Scenario s = ScenarioFiles.read(file);
                  return new Opened(file, s, ScenarioFiles.findRecovery(file, s), null);
                })
            .light()
            .onSuccess(
                o -> {
                  if (o.kind() != null) {
                    prefs.addRecentFile(o.file());
                    ws.setStatus(
                        o.file().getFileName()
                            + " is a \""
                            + o.kind()
                            + "\" file: it opens in its own tab");
                    routes.get(o.kind()).accept(o.file());
                  } else {
                    applyOpened(o, whenLoaded);
                  }
                })
            .onFailure(e -> openFailed(file, e)));
  }

  public void openRecent(Path file) {
    if (!confirmDiscard()) return;
    openFile(file);
  }

  /**
   * A file read in the background: a scenario, or (with {@code kind}) a file routed to another
   * opener.
   */
  private record Opened(
      Path file, Scenario scenario, Optional<ScenarioFiles.Recovery> recovery, String kind) {}

  private void applyOpened(Opened o, Consumer<Scenario> whenLoaded) {
    Scenario s = o.scenario();
    boolean unsaved = false;
    if (o.recovery().isPresent()) {
      ScenarioFiles.Recovery r = o.recovery().get();
      if (r.scenario() == null) {
        dialogs.showError(
            "Autosave cannot be recovered",
            "An autosave of "
                + o.file().getFileName()
                + " was found but cannot be read: "
                + r.problem()
                + "\nThe saved file is opened; the autosave stays at "
                + r.sideFile()
                + ".");
      } else if (dialogs.confirm(
          "Recover unsaved changes?",
          o.file().getFileName()
              + " has changes from a session that ended without saving (autosaved "
              + WHEN.format(r.modified().toInstant())
              + ").\nRecover them? (No keeps the saved file and deletes the autosave.)")) {
        s = r.scenario();
        unsaved = true;
      } else {
        try {
          ScenarioFiles.deleteAutosave(o.file());
        } catch (IOException e) {
          ws.setStatus("Could not remove the autosave file: " + e.getMessage());
        }
      }
    }
    ws.load(s, o.file().toAbsolutePath(), unsaved);
    prefs.addRecentFile(o.file());
    ws.setStatus(
        (unsaved ? "Recovered " : "Opened ") + o.file().getFileName() + ": " + describe(s));
    whenLoaded.accept(s);
  }

  static String describe(Scenario s) {
    return s.cluster().nodeCount()
        + " nodes, "
        + s.reservations().size()
        + " reservations, "
        + s.workload().jobs().size()
        + " jobs";
  }

  private void openFailed(Path file, Throwable e) {
    String msg = e instanceof FormatException ? e.getMessage() : file + ": " + e.getMessage();
    if (e instanceof FormatException fe && "no such file".equals(fe.problem()))
      prefs.removeRecentFile(file);
    ws.setStatus("Could not open " + file.getFileName());
    dialogs.showError(
        "Cannot open " + file.getFileName(), msg + "\nThe current workspace is unchanged.");
  }

  /** Saves to the document's file, or asks for one; the write happens in the background. */
  public void save() {
    if (ws.getFile() == null) saveAs();
    else saveTo(ws.getFile());
  }

  public void saveAs() {
    String suggested =
        ws.getFile() == null
            ? ws.getScenario().name() + ".json"
            : ws.getFile().getFileName().toString();
    dialogs
        .chooseFileToSave("Save scenario as", suggested, List.of(FileType.SCENARIO))
        .ifPresent(f -> saveTo(withJson(f)));
  }

  static Path withJson(Path f) {
    return f.getFileName().toString().contains(".")
        ? f
        : f.resolveSibling(f.getFileName() + ".json");
  }

  private void saveTo(Path file) {
    Scenario s = ws.getScenario();
    long rev = ws.getRevision();
    Path previous = ws.getFile();
    executor.execute(
        BackgroundTask.of(
                "Save " + file.getFileName(),
                (p, c) -> {
                  ScenarioFiles.save(s, file);
                  if (previous != null
                      && !previous.toAbsolutePath().equals(file.toAbsolutePath())) {
                    ScenarioFiles.deleteAutosave(previous);
                  }
                  return file;
                })
            .light()
            .onSuccess(
                f -> {
                  ws.markSaved(f.toAbsolutePath(), rev);
                  prefs.addRecentFile(f);
                  ws.setStatus("Saved " + f.getFileName());
                })
            .onFailure(
                e ->
                    dialogs.showError(
                        "Cannot save " + file.getFileName(), file + ": " + e.getMessage())));
  }

  /** Saves on the calling thread (used when closing, where the answer is needed at once). */
  private boolean saveBlocking() {
    Path file = ws.getFile();
    if (file == null) {
      Optional<Path> f =
          dialogs.chooseFileToSave(
              "Save scenario as", ws.getScenario().name() + ".json", List.of(FileType.SCENARIO));
      if (f.isEmpty()) return false;
      file = withJson(f.get());
    }
    try {
      ScenarioFiles.save(ws.getScenario(), file);
      ws.markSaved(file.toAbsolutePath(), ws.getRevision());
      prefs.addRecentFile(file);
      return true;
    } catch (IOException e) {
      dialogs.showError("Cannot save " + file.getFileName(), file + ": " + e.getMessage());
      return false;
    }
  }
}
