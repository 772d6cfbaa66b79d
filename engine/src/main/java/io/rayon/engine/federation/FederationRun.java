package io.rayon.engine.federation;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs share policies on one compiled federation and measures them against the fairness oracle.
 * Callers that report runtime time {@link #decide} themselves (the engine has no clock).
 */
public final class FederationRun {
  private final Federation federation;
  private final boolean opportunistic;
  private Placement.Result oracle;

  public FederationRun(Federation federation, boolean opportunistic) {
    this.federation = federation;
    this.opportunistic = opportunistic;
  }

  public Federation federation() {
    return federation;
  }

  /** One share decision (what the runtime figure times). */
  public double[][] decide(SharePolicy p) {
    return p.shares(federation);
  }

  /** Places a decision and measures it. */
  public Outcome evaluate(SharePolicy p, double[][] shares) {
    Placement.Result r =
        Placement.place(
            federation,
            shares,
            p.oneScheduler(),
            p.anyFollowsShares(),
            p.relaxLocality(),
            opportunistic);
    return new Outcome(shares, r, FederationMetrics.of(federation, r, oracle()));
  }

  /** The fairness oracle's placement, computed once. */
  public Placement.Result oracle() {
    if (oracle == null) {
      SharePolicy o = SharePolicies.create("oracle");
      oracle = Placement.place(federation, o.shares(federation), true, true, false);
    }
    return oracle;
  }

  /** Every registered policy, decided and evaluated, by name. */
  public Map<String, Outcome> all() {
    Map<String, Outcome> out = new LinkedHashMap<>();
    for (String n : SharePolicies.REGISTRY.names()) {
      SharePolicy p = SharePolicies.create(n);
      out.put(n, evaluate(p, decide(p)));
    }
    return out;
  }

  /** A decision, its placement and its measures. */
  public record Outcome(double[][] shares, Placement.Result placement, FederationMetrics metrics) {}
}
