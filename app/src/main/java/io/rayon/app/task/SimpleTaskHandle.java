package io.rayon.app.task;

import io.rayon.engine.task.CancellationToken;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The handle both executors hand out; its setters are called on the JavaFX (or test) thread. */
final class SimpleTaskHandle implements TaskHandle {
  private final String title;
  private final CancellationToken token = new CancellationToken();
  private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
  private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", true);
  private Runnable onCancel = () -> {};

  SimpleTaskHandle(String title) {
    this.title = title;
  }

  CancellationToken token() {
    return token;
  }

  void onCancel(Runnable r) {
    this.onCancel = r;
  }

  void update(double fraction, String msg) {
    progress.set(fraction);
    if (msg != null) message.set(msg);
  }

  void finish() {
    running.set(false);
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public ReadOnlyDoubleProperty progressProperty() {
    return progress.getReadOnlyProperty();
  }

  @Override
  public ReadOnlyStringProperty messageProperty() {
    return message.getReadOnlyProperty();
  }

  @Override
  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  @Override
  public void cancel() {
    token.cancel();
    onCancel.run();
  }

  @Override
  public boolean isCancelRequested() {
    return token.isCancelled();
  }

  @Override
  public String toString() {
    return title + (running.get() ? " (running)" : " (done)");
  }
}
