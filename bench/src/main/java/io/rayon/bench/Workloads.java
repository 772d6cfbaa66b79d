package io.rayon.bench;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The benchmark workloads, generated once per seed as our RDL {@link ReservationRequest}s inside a
 * {@link Scenario} (cluster, step length, horizon). {@link io.rayon.bench.hadoop.HadoopTranslation}
 * turns the same requests into Hadoop's {@code ReservationDefinition}s. Every generator is
 * deterministic for a seed and independent of any plan's state, so each planner sees identical
 * input. Requests are listed in arrival order (ties keep generation order) and placed in that order.
 *
 * <p>Every node is (8 GB, 8 vcores) and every bundle is one YARN container of (1 GB, 1 vcore): 8
 * bundles per node.
 */
public final class Workloads {
  private Workloads() {}

  public static final Resources NODE = Resources.of(8192, 8);
  public static final Resources BUNDLE = Resources.of(1024, 1);

  /**
   * Workload (i), modelled on Hadoop's {@code TestReservationAgents}: {@code count} requests, each
   * {@code window(order(atom_1 .. atom_k), s, f)}, on {@code nodes} nodes over 24 hours. Per request:
   * a duration bound D uniform in [1 step, 1 h]; k uniform in {1..4} stages (Hadoop's test gets
   * one stage per free segment of its plan, usually 1 to a few); stage j asks for n_j containers
   * uniform in [1, a quarter of the cluster's containers] for d_j steps uniform in [1, D], i.e. the
   * atom {@code atom(<1024,1>, 1, n_j, d_j, n_j*d_j)}; the window length is (sum of d_j) times a
   * factor uniform in [1, 10] (the test's "up to 10x the duration"), capped at the horizon, and
   * starts uniformly where it fits. Every request fits an empty plan. Unlike Hadoop's test, which
   * sizes stages from the free space of the plan it is filling, the requests do not look at any
   * plan, so each planner gets the same input.
   */
  public static Scenario randomOrders(long seed, int count, int nodes, long stepSeconds) {
    if (count < 1 || nodes < 1 || stepSeconds < 1) {
      throw new IllegalArgumentException("count, nodes and stepSeconds must be positive");
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = ceilDiv(24 * 3600, stepSeconds);
    long hour = Math.max(1, 3600 / stepSeconds);
    long containers = (long) nodes * NODE.fitCount(BUNDLE);
    long maxWidth = Math.max(1, containers / 4);
    List<ReservationRequest> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      long d = 1 + rnd.nextLong(hour);
      int k = 1 + rnd.nextInt(4);
      List<Rdl> stages = new ArrayList<>(k);
      long sum = 0;
      for (int j = 0; j < k; j++) {
        int n = (int) (1 + rnd.nextLong(maxWidth));
        long dj = 1 + rnd.nextLong(d);
        stages.add(Rdl.atom(BUNDLE, 1, n, dj, n * dj));
        sum += dj;
      }
      long window = Math.min(horizon, (long) Math.ceil(sum * (1 + 9 * rnd.nextDouble())));
      window = Math.max(window, Math.min(sum, horizon));
      long start = horizon == window ? 0 : rnd.nextLong(horizon - window + 1);
      Rdl rdl = Rdl.window(new Rdl.Order(stages), start, start + window);
      out.add(new ReservationRequest("order-" + i, "order-" + i, "u1", "dedicated", rdl, 0, start));
    }
    return scenario(
        "random-orders-" + count + "x" + nodes,
        "Workload (i): " + count + " random order requests on " + nodes + " nodes of (8 GB, 8 vcores) over 24 h",
        nodes, stepSeconds, horizon, out);
  }

  /** Model parameters of {@link #swimAtoms}; {@link #DEFAULT} is what the benchmark uses. */
  public record SwimModel(
      long blockBytes, long reduceBytes, double taskOverheadSeconds, double bytesPerTaskSecond,
      double offeredLoad, double maxWidthFraction, long maxLeaseSteps, double minSlack, double maxSlack) {
    public static final SwimModel DEFAULT =
        new SwimModel(128L << 20, 1L << 30, 60, 4e6, 0.8, 0.10, 180, 2.0, 5.0);
  }

  /**
   * Workloads (ii) and (iii): {@code count} atom jobs drawn (seeded, with replacement) from a SWIM
   * trace, on {@code nodes} nodes, 24 hours in steps of {@code stepSeconds}. The trace holds only
   * bytes and submit times, so each job is modelled:
   *
   * <ol>
   *   <li>tasks t0 = max(1, ceil(input / 128 MiB)) maps + (shuffle > 0 ? max(1, ceil(shuffle / 1
   *       GiB)) : 0) reduces; task length s0 = 60 s + (all bytes / t0) / (4 MB/s);
   *   <li>the trace comes from a ~600-node cluster, so jobs are scaled up to the simulated cluster
   *       (the paper scaled its workloads to its cluster too): n = clamp(ceil(t0 * f), 1, 10% of the
   *       cluster's containers) bundles of (1 GB, 1 vcore) for l = clamp(ceil(s0 * f / step), 1, 3 h)
   *       steps, with one factor f (found by bisection) that makes the offered work, the sum of n*l,
   *       0.8 of the cluster's capacity over the horizon;
   *   <li>the job is the atom {@code atom(<1024,1>, 1, n, l, n*l)} (malleable, any number of its n
   *       tasks at once, each running l steps, as a MapReduce job), inside a window of length
   *       ceil(l * slack), slack uniform in [2, 5], placed by the job's submit time of day:
   *       start = floor(submit / 86400 s * (horizon - window)).
   * </ol>
   */
  public static Scenario swimAtoms(List<SwimJob> trace, long seed, int count, int nodes, long stepSeconds) {
    return swimAtoms(trace, seed, count, nodes, stepSeconds, SwimModel.DEFAULT);
  }

  public static Scenario swimAtoms(
      List<SwimJob> trace, long seed, int count, int nodes, long stepSeconds, SwimModel m) {
    if (trace.isEmpty()) throw new IllegalArgumentException("empty SWIM trace");
    if (count < 1 || nodes < 1 || stepSeconds < 1) {
      throw new IllegalArgumentException("count, nodes and stepSeconds must be positive");
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = ceilDiv(24 * 3600, stepSeconds);
    long containers = (long) nodes * NODE.fitCount(BUNDLE);
    long maxWidth = Math.max(1, (long) Math.floor(containers * m.maxWidthFraction()));
    long maxLease = Math.max(1, Math.min(m.maxLeaseSteps(), horizon / 2));
    int size = trace.size();
    SwimJob[] picked = new SwimJob[count];
    double[] t0 = new double[count];
    double[] s0 = new double[count];
    double[] slack = new double[count];
    for (int i = 0; i < count; i++) {
      SwimJob j = trace.get(rnd.nextInt(size));
      picked[i] = j;
      long maps = Math.max(1, ceilDiv(j.inputBytes(), m.blockBytes()));
      long reduces = j.shuffleBytes() == 0 ? 0 : Math.max(1, ceilDiv(j.shuffleBytes(), m.reduceBytes()));
      t0[i] = maps + reduces;
      s0[i] = m.taskOverheadSeconds() + j.totalBytes() / t0[i] / m.bytesPerTaskSecond();
      slack[i] = m.minSlack() + (m.maxSlack() - m.minSlack()) * rnd.nextDouble();
    }
    double target = m.offeredLoad() * containers * horizon;
    double lo = 1e-6, hi = 1e6;
    for (int it = 0; it < 100; it++) {
      double f = Math.sqrt(lo * hi);
      if (offered(t0, s0, f, stepSeconds, maxWidth, maxLease) < target) lo = f;
      else hi = f;
    }
    double f = lo;
    List<ReservationRequest> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      long n = width(t0[i], f, maxWidth);
      long l = lease(s0[i], f, stepSeconds, maxLease);
      long window = Math.min(horizon, (long) Math.ceil(l * slack[i]));
      double tod = (picked[i].submitSeconds() % 86400) / 86400.0;
      long start = (long) Math.floor(tod * (horizon - window));
      Rdl rdl = Rdl.window(Rdl.atom(BUNDLE, 1, (int) n, l, n * l), start, start + window);
      String id = "swim-" + i + "-" + picked[i].id();
      out.add(new ReservationRequest(id, id, "u1", "dedicated", rdl, 0, start));
    }
    out.sort(Comparator.comparingLong(ReservationRequest::arrival));
    return scenario(
        "swim-atoms-" + count + "x" + nodes,
        String.format(
            "%d SWIM atom jobs on %d nodes of (8 GB, 8 vcores) over 24 h, scale factor %.3g, offered load %.2f",
            count, nodes, f, m.offeredLoad()),
        nodes, stepSeconds, horizon, out);
  }

  private static double offered(double[] t0, double[] s0, double f, long step, long maxWidth, long maxLease) {
    double w = 0;
    for (int i = 0; i < t0.length; i++) w += (double) width(t0[i], f, maxWidth) * lease(s0[i], f, step, maxLease);
    return w;
  }

  private static long width(double t0, double f, long maxWidth) {
    return Math.max(1, Math.min(maxWidth, (long) Math.ceil(t0 * f)));
  }

  private static long lease(double s0, double f, long step, long maxLease) {
    return Math.max(1, Math.min(maxLease, (long) Math.ceil(s0 * f / step)));
  }

  private static Scenario scenario(
      String name, String description, int nodes, long stepSeconds, long horizon, List<ReservationRequest> rs) {
    List<ReservationRequest> sorted = new ArrayList<>(rs);
    sorted.sort(Comparator.comparingLong(ReservationRequest::arrival));
    Cluster cluster = Cluster.of(name, NodeGroup.of("n", nodes, NODE));
    return new Scenario(
        Scenario.FORMAT_VERSION, name, description, stepSeconds, horizon, cluster, null, List.of("u1"),
        SharingPolicySpec.NONE, sorted, null, null);
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
