package io.rayon.engine.sim;

/**
 * Node choice in a scheduling pass: the freest node that holds a task. Nodes are ranked by their
 * free share, the smaller of free memory over capacity and free CPU over capacity by the policy's
 * {@link SchedulerPolicy#available} (down nodes last), ties by the node table's seeded random
 * order. The ranking is one heap, rebuilt once per pass and updated after each placement; when the
 * freest node cannot hold the task, a scan finds the freest one that can. In a {@link
 * QueueDiscipline}'s pass it also keeps upper bounds of the free memory and CPU over the nodes that
 * are up, so a request above them is refused at once.
 */
final class NodeChoice {
  private final NodeTable nodes;
  private final SchedulerPolicy policy;
  private final IndexedMinHeap freest;

  /** Minus the free share of each node: the heap's key (smallest first). */
  private final double[] score;

  private double ubFreeMem;
  private double ubFreeCpu;

  NodeChoice(NodeTable nodes, SchedulerPolicy policy) {
    this.nodes = nodes;
    this.policy = policy;
    freest = new IndexedMinHeap(nodes.count, nodes.randomRank);
    score = new double[nodes.count];
  }

  /** Ranks every node (start of the simulator's own pass). */
  void rankAll() {
    for (int n = 0; n < nodes.count; n++) score[n] = -score(n);
    freest.fillAll(score);
  }

  /** Ranks every node and sets the bounds of the free resources (start of a discipline's pass). */
  void rankAllWithBounds() {
    ubFreeMem = 0;
    ubFreeCpu = 0;
    for (int n = 0; n < nodes.count; n++) {
      score[n] = -score(n);
      if (!nodes.down[n]) {
        ubFreeMem = Math.max(ubFreeMem, policy.available(n, SchedulerPolicy.MEMORY));
        ubFreeCpu = Math.max(ubFreeCpu, policy.available(n, SchedulerPolicy.CPU));
      }
    }
    freest.fillAll(score);
  }

  /** The freest node that holds a request of (mem, cpu), or -1. */
  int freestFor(double mem, double cpu) {
    int n = freest.top();
    if (fits(mem, cpu, n)) return n;
    n = -1;
    double best = Double.POSITIVE_INFINITY;
    for (int m = 0; m < nodes.count; m++) {
      if (score[m] <= best && fits(mem, cpu, m)) {
        if (n < 0 || score[m] < best || tieBefore(m, n)) {
          best = score[m];
          n = m;
        }
      }
    }
    return n;
  }

  /**
   * As {@link #freestFor}, in a discipline's pass: a request above the bounds fails at once, and a
   * failed scan lowers the bounds to the exact maxima (later requests at least this large fail at
   * once in this pass).
   */
  int freestWithinBounds(double mem, double cpu) {
    if (mem > ubFreeMem + 1e-9 || cpu > ubFreeCpu + 1e-9) return -1;
    int n = freest.top();
    if (fits(mem, cpu, n)) return n;
    n = -1;
    double best = Double.POSITIVE_INFINITY;
    double maxMem = 0;
    double maxCpu = 0;
    for (int m = 0; m < nodes.count; m++) {
      if (nodes.down[m]) continue;
      maxMem = Math.max(maxMem, policy.available(m, SchedulerPolicy.MEMORY));
      maxCpu = Math.max(maxCpu, policy.available(m, SchedulerPolicy.CPU));
      if (score[m] <= best && fits(mem, cpu, m)) {
        if (n < 0 || score[m] < best || tieBefore(m, n)) {
          best = score[m];
          n = m;
        }
      }
    }
    if (n < 0) {
      ubFreeMem = maxMem;
      ubFreeCpu = maxCpu;
    }
    return n;
  }

  /** True when node {@code n} is up and offers at least (mem, cpu). */
  boolean fits(double mem, double cpu, int n) {
    return !nodes.down[n]
        && mem <= policy.available(n, SchedulerPolicy.MEMORY) + 1e-9
        && cpu <= policy.available(n, SchedulerPolicy.CPU) + 1e-9;
  }

  /** Node {@code n}'s availability changed (a placement): its place in the ranking. */
  void changed(int n) {
    score[n] = -score(n);
    freest.set(n, score[n]);
  }

  /**
   * Node {@code n}'s availability changed in a discipline's pass (a preemption): ranking and
   * bounds.
   */
  void changedWithBounds(int n) {
    changed(n);
    if (!nodes.down[n]) {
      ubFreeMem = Math.max(ubFreeMem, policy.available(n, SchedulerPolicy.MEMORY));
      ubFreeCpu = Math.max(ubFreeCpu, policy.available(n, SchedulerPolicy.CPU));
    }
  }

  private boolean tieBefore(int m, int n) {
    // same score: prefer the node earlier in the seeded random order, as the heap does
    return score[m] == score[n] && nodes.randomRank[m] < nodes.randomRank[n];
  }

  private double score(int n) {
    if (nodes.down[n]) return Double.NEGATIVE_INFINITY;
    double m = policy.available(n, SchedulerPolicy.MEMORY) / nodes.capMem[n];
    double c = policy.available(n, SchedulerPolicy.CPU) / nodes.capCpu[n];
    return Math.min(m, c);
  }
}
