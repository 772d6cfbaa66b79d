package io.rayon.engine.federation;

/**
 * A share-determination policy (the Hydra paper's §4.2): from the federation's capacity and the
 * demand of every queue in every sub-cluster, the capacity every leaf queue may use in every
 * sub-cluster. Sub-cluster schedulers then place containers within these shares ({@link
 * Placement}). Policies are plug-ins of {@link SharePolicies#REGISTRY}.
 */
public interface SharePolicy {
  /**
   * The shares, {@code [leaf][sub-cluster]}, in containers. For every sub-cluster their sum is at
   * most its live capacity.
   */
  double[][] shares(Federation f);

  /**
   * Whether one scheduler places containers over all sub-clusters, so a request without a place
   * preference may land in any sub-cluster whatever the AM–RM proxy chose (the centralized
   * scheduler and the oracle); otherwise each sub-cluster's scheduler places the requests sent to
   * it.
   */
  default boolean oneScheduler() {
    return false;
  }

  /**
   * Whether requests without a place preference go where the queue's share has room (the AM–RM
   * proxy follows the decision) rather than where the proxy sent them before it.
   */
  default boolean anyFollowsShares() {
    return oneScheduler();
  }

  /** Whether node and rack preferences are ignored (the fairness oracle). */
  default boolean relaxLocality() {
    return false;
  }
}
