package io.rayon.views.command;

import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Undo/redo history of {@link Command}s. Executing a new command clears the redo side. The stack
 * keeps at most {@link #limit()} commands; the oldest are dropped first. Used on the JavaFX thread
 * only; its properties are meant for binding menu items ({@code disableProperty().bind(
 * stack.canUndoProperty().not())}).
 */
public final class CommandStack {
  private final Deque<Command> done = new ArrayDeque<>();
  private final Deque<Command> undone = new ArrayDeque<>();
  private final int limit;
  private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
  private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
  private final ReadOnlyStringWrapper undoDescription =
      new ReadOnlyStringWrapper(this, "undoDescription", "");
  private final ReadOnlyStringWrapper redoDescription =
      new ReadOnlyStringWrapper(this, "redoDescription", "");

  public CommandStack() {
    this(500);
  }

  public CommandStack(int limit) {
    if (limit < 1) throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    this.limit = limit;
  }

  public int limit() {
    return limit;
  }

  /** Executes {@code c} and records it as the newest undoable command. */
  public void execute(Command c) {
    c.execute();
    done.push(c);
    while (done.size() > limit) done.removeLast();
    undone.clear();
    update();
  }

  /** Undoes the newest command; returns false when there is nothing to undo. */
  public boolean undo() {
    if (done.isEmpty()) return false;
    Command c = done.pop();
    c.undo();
    undone.push(c);
    update();
    return true;
  }

  /** Redoes the most recently undone command; returns false when there is nothing to redo. */
  public boolean redo() {
    if (undone.isEmpty()) return false;
    Command c = undone.pop();
    c.execute();
    done.push(c);
    update();
    return true;
  }

  /** Forgets all history (for example after loading a new document). */
  public void clear() {
    done.clear();
    undone.clear();
    update();
  }

  public int undoSize() {
    return done.size();
  }

  public int redoSize() {
    return undone.size();
  }

  private void update() {
    canUndo.set(!done.isEmpty());
    canRedo.set(!undone.isEmpty());
    undoDescription.set(done.isEmpty() ? "" : done.peek().description());
    redoDescription.set(undone.isEmpty() ? "" : undone.peek().description());
  }

  public ReadOnlyBooleanProperty canUndoProperty() {
    return canUndo.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty canRedoProperty() {
    return canRedo.getReadOnlyProperty();
  }

  /** Description of the command {@link #undo()} would revert, or "". */
  public ReadOnlyStringProperty undoDescriptionProperty() {
    return undoDescription.getReadOnlyProperty();
  }

  /** Description of the command {@link #redo()} would re-apply, or "". */
  public ReadOnlyStringProperty redoDescriptionProperty() {
    return redoDescription.getReadOnlyProperty();
  }
}
