package io.rayon.engine.federation;

import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationSetup;
import io.rayon.model.federation.JobSpec;
import io.rayon.model.federation.RackSpec;
import io.rayon.model.federation.RequestSpec;
import io.rayon.model.federation.SubClusterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A federation setup compiled for share determination: live capacity per node, rack and sub-cluster
 * (after failures), the queue tree, and the demand of every leaf queue in every sub-cluster, kept
 * as located demand entries (node, rack or any) after the Router and AM–RM proxy policies of {@link
 * Routing} have sent each request somewhere. Immutable once built.
 */
public final class Federation {
  static final int NODE = 0;
  static final int RACK = 1;
  static final int ANY = 2;

  final String[] scNames;
  final boolean[] scDown;
  final long[] scCap;
  final long totalCap;

  /** global rack index: its sub-cluster, its first node, node count; live capacity */
  final int[] rackSc;

  final int[] rackFirstNode;
  final int[] rackNodes;
  final long[] rackCap;
  final long[] nodeCap;
  final int[] nodeRack;
  final QueueTree tree;
  // demand entries: leaf, sub-cluster, kind, target (node or rack index, -1), count, original kind
  final int[] eLeaf;
  final int[] eSc;
  final int[] eKind;
  final int[] eTarget;
  final long[] eCount;
  final int[] eOrig;

  /** entries per sub-cluster, and the "any" entries per leaf */
  final int[][] entriesOfSc;

  final int[][] anyOfLeaf;

  /** demand[leaf][sc] after routing; located[leaf][sc] = its node and rack part; anyDemand[leaf] */
  final double[][] demand;

  final double[][] located;
  final double[] anyDemand;
  final double[] leafDemand;
  final int nodeCount;
  final int unavailableNodes;

  private Federation(Builder b) {
    this.scNames = b.scNames;
    this.scDown = b.scDown;
    this.scCap = b.scCap;
    long t = 0;
    for (long c : scCap) t += c;
    this.totalCap = t;
    this.rackSc = b.rackSc;
    this.rackFirstNode = b.rackFirstNode;
    this.rackNodes = b.rackNodes;
    this.rackCap = b.rackCap;
    this.nodeCap = b.nodeCap;
    this.nodeRack = b.nodeRack;
    this.tree = b.tree;
    int n = b.eLeaf.size();
    eLeaf = new int[n];
    eSc = new int[n];
    eKind = new int[n];
    eTarget = new int[n];
    eCount = new long[n];
    eOrig = new int[n];
    int s = scNames.length;
    int leaves = tree.leafCount();
    demand = new double[leaves][s];
    located = new double[leaves][s];
    anyDemand = new double[leaves];
    leafDemand = new double[leaves];
    int[] perSc = new int[s];
    int[] perLeafAny = new int[leaves];
    for (int i = 0; i < n; i++) {
      eLeaf[i] = b.eLeaf.get(i);
      eSc[i] = b.eSc.get(i);
      eKind[i] = b.eKind.get(i);
      eTarget[i] = b.eTarget.get(i);
      eCount[i] = b.eCount.get(i);
      eOrig[i] = b.eOrig.get(i);
      perSc[eSc[i]]++;
      demand[eLeaf[i]][eSc[i]] += eCount[i];
      leafDemand[eLeaf[i]] += eCount[i];
      if (eKind[i] == ANY) {
        anyDemand[eLeaf[i]] += eCount[i];
        perLeafAny[eLeaf[i]]++;
      } else {
        located[eLeaf[i]][eSc[i]] += eCount[i];
      }
    }
    entriesOfSc = new int[s][];
    for (int j = 0; j < s; j++) entriesOfSc[j] = new int[perSc[j]];
    anyOfLeaf = new int[leaves][];
    for (int l = 0; l < leaves; l++) anyOfLeaf[l] = new int[perLeafAny[l]];
    Arrays.fill(perSc, 0);
    Arrays.fill(perLeafAny, 0);
    for (int i = 0; i < n; i++) {
      entriesOfSc[eSc[i]][perSc[eSc[i]]++] = i;
      if (eKind[i] == ANY) anyOfLeaf[eLeaf[i]][perLeafAny[eLeaf[i]]++] = i;
    }
    this.nodeCount = nodeCap.length;
    this.unavailableNodes = b.unavailable;
  }

  public QueueTree tree() {
    return tree;
  }

  public int subClusterCount() {
    return scNames.length;
  }

  public String subClusterName(int j) {
    return scNames[j];
  }

  /** Live capacity of a sub-cluster in containers (0 while its RM is down). */
  public long capacity(int j) {
    return scCap[j];
  }

  public long totalCapacity() {
    return totalCap;
  }

  public boolean isDown(int j) {
    return scDown[j];
  }

  /** The most nodes a federation can hold: the longest array the JVM makes. */
  public static final int MAX_NODES = Integer.MAX_VALUE - 8;

  public int nodeCount() {
    return nodeCount;
  }

  public int unavailableNodeCount() {
    return unavailableNodes;
  }

  /** Demand of a leaf queue in a sub-cluster, in containers, after routing. */
  public double demand(int leaf, int j) {
    return demand[leaf][j];
  }

  /** Total demand of a leaf queue. */
  public double leafDemand(int leaf) {
    return leafDemand[leaf];
  }

  /**
   * Compiles a setup.
   *
   * @throws IllegalArgumentException naming the place in the setup ({@code
   *     $.jobs[3].requests[0].at}) and what is wrong
   */
  public static Federation of(FederationSetup setup, Routing routing) {
    return of(setup, routing, 0);
  }

  /**
   * Compiles one decision round of a setup: the jobs pending in that round ({@link
   * JobSpec#activeIn}) and the failures in force then ({@link FailureSpec#inRound}). Every job is
   * checked, pending or not, so errors name the same place in every round.
   *
   * @throws IllegalArgumentException naming the place in the setup and what is wrong
   */
  public static Federation of(FederationSetup setup, Routing routing, int round) {
    return new Builder(setup, routing, round).build();
  }

  /**
   * How many decision rounds a setup spans: up to the last round a job arrives in or leaves, or the
   * RMs come back up; at least 1.
   */
  public static int rounds(FederationSetup setup) {
    long r = 1;
    for (JobSpec j : setup.jobs())
      r = Math.max(r, (long) Math.max(0, j.arrival()) + Math.max(1, j.duration()));
    FailureSpec f = setup.failures();
    if (!f.downSubClusters().isEmpty())
      r = Math.max(r, Math.max(f.downUntil(), (long) f.downFrom() + 1));
    return (int) Math.min(r, Integer.MAX_VALUE);
  }

  private static final class Builder {
    final FederationSetup setup;
    final Routing routing;
    final int round;
    final FailureSpec failures;
    String[] scNames;
    boolean[] scDown;
    long[] scCap;
    int[] rackSc;
    int[] rackFirstNode;
    int[] rackNodes;
    long[] rackCap;
    long[] nodeCap;
    int[] nodeRack;
    QueueTree tree;
    int unavailable;
    final List<Integer> eLeaf = new ArrayList<>();
    final List<Integer> eSc = new ArrayList<>();
    final List<Integer> eKind = new ArrayList<>();
    final List<Integer> eTarget = new ArrayList<>();
    final List<Long> eCount = new ArrayList<>();
    final List<Integer> eOrig = new ArrayList<>();

    Builder(FederationSetup setup, Routing routing, int round) {
      this.setup = setup;
      this.routing = routing;
      this.round = round;
      this.failures = setup.failures().inRound(round);
    }

    Federation build() {
      if (setup.formatVersion() != FederationSetup.FORMAT_VERSION) {
        throw new IllegalArgumentException(
            "$.formatVersion: "
                + setup.formatVersion()
                + " is not "
                + FederationSetup.FORMAT_VERSION);
      }
      List<SubClusterSpec> scs = setup.subClusters();
      if (scs.isEmpty())
        throw new IllegalArgumentException(
            "$.subClusters: a federation needs at least one sub-cluster");
      int s = scs.size();
      scNames = new String[s];
      scDown = new boolean[s];
      scCap = new long[s];
      Map<String, Integer> scIndex = new HashMap<>();
      Map<String, Integer> rackIndex = new HashMap<>();
      int racks = 0;
      int nodes = 0;
      for (int j = 0; j < s; j++) {
        SubClusterSpec sc = scs.get(j);
        if (sc.name().isEmpty() || sc.name().contains("/"))
          throw new IllegalArgumentException(
              "$.subClusters["
                  + j
                  + "].name: '"
                  + sc.name()
                  + "' must be non-empty and without '/'");
        if (scIndex.put(sc.name(), j) != null)
          throw new IllegalArgumentException(
              "$.subClusters[" + j + "].name: sub-cluster '" + sc.name() + "' is named twice");
        scNames[j] = sc.name();
        for (int r = 0; r < sc.racks().size(); r++) {
          RackSpec rk = sc.racks().get(r);
          String at = "$.subClusters[" + j + "].racks[" + r + "]";
          if (rk.nodes() < 0)
            throw new IllegalArgumentException(at + ".nodes: " + rk.nodes() + " is negative");
          if (rk.containersPerNode() <= 0)
            throw new IllegalArgumentException(
                at + ".containersPerNode: " + rk.containersPerNode() + " must be positive");
          if (rk.name().isEmpty() || rk.name().contains("/"))
            throw new IllegalArgumentException(
                at + ".name: '" + rk.name() + "' must be non-empty and without '/'");
          if (rackIndex.put(sc.name() + "/" + rk.name(), racks) != null)
            throw new IllegalArgumentException(
                at
                    + ".name: rack '"
                    + rk.name()
                    + "' is named twice in sub-cluster '"
                    + sc.name()
                    + "'");
          racks++;
          // the nodes live in arrays: their total must be an array's length, not wrap around
          if (rk.nodes() > MAX_NODES - nodes)
            throw new IllegalArgumentException(
                at
                    + ".nodes: "
                    + rk.nodes()
                    + " more nodes make the federation larger than "
                    + MAX_NODES
                    + " nodes, the most it can hold");
          nodes += rk.nodes();
        }
      }
      rackSc = new int[racks];
      rackFirstNode = new int[racks];
      rackNodes = new int[racks];
      rackCap = new long[racks];
      nodeCap = new long[nodes];
      nodeRack = new int[nodes];
      int r0 = 0;
      int n0 = 0;
      for (int j = 0; j < s; j++) {
        for (RackSpec rk : scs.get(j).racks()) {
          rackSc[r0] = j;
          rackFirstNode[r0] = n0;
          rackNodes[r0] = rk.nodes();
          for (int i = 0; i < rk.nodes(); i++) {
            nodeCap[n0] = rk.containersPerNode();
            nodeRack[n0] = r0;
            n0++;
          }
          r0++;
        }
      }
      applyFailures(scIndex);
      for (int r = 0; r < racks; r++) {
        long c = 0;
        for (int i = 0; i < rackNodes[r]; i++) c += nodeCap[rackFirstNode[r] + i];
        rackCap[r] = c;
        scCap[rackSc[r]] += c;
      }
      boolean anyLive = false;
      for (int j = 0; j < s; j++) anyLive |= !scDown[j];
      if (!anyLive)
        throw new IllegalArgumentException(
            "$.failures.downSubClusters: every sub-cluster is down"
                + (round > 0 ? " in round " + round : "")
                + "; nothing can be allocated");
      tree = QueueTree.of(setup.queues());
      route(scIndex, rackIndex);
      return new Federation(this);
    }

    private void applyFailures(Map<String, Integer> scIndex) {
      FailureSpec all = setup.failures();
      for (int i = 0; i < all.downSubClusters().size(); i++) {
        if (!scIndex.containsKey(all.downSubClusters().get(i))) {
          throw new IllegalArgumentException(
              "$.failures.downSubClusters["
                  + i
                  + "]: no sub-cluster named '"
                  + all.downSubClusters().get(i)
                  + "'");
        }
      }
      if (all.downFrom() < 0)
        throw new IllegalArgumentException(
            "$.failures.downFrom: " + all.downFrom() + " is negative");
      if (all.downUntil() < 0)
        throw new IllegalArgumentException(
            "$.failures.downUntil: " + all.downUntil() + " is negative");
      if (all.downUntil() > 0 && all.downUntil() <= all.downFrom()) {
        throw new IllegalArgumentException(
            "$.failures.downUntil: "
                + all.downUntil()
                + " is not after downFrom "
                + all.downFrom()
                + " (0 = down until the end)");
      }
      FailureSpec f = failures;
      for (String name : f.downSubClusters()) scDown[scIndex.get(name)] = true;
      if (!(f.unavailableNodes() >= 0 && f.unavailableNodes() <= 0.05)) {
        throw new IllegalArgumentException(
            "$.failures.unavailableNodes: "
                + f.unavailableNodes()
                + " is not a fraction from 0 to 0.05 (at most 5% of machines)");
      }
      int n = nodeCap.length;
      unavailable = (int) Math.round(f.unavailableNodes() * n);
      // a seeded partial Fisher-Yates shuffle picks the unavailable machines
      int[] perm = new int[n];
      for (int i = 0; i < n; i++) perm[i] = i;
      SplittableRandom rnd = new SplittableRandom(f.seed());
      for (int i = 0; i < unavailable; i++) {
        int k = i + rnd.nextInt(n - i);
        int t = perm[i];
        perm[i] = perm[k];
        perm[k] = t;
        nodeCap[perm[i]] = 0;
      }
      for (int i = 0; i < n; i++) if (scDown[rackSc[nodeRack[i]]]) nodeCap[i] = 0;
    }

    private void route(Map<String, Integer> scIndex, Map<String, Integer> rackIndex) {
      int s = scNames.length;
      double[] asked = new double[s];
      List<JobSpec> jobs = setup.jobs();
      int[] jobLeaf = new int[jobs.size()];
      Set<String> ids = new HashSet<>();
      // first pass: check, and send node and rack requests to their owners
      List<long[]> deferred = new ArrayList<>(); // job, request index, count, original kind
      for (int k = 0; k < jobs.size(); k++) {
        JobSpec job = jobs.get(k);
        String at = "$.jobs[" + k + "]";
        if (!ids.add(job.id()))
          throw new IllegalArgumentException(at + ".id: job '" + job.id() + "' appears twice");
        int leaf = job.queue() == null ? -2 : tree.leafIndex(job.queue());
        if (leaf == -2)
          throw new IllegalArgumentException(at + ".queue: no queue named '" + job.queue() + "'");
        if (leaf < 0)
          throw new IllegalArgumentException(
              at + ".queue: '" + job.queue() + "' is not a leaf queue; jobs run in leaf queues");
        jobLeaf[k] = leaf;
        if (job.arrival() < 0)
          throw new IllegalArgumentException(
              at + ".arrival: " + job.arrival() + " is negative (rounds count from 0)");
        if (job.duration() < 0)
          throw new IllegalArgumentException(
              at + ".duration: " + job.duration() + " is negative (0 = until the end)");
        boolean active = job.activeIn(round);
        for (int r = 0; r < job.requests().size(); r++) {
          RequestSpec q = job.requests().get(r);
          String rat = at + ".requests[" + r + "]";
          if (q.containers() < 0)
            throw new IllegalArgumentException(
                rat + ".containers: " + q.containers() + " is negative");
          if (q.containers() == 0) continue;
          String loc = q.locality() == null ? "" : q.locality();
          switch (loc) {
            case RequestSpec.NODE -> {
              int node = node(q.at(), rackIndex, rat);
              int sc = rackSc[nodeRack[node]];
              if (!active) continue;
              if (scDown[sc]) deferred.add(new long[] {k, r, q.containers(), NODE});
              else add(leaf, sc, NODE, node, q.containers(), NODE, asked);
            }
            case RequestSpec.RACK -> {
              Integer rack = q.at() == null ? null : rackIndex.get(q.at());
              if (rack == null)
                throw new IllegalArgumentException(
                    rat + ".at: no rack '" + q.at() + "' (write sub-cluster/rack)");
              int sc = rackSc[rack];
              if (!active) continue;
              if (scDown[sc]) deferred.add(new long[] {k, r, q.containers(), RACK});
              else add(leaf, sc, RACK, rack, q.containers(), RACK, asked);
            }
            case RequestSpec.ANY -> {
              if (q.at() != null)
                throw new IllegalArgumentException(
                    rat + ".at: an 'any' request has no place; remove 'at'");
              if (active) deferred.add(new long[] {k, r, q.containers(), ANY});
            }
            default ->
                throw new IllegalArgumentException(
                    rat + ".locality: '" + q.locality() + "' is not node, rack or any");
          }
        }
      }
      // homes, in job order
      int[] home = new int[jobs.size()];
      SplittableRandom rnd = new SplittableRandom(routing.seed());
      double[] locatedOfJob = new double[s];
      for (int k = 0; k < jobs.size(); k++) {
        Arrays.fill(locatedOfJob, 0);
        for (RequestSpec q : jobs.get(k).requests()) {
          if (q.containers() <= 0 || q.at() == null) continue;
          String scName = q.at().substring(0, Math.max(0, q.at().indexOf('/')));
          Integer j = scIndex.get(scName);
          if (j != null && !scDown[j]) locatedOfJob[j] += q.containers();
        }
        home[k] = home(locatedOfJob, asked, rnd);
      }
      // second pass: any requests and requests of down sub-clusters, by the proxy policy
      for (long[] q : deferred) {
        int k = (int) q[0];
        int orig = (int) q[3];
        long count = q[2];
        int h = home[k];
        Routing.Proxy p = orig == ANY ? routing.proxy() : Routing.Proxy.HEADROOM;
        switch (p) {
          case HOME -> add(jobLeaf[k], h, ANY, -1, count, orig, asked);
          case HEADROOM -> spread(jobLeaf[k], count, orig, asked);
          case DELAY -> {
            if (round - jobs.get(k).arrival() < routing.delayRounds()) {
              add(jobLeaf[k], h, ANY, -1, count, orig, asked); // still waiting for the home
              continue;
            }
            long room = (long) Math.max(0, Math.floor(scCap[h] - asked[h]));
            long here = Math.min(room, count);
            if (here > 0) add(jobLeaf[k], h, ANY, -1, here, orig, asked);
            if (count - here > 0) spread(jobLeaf[k], count - here, orig, asked);
          }
        }
      }
    }

    private int node(String at, Map<String, Integer> rackIndex, String where) {
      int slash = at == null ? -1 : at.lastIndexOf('/');
      Integer rack = slash < 0 ? null : rackIndex.get(at.substring(0, slash));
      int i = -1;
      if (rack != null) {
        try {
          i = Integer.parseInt(at.substring(slash + 1));
        } catch (NumberFormatException e) {
          i = -1;
        }
      }
      if (rack == null || i < 0 || i >= rackNodes[rack]) {
        throw new IllegalArgumentException(
            where + ".at: no node '" + at + "' (write sub-cluster/rack/index, index from 0)");
      }
      return rackFirstNode[rack] + i;
    }

    private int home(double[] locatedOfJob, double[] asked, SplittableRandom rnd) {
      int s = scNames.length;
      switch (routing.router()) {
        case RANDOM -> {
          int live = 0;
          for (int j = 0; j < s; j++) if (!scDown[j]) live++;
          int pick = rnd.nextInt(live);
          for (int j = 0; j < s; j++) if (!scDown[j] && pick-- == 0) return j;
          throw new IllegalStateException("no live sub-cluster");
        }
        case WEIGHTED -> {
          double total = 0;
          for (int j = 0; j < s; j++) if (!scDown[j]) total += scCap[j];
          double x = rnd.nextDouble() * total;
          int last = -1;
          for (int j = 0; j < s; j++) {
            if (scDown[j]) continue;
            last = j;
            x -= scCap[j];
            if (x < 0) return j;
          }
          return last;
        }
        case LOCALITY -> {
          int best = -1;
          for (int j = 0; j < s; j++)
            if (!scDown[j]
                && locatedOfJob[j] > 0
                && (best < 0 || locatedOfJob[j] > locatedOfJob[best])) best = j;
          if (best >= 0) return best;
          return mostHeadroom(asked);
        }
        case LOAD -> {
          return mostHeadroom(asked);
        }
      }
      throw new IllegalStateException(routing.router().toString());
    }

    private int mostHeadroom(double[] asked) {
      int best = -1;
      for (int j = 0; j < scNames.length; j++) {
        if (scDown[j]) continue;
        if (best < 0 || scCap[j] - asked[j] > scCap[best] - asked[best]) best = j;
      }
      return best;
    }

    /**
     * Spreads containers over live sub-clusters in proportion to headroom (capacity when none has
     * any), largest remainders first.
     */
    private void spread(int leaf, long count, int orig, double[] asked) {
      int s = scNames.length;
      double[] w = new double[s];
      double total = 0;
      for (int j = 0; j < s; j++) if (!scDown[j]) total += w[j] = Math.max(0, scCap[j] - asked[j]);
      if (total <= 0) {
        for (int j = 0; j < s; j++) if (!scDown[j]) total += w[j] = scCap[j];
      }
      if (total <= 0) {
        for (int j = 0; j < s; j++) if (!scDown[j]) total += w[j] = 1;
      }
      long[] part = new long[s];
      double[] frac = new double[s];
      long given = 0;
      for (int j = 0; j < s; j++) {
        double x = count * w[j] / total;
        part[j] = (long) Math.floor(x);
        frac[j] = x - part[j];
        given += part[j];
      }
      while (given < count) {
        int best = -1;
        for (int j = 0; j < s; j++) if (w[j] > 0 && (best < 0 || frac[j] > frac[best])) best = j;
        part[best]++;
        frac[best] = -1;
        given++;
      }
      for (int j = 0; j < s; j++) if (part[j] > 0) add(leaf, j, ANY, -1, part[j], orig, asked);
    }

    private void add(int leaf, int sc, int kind, int target, long count, int orig, double[] asked) {
      eLeaf.add(leaf);
      eSc.add(sc);
      eKind.add(kind);
      eTarget.add(target);
      eCount.add(count);
      eOrig.add(orig);
      asked[sc] += count;
    }
  }
}
