package io.rayon.app.workspace;

import java.util.List;
import java.util.function.Function;

/**
 * One row of the inspector: a property's name and value as text; editable rows have a {@code
 * commit} function that validates and applies a new value, returning a problem to show (or null
 * when applied). {@code choices} is non-empty when the value must be one of a list.
 */
public record InspectorEntry(
    String name, String value, List<String> choices, Function<String, String> commit) {
  public InspectorEntry {
    choices = choices == null ? List.of() : List.copyOf(choices);
  }

  public static InspectorEntry readOnly(String name, Object value) {
    return new InspectorEntry(name, String.valueOf(value), List.of(), null);
  }

  public boolean editable() {
    return commit != null;
  }
}
