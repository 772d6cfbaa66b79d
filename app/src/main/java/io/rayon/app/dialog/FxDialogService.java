package io.rayon.app.dialog;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.application.HostServices;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceDialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;

/**
 * Shows real JavaFX dialogs owned by the main window, and ControlsFX {@link Notifications} at its
 * bottom right. Call on the JavaFX thread. Notifications can be switched off with the system
 * property {@code rayon.notifications=false} (for example on a desktop that draws them badly).
 */
public final class FxDialogService implements DialogService {
  /** How long a notification stays. */
  static final Duration NOTICE_TIME = Duration.seconds(6);

  /** Above this many notifications on screen, ControlsFX shows one summary instead. */
  static final int NOTICE_THRESHOLD = 3;

  private final Window owner;
  private HostServices hostServices;
  private final boolean notifications;
  private Path lastDirectory;

  public FxDialogService(Window owner) {
    this(owner, !"false".equalsIgnoreCase(System.getProperty("rayon.notifications")));
  }

  /** A dialog service whose notifications are shown or not, whatever the system property says. */
  public FxDialogService(Window owner, boolean notifications) {
    this.owner = owner;
    this.notifications = notifications;
  }

  /** The application's host services, which open documents in the desktop's viewer. */
  public void setHostServices(HostServices services) {
    this.hostServices = services;
  }

  @Override
  public void showDocument(Path file) {
    if (hostServices == null) {
      showInfo("Documentation", "Open " + file + " with a Markdown or text viewer.");
      return;
    }
    hostServices.showDocument(file.toUri().toString());
  }

  private Alert alert(Alert.AlertType type, String title, String message) {
    Alert a = new Alert(type);
    a.initOwner(owner);
    a.setTitle(title);
    a.setHeaderText(title);
    themed(a.getDialogPane());
    Label text = new Label(message);
    text.setWrapText(true);
    text.setMaxWidth(560);
    a.getDialogPane().setContent(text);
    return a;
  }

  /** Dialogs get the main window's style sheets, so they follow the light or dark theme. */
  private void themed(DialogPane pane) {
    if (owner != null && owner.getScene() != null)
      pane.getStylesheets().setAll(owner.getScene().getStylesheets());
  }

  @Override
  public void showError(String title, String message) {
    alert(Alert.AlertType.ERROR, title, message).showAndWait();
  }

  @Override
  public void showInfo(String title, String message) {
    alert(Alert.AlertType.INFORMATION, title, message).showAndWait();
  }

  @Override
  public boolean confirm(String title, String message) {
    Alert a = alert(Alert.AlertType.CONFIRMATION, title, message);
    a.getButtonTypes().setAll(ButtonType.YES, ButtonType.NO);
    return a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES;
  }

  @Override
  public SaveChoice askSaveChanges(String documentName) {
    Alert a =
        alert(
            Alert.AlertType.CONFIRMATION,
            "Unsaved changes",
            documentName + " has unsaved changes. Save them?");
    ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
    ButtonType discard = new ButtonType("Discard", ButtonBar.ButtonData.NO);
    a.getButtonTypes().setAll(save, discard, ButtonType.CANCEL);
    ButtonType r = a.showAndWait().orElse(ButtonType.CANCEL);
    if (r == save) return SaveChoice.SAVE;
    if (r == discard) return SaveChoice.DISCARD;
    return SaveChoice.CANCEL;
  }

  private FileChooser chooser(String title, List<FileType> types) {
    FileChooser fc = new FileChooser();
    fc.setTitle(title);
    for (FileType t : types)
      fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(t.description(), t.patterns()));
    if (lastDirectory != null && lastDirectory.toFile().isDirectory())
      fc.setInitialDirectory(lastDirectory.toFile());
    return fc;
  }

  private Optional<Path> remember(File f) {
    if (f == null) return Optional.empty();
    Path p = f.toPath();
    lastDirectory = p.toAbsolutePath().getParent();
    return Optional.of(p);
  }

  @Override
  public Optional<Path> chooseFileToOpen(String title, List<FileType> types) {
    return remember(chooser(title, types).showOpenDialog(owner));
  }

  @Override
  public Optional<Path> chooseFileToSave(String title, String suggestedName, List<FileType> types) {
    FileChooser fc = chooser(title, types);
    if (suggestedName != null) fc.setInitialFileName(suggestedName);
    return remember(fc.showSaveDialog(owner));
  }

  @Override
  public Optional<String> choose(String title, String message, List<String> options) {
    if (options.isEmpty()) return Optional.empty();
    ChoiceDialog<String> d = new ChoiceDialog<>(options.get(0), options);
    d.initOwner(owner);
    themed(d.getDialogPane());
    d.setTitle(title);
    d.setHeaderText(message);
    return d.showAndWait();
  }

  /**
   * A ControlsFX notification popup owned by the main window: popups do not take the focus, so
   * typing goes on where it was. Nothing is shown while the window is hidden or when notifications
   * are switched off.
   */
  @Override
  public void notify(Notice kind, String title, String message) {
    if (!notifications || owner == null || !owner.isShowing()) return;
    Notifications n =
        styled(Notifications.create())
            .title(title)
            .text(message)
            .hideAfter(NOTICE_TIME)
            .threshold(
                NOTICE_THRESHOLD,
                styled(Notifications.create())
                    .title("Rayon Studio")
                    .text(
                        "Several runs finished or connections changed; see the tabs and the status bar."));
    if (kind == Notice.WARNING) n.showWarning();
    else n.showInformation();
  }

  private Notifications styled(Notifications n) {
    n.owner(owner).position(Pos.BOTTOM_RIGHT).styleClass("rayon-notification");
    boolean dark =
        owner.getScene() != null
            && owner.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"));
    return dark ? n.darkStyle() : n;
  }
}
