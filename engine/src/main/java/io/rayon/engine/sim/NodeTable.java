package io.rayon.engine.sim;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.Node;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulator's node table: per node, in primitive arrays indexed by node, its static data
 * (capacity NC, allowance AR, id, rack, its place in the seeded random order that breaks ties
 * between equally free nodes) and its run state: the requests reserved by its running tasks, its
 * tasks' memory and CPU demand, its progress clock (progress {@link #progress} at simulated time
 * {@link #clock}, advancing at {@link #speed}: C/D when the CPU demand D exceeds the capacity C,
 * else 1), and whether it is down. It reports heartbeats to the policy and is the {@link SimNodes}
 * view the policy gets. The simulator reads and writes the arrays directly (this is the hot loop);
 * the methods here keep the bookkeeping that touches several of them in one place.
 */
final class NodeTable implements SimNodes {
  final int count;
  final List<String> ids;
  final List<String> racks;
  final double[] capMem;
  final double[] capCpu;
  final double[] arMem;
  final double[] arCpu;

  /** Sum of the requests of the running tasks (what the reservation model counts). */
  final double[] resMem;

  final double[] resCpu;

  /** Sum of the running tasks' current phase usage. */
  final double[] memDemand;

  final double[] cpuDemand;

  /** The progress clock: progress reached at {@link #clock}, advancing at {@link #speed}. */
  final double[] progress;

  final double[] clock;
  final double[] speed;
  final boolean[] down;

  /** Each node's place in the seeded random order (0 first); ties between equally free nodes. */
  final int[] randomRank;

  /**
   * The nodes of {@code cluster}; {@code seed} orders them randomly for ties.
   *
   * @throws IllegalArgumentException when the cluster has no nodes or a node has no memory or
   *     vcores
   */
  NodeTable(Cluster cluster, long seed) {
    List<Node> nodes = cluster.nodes();
    count = nodes.size();
    if (count == 0) {
      throw new IllegalArgumentException(
          "cluster '" + cluster.name() + "' has no nodes: add a node group with a positive count");
    }
    ids = new ArrayList<>(count);
    racks = new ArrayList<>(count);
    capMem = new double[count];
    capCpu = new double[count];
    arMem = new double[count];
    arCpu = new double[count];
    for (int i = 0; i < count; i++) {
      Node n = nodes.get(i);
      ids.add(n.id());
      racks.add(n.rack());
      capMem[i] = n.capacity().memoryMB();
      capCpu[i] = n.capacity().vcores();
      Resources ar = n.allowance() == null ? n.capacity() : n.allowance();
      arMem[i] = Math.min(ar.memoryMB(), capMem[i]);
      arCpu[i] = Math.min(ar.vcores(), capCpu[i]);
      if (capMem[i] <= 0 || capCpu[i] <= 0) {
        throw new IllegalArgumentException(
            "node "
                + n.id()
                + " has capacity "
                + n.capacity()
                + ": memory and vcores must be positive");
      }
    }
    resMem = new double[count];
    resCpu = new double[count];
    memDemand = new double[count];
    cpuDemand = new double[count];
    progress = new double[count];
    clock = new double[count];
    speed = new double[count];
    Arrays.fill(speed, 1.0);
    down = new boolean[count];
    randomRank = new int[count];
    for (int i = 0; i < count; i++) randomRank[i] = i;
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = count - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = randomRank[i];
      randomRank[i] = randomRank[j];
      randomRank[j] = t;
    }
  }

  /** Moves node {@code n}'s progress clock to simulated time {@code at}. */
  void advance(int n, double at) {
    progress[n] += speed[n] * (at - clock[n]);
    clock[n] = at;
  }

  /** A task with request (reqMem, reqCpu) starts on {@code n} with usage (mem, cpu). */
  void add(int n, double reqMem, double reqCpu, double mem, double cpu) {
    memDemand[n] += mem;
    cpuDemand[n] += cpu;
    resMem[n] += reqMem;
    resCpu[n] += reqCpu;
  }

  /**
   * A task with request (reqMem, reqCpu) and usage (mem, cpu) leaves {@code n}; reservations that
   * cancel out up to rounding are set to exactly zero.
   */
  void remove(int n, double reqMem, double reqCpu, double mem, double cpu) {
    memDemand[n] -= mem;
    cpuDemand[n] -= cpu;
    resMem[n] -= reqMem;
    resCpu[n] -= reqCpu;
    if (Math.abs(resMem[n]) < 1e-6) resMem[n] = 0;
    if (Math.abs(resCpu[n]) < 1e-9) resCpu[n] = 0;
  }

  /** True when {@code n}'s memory demand exceeds its capacity (its risers crash). */
  boolean memoryOverflows(int n) {
    return memDemand[n] > capMem[n] * (1 + 1e-12);
  }

  /**
   * Node {@code n} has no task any more: its demand is exactly zero and its clock runs at rate 1.
   */
  void emptied(int n) {
    memDemand[n] = 0;
    cpuDemand[n] = 0;
    speed[n] = 1;
  }

  /**
   * Recomputes {@code n}'s speed from its CPU demand and returns the simulated time at which its
   * progress clock reaches {@code nextKey} (the next phase end of its tasks).
   */
  double nextEventTime(int n, double nextKey) {
    speed[n] = cpuDemand[n] > capCpu[n] ? capCpu[n] / cpuDemand[n] : 1.0;
    double dv = Math.max(0, nextKey - progress[n]);
    return clock[n] + dv / speed[n];
  }

  /**
   * Every node reports its tasks' usage to {@code policy}. CPU is reported in thousandths of a
   * vcore, the resolution of usage data ({@link UsageProfiles}): the running sum of the CPU demand
   * drifts in its last bits as tasks come and go, and a report of 3.0000000000004 vcores for tasks
   * using exactly their 3 requested vcores would make eq. 3 raise the estimate above the
   * reservation.
   */
  void heartbeat(SchedulerPolicy policy) {
    for (int n = 0; n < count; n++) {
      policy.heartbeat(
          n, memDemand[n], Math.round(Math.min(cpuDemand[n], capCpu[n]) * 1000) / 1000.0);
    }
  }

  /** The distinct (allowance memory, allowance CPU, capacity memory) shapes of the nodes. */
  double[][] distinctShapes() {
    Map<String, double[]> m = new HashMap<>();
    for (int i = 0; i < count; i++) {
      double[] s = {arMem[i], arCpu[i], capMem[i]};
      m.putIfAbsent(s[0] + "/" + s[1] + "/" + s[2], s);
    }
    return m.values().toArray(new double[0][]);
  }

  // ---- SimNodes ----

  @Override
  public int count() {
    return count;
  }

  @Override
  public double capacity(int node, int r) {
    return r == SchedulerPolicy.MEMORY ? capMem[node] : capCpu[node];
  }

  @Override
  public double allowance(int node, int r) {
    return r == SchedulerPolicy.MEMORY ? arMem[node] : arCpu[node];
  }

  @Override
  public double reserved(int node, int r) {
    return r == SchedulerPolicy.MEMORY ? resMem[node] : resCpu[node];
  }
}
