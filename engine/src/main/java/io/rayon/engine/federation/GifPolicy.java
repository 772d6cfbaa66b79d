package io.rayon.engine.federation;

/**
 * Global instantaneous fairness (GIF, the Hydra paper's §4.2): the whole federation's capacity is
 * reassigned by work-preserving hierarchical fair sharing on queue aggregates (each queue's total
 * demand over all sub-clusters, its guarantee and maximum as fractions of the whole federation),
 * and each queue's share is then split among sub-clusters giving each at most the queue's demand
 * there ({@link Split} documents the reading of the split).
 */
final class GifPolicy implements SharePolicy {
  private final int rounds;

  GifPolicy(int rounds) {
    this.rounds = rounds;
  }

  @Override
  public double[][] shares(Federation f) {
    return shares(f, f.demand, rounds);
  }

  static double[][] shares(Federation f, double[][] caps, int rounds) {
    QueueTree t = f.tree;
    double[] share = global(f);
    return Split.split(f, share, caps, f.leafDemand, rounds);
  }

  /** The federation-wide hierarchical fair share of each leaf on its total demand. */
  static double[] global(Federation f) {
    QueueTree t = f.tree;
    int n = t.size();
    double c = f.totalCap;
    double[] g = new double[n];
    double[] m = new double[n];
    for (int q = 0; q < n; q++) {
      g[q] = t.guarFrac[q] * c;
      m[q] = t.maxFrac[q] * c;
    }
    return FairShare.share(t, c, f.leafDemand, g, m);
  }
}
