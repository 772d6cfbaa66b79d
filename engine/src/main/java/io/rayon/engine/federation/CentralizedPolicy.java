package io.rayon.engine.federation;

/**
 * One scheduler over all nodes (the Hydra paper's idealized baseline "Centr.", and with {@code
 * relaxLocality} its fairness oracle). The federation-wide hierarchical fair share of each queue is
 * placed by a single scheduler: node and rack requests in the sub-cluster owning their place (the
 * centralized scheduler honours node locality), requests without a preference wherever capacity is,
 * regardless of the AM–RM proxy's choice. The oracle ignores node and rack preferences, so each
 * queue may use its share anywhere.
 */
final class CentralizedPolicy implements SharePolicy {
  private final boolean relax;

  CentralizedPolicy(boolean relax) {
    this.relax = relax;
  }

  @Override
  public double[][] shares(Federation f) {
    int leaves = f.tree.leafCount();
    int s = f.subClusterCount();
    double[][] caps = new double[leaves][s];
    for (int q = 0; q < leaves; q++) {
      for (int j = 0; j < s; j++) {
        if (f.scCap[j] <= 0) continue;
        caps[q][j] = relax ? f.leafDemand[q] : f.located[q][j] + f.anyDemand[q];
      }
    }
    return Split.split(f, GifPolicy.global(f), caps, f.leafDemand, 4);
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
