package io.rayon.engine.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code metrics} object of a plan file (docs/formats.md), written by the app's plan export and
 * by {@code rayon plan --out}, and printed by {@code rayon plan --json}: planner, accepted,
 * rejected, acceptance, weightedAcceptance, preemption, uniformity, runtimeMs, then whatever the
 * planner reports (a solver's status, bound and gap). One definition, so that every writer of the
 * format uses the same keys.
 */
public final class PlanFileMetrics {
  private PlanFileMetrics() {}

  /**
   * @param runtimeMs wall time of the placement, measured by the caller (the engine has no clock)
   * @param report the planner's own figures ({@code ReportingPlanner.report()}), may be empty
   */
  public static Map<String, Object> of(
      String planner, PlanMetrics m, double runtimeMs, Map<String, Object> report) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("planner", planner);
    out.put("accepted", m.accepted());
    out.put("rejected", m.rejected());
    out.put("acceptance", m.acceptance());
    out.put("weightedAcceptance", m.weightedAcceptance());
    out.put("preemption", m.preemption());
    out.put("uniformity", m.uniformity());
    out.put("runtimeMs", Math.round(runtimeMs * 1000) / 1000.0);
    if (report != null) out.putAll(report);
    return out;
  }
}
