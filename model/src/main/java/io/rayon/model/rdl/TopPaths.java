package io.rayon.model.rdl;

/**
 * The paths of the first top-level children of an expression ("0" to "15"), made once: planners ask
 * for them on every placement (a window's expression is child "0"), and {@link Rdl#childPath} gave
 * a new string each time.
 */
final class TopPaths {
  private static final String[] PATHS = new String[16];

  static {
    for (int i = 0; i < PATHS.length; i++) PATHS[i] = Integer.toString(i);
  }

  private TopPaths() {}

  /** The path of top-level child {@code i}: the same string as {@code Integer.toString(i)}. */
  static String of(int i) {
    return i >= 0 && i < PATHS.length ? PATHS[i] : Integer.toString(i);
  }
}
