package io.rayon.engine.federation;

/**
 * One scheduler per sub-cluster, each queue replicated in every sub-cluster (the Hydra paper's §4.2
 * baselines): {@code UNIFORM} gives a queue, in every sub-cluster, guarantee and maximum in
 * proportion to the sub-cluster's size ("Uniform Distr."); {@code LOAD} maps a queue's guarantee
 * and maximum to sub-clusters in proportion to the queue's demand in each ("Load-Based Distr."; a
 * queue without demand gets the uniform mapping). Each sub-cluster then runs its own
 * work-preserving hierarchical fair sharing on its local demand, within those local quotas.
 */
final class LocalPolicy implements SharePolicy {
  enum Mapping {
    UNIFORM,
    LOAD
  }

  private final Mapping mapping;

  LocalPolicy(Mapping mapping) {
    this.mapping = mapping;
  }

  @Override
  public double[][] shares(Federation f) {
    QueueTree t = f.tree;
    int n = t.size();
    int leaves = t.leafCount();
    int s = f.subClusterCount();
    double c = f.totalCap;
    double[][] queueDemand = null;
    if (mapping == Mapping.LOAD) {
      queueDemand = new double[n][];
      for (int q = n - 1; q >= 0; q--) {
        double[] d = new double[s + 1];
        if (t.leafOf[q] >= 0) {
          for (int j = 0; j < s; j++) d[j] = f.demand[t.leafOf[q]][j];
        } else {
          for (int ch : t.children[q]) for (int j = 0; j < s; j++) d[j] += queueDemand[ch][j];
        }
        for (int j = 0; j < s; j++) d[s] += d[j];
        queueDemand[q] = d;
      }
    }
    double[][] x = new double[leaves][s];
    double[] g = new double[n];
    double[] m = new double[n];
    double[] want = new double[leaves];
    for (int j = 0; j < s; j++) {
      double cj = f.scCap[j];
      if (cj <= 0) continue;
      for (int q = 0; q < n; q++) {
        double ratio = cj / c;
        if (mapping == Mapping.LOAD && queueDemand[q][s] > 0)
          ratio = queueDemand[q][j] / queueDemand[q][s];
        g[q] = t.guarFrac[q] * c * ratio;
        m[q] = q == 0 ? cj : t.maxFrac[q] * c * ratio;
      }
      for (int q = 0; q < leaves; q++) want[q] = f.demand[q][j];
      double[] sh = FairShare.share(t, cj, want, g, m);
      for (int q = 0; q < leaves; q++) x[q][j] = sh[q];
    }
    return x;
  }
}
