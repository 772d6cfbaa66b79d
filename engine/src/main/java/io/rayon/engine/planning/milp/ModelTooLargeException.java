package io.rayon.engine.planning.milp;

/**
 * The MILP planner refuses a model before building it: too large for the time limit or for the
 * memory. The message names the model's size, the limit it exceeds and what to change (fewer
 * reservations, a coarser {@code --grid}, another planner, a longer {@code --time-limit}). An
 * {@link IllegalArgumentException}, so the command line answers it with exit code 2.
 */
public final class ModelTooLargeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final ModelSize size;

  public ModelTooLargeException(String message, ModelSize size) {
    super(message);
    this.size = size;
  }

  /** The size of the refused model. */
  public ModelSize size() {
    return size;
  }
}
