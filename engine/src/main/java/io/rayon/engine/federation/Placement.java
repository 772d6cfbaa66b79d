package io.rayon.engine.federation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sub-cluster schedulers placing containers within the shares: shares are first made whole
 * containers per sub-cluster (rounded down, then the sub-cluster's remaining whole containers go to
 * the largest fractions, never above the capacity), then each queue's requests are placed on their
 * node, else on their rack, else anywhere in the sub-cluster (YARN's relaxed locality), up to the
 * queue's share there. When requests without a preference follow the shares ({@link
 * SharePolicy#anyFollowsShares}: the AM–RM proxy sends them where the queue's share has room) they
 * are placed last, in any sub-cluster where the queue has share left; under one scheduler ({@link
 * SharePolicy#oneScheduler}) so are located requests their sub-cluster could not take. With {@code
 * opportunistic}, requests still pending run as opportunistic containers on capacity left idle in
 * the sub-cluster they were sent to (counted apart from the guaranteed allocation).
 */
public final class Placement {
  private Placement() {}

  /** What was placed. */
  public record Result(
      long[][] placed,
      long[] perLeaf,
      long total,
      long nodeRequestsPlaced,
      long nodeLocal,
      long locatedRequestsPlaced,
      long rackLocal,
      long opportunistic) {}

  public static Result place(
      Federation f, double[][] shares, boolean oneScheduler, boolean relax, boolean opportunistic) {
    return place(f, shares, oneScheduler, oneScheduler, relax, opportunistic);
  }

  /** Places the requests within the shares; see the class comment for the flags. */
  public static Result place(
      Federation f,
      double[][] shares,
      boolean oneScheduler,
      boolean anyFollows,
      boolean relax,
      boolean opportunistic) {
    int leaves = f.tree.leafCount();
    int s = f.subClusterCount();
    long[][] quota = wholeContainers(f, shares);
    long[] nodeFree = f.nodeCap.clone();
    long[] rackFree = f.rackCap.clone();
    long[] scFree = f.scCap.clone();
    long[] rem = f.eCount.clone();
    long[][] placed = new long[leaves][s];
    long[] c = new long[4]; // node-request placed, node-local, located placed, rack-local
    for (int j = 0; j < s; j++) {
      int[] es = f.entriesOfSc[j];
      if (!relax) {
        for (int e : es) {
          if (f.eKind[e] != Federation.NODE) continue;
          int q = f.eLeaf[e];
          long take = Math.min(Math.min(rem[e], nodeFree[f.eTarget[e]]), quota[q][j]);
          if (take <= 0) continue;
          nodeFree[f.eTarget[e]] -= take;
          rackFree[f.nodeRack[f.eTarget[e]]] -= take;
          put(f, e, j, take, 2, rem, quota, scFree, placed, c);
        }
        for (int e : es) {
          if (f.eKind[e] == Federation.ANY || rem[e] == 0) continue;
          int rack = f.eKind[e] == Federation.NODE ? f.nodeRack[f.eTarget[e]] : f.eTarget[e];
          int q = f.eLeaf[e];
          long take = Math.min(Math.min(rem[e], rackFree[rack]), quota[q][j]);
          if (take <= 0) continue;
          rackFree[rack] -= take;
          put(f, e, j, take, 1, rem, quota, scFree, placed, c);
        }
        for (int e : es) {
          if (rem[e] == 0 || (anyFollows && f.eKind[e] == Federation.ANY)) continue;
          take(f, e, j, rem, quota, scFree, placed, c);
        }
      }
    }
    if (oneScheduler || anyFollows) {
      // each queue's remaining requests (without a preference, or all under one scheduler) wherever
      // it has share left
      List<List<Integer>> pool = new ArrayList<>();
      for (int q = 0; q < leaves; q++) pool.add(new ArrayList<>());
      for (int e = 0; e < rem.length; e++)
        if (rem[e] > 0 && (oneScheduler || f.eKind[e] == Federation.ANY))
          pool.get(f.eLeaf[e]).add(e);
      for (int q = 0; q < leaves; q++) {
        List<Integer> p = pool.get(q);
        int at = 0;
        for (int j = 0; j < s && at < p.size(); j++) {
          while (at < p.size() && quota[q][j] > 0 && scFree[j] > 0) {
            int e = p.get(at);
            take(f, e, j, rem, quota, scFree, placed, c);
            if (rem[e] == 0) at++;
          }
        }
      }
    }
    long opp = 0;
    if (opportunistic) {
      for (int j = 0; j < s; j++) {
        for (int e : f.entriesOfSc[j]) {
          long t = Math.min(rem[e], scFree[j]);
          if (t <= 0) continue;
          rem[e] -= t;
          scFree[j] -= t;
          opp += t;
        }
      }
    }
    long[] perLeaf = new long[leaves];
    long total = 0;
    for (int q = 0; q < leaves; q++) {
      for (int j = 0; j < s; j++) perLeaf[q] += placed[q][j];
      total += perLeaf[q];
    }
    return new Result(placed, perLeaf, total, c[0], c[1], c[2], c[3], opp);
  }

  private static void take(
      Federation f,
      int e,
      int j,
      long[] rem,
      long[][] quota,
      long[] scFree,
      long[][] placed,
      long[] c) {
    int q = f.eLeaf[e];
    long t = Math.min(Math.min(rem[e], scFree[j]), quota[q][j]);
    if (t > 0) put(f, e, j, t, 0, rem, quota, scFree, placed, c);
  }

  /** level: 2 = on its node, 1 = on its rack, 0 = elsewhere. */
  private static void put(
      Federation f,
      int e,
      int j,
      long t,
      int level,
      long[] rem,
      long[][] quota,
      long[] scFree,
      long[][] placed,
      long[] c) {
    int q = f.eLeaf[e];
    rem[e] -= t;
    quota[q][j] -= t;
    scFree[j] -= t;
    placed[q][j] += t;
    int orig = f.eOrig[e];
    if (orig == Federation.NODE) {
      c[0] += t;
      if (level == 2) c[1] += t;
    }
    if (orig != Federation.ANY) {
      c[2] += t;
      if (level >= 1) c[3] += t;
    }
  }

  /**
   * Shares as whole containers: floors, then the sub-cluster's remaining whole containers to the
   * largest fractions.
   */
  static long[][] wholeContainers(Federation f, double[][] shares) {
    int leaves = shares.length;
    int s = f.subClusterCount();
    long[][] out = new long[leaves][s];
    for (int j = 0; j < s; j++) {
      double sum = 0;
      long floors = 0;
      List<Integer> frac = new ArrayList<>();
      for (int q = 0; q < leaves; q++) {
        double x = Math.max(0, shares[q][j]);
        sum += x;
        long fl = (long) Math.floor(x + 1e-9);
        out[q][j] = fl;
        floors += fl;
        if (x - fl > 1e-9) frac.add(q);
      }
      long extra = Math.min(f.scCap[j], (long) Math.floor(sum + 1e-6)) - floors;
      if (extra <= 0 || frac.isEmpty()) continue;
      final int jj = j;
      Integer[] order = frac.toArray(new Integer[0]);
      Arrays.sort(
          order,
          (a, b) ->
              Double.compare(
                  shares[b][jj] - Math.floor(shares[b][jj] + 1e-9),
                  shares[a][jj] - Math.floor(shares[a][jj] + 1e-9)));
      for (int i = 0; i < order.length && extra > 0; i++, extra--) out[order[i]][j]++;
    }
    return out;
  }
}
