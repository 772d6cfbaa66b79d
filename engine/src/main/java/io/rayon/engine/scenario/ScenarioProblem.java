package io.rayon.engine.scenario;

/**
 * A problem found in a scenario: an {@link Severity#ERROR} makes the scenario unusable, a {@link
 * Severity#WARNING} is worth knowing (for example a reservation no planner can accept). {@code
 * path} is the JSON path in the scenario file ({@code $.reservations[3].rdl}); for RDL problems
 * {@code rdlPath} is the sub-expression's path ({@code "0.1"}), otherwise null.
 */
public record ScenarioProblem(Severity severity, String path, String rdlPath, String message) {

  public enum Severity {
    ERROR,
    WARNING
  }

  /** {@code $.reservations[3].rdl (RDL 0.1): message}, the form the CLI prints. */
  @Override
  public String toString() {
    String rdl = rdlPath == null ? "" : " (RDL " + (rdlPath.isEmpty() ? "root" : rdlPath) + ")";
    return path + rdl + ": " + message;
  }
}
