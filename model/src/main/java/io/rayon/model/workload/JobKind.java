package io.rayon.model.workload;

/** Production jobs run under a reservation with a deadline; best-effort jobs use idle capacity. */
public enum JobKind {
  PRODUCTION,
  BEST_EFFORT
}
