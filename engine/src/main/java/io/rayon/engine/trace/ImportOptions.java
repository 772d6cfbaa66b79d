package io.rayon.engine.trace;

import java.util.Map;

/**
 * Options shared by importers: {@code lenient} skips malformed lines (counting them) instead of
 * failing; {@code seed} drives any randomness of the derivation model; {@code params} holds the
 * importer's model parameters by name (each importer documents its own, with defaults).
 */
public record ImportOptions(boolean lenient, long seed, Map<String, String> params) {
  public static final ImportOptions DEFAULT = new ImportOptions(false, 1L, Map.of());

  public ImportOptions {
    params = params == null ? Map.of() : Map.copyOf(params);
  }

  public String param(String name, String dflt) {
    return params.getOrDefault(name, dflt);
  }

  public double doubleParam(String name, double dflt) {
    String v = params.get(name);
    if (v == null) return dflt;
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("parameter " + name + "=" + v + " is not a number");
    }
  }

  public long longParam(String name, long dflt) {
    String v = params.get(name);
    if (v == null) return dflt;
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("parameter " + name + "=" + v + " is not a whole number");
    }
  }
}
