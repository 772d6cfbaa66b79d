package io.rayon.engine.federation;

import java.util.Arrays;

/**
 * Work-preserving hierarchical fair sharing (the sharing of YARN's capacity and fair schedulers the
 * Hydra paper's GIF builds on): capacity flows from the root down; at each queue its allocation is
 * divided among its children by first giving each child its guarantee, up to what it wants, and
 * then dividing the rest by weight (water-filling), never above what a child wants. What a queue
 * wants is its demand capped by its maximum, summed bottom-up. The result is work-preserving: the
 * root hands out {@code min(capacity, what the root wants)} in full.
 *
 * <p>Reading left open by the paper: when the guarantees of siblings that want them exceed what
 * their parent received (possible only when an ancestor's maximum binds), each receives its
 * guarantee scaled down in proportion.
 */
public final class FairShare {
  private FairShare() {}

  /**
   * Hierarchical fair shares of the leaves.
   *
   * @param tree the hierarchy
   * @param capacity the pool divided
   * @param leafDemand demand of each leaf (leaf index order)
   * @param guar guaranteed capacity of each queue (queue index order)
   * @param max maximum capacity of each queue (queue index order)
   * @return the share of each leaf
   */
  public static double[] share(
      QueueTree tree, double capacity, double[] leafDemand, double[] guar, double[] max) {
    int n = tree.size();
    double[] want = new double[n];
    for (int l = 0; l < tree.leaves.length; l++) want[tree.leaves[l]] = Math.max(0, leafDemand[l]);
    for (int q = n - 1; q >= 0; q--) {
      if (tree.children[q].length > 0) {
        double s = 0;
        for (int c : tree.children[q]) s += want[c];
        want[q] = s;
      }
      want[q] = Math.min(want[q], max[q]);
    }
    double[] alloc = new double[n];
    alloc[0] = Math.min(capacity, want[0]);
    double[] caps = new double[0];
    double[] ws = new double[0];
    double[] out = new double[0];
    for (int q = 0; q < n; q++) {
      int[] ch = tree.children[q];
      if (ch.length == 0) continue;
      double a = alloc[q];
      double gsum = 0;
      for (int c : ch) gsum += Math.min(guar[c], want[c]);
      if (gsum >= a) {
        double f = gsum <= 0 ? 0 : a / gsum;
        for (int c : ch) alloc[c] = Math.min(guar[c], want[c]) * f;
        continue;
      }
      if (caps.length < ch.length) {
        caps = new double[ch.length];
        ws = new double[ch.length];
        out = new double[ch.length];
      }
      for (int i = 0; i < ch.length; i++) {
        int c = ch[i];
        double g = Math.min(guar[c], want[c]);
        alloc[c] = g;
        caps[i] = want[c] - g;
        ws[i] = tree.weight[c];
      }
      waterFill(a - gsum, caps, ws, ch.length, out);
      for (int i = 0; i < ch.length; i++) alloc[ch[i]] += out[i];
    }
    double[] leaf = new double[tree.leaves.length];
    for (int l = 0; l < leaf.length; l++) leaf[l] = alloc[tree.leaves[l]];
    return leaf;
  }

  /**
   * Divides {@code amount} among {@code n} claimants by weight, none above its cap: each gets
   * {@code min(cap, lambda * weight)} for the level {@code lambda} that hands out {@code amount}
   * (or everything the caps allow when they sum to less).
   */
  static void waterFill(double amount, double[] cap, double[] w, int n, double[] out) {
    Integer[] idx = new Integer[n];
    for (int i = 0; i < n; i++) idx[i] = i;
    Arrays.sort(idx, (x, y) -> Double.compare(cap[x] / w[x], cap[y] / w[y]));
    double left = amount;
    double wsum = 0;
    for (int i = 0; i < n; i++) wsum += w[i];
    for (int k = 0; k < n; k++) {
      int i = idx[k];
      double level = wsum <= 0 ? 0 : left / wsum;
      if (cap[i] <= level * w[i]) {
        out[i] = cap[i];
        left -= cap[i];
        wsum -= w[i];
      } else {
        // every remaining claimant is capped above the level: all take the level
        for (int r = k; r < n; r++) out[idx[r]] = level * w[idx[r]];
        return;
      }
    }
  }
}
