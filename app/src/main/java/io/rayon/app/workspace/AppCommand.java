package io.rayon.app.workspace;

import java.util.Objects;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.input.KeyCombination;

/**
 * A command of the application: where it sits in the menus, its label, its keyboard shortcut (or
 * null), what it does and when it is disabled. Menus and the shortcut sheet are built from the same
 * list, so every command has a menu entry and the sheet never lies.
 */
public record AppCommand(
    String menu,
    String label,
    KeyCombination shortcut,
    Runnable action,
    ObservableBooleanValue disabled) {
  public AppCommand {
    Objects.requireNonNull(menu, "menu");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(action, "action");
  }

  public static AppCommand of(String menu, String label, String shortcut, Runnable action) {
    return new AppCommand(
        menu,
        label,
        shortcut == null ? null : KeyCombination.keyCombination(shortcut),
        action,
        null);
  }

  public AppCommand disabledWhen(ObservableBooleanValue d) {
    return new AppCommand(menu, label, shortcut, action, d);
  }

  public String shortcutText() {
    return shortcut == null ? "" : shortcut.getDisplayText();
  }
}
