package io.rayon.app.compare;

import io.rayon.app.plan.PlanState;
import io.rayon.engine.metrics.PlanMetrics;

/** Two planning runs side by side, with the metrics of each (runtime is in the states). */
public record CompareResult(String labelA, PlanState a, PlanMetrics metricsA, String labelB, PlanState b, PlanMetrics metricsB) {}
