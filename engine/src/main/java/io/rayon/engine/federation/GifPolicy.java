package io.rayon.engine.federation;

/**
 * Global instantaneous fairness (GIF, the Hydra paper's §4.2): the whole federation's capacity is
 * reassigned by work-preserving hierarchical fair sharing on queue aggregates (each queue's total
 * demand over all sub-clusters, its guarantee and maximum as fractions of the whole federation),
 * and each queue's share is then split among sub-clusters giving each at most the queue's demand
 * there ({@link Split} documents the reading of the split).
 *
 * <p>Reading left open by the paper: what "the resources demanded there" are for a request without
 * a node or rack preference. By default ({@code any-requests=flexible}) such a request demands
 * capacity in any live sub-cluster, once, and the AM–RM proxy sends it where GIF gave its queue
 * room (GIF works "at the container request level", so the proxy can follow its output; {@link
 * Split#splitFlexible}); with {@code any-requests=routed} it demands capacity only in the
 * sub-cluster the proxy policy sent it to before the decision, and is placed there.
 */
final class GifPolicy implements SharePolicy {
  private final int rounds;
  private final boolean flexibleAny;

  GifPolicy(int rounds, boolean flexibleAny) {
    this.rounds = rounds;
    this.flexibleAny = flexibleAny;
  }

  @Override
  public double[][] shares(Federation f) {
    if (!flexibleAny) return Split.split(f, global(f), f.demand, f.leafDemand, rounds);
    return sum(parts(f, f.located, f.anyDemand, rounds));
  }

  /** The located and flexible parts of the shares ({@link Split#splitFlexible}). */
  static double[][][] parts(Federation f, double[][] located, double[] any, int rounds) {
    return Split.splitFlexible(f, global(f), located, any, f.leafDemand, rounds);
  }

  static double[][] sum(double[][][] parts) {
    double[][] x = new double[parts[0].length][];
    for (int q = 0; q < x.length; q++) {
      x[q] = parts[0][q].clone();
      for (int j = 0; j < x[q].length; j++) x[q][j] += parts[1][q][j];
    }
    return x;
  }

  @Override
  public boolean anyFollowsShares() {
    return flexibleAny;
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
