package io.rayon.engine.plan;

/**
 * One broken plan invariant found by {@link PlanValidator}: the reservation (null for plan-wide
 * problems such as over-commitment), the RDL path ("" for the root, null when not about an
 * expression), the step (null when not about one step) and what is wrong.
 */
public record Violation(String reservationId, String path, Long step, String what) {
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (reservationId != null) sb.append("reservation ").append(reservationId);
    if (path != null)
      sb.append(sb.length() > 0 ? " " : "").append(path.isEmpty() ? "root" : "at " + path);
    if (step != null) sb.append(sb.length() > 0 ? ", " : "").append("step ").append(step);
    return (sb.length() > 0 ? sb + ": " : "") + what;
  }
}
