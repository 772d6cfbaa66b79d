package io.rayon.engine.planning;

import java.util.Map;
import java.util.TreeMap;

/**
 * Planner-specific options by name, as given on the command line ({@code -O key=value}, or a
 * planner's own flags such as {@code --time-limit}). Planners that take no options ignore them.
 */
public record PlannerOptions(Map<String, String> values) {
  public static final PlannerOptions NONE = new PlannerOptions(Map.of());

  public PlannerOptions {
    values = values == null ? Map.of() : Map.copyOf(new TreeMap<>(values));
  }

  public String get(String key, String fallback) {
    return values.getOrDefault(key, fallback);
  }

  public PlannerOptions with(String key, String value) {
    TreeMap<String, String> m = new TreeMap<>(values);
    m.put(key, value);
    return new PlannerOptions(m);
  }
}
