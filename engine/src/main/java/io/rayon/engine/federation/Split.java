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
 *   <li>where a sub-cluster is then over-committed, the excess is moved first: queues that could
 *       use the capacity elsewhere (unmet demand in a sub-cluster with room) give up part of their
 *       share there, in proportion to how much they can move, and take it where they can (so the
 *       paper's example, q1 at 30% of S_A and 10% of S_B, comes out when the other queues can move
 *       to S_B); this repeats up to {@code rounds} times;
 *   <li>what cannot move is cut by the over-committed sub-cluster's own hierarchical fair share
 *       (guarantees in proportion to its size);
 *   <li>capacity still idle in a sub-cluster where queues have unmet demand is handed out by the
 *       sub-cluster's hierarchical fair share of that unmet demand (work preservation: no capacity
 *       idles in a sub-cluster while a queue has unmet demand there), never above a queue's {@code
 *       limit} in total.
 * </ol>
 */
final class Split {
  private Split() {}

  static double[][] split(
      Federation f, double[] share, double[][] caps, double[] limit, int rounds) {
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
    for (int q = 0; q < leaves; q++) for (int j = 0; j < s; j++) load[j] += x[q][j];
    double[] movable = new double[leaves];
    for (int round = 0; round < rounds; round++) {
      boolean moved = false;
      for (int j = 0; j < s; j++) {
        double over = load[j] - f.scCap[j];
        if (over <= 1e-9) continue;
        double m = 0;
        for (int q = 0; q < leaves; q++) {
          movable[q] = 0;
          if (x[q][j] <= 0) continue;
          double mv = 0;
          for (int o = 0; o < s; o++)
            if (o != j) mv += Math.max(0, Math.min(caps[q][o] - x[q][o], f.scCap[o] - load[o]));
          movable[q] = Math.min(mv, x[q][j]);
          m += movable[q];
        }
        if (m <= 1e-9) continue;
        double k = Math.min(1, over / m);
        for (int q = 0; q < leaves; q++) {
          double want = movable[q] * k;
          if (want <= 0) continue;
          double room = 0;
          for (int o = 0; o < s; o++)
            if (o != j) room += Math.max(0, Math.min(caps[q][o] - x[q][o], f.scCap[o] - load[o]));
          if (room <= 1e-12) continue;
          double r = Math.min(1, want / room);
          for (int o = 0; o < s; o++) {
            if (o == j) continue;
            double add = Math.max(0, Math.min(caps[q][o] - x[q][o], f.scCap[o] - load[o])) * r;
            if (add <= 0) continue;
            x[q][o] += add;
            load[o] += add;
            x[q][j] -= add;
            load[j] -= add;
            moved = true;
          }
        }
      }
      if (!moved) break;
    }
    // what cannot move is cut by the sub-cluster's own fair share
    for (int j = 0; j < s; j++) {
      if (load[j] <= f.scCap[j] * (1 + 1e-12) + 1e-9) continue;
      double[] want = new double[leaves];
      for (int q = 0; q < leaves; q++) want[q] = x[q][j];
      double[] kept = localShare(f, j, want, f.scCap[j]);
      for (int q = 0; q < leaves; q++) x[q][j] = kept[q];
    }
    fill(f, x, caps, limit);
    return x;
  }

  /**
   * The split when part of each queue's demand has no place preference ({@code any[q]}, usable in
   * any live sub-cluster) and part is located ({@code located[q][j]}, usable only in sub-cluster
   * j). Counting the flexible part in every sub-cluster would hand a queue share in many
   * sub-clusters for the same containers, so the split keeps the two apart:
   *
   * <ol>
   *   <li>the located demand is split as in {@link #split}, up to the queue's share ({@code limit}
   *       = the share, so the fill of this step stays within fair shares);
   *   <li>what is left of the share, up to the flexible demand, goes where capacity is free, each
   *       queue in proportion to each sub-cluster's free capacity (all of it scaled down when the
   *       queues need more than is free);
   *   <li>capacity still free in a sub-cluster goes, by that sub-cluster's hierarchical fair share,
   *       to queues with located demand there or flexible demand left, up to their total demand
   *       (work preservation).
   * </ol>
   *
   * @return {@code [0]} the located part and {@code [1]} the flexible part of each queue's share in
   *     each sub-cluster
   */
  static double[][][] splitFlexible(
      Federation f, double[] share, double[][] located, double[] any, double[] limit, int rounds) {
    int leaves = f.tree.leafCount();
    int s = f.subClusterCount();
    double[][] xl = split(f, share, located, share, rounds);
    double[][] xa = new double[leaves][s];
    double[] room = new double[s];
    double roomTotal = 0;
    for (int j = 0; j < s; j++) {
      double load = 0;
      for (int q = 0; q < leaves; q++) load += xl[q][j];
      room[j] = Math.max(0, f.scCap[j] - load);
      roomTotal += room[j];
    }
    double[] need = new double[leaves];
    double needTotal = 0;
    for (int q = 0; q < leaves; q++) {
      double used = 0;
      for (int j = 0; j < s; j++) used += xl[q][j];
      need[q] = Math.max(0, Math.min(any[q], share[q] - used));
      needTotal += need[q];
    }
    if (needTotal > 1e-12 && roomTotal > 1e-12) {
      double denom = Math.max(needTotal, roomTotal);
      for (int q = 0; q < leaves; q++) {
        if (need[q] <= 0) continue;
        for (int j = 0; j < s; j++) xa[q][j] = need[q] * room[j] / denom;
      }
    }
    // work-preserving fill, the flexible demand counted once over all sub-clusters
    double[] total = new double[leaves];
    double[] usedAny = new double[leaves];
    for (int q = 0; q < leaves; q++) {
      for (int j = 0; j < s; j++) {
        total[q] += xl[q][j] + xa[q][j];
        usedAny[q] += xa[q][j];
      }
    }
    double[] unmet = new double[leaves];
    for (int j = 0; j < s; j++) {
      double load = 0;
      for (int q = 0; q < leaves; q++) load += xl[q][j] + xa[q][j];
      double free = f.scCap[j] - load;
      if (free <= 1e-9) continue;
      double u = 0;
      for (int q = 0; q < leaves; q++) {
        unmet[q] =
            Math.max(
                0, Math.min(located[q][j] - xl[q][j] + any[q] - usedAny[q], limit[q] - total[q]));
        u += unmet[q];
      }
      if (u <= 1e-9) continue;
      double[] add = localShare(f, j, unmet, free);
      for (int q = 0; q < leaves; q++) {
        double a = add[q];
        if (a <= 0) continue;
        double l = Math.max(0, Math.min(a, located[q][j] - xl[q][j]));
        xl[q][j] += l;
        xa[q][j] += a - l;
        usedAny[q] += a - l;
        total[q] += a;
      }
    }
    return new double[][][] {xl, xa};
  }

  /**
   * Step 3: work-preserving fill of idle capacity with unmet demand, by each sub-cluster's fair
   * share.
   */
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
