package io.rayon.engine.plugin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The plug-ins of one extension point, by name, in registration order (the order front-ends offer
 * them in). Immutable once built: each extension point has one registry object listing its
 * plug-ins, e.g. {@code Planners.REGISTRY}.
 *
 * @param <T> what the plug-ins make
 */
public final class Registry<T> {
  private final String kind;
  private final Map<String, Plugin<T>> plugins;

  private Registry(String kind, Map<String, Plugin<T>> plugins) {
    this.kind = kind;
    this.plugins = plugins;
  }

  /**
   * A registry of the given plug-ins.
   *
   * @param kind what the plug-ins are, for messages ("planner", "scheduler")
   * @throws IllegalArgumentException when two plug-ins share a name
   */
  public static <T> Registry<T> of(String kind, List<? extends Plugin<T>> plugins) {
    Map<String, Plugin<T>> m = new LinkedHashMap<>();
    for (Plugin<T> p : plugins) {
      Objects.requireNonNull(p.name(), "plug-in name");
      if (m.put(p.name(), p) != null)
        throw new IllegalArgumentException("two " + kind + "s are named " + p.name());
      Options.parse(kind + " " + p.name(), p.options(), Map.of()); // every default must parse
    }
    return new Registry<>(kind, Collections.unmodifiableMap(m));
  }

  public String kind() {
    return kind;
  }

  public List<String> names() {
    return List.copyOf(plugins.keySet());
  }

  public List<Plugin<T>> plugins() {
    return List.copyOf(plugins.values());
  }

  /**
   * The plug-in of that name.
   *
   * @throws IllegalArgumentException naming the known plug-ins
   */
  public Plugin<T> get(String name) {
    Plugin<T> p = plugins.get(name);
    if (p == null) {
      throw new IllegalArgumentException(
          "unknown "
              + kind
              + " '"
              + name
              + "'; known "
              + kind
              + "s: "
              + String.join(", ", plugins.keySet()));
    }
    return p;
  }

  public boolean contains(String name) {
    return plugins.containsKey(name);
  }

  /** Checks the raw options against the plug-in's description and creates it. */
  public T create(String name, Map<String, String> rawOptions) {
    Plugin<T> p = get(name);
    return p.create(Options.parse(kind + " " + name, p.options(), rawOptions));
  }
}
