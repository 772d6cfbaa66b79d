package io.rayon.app.dialog;

import java.util.List;

/**
 * A file type offered in open and save dialogs: a description and patterns such as {@code *.json}.
 */
public record FileType(String description, List<String> patterns) {
  public static final FileType SCENARIO = new FileType("Scenario (*.json)", List.of("*.json"));
  public static final FileType JSON = new FileType("JSON (*.json)", List.of("*.json"));
  public static final FileType CSV = new FileType("CSV (*.csv)", List.of("*.csv"));
  public static final FileType PNG = new FileType("PNG image (*.png)", List.of("*.png"));
  public static final FileType SVG = new FileType("SVG drawing (*.svg)", List.of("*.svg"));
  public static final FileType HTML = new FileType("HTML page (*.html)", List.of("*.html"));
  public static final FileType ANY = new FileType("All files", List.of("*"));

  public FileType {
    patterns = List.copyOf(patterns);
  }
}
