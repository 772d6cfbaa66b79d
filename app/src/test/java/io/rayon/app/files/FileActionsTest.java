package io.rayon.app.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.dialog.DialogService.SaveChoice;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.ScriptedDialogService;
import io.rayon.app.workspace.ReservationEdits;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileActionsTest {
  @TempDir Path dir;
  WorkspaceViewModel ws;
  CurrentThreadTaskExecutor executor;
  ScriptedDialogService dialogs;
  AppPreferences prefs;
  FileActions files;
  Path file;

  @BeforeEach
  void setUp() throws Exception {
    ws = new WorkspaceViewModel();
    executor = new CurrentThreadTaskExecutor();
    dialogs = new ScriptedDialogService();
    prefs = new AppPreferences(new InMemoryPreferencesStore());
    files = new FileActions(ws, executor, dialogs, prefs);
    file = dir.resolve("small.json");
    ScenarioIO.write(Fixtures.smallScenario(), file);
  }

  @Test
  void openEditSaveReopenRoundTrips() {
    files.openFile(file);
    assertThat(dialogs.errors).isEmpty();
    assertThat(ws.getScenario()).isEqualTo(Fixtures.smallScenario());
    assertThat(ws.isDirty()).isFalse();

    ReservationEdits edits = new ReservationEdits(ws);
    edits.setName("r1", "nightly etl");
    edits.setPriority("r2", 7);
    String added = edits.add();
    assertThat(ws.isDirty()).isTrue();
    Scenario edited = ws.getScenario();

    files.save();
    assertThat(ws.isDirty()).isFalse();
    assertThat(ScenarioFiles.autosavePathFor(file)).doesNotExist();

    WorkspaceViewModel other = new WorkspaceViewModel();
    new FileActions(other, executor, dialogs, prefs).openFile(file);
    assertThat(other.getScenario()).isEqualTo(edited);
    assertThat(other.reservation("r1").orElseThrow().name()).isEqualTo("nightly etl");
    assertThat(other.reservation(added)).isPresent();
    assertThat(prefs.recentFiles()).containsExactly(file.toAbsolutePath().normalize());
  }

  @Test
  void malformedFileShowsPlaceAndKeepsWorkspace() throws Exception {
    files.openFile(file);
    new ReservationEdits(ws).setName("r1", "kept");
    Scenario before = ws.getScenario();
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad,
        ScenarioIO.toJson(Fixtures.smallScenario())
            .replace("\"priority\" : 1", "\"priority\" : \"high\""));

    files.openFile(bad);

    assertThat(ws.getScenario()).isSameAs(before);
    assertThat(ws.isDirty()).isTrue();
    assertThat(dialogs.errors).hasSize(1);
    assertThat(dialogs.errors.get(0))
        .contains("bad.json")
        .contains("reservations[0]")
        .contains("priority");
  }

  @Test
  void truncatedFileNamesTheFileAndLeavesWorkspace() throws Exception {
    Path bad = dir.resolve("cut.json");
    String json = ScenarioIO.toJson(Fixtures.smallScenario());
    Files.writeString(bad, json.substring(0, json.length() / 2));
    Scenario before = ws.getScenario();

    files.openFile(bad);

    assertThat(ws.getScenario()).isSameAs(before);
    assertThat(dialogs.errors).singleElement().asString().contains("cut.json");
  }

  @Test
  void autosaveIsOfferedAfterACrashAndRecoversTheEdits() {
    AutosaveService autosave = new AutosaveService(ws, executor);
    files.openFile(file);
    new ReservationEdits(ws).setName("r2", "unsaved work");
    assertThat(autosave.autosavedRevision()).isEqualTo(ws.getRevision());
    assertThat(ScenarioFiles.autosavePathFor(file)).exists();
    Scenario unsaved = ws.getScenario();

    // "crash": a new session opens the same file without the first one having saved
    WorkspaceViewModel next = new WorkspaceViewModel();
    ScriptedDialogService d2 = new ScriptedDialogService();
    d2.confirmAnswers.push(true);
    new FileActions(next, executor, d2, prefs).openFile(file);

    assertThat(d2.confirmations).singleElement().asString().startsWith("Recover unsaved changes?");
    assertThat(next.getScenario()).isEqualTo(unsaved);
    assertThat(next.isDirty()).isTrue();
  }

  @Test
  void decliningRecoveryKeepsSavedFileAndDeletesAutosave() {
    new AutosaveService(ws, executor);
    files.openFile(file);
    new ReservationEdits(ws).setName("r2", "unsaved work");

    WorkspaceViewModel next = new WorkspaceViewModel();
    ScriptedDialogService d2 = new ScriptedDialogService();
    d2.confirmAnswers.push(false);
    new FileActions(next, executor, d2, prefs).openFile(file);

    assertThat(next.getScenario()).isEqualTo(Fixtures.smallScenario());
    assertThat(ScenarioFiles.autosavePathFor(file)).doesNotExist();
  }

  @Test
  void savingRemovesTheAutosaveSoNoRecoveryIsOffered() {
    new AutosaveService(ws, executor);
    files.openFile(file);
    new ReservationEdits(ws).setName("r2", "saved work");
    files.save();

    ScriptedDialogService d2 = new ScriptedDialogService();
    new FileActions(new WorkspaceViewModel(), executor, d2, prefs).openFile(file);
    assertThat(d2.confirmations).isEmpty();
  }

  @Test
  void unsavedChangesCanCancelANewDocument() {
    files.openFile(file);
    new ReservationEdits(ws).setName("r1", "x");
    dialogs.saveAnswers.push(SaveChoice.CANCEL);
    files.newScenario();
    assertThat(ws.reservation("r1").orElseThrow().name()).isEqualTo("x");

    dialogs.saveAnswers.push(SaveChoice.DISCARD);
    files.newScenario();
    assertThat(ws.getScenario().reservations()).isEmpty();
    assertThat(ws.getFile()).isNull();
  }

  @Test
  void saveAsAddsJsonExtensionAndUpdatesTitle() {
    files.openFile(file);
    dialogs.files.push(dir.resolve("copy"));
    files.saveAs();
    assertThat(dir.resolve("copy.json")).exists();
    assertThat(ws.titleBinding().get()).isEqualTo("copy.json - Rayon Studio");
  }
}
