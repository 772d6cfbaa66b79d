package io.rayon.app.workspace;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.views.command.Command;
import io.rayon.views.command.CommandStack;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The open document: the scenario (an immutable record, replaced on every edit), the file it came
 * from, whether it has unsaved changes, a revision counter that grows with every change (autosave
 * watches it), a counter of documents loaded (the tabs reset their runs on it), the selection
 * shared by explorer, inspector and views, the undo history and a status line. Every change happens
 * on the JavaFX thread.
 */
public final class WorkspaceViewModel {
  private final ReadOnlyObjectWrapper<Scenario> scenario =
      new ReadOnlyObjectWrapper<>(this, "scenario", emptyScenario());
  private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>(this, "file");
  private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper(this, "dirty");
  private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(this, "revision");
  private final ReadOnlyLongWrapper loads = new ReadOnlyLongWrapper(this, "loads");
  private final ObjectProperty<Selection> selection = new SimpleObjectProperty<>(this, "selection");
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "Ready");
  private final CommandStack history = new CommandStack();
  private final StringBinding title;
  private final ObservableMap<String, String> reservationBadges = FXCollections.observableHashMap();

  public WorkspaceViewModel() {
    title =
        Bindings.createStringBinding(
            () -> (dirty.get() ? "* " : "") + documentName() + " - Rayon Studio",
            file,
            dirty,
            scenario);
  }

  /** A scenario with an empty cluster: what File → New opens. */
  public static Scenario emptyScenario() {
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "untitled",
        null,
        60,
        1440,
        Cluster.of("cluster"),
        null,
        null,
        null,
        null,
        null,
        null);
  }

  public String documentName() {
    Path f = file.get();
    return f == null ? scenario.get().name() : f.getFileName().toString();
  }

  /** Replaces the document (after open, new or recovery); clears undo history and selection. */
  public void load(Scenario s, Path from, boolean unsaved) {
    Objects.requireNonNull(s, "scenario");
    selection.set(null);
    reservationBadges.clear();
    history.clear();
    file.set(from);
    scenario.set(s);
    dirty.set(unsaved);
    revision.set(revision.get() + 1);
    loads.set(loads.get() + 1);
  }

  /** Called after a successful save of the revision {@code savedRevision} to {@code to}. */
  public void markSaved(Path to, long savedRevision) {
    file.set(to);
    if (revision.get() == savedRevision) dirty.set(false);
  }

  /** Applies an undoable change of the scenario. */
  public void edit(String label, UnaryOperator<Scenario> apply, UnaryOperator<Scenario> revert) {
    history.execute(
        new Command() {
          @Override
          public String description() {
            return label;
          }

          @Override
          public void execute() {
            change(apply.apply(scenario.get()));
          }

          @Override
          public void undo() {
            change(revert.apply(scenario.get()));
          }
        });
  }

  /**
   * Applies a change whose undo lives elsewhere (the RDL builder keeps its own command stack for
   * the expression it edits): the document becomes dirty but no workspace undo step is recorded.
   */
  public void changeUntracked(UnaryOperator<Scenario> apply) {
    change(apply.apply(scenario.get()));
  }

  private void change(Scenario next) {
    if (next == scenario.get()) return;
    scenario.set(next);
    dirty.set(true);
    revision.set(revision.get() + 1);
  }

  public Optional<ReservationRequest> reservation(String id) {
    for (ReservationRequest r : scenario.get().reservations())
      if (r.id().equals(id)) return Optional.of(r);
    return Optional.empty();
  }

  public Optional<ReservationRequest> selectedReservation() {
    Selection s = selection.get();
    if (s == null || s.kind() != Selection.Kind.RESERVATION) return Optional.empty();
    return reservation(s.id());
  }

  public void setStatus(String message) {
    status.set(message);
  }

  public ReadOnlyObjectProperty<Scenario> scenarioProperty() {
    return scenario.getReadOnlyProperty();
  }

  public Scenario getScenario() {
    return scenario.get();
  }

  public ReadOnlyObjectProperty<Path> fileProperty() {
    return file.getReadOnlyProperty();
  }

  public Path getFile() {
    return file.get();
  }

  public ReadOnlyBooleanProperty dirtyProperty() {
    return dirty.getReadOnlyProperty();
  }

  public boolean isDirty() {
    return dirty.get();
  }

  public ReadOnlyLongProperty revisionProperty() {
    return revision.getReadOnlyProperty();
  }

  public long getRevision() {
    return revision.get();
  }

  /**
   * Counts the documents {@link #load loaded} (open, new, recovery). It changes last, when the
   * scenario, file, selection and history of the new document are all in place, so what listens to
   * it resets against the new document; saving under another name does not change it.
   */
  public ReadOnlyLongProperty loadsProperty() {
    return loads.getReadOnlyProperty();
  }

  /**
   * Reservation id → a short badge the explorer shows beside it (the Plan tab's "moved" after a run
   * moved it to make room, until the next plan); cleared when another document is loaded.
   */
  public ObservableMap<String, String> reservationBadges() {
    return reservationBadges;
  }

  public ObjectProperty<Selection> selectionProperty() {
    return selection;
  }

  public ReadOnlyStringProperty statusProperty() {
    return status.getReadOnlyProperty();
  }

  public StringBinding titleBinding() {
    return title;
  }

  public CommandStack history() {
    return history;
  }
}
