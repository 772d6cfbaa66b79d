package io.rayon.engine.federation;

import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationSetup;
import io.rayon.model.federation.JobSpec;
import io.rayon.model.federation.QueueSpec;
import io.rayon.model.federation.RackSpec;
import io.rayon.model.federation.RequestSpec;
import io.rayon.model.federation.SubClusterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded generator of federated setups in the spirit of the Hydra paper's §4.2 experiments ("a few
 * hundreds of different cluster setups, each with a few tens of sub-clusters and with queue
 * hierarchies of varying sizes and complexities"): sub-clusters of unequal size (±50% around the
 * mean) in racks of 40 nodes, a queue hierarchy of the requested size whose depth is drawn from 5
 * to 12 levels, guarantees splitting each parent at random and maximums 1.5–4 times the guarantee,
 * one leaf in ten with a gang, and skewed demand: queue demand follows a Zipf-like law of exponent
 * {@code skew}, each job's data sub-cluster is drawn in proportion to the sub-cluster's size times
 * a Zipf-like weight of exponent {@code skew / 2} (hot and cold sub-clusters), total demand 0.8–1.5
 * times the capacity, requests 30% node, 30% rack, 40% without preference. With {@code rounds}
 * above 1, each job arrives in a round drawn uniformly and stays 1 to {@code rounds} rounds, so
 * demand moves over time; the total demand stated above is then per round on average, since a job
 * is pending in about half of the rounds.
 */
public final class FederationGenerator {
  private FederationGenerator() {}

  /**
   * What to generate.
   *
   * @param subClusters how many sub-clusters
   * @param nodes nodes in total
   * @param queues queues in total, root included
   * @param containersPerNode containers a node runs
   * @param skew Zipf exponent of demand over queues and sub-clusters (0 = even)
   * @param seed the seed
   * @param rounds decision rounds the jobs arrive over (1 = one decision)
   */
  public record Params(
      int subClusters,
      int nodes,
      int queues,
      int containersPerNode,
      double skew,
      long seed,
      int rounds) {
    /** One decision round. */
    public Params(
        int subClusters, int nodes, int queues, int containersPerNode, double skew, long seed) {
      this(subClusters, nodes, queues, containersPerNode, skew, seed, 1);
    }

    public Params {
      if (rounds < 1 || rounds > 1000)
        throw new IllegalArgumentException("--rounds: " + rounds + " must be from 1 to 1000");
      if ((long) nodes * containersPerNode > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "--nodes "
                + nodes
                + " x --containers-per-node "
                + containersPerNode
                + ": more than "
                + Integer.MAX_VALUE
                + " containers");
      }
      if (subClusters < 1)
        throw new IllegalArgumentException("--subclusters: " + subClusters + " must be at least 1");
      if (nodes < subClusters)
        throw new IllegalArgumentException(
            "--nodes: "
                + nodes
                + " must be at least the number of sub-clusters ("
                + subClusters
                + ")");
      if (queues < 2)
        throw new IllegalArgumentException(
            "--queues: " + queues + " must be at least 2 (a root and a leaf)");
      if (containersPerNode < 1)
        throw new IllegalArgumentException(
            "--containers-per-node: " + containersPerNode + " must be at least 1");
      if (!(skew >= 0 && skew <= 4))
        throw new IllegalArgumentException("--skew: " + skew + " must be from 0 to 4");
    }
  }

  public static FederationSetup generate(Params p) {
    SplittableRandom rnd = new SplittableRandom(p.seed());
    // sub-clusters of unequal size
    double[] size = new double[p.subClusters()];
    double sum = 0;
    for (int j = 0; j < size.length; j++) sum += size[j] = 0.5 + rnd.nextDouble();
    int[] nodes = new int[size.length];
    int given = 0;
    for (int j = 0; j < size.length; j++)
      given += nodes[j] = Math.max(1, (int) Math.floor(p.nodes() * size[j] / sum));
    for (int j = 0; given < p.nodes(); j = (j + 1) % size.length, given++) nodes[j]++;
    for (int j = 0; given > p.nodes(); j = (j + 1) % size.length)
      if (nodes[j] > 1) {
        nodes[j]--;
        given--;
      }
    List<SubClusterSpec> scs = new ArrayList<>();
    for (int j = 0; j < size.length; j++) {
      List<RackSpec> racks = new ArrayList<>();
      for (int left = nodes[j], r = 0; left > 0; r++) {
        int n = Math.min(40, left);
        racks.add(new RackSpec("r" + r, n, p.containersPerNode()));
        left -= n;
      }
      scs.add(new SubClusterSpec("sc" + j, racks));
    }
    // queue tree: a spine of the drawn depth, then each further queue under a random non-leaf-to-be
    int depth = Math.min(p.queues(), 5 + rnd.nextInt(8));
    List<Integer> parent = new ArrayList<>();
    List<Integer> level = new ArrayList<>();
    parent.add(-1);
    level.add(0);
    for (int i = 1; i < depth; i++) {
      parent.add(i - 1);
      level.add(i);
    }
    while (parent.size() < p.queues()) {
      // prefer shallow parents so trees are bushy, never below the drawn depth
      int par;
      do {
        par = rnd.nextInt(parent.size());
      } while (level.get(par) >= depth - 1);
      parent.add(par);
      level.add(level.get(par) + 1);
    }
    int n = parent.size();
    List<List<Integer>> kids = new ArrayList<>();
    for (int i = 0; i < n; i++) kids.add(new ArrayList<>());
    for (int i = 1; i < n; i++) kids.get(parent.get(i)).add(i);
    double[] guar = new double[n];
    double[] max = new double[n];
    guar[0] = 1;
    max[0] = 1;
    for (int i = 0; i < n; i++) {
      List<Integer> c = kids.get(i);
      if (c.isEmpty()) continue;
      double[] w = new double[c.size()];
      double ws = 0;
      for (int k = 0; k < w.length; k++) ws += w[k] = 0.2 + rnd.nextDouble();
      for (int k = 0; k < w.length; k++) {
        int q = c.get(k);
        guar[q] = Math.floor(w[k] / ws * 1e6) / 1e6;
        max[q] =
            Math.min(
                1,
                Math.max(
                    guar[q], Math.floor(guar[q] * (1.5 + 2.5 * rnd.nextDouble()) * 1e6) / 1e6));
        if (max[q] <= 0) max[q] = 1e-6;
      }
    }
    List<QueueSpec> queues = new ArrayList<>();
    List<Integer> leaves = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean leaf = kids.get(i).isEmpty();
      if (leaf) leaves.add(i);
      int gang = leaf && rnd.nextInt(10) == 0 ? 4 << rnd.nextInt(3) : 0;
      queues.add(
          new QueueSpec(
              i == 0 ? "root" : "q" + i,
              i == 0 ? null : (parent.get(i) == 0 ? "root" : "q" + parent.get(i)),
              i == 0 ? 1 : guar[i],
              i == 0 ? 1 : max[i],
              1 + rnd.nextInt(3),
              gang));
    }
    // skewed demand
    long capacity = (long) p.nodes() * p.containersPerNode();
    long totalDemand =
        (long) (capacity * (0.8 + 0.7 * rnd.nextDouble()) * (p.rounds() > 1 ? 2 : 1));
    double[] qw = zipf(leaves.size(), p.skew(), rnd);
    // a job's data sub-cluster: in proportion to size, skewed by a Zipf law of half the exponent
    double[] sw = zipf(size.length, p.skew() / 2, rnd);
    double swSum = 0;
    for (int j = 0; j < sw.length; j++) swSum += sw[j] *= nodes[j];
    for (int j = 0; j < sw.length; j++) sw[j] /= swSum;
    List<JobSpec> jobs = new ArrayList<>();
    int jobId = 0;
    for (int l = 0; l < leaves.size(); l++) {
      long d = Math.round(totalDemand * qw[l]);
      String qname = queues.get(leaves.get(l)).name();
      while (d > 0) {
        long size1 = Math.min(d, 1 + rnd.nextInt(400));
        d -= size1;
        int sc = pick(sw, rnd);
        SubClusterSpec scSpec = scs.get(sc);
        long node = size1 * 3 / 10;
        long rack = size1 * 3 / 10;
        long any = size1 - node - rack;
        List<RequestSpec> req = new ArrayList<>();
        int r = rnd.nextInt(scSpec.racks().size());
        RackSpec rk = scSpec.racks().get(r);
        for (long left = node; left > 0; ) {
          int take = (int) Math.min(left, 1 + rnd.nextInt(2 * p.containersPerNode()));
          req.add(
              new RequestSpec(
                  RequestSpec.NODE,
                  scSpec.name() + "/" + rk.name() + "/" + rnd.nextInt(rk.nodes()),
                  take));
          left -= take;
        }
        if (rack > 0)
          req.add(new RequestSpec(RequestSpec.RACK, scSpec.name() + "/" + rk.name(), (int) rack));
        if (any > 0) req.add(new RequestSpec(RequestSpec.ANY, null, (int) any));
        int arrival = p.rounds() > 1 ? rnd.nextInt(p.rounds()) : 0;
        int duration = p.rounds() > 1 ? 1 + rnd.nextInt(p.rounds()) : 0;
        jobs.add(new JobSpec("j" + jobId++, qname, req, arrival, duration));
      }
    }
    return new FederationSetup(
        FederationSetup.FORMAT_VERSION,
        "generated-"
            + p.subClusters()
            + "x"
            + p.nodes()
            + "-q"
            + p.queues()
            + "-s"
            + p.seed()
            + (p.rounds() > 1 ? "-r" + p.rounds() : ""),
        scs,
        queues,
        jobs,
        FailureSpec.NONE);
  }

  /** Zipf-like weights over n items in a random order, summing to 1. */
  private static double[] zipf(int n, double s, SplittableRandom rnd) {
    double[] w = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) sum += w[i] = 1 / Math.pow(i + 1, s);
    for (int i = 0; i < n; i++) w[i] /= sum;
    for (int i = n - 1; i > 0; i--) {
      int k = rnd.nextInt(i + 1);
      double t = w[i];
      w[i] = w[k];
      w[k] = t;
    }
    return w;
  }

  private static int pick(double[] w, SplittableRandom rnd) {
    double x = rnd.nextDouble();
    for (int i = 0; i < w.length; i++) {
      x -= w[i];
      if (x < 0) return i;
    }
    return w.length - 1;
  }
}
