package io.rayon.engine.sim;

/**
 * How to run a simulation. {@code heartbeatS}: every node reports its usage and the scheduler
 * places queued tasks every k seconds (all nodes together). {@code untilS}: stop at this simulated
 * time ({@code Double.POSITIVE_INFINITY}: run until every task has ended or nothing can progress).
 * {@code seed}: breaks ties between equally free nodes (a seeded random order of the nodes). {@code
 * seriesIntervalS}: sampling period of the cluster time series (rounded up to whole heartbeats).
 * {@code frameIntervalS}: sampling period of per-node frames for the UI (rounded up to whole
 * heartbeats; 0 records none). {@code maxAttempts}: a task that crashes this many times is
 * abandoned (like YARN's per-task attempt limit) instead of being queued again; this also ends
 * livelocks where the same tasks are placed together and crash together forever.
 */
public record SimulationConfig(
    double heartbeatS,
    double untilS,
    long seed,
    double seriesIntervalS,
    double frameIntervalS,
    int maxAttempts) {

  /**
   * Attempts per task by default: generous, so that runs follow the paper's unbounded retries
   * closely.
   */
  public static final int DEFAULT_MAX_ATTEMPTS = 100;

  public static final SimulationConfig DEFAULT =
      new SimulationConfig(3, Double.POSITIVE_INFINITY, 1L, 60, 300, DEFAULT_MAX_ATTEMPTS);

  public SimulationConfig {
    if (!(heartbeatS > 0) || Double.isInfinite(heartbeatS)) {
      throw new IllegalArgumentException(
          "heartbeat must be a positive number of seconds, got " + heartbeatS);
    }
    if (!(untilS > 0)) throw new IllegalArgumentException("until must be positive, got " + untilS);
    if (!(seriesIntervalS > 0)) {
      throw new IllegalArgumentException(
          "series interval must be positive, got " + seriesIntervalS);
    }
    if (!(frameIntervalS >= 0)) {
      throw new IllegalArgumentException(
          "frame interval must be zero or positive, got " + frameIntervalS);
    }
    if (maxAttempts < 1)
      throw new IllegalArgumentException("max attempts must be at least 1, got " + maxAttempts);
  }

  public SimulationConfig withMaxAttempts(int n) {
    return new SimulationConfig(heartbeatS, untilS, seed, seriesIntervalS, frameIntervalS, n);
  }

  public SimulationConfig withHeartbeat(double s) {
    return new SimulationConfig(s, untilS, seed, seriesIntervalS, frameIntervalS, maxAttempts);
  }

  public SimulationConfig withUntil(double s) {
    return new SimulationConfig(heartbeatS, s, seed, seriesIntervalS, frameIntervalS, maxAttempts);
  }

  public SimulationConfig withSeed(long s) {
    return new SimulationConfig(
        heartbeatS, untilS, s, seriesIntervalS, frameIntervalS, maxAttempts);
  }

  public SimulationConfig withSeriesInterval(double s) {
    return new SimulationConfig(heartbeatS, untilS, seed, s, frameIntervalS, maxAttempts);
  }

  public SimulationConfig withFrameInterval(double s) {
    return new SimulationConfig(heartbeatS, untilS, seed, seriesIntervalS, s, maxAttempts);
  }
}
