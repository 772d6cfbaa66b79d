package io.rayon.engine.plugin;

import java.util.List;

/**
 * One plug-in of an extension point (a planner, a simulator scheduler, a federation share policy):
 * its name, what it is, the options it takes, and how to make one from checked options. Front-ends
 * know plug-ins only through this description, so adding one touches its own files and one
 * registration line.
 *
 * @param <T> what the plug-in makes
 */
public interface Plugin<T> {
  /** The name users type ({@code --planner greel}); lower-case, stable: scripts depend on it. */
  String name();

  /** One line for menus and {@code --help}. */
  String description();

  /** The options it takes; empty when none. */
  default List<OptionSpec> options() {
    return List.of();
  }

  /** A new instance configured by checked options. */
  T create(Options options);
}
