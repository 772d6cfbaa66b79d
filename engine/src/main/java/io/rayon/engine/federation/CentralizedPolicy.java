package io.rayon.engine.federation;

/**
 * One scheduler over all nodes (the Hydra paper's idealized baseline "Centr.", and with {@code
 * relaxLocality} its fairness oracle). The federation-wide hierarchical fair share of each queue is
 * placed by a single scheduler over all nodes, so each queue receives its federation-wide share in
 * full (as in one YARN cluster, a node or rack request may relax to any node). The centralized
 * scheduler honours node locality: each queue's share is first put where its node and rack requests
 * are ({@link Split#splitFlexible}), those requests are placed on their node, else their rack, else
 * their sub-cluster, and only what is left goes anywhere; requests without a preference go wherever
 * the queue has share left, regardless of the AM–RM proxy's choice. The oracle ignores node and
 * rack preferences altogether.
 *
 * <p>Reading: the paper's centralized baseline "overlooks the entire cluster accounting for node
 * locality"; we read "accounting for" as preferring, not requiring, the requested place, since a
 * single YARN scheduler relaxes locality; its shares per queue then equal the oracle's, and its
 * fairness error against the oracle comes from placement only (whole containers, and node and rack
 * requests filling sub-clusters before requests without a preference).
 */
final class CentralizedPolicy implements SharePolicy {
  private final boolean relax;

  CentralizedPolicy(boolean relax) {
    this.relax = relax;
  }

  @Override
  public double[][] shares(Federation f) {
    // every request may end anywhere (YARN's relaxed locality in one cluster); the centralized
    // scheduler first gives each queue share where its node and rack requests are, the oracle does
    // not
    double[][] located = relax ? new double[f.tree.leafCount()][f.subClusterCount()] : f.located;
    return GifPolicy.sum(GifPolicy.parts(f, located, f.leafDemand, 4));
  }

  @Override
  public boolean oneScheduler() {
    return true;
  }

  @Override
  public boolean relaxLocality() {
    return relax;
  }
}
