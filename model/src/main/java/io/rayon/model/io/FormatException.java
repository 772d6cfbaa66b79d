package io.rayon.model.io;

import java.util.List;

/**
 * A file that cannot be read: names the file, the place inside it (a JSON path such as {@code
 * $.reservations[2].rdl}, or a line number) and the problem.
 */
public final class FormatException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final String place;
  private final String problem;
  private final transient List<JsonShape.Problem> all;

  public FormatException(String file, String place, String problem) {
    super(file + (place == null || place.isEmpty() ? "" : " at " + place) + ": " + problem);
    this.file = file;
    this.place = place;
    this.problem = problem;
    this.all = List.of(new JsonShape.Problem(place == null ? "" : place, problem));
  }

  /**
   * Several problems found in one pass over the file: the message names the first and counts the
   * others; {@link #problems()} lists them all.
   */
  public FormatException(String file, List<JsonShape.Problem> problems) {
    super(
        file
            + " at "
            + problems.get(0).path()
            + ": "
            + problems.get(0).message()
            + (problems.size() == 1 ? "" : " (and " + (problems.size() - 1) + " more problems)"));
    this.file = file;
    this.place = problems.get(0).path();
    this.problem = problems.get(0).message();
    this.all = List.copyOf(problems);
  }

  /** Every problem found (one, unless the file was checked in one pass for all of them). */
  public List<JsonShape.Problem> problems() {
    return all;
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
