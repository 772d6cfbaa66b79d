package io.rayon.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.plan.Step;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads and writes plan files (JSON, format version {@value PlanFile#FORMAT_VERSION}) and exports
 * plans as CSV: one row per run of an atom's allocation, columns {@code
 * reservation,path,start,end,bundles,memoryMB,vcores} (memoryMB and vcores are the totals the atom
 * holds on each step of the row: bundles times the bundle).
 */
public final class PlanFileIO {
  private PlanFileIO() {}

  public static final String CSV_HEADER = "reservation,path,start,end,bundles,memoryMB,vcores";

  public static PlanFile read(Path file) throws FormatException {
    String name = file.toString();
    String text = InputFiles.readText(file);
    return parse(text, name);
  }

  /**
   * Reads a plan file from its JSON text. A good file is bound in one streaming pass ({@link
   * DirectBinding}, as scenario files are); any other is read the careful way ({@link
   * #parseCarefully}).
   */
  public static PlanFile parse(String json, String name) throws FormatException {
    PlanFile p = DirectBinding.bind(json, PlanFile.class);
    if (p != null && p.formatVersion() == PlanFile.FORMAT_VERSION) return p;
    return parseCarefully(json, name);
  }

  /** Through the JSON tree: the version first, then the mapper's binding. */
  static PlanFile parseCarefully(String json, String name) throws FormatException {
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    }
    if (tree == null || tree.isMissingNode() || !tree.isObject()) {
      throw new FormatException(name, "$", "expected a plan object");
    }
    JsonNode v = tree.get("formatVersion");
    if (v == null || !v.isInt() || v.intValue() != PlanFile.FORMAT_VERSION) {
      throw new FormatException(
          name,
          "$.formatVersion",
          (v == null ? "missing" : "unsupported version " + v)
              + "; this build reads plan formatVersion "
              + PlanFile.FORMAT_VERSION);
    }
    try {
      return Json.mapper().treeToValue(tree, PlanFile.class);
    } catch (JsonProcessingException e) {
      throw Json.describe(name, e);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new FormatException(name, "$", Json.problemOf(e), e);
    }
  }

  public static String toJson(PlanFile p) {
    try {
      return Json.mapper().writeValueAsString(p) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("plan cannot be written as JSON", e);
    }
  }

  public static void write(PlanFile p, Path file) throws IOException {
    AtomicFiles.writeString(file, toJson(p));
  }

  /** The CSV export of the accepted allocations (header line first, rows in decision order). */
  public static String toCsv(PlanFile p) {
    StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
    for (Decision d : p.decisions()) {
      if (!d.accepted() || d.allocation() == null) continue;
      for (AtomAllocation a : d.allocation().atoms()) {
        for (Step s : a.steps()) {
          sb.append(csv(d.reservationId()))
              .append(',')
              .append(csv(a.path()))
              .append(',')
              .append(s.start())
              .append(',')
              .append(s.end())
              .append(',')
              .append(s.bundles())
              .append(',')
              .append(a.bundle().memoryMB() * s.bundles())
              .append(',')
              .append(a.bundle().vcores() * s.bundles())
              .append('\n');
        }
      }
    }
    return sb.toString();
  }

  public static void writeCsv(PlanFile p, Path file) throws IOException {
    AtomicFiles.writeString(file, toCsv(p));
  }

  private static String csv(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
