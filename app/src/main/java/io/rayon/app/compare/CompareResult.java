package io.rayon.app.compare;

import io.rayon.app.plan.PlanState;
import io.rayon.engine.metrics.PlanMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * Planning runs side by side, with the metrics of each (runtime is in the states): run A, run B
 * (the pair the plan diff is drawn for) and any further runs C, D, … on the open scenario.
 */
public record CompareResult(
    String labelA,
    PlanState a,
    PlanMetrics metricsA,
    String labelB,
    PlanState b,
    PlanMetrics metricsB,
    List<Run> more) {

  /** One run: what it is called, its plan and its metrics. */
  public record Run(String label, PlanState state, PlanMetrics metrics) {}

  public CompareResult {
    more = List.copyOf(more);
  }

  public CompareResult(
      String labelA,
      PlanState a,
      PlanMetrics metricsA,
      String labelB,
      PlanState b,
      PlanMetrics metricsB) {
    this(labelA, a, metricsA, labelB, b, metricsB, List.of());
  }

  /** Every run in order: A, B, then the further ones. */
  public List<Run> runs() {
    List<Run> all = new ArrayList<>(2 + more.size());
    all.add(new Run(labelA, a, metricsA));
    all.add(new Run(labelB, b, metricsB));
    all.addAll(more);
    return all;
  }

  /** The letter of run {@code i} (A, B, C, …; past Z: R27, R28, …). */
  public static String letter(int i) {
    return i < 26 ? String.valueOf((char) ('A' + i)) : "R" + (i + 1);
  }
}
