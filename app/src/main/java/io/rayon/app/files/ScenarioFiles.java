package io.rayon.app.files;

import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

/**
 * Scenario files on disk: reading, atomic writing, and the autosave side file. The autosave of
 * {@code dir/name.json} is {@code dir/.name.autosave.json}; it exists only while a document has
 * changes that were not saved, so finding one at open time means the last session ended without
 * saving (a crash, or a killed process) and its changes can be recovered.
 */
public final class ScenarioFiles {
  private ScenarioFiles() {}

  public static Path autosavePathFor(Path file) {
    Path abs = file.toAbsolutePath();
    String name = abs.getFileName().toString();
    String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return abs.resolveSibling("." + base + ".autosave.json");
  }

  public static Scenario read(Path file) throws FormatException {
    return ScenarioIO.read(file);
  }

  /** Writes atomically (temporary file, then move) and removes the autosave side file. */
  public static void save(Scenario s, Path file) throws IOException {
    ScenarioIO.write(s, file);
    Files.deleteIfExists(autosavePathFor(file));
  }

  public static void writeAutosave(Scenario s, Path file) throws IOException {
    AtomicFiles.writeString(autosavePathFor(file), ScenarioIO.toJson(s));
  }

  public static void deleteAutosave(Path file) throws IOException {
    Files.deleteIfExists(autosavePathFor(file));
  }

  /**
   * The autosaved scenario of {@code file} when there is one that differs from the file's content
   * and reads cleanly; an unreadable autosave is reported through {@code problem}.
   */
  public static Optional<Recovery> findRecovery(Path file, Scenario onDisk) {
    Path side = autosavePathFor(file);
    if (!Files.isRegularFile(side)) return Optional.empty();
    try {
      Scenario s = ScenarioIO.read(side);
      if (s.equals(onDisk)) {
        Files.deleteIfExists(side);
        return Optional.empty();
      }
      FileTime t = Files.getLastModifiedTime(side);
      return Optional.of(new Recovery(side, s, t, null));
    } catch (FormatException e) {
      return Optional.of(new Recovery(side, null, null, e.getMessage()));
    } catch (IOException e) {
      return Optional.of(new Recovery(side, null, null, e.getMessage()));
    }
  }

  /** An autosave found at open time: its scenario, or the reason it cannot be read. */
  public record Recovery(Path sideFile, Scenario scenario, FileTime modified, String problem) {}
}
