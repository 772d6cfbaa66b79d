package io.rayon.app.task;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * A running (or finished) background task as the UI sees it: title, progress in [0, 1] (or -1 when
 * unknown), the latest message, whether it is still running, and a way to cancel it. The properties
 * change on the JavaFX thread only.
 */
public interface TaskHandle {
  String title();

  ReadOnlyDoubleProperty progressProperty();

  ReadOnlyStringProperty messageProperty();

  ReadOnlyBooleanProperty runningProperty();

  /** Asks the work to stop: it sees its cancellation token set and ends at its next check. */
  void cancel();

  boolean isCancelRequested();
}
