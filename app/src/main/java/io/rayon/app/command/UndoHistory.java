package io.rayon.app.command;

import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The workspace's undo and redo stacks. {@link #execute} applies an edit and records it; a new edit
 * clears the redo stack. At most {@value #LIMIT} edits are kept.
 */
public final class UndoHistory {
  static final int LIMIT = 500;
  private final Deque<UndoableEdit> undo = new ArrayDeque<>();
  private final Deque<UndoableEdit> redo = new ArrayDeque<>();
  private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
  private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
  private final ReadOnlyStringWrapper undoLabel = new ReadOnlyStringWrapper(this, "undoLabel", "");
  private final ReadOnlyStringWrapper redoLabel = new ReadOnlyStringWrapper(this, "redoLabel", "");

  public void execute(UndoableEdit e) {
    e.redo();
    undo.push(e);
    while (undo.size() > LIMIT) undo.removeLast();
    redo.clear();
    update();
  }

  public void undo() {
    if (undo.isEmpty()) return;
    UndoableEdit e = undo.pop();
    e.undo();
    redo.push(e);
    update();
  }

  public void redo() {
    if (redo.isEmpty()) return;
    UndoableEdit e = redo.pop();
    e.redo();
    undo.push(e);
    update();
  }

  public void clear() {
    undo.clear();
    redo.clear();
    update();
  }

  private void update() {
    canUndo.set(!undo.isEmpty());
    canRedo.set(!redo.isEmpty());
    undoLabel.set(undo.isEmpty() ? "" : undo.peek().label());
    redoLabel.set(redo.isEmpty() ? "" : redo.peek().label());
  }

  public ReadOnlyBooleanProperty canUndoProperty() {
    return canUndo.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty canRedoProperty() {
    return canRedo.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty undoLabelProperty() {
    return undoLabel.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty redoLabelProperty() {
    return redoLabel.getReadOnlyProperty();
  }
}
