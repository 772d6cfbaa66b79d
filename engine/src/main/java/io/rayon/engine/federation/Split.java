package io.rayon.engine.federation;

/**
 * Splits each queue's federation-wide share among sub-clusters, never above what the queue may use
 * in a sub-cluster ({@code caps}) and never above a sub-cluster's capacity; the GIF reading.
 *
 * <p>The Hydra paper says GIF "logically reassigns the entire cluster resources according to
 * work-preserving fair-sharing, while ... allocating to each sub-cluster at most the resources
 * demanded there", and its example moves a queue's 20% to 30% in the sub-cluster where its demand
 * is and 10% in the other. It does not say how a share is split; our reading:
 *
 * <ol>
 *   <li>each queue's share is split in proportion to its demand in each sub-cluster (so never above
 *       the demand there);
 *   <li>where a sub-cluster is then over-committed, its own hierarchical fair share among the
 *       queues' parts decides who keeps what, and what is cut is offered to the queue's other
 *       sub-clusters with unmet demand and room, in proportion to the smaller of the two; this repeats
 *       {@code rounds} times, then any over-commitment left is cut;
 *   <li>capacity still idle in a sub-cluster where queues have unmet demand is handed out by the
 *       sub-cluster's hierarchical fair share of that unmet demand (work preservation: no capacity
 *       idles in a sub-cluster while a queue has unmet demand there), never above a queue's
 *       {@code limit} in total.
 * </ol>
 */
final class Split {
  private Split() {}

  static double[][] split(Federation f, double[] share, double[][] caps, double[] limit, int rounds) {
    QueueTree t = f.tree;
    int leaves = t.leafCount();
    int s = f.subClusterCount();
    double[][] x = new double[leaves][s];
    for (int q = 0; q < leaves; q++) {
      double c = 0;
      for (int j = 0; j < s; j++) c += caps[q][j];
      if (c <= 0 || share[q] <= 0) continue;
      double k = Math.min(1, share[q] / c);
      for (int j = 0; j < s; j++) x[q][j] = caps[q][j] * k;
    }
    double[] load = new double[s];
    double[] cut = new double[leaves];
    for (int round = 0; round <= rounds; round++) {
      java.util.Arrays.fill(load, 0);
      for (int q = 0; q < leaves; q++) for (int j = 0; j < s; j++) load[j] += x[q][j];
      java.util.Arrays.fill(cut, 0);
      double cutTotal = 0;
      for (int j = 0; j < s; j++) {
        if (load[j] <= f.scCap[j] * (1 + 1e-12) + 1e-9) continue;
        double[] want = new double[leaves];
        for (int q = 0; q < leaves; q++) want[q] = x[q][j];
        double[] kept = localShare(f, j, want, f.scCap[j]);
        for (int q = 0; q < leaves; q++) {
          double d = x[q][j] - kept[q];
          if (d > 0) {
            cut[q] += d;
            cutTotal += d;
            x[q][j] = kept[q];
          }
        }
        load[j] = 0;
        for (int q = 0; q < leaves; q++) load[j] += x[q][j];
      }
      if (cutTotal <= 1e-9 || round == rounds) break;
      for (int q = 0; q < leaves; q++) {
        if (cut[q] <= 0) continue;
        double room = 0;
        for (int j = 0; j < s; j++) room += Math.max(0, Math.min(caps[q][j] - x[q][j], f.scCap[j] - load[j]));
        if (room <= 0) continue;
        double k = Math.min(1, cut[q] / room);
        for (int j = 0; j < s; j++) x[q][j] += Math.max(0, Math.min(caps[q][j] - x[q][j], f.scCap[j] - load[j])) * k;
      }
    }
    fill(f, x, caps, limit);
    return x;
  }

  /** Step 3: work-preserving fill of idle capacity with unmet demand, by each sub-cluster's fair share. */
  static void fill(Federation f, double[][] x, double[][] caps, double[] limit) {
    int leaves = f.tree.leafCount();
    int s = f.subClusterCount();
    double[] total = new double[leaves];
    for (int q = 0; q < leaves; q++) for (int j = 0; j < s; j++) total[q] += x[q][j];
    double[] unmet = new double[leaves];
    for (int j = 0; j < s; j++) {
      double load = 0;
      for (int q = 0; q < leaves; q++) load += x[q][j];
      double room = f.scCap[j] - load;
      if (room <= 1e-9) continue;
      double u = 0;
      for (int q = 0; q < leaves; q++) {
        unmet[q] = Math.max(0, Math.min(caps[q][j] - x[q][j], limit[q] - total[q]));
        u += unmet[q];
      }
      if (u <= 1e-9) continue;
      double[] add = localShare(f, j, unmet, room);
      for (int q = 0; q < leaves; q++) {
        x[q][j] += add[q];
        total[q] += add[q];
      }
    }
  }

  /**
   * A sub-cluster's own hierarchical fair share of {@code capacity} among the leaves' {@code want}:
   * guarantees in proportion to the sub-cluster's size, no maximum (the caller's wants are already
   * within the queues' limits).
   */
  static double[] localShare(Federation f, int j, double[] want, double capacity) {
    QueueTree t = f.tree;
    int n = t.size();
    double[] g = new double[n];
    double[] m = new double[n];
    for (int q = 0; q < n; q++) {
      g[q] = t.guarFrac[q] * f.scCap[j];
      m[q] = Double.POSITIVE_INFINITY;
    }
    return FairShare.share(t, capacity, want, g, m);
  }
}
