package io.rayon.views.command;

/**
 * One user edit that can be done, undone and redone. Implementations hold everything they need to
 * go both ways (for example the state before and after), so that undo never recomputes anything.
 */
public interface Command {
  /** Applies the edit. Called once on {@link CommandStack#execute} and again on every redo. */
  void execute();

  /** Reverts exactly what {@link #execute()} did. */
  void undo();

  /** A short phrase for menus and status lines, such as "Insert atom" or "Set window start". */
  String description();
}
