package io.rayon.engine.plugin;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checked option values of one plug-in: every given key is one of the plug-in's {@link OptionSpec}s
 * and every value parsed; options not given take their defaults. Immutable.
 */
public final class Options {
  private final Map<String, OptionSpec> specs;
  private final Map<String, Object> values;
  private final Map<String, String> given;

  private Options(
      Map<String, OptionSpec> specs, Map<String, Object> values, Map<String, String> given) {
    this.specs = specs;
    this.values = values;
    this.given = given;
  }

  /**
   * Checks raw {@code name=value} pairs against a plug-in's option descriptions.
   *
   * @param owner the plug-in's name, for messages
   * @throws IllegalArgumentException naming an unknown key (and the known ones) or a bad value
   */
  public static Options parse(String owner, List<OptionSpec> specs, Map<String, String> raw) {
    Map<String, OptionSpec> byName = new LinkedHashMap<>();
    for (OptionSpec s : specs) {
      if (byName.put(s.name(), s) != null)
        throw new IllegalStateException(owner + " describes option " + s.name() + " twice");
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (OptionSpec s : specs)
      if (s.defaultValue() != null) values.put(s.name(), s.parse(s.defaultValue()));
    Map<String, String> given = new TreeMap<>();
    if (raw != null) {
      for (Map.Entry<String, String> e : new TreeMap<>(raw).entrySet()) {
        OptionSpec s = byName.get(e.getKey());
        if (s == null) {
          throw new IllegalArgumentException(
              owner
                  + " has no option '"
                  + e.getKey()
                  + "'"
                  + (byName.isEmpty()
                      ? "; it takes no options"
                      : "; its options are " + String.join(", ", byName.keySet())));
        }
        values.put(s.name(), s.parse(e.getValue()));
        given.put(s.name(), e.getValue().strip());
      }
    }
    return new Options(Map.copyOf(byName), values, Map.copyOf(given));
  }

  /** The options as given by the user (not the defaults), in key order, for reports. */
  public Map<String, String> given() {
    return given;
  }

  public boolean isSet(String name) {
    return given.containsKey(name);
  }

  public boolean bool(String name) {
    return (Boolean) value(name, OptionSpec.Type.BOOLEAN);
  }

  public long integer(String name) {
    return (Long) value(name, OptionSpec.Type.INTEGER);
  }

  public double decimal(String name) {
    return (Double) value(name, OptionSpec.Type.DECIMAL);
  }

  public Duration duration(String name) {
    return (Duration) value(name, OptionSpec.Type.DURATION);
  }

  /** A choice or text value. */
  public String text(String name) {
    OptionSpec s = spec(name);
    if (s.type() != OptionSpec.Type.CHOICE && s.type() != OptionSpec.Type.TEXT)
      throw new IllegalStateException(name + " is a " + s.type());
    return (String) values.get(name);
  }

  /** Whether the option has a value (given, or a default). */
  public boolean has(String name) {
    spec(name);
    return values.get(name) != null;
  }

  private Object value(String name, OptionSpec.Type type) {
    OptionSpec s = spec(name);
    if (s.type() != type)
      throw new IllegalStateException(name + " is a " + s.type() + ", not a " + type);
    Object v = values.get(name);
    if (v == null)
      throw new IllegalStateException("option " + name + " has no value and no default");
    return v;
  }

  private OptionSpec spec(String name) {
    OptionSpec s = specs.get(name);
    if (s == null) throw new IllegalStateException("no option " + name + " is described");
    return s;
  }

  @Override
  public String toString() {
    return given.toString();
  }
}
