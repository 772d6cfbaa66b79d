package io.rayon.engine.sim;

import io.rayon.model.time.Durations;

/**
 * {@code nodes} nodes fail at {@code atS} simulated seconds and come back {@code durationS} seconds
 * later ({@code Double.POSITIVE_INFINITY}: never). The simulator takes the highest-numbered nodes
 * that are up (so consecutive outages take different nodes); their running containers are lost and
 * queued again.
 */
public record NodeOutage(int nodes, double atS, double durationS) {
  public NodeOutage {
    if (nodes < 1)
      throw new IllegalArgumentException(
          "the number of failing nodes must be at least 1, got " + nodes);
    if (!(atS >= 0) || Double.isInfinite(atS))
      throw new IllegalArgumentException("the failure time must be 0 or more, got " + atS);
    if (!(durationS > 0))
      throw new IllegalArgumentException("the outage duration must be positive, got " + durationS);
  }

  /**
   * Parses {@code N@TIME[+DURATION]}, for example {@code 40@2h+2h} (40 nodes fail two hours in, for
   * two hours) or {@code 3@90m} (for good); times in the one duration grammar ({@link Durations}).
   *
   * @throws IllegalArgumentException saying what part is wrong
   */
  public static NodeOutage parse(String text) {
    String t = text == null ? "" : text.strip();
    int at = t.indexOf('@');
    if (at <= 0)
      throw new IllegalArgumentException(
          "'" + t + "' is not N@TIME[+DURATION], for example 40@2h+2h");
    int n;
    try {
      n = Integer.parseInt(t.substring(0, at).strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + t.substring(0, at) + "' is not a whole number of nodes (N@TIME[+DURATION])");
    }
    String rest = t.substring(at + 1);
    int plus = rest.indexOf('+');
    String time = plus < 0 ? rest : rest.substring(0, plus);
    double atS;
    try {
      atS = Durations.parse(time.strip()).toMillis() / 1000.0;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("time '" + time + "': " + e.getMessage());
    }
    double dur = Double.POSITIVE_INFINITY;
    if (plus >= 0) {
      String d = rest.substring(plus + 1);
      try {
        dur = Durations.parsePositive(d.strip()).toMillis() / 1000.0;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("duration '" + d + "': " + e.getMessage());
      }
    }
    return new NodeOutage(n, atS, dur);
  }
}
