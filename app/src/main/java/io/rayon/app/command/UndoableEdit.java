package io.rayon.app.command;

/** One user edit that can be undone and redone (Scene Builder's Job idea): one gesture, one edit. */
public interface UndoableEdit {
  /** Short description for the Edit menu ("Rename reservation r1"). */
  String label();

  /** Applies the edit (first time and on redo). */
  void redo();

  void undo();
}
