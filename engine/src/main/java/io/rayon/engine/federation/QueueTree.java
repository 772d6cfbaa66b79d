package io.rayon.engine.federation;

import io.rayon.model.federation.QueueSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The federation's global queue hierarchy as arrays, parents before children. {@code guarFrac} and
 * {@code maxFrac} are the products of the queues' {@code guaranteed} and {@code maximum} fractions
 * from the root down: a queue's guaranteed capacity in a pool of capacity C is {@code guarFrac *
 * C}.
 */
public final class QueueTree {
  final String[] names;
  final int[] parent;
  final int[][] children;
  final double[] guarFrac;
  final double[] maxFrac;
  final double[] weight;
  final int[] gang;

  /** Queue indices of the leaves, in queue order; {@code leafOf[q]} is the leaf index or -1. */
  final int[] leaves;

  final int[] leafOf;
  private final Map<String, Integer> index;

  private QueueTree(
      String[] names,
      int[] parent,
      int[][] children,
      double[] guarFrac,
      double[] maxFrac,
      double[] weight,
      int[] gang,
      int[] leaves,
      int[] leafOf,
      Map<String, Integer> index) {
    this.names = names;
    this.parent = parent;
    this.children = children;
    this.guarFrac = guarFrac;
    this.maxFrac = maxFrac;
    this.weight = weight;
    this.gang = gang;
    this.leaves = leaves;
    this.leafOf = leafOf;
    this.index = index;
  }

  /**
   * Builds the tree from the flat queue list.
   *
   * @throws IllegalArgumentException naming the queue ({@code $.queues[i]}) and what is wrong
   */
  public static QueueTree of(List<QueueSpec> specs) {
    int n = specs.size();
    if (n == 0)
      throw new IllegalArgumentException("$.queues: a federation needs at least a root queue");
    Map<String, Integer> byName = new HashMap<>();
    for (int i = 0; i < n; i++) {
      QueueSpec q = specs.get(i);
      String at = "$.queues[" + i + "]";
      if (byName.put(q.name(), i) != null)
        throw new IllegalArgumentException(at + ".name: queue '" + q.name() + "' is named twice");
      if (!(q.guaranteed() >= 0 && q.guaranteed() <= 1))
        throw new IllegalArgumentException(
            at + ".guaranteed: " + q.guaranteed() + " is not a fraction from 0 to 1");
      if (!(q.maximum() > 0 && q.maximum() <= 1))
        throw new IllegalArgumentException(
            at + ".maximum: " + q.maximum() + " is not a fraction above 0 and at most 1");
      if (q.maximum() < q.guaranteed())
        throw new IllegalArgumentException(
            at + ": maximum " + q.maximum() + " is below guaranteed " + q.guaranteed());
      if (!(q.weight() > 0) || !Double.isFinite(q.weight()))
        throw new IllegalArgumentException(
            at + ".weight: " + q.weight() + " must be a positive number");
      if (q.gang() < 0)
        throw new IllegalArgumentException(
            at + ".gang: " + q.gang() + " must be 0 (no gang) or a positive number of containers");
    }
    int root = -1;
    int[] parentOrig = new int[n];
    List<List<Integer>> kids = new ArrayList<>();
    for (int i = 0; i < n; i++) kids.add(new ArrayList<>());
    for (int i = 0; i < n; i++) {
      QueueSpec q = specs.get(i);
      if (q.parent() == null) {
        if (root >= 0)
          throw new IllegalArgumentException(
              "$.queues["
                  + i
                  + "]: queue '"
                  + q.name()
                  + "' has no parent, but '"
                  + specs.get(root).name()
                  + "' is already the root");
        root = i;
        parentOrig[i] = -1;
      } else {
        Integer p = byName.get(q.parent());
        if (p == null)
          throw new IllegalArgumentException(
              "$.queues[" + i + "].parent: no queue named '" + q.parent() + "'");
        parentOrig[i] = p;
        kids.get(p).add(i);
      }
    }
    if (root < 0)
      throw new IllegalArgumentException("$.queues: no root queue (one queue must have no parent)");
    // breadth-first order from the root: parents before children; unreached queues form a cycle
    int[] order = new int[n];
    int[] pos = new int[n];
    Arrays.fill(pos, -1);
    int head = 0;
    int tail = 0;
    order[tail++] = root;
    pos[root] = 0;
    while (head < tail) {
      int q = order[head++];
      for (int c : kids.get(q)) {
        pos[c] = tail;
        order[tail++] = c;
      }
    }
    if (tail < n) {
      for (int i = 0; i < n; i++) {
        if (pos[i] < 0)
          throw new IllegalArgumentException(
              "$.queues["
                  + i
                  + "].parent: queue '"
                  + specs.get(i).name()
                  + "' is in a parent cycle, not under the root");
      }
    }
    for (int i = 0; i < n; i++) {
      if (kids.get(i).isEmpty()) continue;
      double sum = 0;
      for (int c : kids.get(i)) sum += specs.get(c).guaranteed();
      if (sum > 1 + 1e-9)
        throw new IllegalArgumentException(
            "$.queues: the children of '"
                + specs.get(i).name()
                + "' are guaranteed "
                + sum
                + " of it, more than 1");
    }
    String[] names = new String[n];
    int[] parent = new int[n];
    int[][] children = new int[n][];
    double[] g = new double[n];
    double[] m = new double[n];
    double[] w = new double[n];
    int[] gang = new int[n];
    Map<String, Integer> index = new HashMap<>();
    List<Integer> leaves = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int i = order[k];
      QueueSpec q = specs.get(i);
      names[k] = q.name();
      index.put(q.name(), k);
      parent[k] = parentOrig[i] < 0 ? -1 : pos[parentOrig[i]];
      List<Integer> c = kids.get(i);
      children[k] = new int[c.size()];
      for (int j = 0; j < c.size(); j++) children[k][j] = pos[c.get(j)];
      double pg = parent[k] < 0 ? 1 : g[parent[k]];
      double pm = parent[k] < 0 ? 1 : m[parent[k]];
      g[k] = parent[k] < 0 ? 1 : pg * q.guaranteed();
      m[k] = parent[k] < 0 ? 1 : pm * q.maximum();
      w[k] = q.weight();
      gang[k] = q.gang();
      if (c.isEmpty()) leaves.add(k);
    }
    int[] leafArr = leaves.stream().mapToInt(Integer::intValue).toArray();
    int[] leafOf = new int[n];
    Arrays.fill(leafOf, -1);
    for (int l = 0; l < leafArr.length; l++) leafOf[leafArr[l]] = l;
    return new QueueTree(names, parent, children, g, m, w, gang, leafArr, leafOf, index);
  }

  public int size() {
    return names.length;
  }

  public int leafCount() {
    return leaves.length;
  }

  /**
   * The leaf index of a queue name, or -1 when it is not a leaf, or -2 when there is no such queue.
   */
  int leafIndex(String name) {
    Integer q = index.get(name);
    return q == null ? -2 : leafOf[q];
  }

  public String leafName(int leaf) {
    return names[leaves[leaf]];
  }

  /** The gang size of a leaf (0 = none). */
  public int leafGang(int leaf) {
    return gang[leaves[leaf]];
  }

  /** The guaranteed fraction of the whole federation of a leaf. */
  public double leafGuaranteedFraction(int leaf) {
    return guarFrac[leaves[leaf]];
  }

  /** The maximum fraction of the whole federation of a leaf. */
  public double leafMaximumFraction(int leaf) {
    return maxFrac[leaves[leaf]];
  }
}
