package io.rayon.views.rdl;

import java.util.Objects;

/**
 * Something wrong with the block at {@code path} (the same path scheme as {@link
 * io.rayon.model.rdl.Rdl#at}: "" is the root, "0.1" the second child of the first child), with a
 * sentence a person can act on.
 */
public record BlockProblem(String path, String message) {
  public BlockProblem {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
  }
}
