package io.rayon.engine.federation;

/**
 * The measures of the Hydra paper's Fig. 5 for one policy on one setup (runtime is measured by the
 * caller; the engine has no clock).
 *
 * <p>Fairness error: the paper measures "the mean absolute error between each candidate solution
 * and a reference ideal implementation ... a centralized scheduler ... also allowed to arbitrarily
 * relax node locality", "as a percentage error", where "0.1% corresponds to just a few hundred
 * unfairly allocated containers across our 50k-node clusters". We read the percentage as relative
 * to the federation's capacity: {@code 100 * sum over leaf queues |a_q - o_q| / capacity}, with
 * {@code a_q} the containers the policy gives queue q and {@code o_q} those the oracle gives it
 * (the mean absolute error times the number of queues, over the capacity, so its scale matches the
 * paper's reading aid).
 *
 * @param utilization guaranteed containers placed over live capacity
 * @param fairnessErrorPct see above
 * @param nodeLocal of containers placed for node requests, the fraction on their node (1 when there
 *     are none)
 * @param rackLocal of containers placed for node or rack requests, the fraction in their rack (1
 *     when there are none)
 * @param opportunistic opportunistic containers over live capacity (0 unless enabled)
 * @param allocated guaranteed containers placed
 * @param capacity live capacity in containers
 */
public record FederationMetrics(
    double utilization,
    double fairnessErrorPct,
    double nodeLocal,
    double rackLocal,
    double opportunistic,
    long allocated,
    long capacity) {

  static FederationMetrics of(Federation f, Placement.Result r, Placement.Result oracle) {
    long cap = f.totalCap;
    double err = 0;
    for (int q = 0; q < r.perLeaf().length; q++)
      err += Math.abs(r.perLeaf()[q] - oracle.perLeaf()[q]);
    return new FederationMetrics(
        cap == 0 ? 0 : (double) r.total() / cap,
        cap == 0 ? 0 : 100.0 * err / cap,
        r.nodeRequestsPlaced() == 0 ? 1 : (double) r.nodeLocal() / r.nodeRequestsPlaced(),
        r.locatedRequestsPlaced() == 0 ? 1 : (double) r.rackLocal() / r.locatedRequestsPlaced(),
        cap == 0 ? 0 : (double) r.opportunistic() / cap,
        r.total(),
        cap);
  }
}
