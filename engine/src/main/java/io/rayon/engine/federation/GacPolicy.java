package io.rayon.engine.federation;

/**
 * Gang admission control (GAC, the Hydra paper's §4.2): static quotas, no sharing of idle capacity.
 * A queue's quota in a sub-cluster is its guaranteed fraction of the sub-cluster's capacity
 * (rounded down to whole containers); a queue with a gang requirement of k containers admits its
 * demand there in whole gangs of k, so a job declaring k containers waits until k are free in its
 * queue's quota, and never starts with fewer. Queues without a gang admit container by container up
 * to their quota.
 *
 * <p>Reading: the paper gives GAC no formula; we apply the gang to the queue's demand in each
 * sub-cluster separately, since a gang runs in one sub-cluster's scheduler.
 */
final class GacPolicy implements SharePolicy {
  @Override
  public double[][] shares(Federation f) {
    QueueTree t = f.tree;
    int leaves = t.leafCount();
    int s = f.subClusterCount();
    double[][] x = new double[leaves][s];
    for (int q = 0; q < leaves; q++) {
      int k = Math.max(1, t.leafGang(q));
      double gf = t.leafGuaranteedFraction(q);
      for (int j = 0; j < s; j++) {
        long quota = (long) Math.floor(gf * f.scCap[j] + 1e-9);
        long want = (long) Math.floor(f.demand[q][j] + 1e-9);
        x[q][j] = (Math.min(quota, want) / k) * (long) k;
      }
    }
    return x;
  }
}
