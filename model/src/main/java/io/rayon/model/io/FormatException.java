package io.rayon.model.io;

/**
 * A file that cannot be read: names the file, the place inside it (a JSON path such as
 * {@code $.reservations[2].rdl}, or a line number) and the problem.
 */
public final class FormatException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final String place;
  private final String problem;

  public FormatException(String file, String place, String problem) {
    super(file + (place == null || place.isEmpty() ? "" : " at " + place) + ": " + problem);
    this.file = file;
    this.place = place;
    this.problem = problem;
  }

  public FormatException(String file, String place, String problem, Throwable cause) {
    this(file, place, problem);
    initCause(cause);
  }

  public String file() {
    return file;
  }

  public String place() {
    return place;
  }

  public String problem() {
    return problem;
  }
}
