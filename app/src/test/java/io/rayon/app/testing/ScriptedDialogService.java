package io.rayon.app.testing;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A dialog service for tests: answers from queues filled by the test, and records what was shown.
 */
public final class ScriptedDialogService implements DialogService {
  public final List<String> errors = new ArrayList<>();
  public final List<String> infos = new ArrayList<>();
  public final List<String> confirmations = new ArrayList<>();
  public final List<String> notices = new ArrayList<>();
  public final Deque<Boolean> confirmAnswers = new ArrayDeque<>();
  public final Deque<SaveChoice> saveAnswers = new ArrayDeque<>();
  public final Deque<Path> files = new ArrayDeque<>();
  public final Deque<String> choices = new ArrayDeque<>();

  @Override
  public void showError(String title, String message) {
    errors.add(title + ": " + message);
  }

  @Override
  public void showInfo(String title, String message) {
    infos.add(title + ": " + message);
  }

  public final List<Path> documents = new ArrayList<>();

  @Override
  public void showDocument(Path file) {
    documents.add(file);
  }

  @Override
  public boolean confirm(String title, String message) {
    confirmations.add(title + ": " + message);
    return confirmAnswers.isEmpty() ? false : confirmAnswers.pop();
  }

  @Override
  public SaveChoice askSaveChanges(String documentName) {
    return saveAnswers.isEmpty() ? SaveChoice.CANCEL : saveAnswers.pop();
  }

  @Override
  public Optional<Path> chooseFileToOpen(String title, List<FileType> types) {
    return Optional.ofNullable(files.poll());
  }

  @Override
  public Optional<Path> chooseFileToSave(String title, String suggestedName, List<FileType> types) {
    return Optional.ofNullable(files.poll());
  }

  @Override
  public Optional<String> choose(String title, String message, List<String> options) {
    return Optional.ofNullable(choices.poll());
  }

  @Override
  public void notify(Notice kind, String title, String message) {
    notices.add(kind + " " + title + ": " + message);
  }
}
