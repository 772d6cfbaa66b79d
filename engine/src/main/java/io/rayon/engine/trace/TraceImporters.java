package io.rayon.engine.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The trace importers by their command-line name. */
public final class TraceImporters {
  private TraceImporters() {}

  private static Map<String, TraceImporter> all() {
    Map<String, TraceImporter> m = new LinkedHashMap<>();
    for (TraceImporter i :
        List.of(
            new SwimImporter(),
            new SwfImporter(),
            new SlsImporter(),
            new RumenImporter(),
            new AlibabaGpuImporter())) {
      m.put(i.format(), i);
    }
    return m;
  }

  /** The names accepted by {@link #forFormat}. */
  public static List<String> formats() {
    return List.copyOf(all().keySet());
  }

  /**
   * The importer for {@code format}, or {@link IllegalArgumentException} listing the known ones.
   */
  public static TraceImporter forFormat(String format) {
    TraceImporter i = all().get(format);
    if (i == null) {
      throw new IllegalArgumentException(
          "unknown trace format '" + format + "'; known formats: " + String.join(", ", formats()));
    }
    return i;
  }
}
