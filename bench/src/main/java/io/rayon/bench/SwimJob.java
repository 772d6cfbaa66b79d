package io.rayon.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of a SWIM workload file (tab-separated: job id, submit time in seconds, gap to the
 * previous job in seconds, map input bytes, shuffle bytes, reduce output bytes). The trace carries
 * no task counts or durations: {@link Workloads#swimAtoms} derives them with a stated model.
 */
public record SwimJob(String id, long submitSeconds, long inputBytes, long shuffleBytes, long outputBytes) {

  /** Reads a SWIM tsv; a malformed line fails with the file name, line number and the problem. */
  public static List<SwimJob> read(Path file) {
    List<SwimJob> out = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int no = 0;
      while ((line = r.readLine()) != null) {
        no++;
        if (line.isBlank() || line.startsWith("#")) continue;
        out.add(parse(line, file + ":" + no));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read SWIM trace " + file + ": " + e.getMessage(), e);
    }
    if (out.isEmpty()) throw new IllegalArgumentException(file + ": no jobs in the SWIM trace");
    return out;
  }

  static SwimJob parse(String line, String where) {
    String[] f = line.split("\t");
    if (f.length < 6) {
      throw new IllegalArgumentException(
          where + ": expected 6 tab-separated fields (id, submit, gap, input, shuffle, output), found " + f.length);
    }
    return new SwimJob(
        f[0].trim(),
        number(f[1], where, "submit time"),
        number(f[3], where, "map input bytes"),
        number(f[4], where, "shuffle bytes"),
        number(f[5], where, "reduce output bytes"));
  }

  private static long number(String s, String where, String field) {
    try {
      long v = Long.parseLong(s.trim());
      if (v < 0) throw new NumberFormatException("negative");
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": " + field + " '" + s + "' is not a non-negative whole number");
    }
  }

  public long totalBytes() {
    return inputBytes + shuffleBytes + outputBytes;
  }
}
