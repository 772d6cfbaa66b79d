package io.rayon.app.workspace;

import io.rayon.views.command.CommandStack;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;

/**
 * A tab of the central area. The built-in tabs (Reservations, Plan, Compare, Simulation) and tabs
 * contributed later (Live) implement this; contributed tabs are found with {@link
 * java.util.ServiceLoader} through {@link WorkspaceTabProvider} or added with {@link
 * MainWindow#registerTab}.
 */
public interface WorkspaceTab {
  /** Stable id, also used to order and find the tab ("reservations", "plan", "live"...). */
  String id();

  String title();

  Node content();

  /** Commands the tab adds to the menus (and to the shortcut sheet). */
  default List<AppCommand> commands() {
    return List.of();
  }

  /**
   * The command stack Edit → Undo/Redo should act on instead of the workspace's, for example the
   * RDL builder's while it has the focus; null for the workspace's.
   */
  default CommandStack activeCommandStack() {
    return null;
  }

  /** The charts of this tab that File → Export → Chart can write as PNG or SVG. */
  default List<ChartSource> charts() {
    return List.of();
  }

  /**
   * The top-level JSON {@code "kind"}s of the files this tab opens (a RUSH scenario's {@code
   * "rush"}): File → Open, Open Recent and the command line's file route such files to {@link
   * #openFile} and select the tab. Empty for tabs that show the open cluster scenario.
   */
  default Set<String> fileKinds() {
    return Set.of();
  }

  /**
   * Opens a file of one of {@link #fileKinds()}; called on the JavaFX thread, reads in the
   * background.
   */
  default void openFile(Path file) {}

  /** Called when the tab becomes the selected one. */
  default void onSelected() {}

  /** Called when the application closes: stop timers, cancel background work. */
  default void dispose() {}
}
