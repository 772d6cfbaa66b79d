package io.rayon.app.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A planner's own figures ({@code ReportingPlanner.report()}: the MILP's and the hybrid's solver
 * status, gap, bound, model size, notes) in plain language with units, for the Plan tab's summary,
 * and an explanation of each figure for its tooltip. Figures a run did not produce (null) are left
 * out rather than shown as "null"; keys this class does not know are shown as they come.
 */
public final class MetricText {
  private MetricText() {}

  /**
   * The report as short clauses ("solver: optimal", "gap 1.2%", "model: 340 variables (120
   * integer), 410 constraints").
   */
  public static List<String> clauses(Map<String, Object> report) {
    List<String> out = new ArrayList<>();
    if (report == null || report.isEmpty()) return out;
    Object status = report.get("solverStatus");
    if (status != null)
      out.add("solver: " + status.toString().toLowerCase(Locale.ROOT).replace('_', ' '));
    Object gap = report.get("gap");
    if (gap instanceof Number g && !Double.isNaN(g.doubleValue()))
      out.add(String.format(Locale.ROOT, "gap %.1f%%", g.doubleValue() * 100));
    Object objective = report.get("objective");
    Object bound = report.get("bound");
    if (objective instanceof Number o) {
      out.add(
          "objective "
              + number(o)
              + (bound instanceof Number b ? " (bound " + number(b) + ")" : ""));
    } else if (bound instanceof Number b) {
      out.add("bound " + number(b));
    }
    Object planObjective = report.get("planObjective");
    if (planObjective instanceof Number p) out.add("plan objective " + number(p));
    Object vars = report.get("modelVariables");
    if (vars instanceof Number v) {
      Object ints = report.get("modelIntegerVariables");
      Object cons = report.get("modelConstraints");
      out.add(
          "model: "
              + v
              + " variables"
              + (ints instanceof Number i ? " (" + i + " integer)" : "")
              + (cons instanceof Number c ? ", " + c + " constraints" : ""));
    }
    Object chosen = report.get("chosen");
    if (chosen != null) out.add("kept the " + chosen + " plan");
    Object warm = report.get("warmStart");
    if (warm != null) out.add("started from " + warm);
    if (Boolean.TRUE.equals(report.get("belowGreeL")) && report.get("greeLAccepted") != null) {
      out.add("GREE-L accepts " + report.get("greeLAccepted") + " on the same input");
    }
    Object message = report.get("solverMessage");
    if (message != null && !message.toString().isBlank()) out.add(message.toString());
    Object notes = report.get("solverNotes");
    if (notes instanceof Collection<?> c) {
      for (Object n : c) if (n != null && !n.toString().isBlank()) out.add(n.toString());
    }
    for (Map.Entry<String, Object> e : report.entrySet()) {
      if (KNOWN.contains(e.getKey()) || e.getValue() == null) continue;
      out.add(e.getKey() + " " + e.getValue());
    }
    return out;
  }

  private static final List<String> KNOWN =
      List.of(
          "solverStatus",
          "gap",
          "objective",
          "bound",
          "planObjective",
          "modelVariables",
          "modelIntegerVariables",
          "modelConstraints",
          "chosen",
          "warmStart",
          "belowGreeL",
          "greeLAccepted",
          "solverMessage",
          "solverNotes");

  /** What each figure of the summary means, one line each, for its tooltip. */
  public static String explanation() {
    return String.join(
        "\n",
        "accepted / rejected: reservations the planner placed, and those it refused (each refusal has its reason in the"
            + " Rejected list)",
        "ms: wall time of the placement on this machine",
        "solver: how the MILP search ended (optimal, feasible when stopped by the time limit, ...)",
        "gap: how far the best plan found may be from the best possible, as a share of the objective",
        "objective (bound): the MILP's objective of the plan found, and the best any plan can reach",
        "model: the size of the MILP the solver was given",
        "kept the … plan: the hybrid planner keeps the better of its greedy start and the MILP's plan");
  }

  private static String number(Number n) {
    double d = n.doubleValue();
    if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
    return String.format(Locale.ROOT, "%.4g", d);
  }
}
