package io.rayon.app.dialog;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Every question the application asks a person, behind an interface so view-models can be tested
 * without a stage ({@link FxDialogService} shows real dialogs).
 */
public interface DialogService {
  void showError(String title, String message);

  void showInfo(String title, String message);

  /** Opens a document (the shipped README and docs) in the desktop's viewer for its type. */
  void showDocument(Path file);

  /** Yes/no question; true for yes. */
  boolean confirm(String title, String message);

  /** Three answers for unsaved changes: save, discard or cancel. */
  enum SaveChoice {
    SAVE,
    DISCARD,
    CANCEL
  }

  SaveChoice askSaveChanges(String documentName);

  Optional<Path> chooseFileToOpen(String title, List<FileType> types);

  Optional<Path> chooseFileToSave(String title, String suggestedName, List<FileType> types);

  /** One choice among {@code options} (for example the trace format of an import). */
  Optional<String> choose(String title, String message, List<String> options);

  /** What a notification reports: news, or something the person should look at. */
  enum Notice {
    INFORMATION,
    WARNING
  }

  /**
   * A passing notification (a finished run, a lost connection) that asks nothing, does not take the
   * focus and goes away by itself.
   */
  void notify(Notice kind, String title, String message);
}
