package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects what an import met on the way: malformed records (fatal, or skipped and counted in
 * lenient mode, the first few kept as warnings) and notes about records ignored on purpose.
 */
final class LineReport {
  private static final int MAX_WARNINGS = 20;
  private final String file;
  private final boolean lenient;
  private int skipped;
  private int ignored;
  private final List<String> warnings = new ArrayList<>();

  LineReport(String file, boolean lenient) {
    this.file = file;
    this.lenient = lenient;
  }

  /** A malformed record at {@code place} ("line 12"): throws, or skips it in lenient mode. */
  void malformed(String place, String problem) throws FormatException {
    if (!lenient) {
      throw new FormatException(
          file, place, problem + " (use --lenient to skip malformed records)");
    }
    skipped++;
    if (warnings.size() < MAX_WARNINGS) warnings.add("skipped " + place + ": " + problem);
  }

  /** A well-formed record that the mapping does not use (say, a cancelled job). */
  void ignored(String place, String why) {
    ignored++;
    if (warnings.size() < MAX_WARNINGS) warnings.add("ignored " + place + ": " + why);
  }

  void warn(String w) {
    warnings.add(w);
  }

  int skipped() {
    return skipped;
  }

  List<String> warnings() {
    List<String> out = new ArrayList<>(warnings);
    if (ignored > 0) out.add(ignored + " records ignored in all (see the importer's mapping)");
    if (skipped > MAX_WARNINGS) out.add(skipped + " malformed records skipped in all");
    return out;
  }
}
