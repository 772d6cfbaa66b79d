package io.rayon.bench;

import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.SwimImporter;
import io.rayon.engine.trace.TraceImporters;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.io.FormatException;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The benchmark workloads, generated once per seed as our RDL {@link ReservationRequest}s inside a
 * {@link Scenario} (cluster, step length, horizon). {@link io.rayon.bench.hadoop.HadoopTranslation}
 * turns the same requests into Hadoop's {@code ReservationDefinition}s. Every generator is
 * deterministic for a seed and independent of any plan's state, so each planner sees identical
 * input. Requests are listed in arrival order (ties keep generation order) and placed in that
 * order.
 *
 * <p>Every node is (8 GB, 8 vcores) and every bundle is one YARN container of (1 GB, 1 vcore): 8
 * bundles per node.
 */
public final class Workloads {
  private Workloads() {}

  public static final Resources NODE = Resources.of(8192, 8);

  /**
   * The queue tree: a root with one reservable queue, {@code dedicated}, holding the whole cluster,
   * as Hadoop's agents get it ({@code root.dedicated}); every request goes there, so a saved
   * workload is a scenario {@code rayon plan} accepts.
   */
  static final Queue QUEUES =
      new Queue("root", 1.0, 1.0, 1.0, false, List.of(Queue.leaf("dedicated", 1.0, 1.0, true)));

  public static final Resources BUNDLE = Resources.of(1024, 1);

  /**
   * Workload (i), modelled on Hadoop's {@code TestReservationAgents}: {@code count} requests, each
   * {@code window(order(atom_1 .. atom_k), s, f)}, on {@code nodes} nodes over 24 hours. Per
   * request: a duration bound D uniform in [1 step, 1 h]; k uniform in {1..4} stages (Hadoop's test
   * gets one stage per free segment of its plan, usually 1 to a few); stage j asks for n_j
   * containers uniform in [1, a quarter of the cluster's containers] for d_j steps uniform in [1,
   * D], i.e. the atom {@code atom(<1024,1>, 1, n_j, d_j, n_j*d_j)}; the window length is (sum of
   * d_j) times a factor uniform in [1, 10] (the test's "up to 10x the duration"), capped at the
   * horizon, and starts uniformly where it fits. Every request fits an empty plan. Unlike Hadoop's
   * test, which sizes stages from the free space of the plan it is filling, the requests do not
   * look at any plan, so each planner gets the same input.
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
        "Workload (i): "
            + count
            + " random order requests on "
            + nodes
            + " nodes of (8 GB, 8 vcores) over 24 h",
        nodes,
        stepSeconds,
        horizon,
        out);
  }

  /**
   * How {@link #swimAtoms} turns imported jobs into atoms; {@link #DEFAULT} is what the benchmark
   * uses: offered load 0.8, no job wider than 10% of the cluster's containers, no task longer than
   * 3 h (180 steps at one-minute steps, 10,800 at one-second steps: the same jobs at any step),
   * windows 2 to 5 times the task length.
   */
  public record SwimModel(
      double offeredLoad,
      double maxWidthFraction,
      long maxLeaseSeconds,
      double minSlack,
      double maxSlack) {
    public static final SwimModel DEFAULT = new SwimModel(0.8, 0.10, 3 * 3600, 2.0, 5.0);
  }

  /** Reads a SWIM trace with the project's {@link SwimImporter} and its default model. */
  public static Workload readSwim(Path file) {
    try {
      return new SwimImporter().read(file, ImportOptions.DEFAULT).workload();
    } catch (FormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read SWIM trace " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * A trace for workloads (ii) and (iii) other than SWIM ({@code --trace}): the jobs that {@link
   * #swimAtoms} can turn into atoms, the short name that labels the workloads, and how many jobs
   * were left out.
   *
   * @param name short name of the trace, from its file name ({@link #traceName})
   * @param format the importer's name ({@link TraceImporters#formats()})
   * @param workload the imported jobs that have at least one task and a positive task duration
   * @param imported the jobs the importer produced
   * @param noTasks jobs left out here: no tasks, or tasks of no duration
   * @param importerNotes the importer's warnings (records it ignored or skipped, rules it applied)
   */
  public record TraceInput(
      String name,
      String format,
      Workload workload,
      int imported,
      int noTasks,
      List<String> importerNotes) {
    public TraceInput {
      importerNotes = List.copyOf(importerNotes);
    }
  }

  /**
   * The importer's name for a trace file, from its name (a trailing {@code .gz} aside): {@code
   * .swf} → swf (Parallel Workloads Archive), {@code .tsv} → swim, {@code .csv} → alibaba-gpu
   * (Alibaba's cluster-trace-gpu-v2023 pod list, {@code openb_pod_list_*.csv}); other names are
   * refused, naming the file, as the importer cannot be told from them (SLS and Rumen are both
   * JSON).
   */
  public static String traceFormat(Path file) {
    String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (n.endsWith(".gz")) n = n.substring(0, n.length() - 3);
    if (n.endsWith(".swf")) return "swf";
    if (n.endsWith(".tsv")) return "swim";
    if (n.endsWith(".csv")) return ALIBABA_GPU;
    throw new IllegalArgumentException(
        "cannot tell the format of '"
            + file
            + "' from its name: give a SWIM trace (.tsv), a Parallel Workloads Archive log"
            + " (.swf or .swf.gz) or an Alibaba GPU pod list (openb_pod_list_*.csv)");
  }

  /**
   * The importer's name for Alibaba's cluster-trace-gpu-v2023 ({@link
   * io.rayon.engine.trace.AlibabaGpuImporter}).
   */
  static final String ALIBABA_GPU = "alibaba-gpu";

  /**
   * A short name for a trace, from its file name: the extensions dropped, then the dash-separated
   * words up to the first that starts with a digit (the archive's year and version), e.g. {@code
   * KTH-SP2-1996-2.1-cln.swf.gz} → {@code KTH-SP2}, {@code NASA-iPSC-1993-3.1-cln.swf.gz} → {@code
   * NASA-iPSC}; a name that starts with a digit is kept whole.
   */
  public static String traceName(Path file) {
    String n = file.getFileName().toString();
    // Alibaba's pod lists are named openb_pod_list_<part>.csv: the trace's name, not the file's
    if (n.toLowerCase(Locale.ROOT).endsWith(".csv")) return "Alibaba-GPU";
    n = n.replaceAll("(?i)(\\.gz)$", "").replaceAll("(?i)\\.(swf|tsv|json|csv|txt)$", "");
    StringBuilder sb = new StringBuilder();
    for (String w : n.split("-")) {
      if (w.isEmpty() || Character.isDigit(w.charAt(0))) break;
      if (sb.length() > 0) sb.append('-');
      sb.append(w);
    }
    return sb.length() == 0 ? n : sb.toString();
  }

  /**
   * Reads a trace with the project's importer for its format ({@link #traceFormat}) at the
   * importer's defaults, and keeps the jobs {@link #swimAtoms} can use: a job with no tasks (or
   * whose tasks last no time) has no width or length to scale, so it is left out and counted rather
   * than made a one-task, one-second job. Refused with a message naming the file: an unreadable or
   * malformed file, or one with no usable job.
   */
  public static TraceInput readTrace(Path file) {
    String format = traceFormat(file);
    ImportResult r;
    try {
      r = TraceImporters.forFormat(format).read(file, ImportOptions.DEFAULT);
    } catch (FormatException e) {
      // read strictly: the importer's hint at a lenient mode names an option this harness lacks
      throw new IllegalArgumentException(
          e.getMessage().replace(" (use --lenient to skip malformed records)", ""), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read trace " + file + ": " + e.getMessage(), e);
    }
    List<Job> kept = new ArrayList<>();
    boolean perVcore = format.equals(ALIBABA_GPU);
    for (Job j : r.workload().jobs()) {
      Job k = perVcore ? taskPerVcore(j) : j;
      if (hasWork(k)) kept.add(k);
    }
    int noTasks = r.workload().jobs().size() - kept.size();
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(
          file
              + ": no job with tasks in the trace ("
              + r.workload().jobs().size()
              + " jobs read as "
              + format
              + ")");
    }
    return new TraceInput(
        traceName(file),
        format,
        new Workload(r.workload().source(), kept),
        r.workload().jobs().size(),
        noTasks,
        r.warnings());
  }

  /**
   * An Alibaba GPU pod (a job of one task) read as one task per vcore it asks for (at least one),
   * each lasting the pod's time: the analogue of a Parallel Workloads Archive job's one task per
   * processor, so that the pods' sizes, not only their run times, shape the atoms of {@link
   * #swimAtoms} (read as one task each, every pod would become an atom of the same width). The
   * request of each task is the pod's divided by that count; only the count and duration are read
   * by the atom model. GPUs are not read (the harness's plan has memory and vcores only).
   */
  static Job taskPerVcore(Job j) {
    List<TaskGroup> groups = new ArrayList<>(j.tasks().size());
    for (TaskGroup g : j.tasks()) {
      long vcores = Math.max(1, g.request().get("vcores"));
      // a pod asks for at most a few hundred vcores; a hostile count is capped, never wrapped
      long count =
          vcores > Integer.MAX_VALUE / Math.max(1, g.count())
              ? Integer.MAX_VALUE
              : (long) g.count() * vcores;
      groups.add(
          new TaskGroup(
              g.name(),
              (int) count,
              Resources.of(Math.max(0, g.request().get("memoryMB")) / vcores, 1),
              g.durationS(),
              g.usage(),
              g.after()));
    }
    return j.withTasks(groups);
  }

  /** At least one task, and a positive task duration summed over the job's tasks. */
  static boolean hasWork(Job j) {
    JobSize z = JobSize.of(j);
    return z.tasks() > 0 && z.taskSeconds() > 0;
  }

  /** A job's task count and task-seconds (count × duration, summed over its task groups). */
  private record JobSize(long tasks, double taskSeconds) {
    static JobSize of(Job j) {
      long tasks = 0;
      double seconds = 0;
      for (TaskGroup g : j.tasks()) {
        tasks += g.count();
        seconds += (double) g.count() * g.durationS();
      }
      return new JobSize(tasks, seconds);
    }
  }

  /**
   * Workloads (ii) and (iii): {@code count} atom jobs drawn (seeded, with replacement) from a SWIM
   * workload imported by {@link SwimImporter} (its default model derives maps, reduces and task
   * durations from the trace's bytes), on {@code nodes} nodes, 24 hours in steps of {@code
   * stepSeconds}. Each job becomes one atom:
   *
   * <ol>
   *   <li>t0 = the job's task count (maps + reduces), s0 = its mean task duration in seconds
   *       (weighted by task count);
   *   <li>the trace comes from a ~600-node cluster whose jobs would barely touch a 4,000-node one,
   *       so jobs are scaled up to the simulated cluster (the paper scaled its workloads to its
   *       cluster too): n = clamp(ceil(t0 * f), 1, 10% of the cluster's containers) tasks of l =
   *       clamp(ceil(s0 * f / step), 1, 3 h / step) steps, with one factor f, found by bisection,
   *       that makes the offered work (the sum of n * l) 0.8 of the cluster's capacity over the
   *       horizon;
   *   <li>the atom is {@code atom(<1024,1>, 1, n, l, n*l)}: one YARN minimum container per task,
   *       any number of the n tasks at once (malleable, as MapReduce), each running l steps; its
   *       window has length ceil(l * slack), slack uniform in [2, 5], and starts by the job's
   *       submit time of day: start = floor((submit mod 86400 s) / 86400 s * (horizon - window)).
   * </ol>
   *
   * <p>The same model serves every trace ({@code --trace}, through {@link #readTrace}), so the
   * workloads of different traces are comparable; it reads only each job's tasks and arrival.
   * Readings for a Parallel Workloads Archive log ({@link io.rayon.engine.trace.SwfImporter}): t0
   * is the job's processors (one task per processor), s0 its run time; the log's jobs are rigid
   * (all processors at once) but become malleable atoms like SWIM's, so the workloads differ from
   * SWIM's only in the jobs' shapes and arrivals, not in the model; the arrival is seconds after
   * the log's first submit, so "time of day" is counted from that submit, not from the site's
   * midnight; whether a job is a production job (the importer's rule) is not used: every job drawn
   * becomes a request.
   */
  public static Scenario swimAtoms(
      Workload trace, long seed, int count, int nodes, long stepSeconds) {
    return swimAtoms(trace, seed, count, nodes, stepSeconds, SwimModel.DEFAULT);
  }

  public static Scenario swimAtoms(
      Workload trace, long seed, int count, int nodes, long stepSeconds, SwimModel m) {
    return swimAtoms(trace, "SWIM", seed, count, nodes, stepSeconds, m);
  }

  /**
   * {@link #swimAtoms(Workload, long, int, int, long, SwimModel)} with the trace's short name in
   * the scenario's name ({@code NAME-atoms-COUNTxNODES}, lower case), description and request ids:
   * with {@code "SWIM"} they are exactly those of the SWIM workloads.
   */
  public static Scenario swimAtoms(
      Workload trace,
      String traceName,
      long seed,
      int count,
      int nodes,
      long stepSeconds,
      SwimModel m) {
    List<Job> jobs = trace.jobs();
    if (jobs.isEmpty()) throw new IllegalArgumentException("empty " + traceName + " workload");
    String prefix = traceName.toLowerCase(Locale.ROOT);
    if (count < 1 || nodes < 1 || stepSeconds < 1) {
      throw new IllegalArgumentException("count, nodes and stepSeconds must be positive");
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = ceilDiv(24 * 3600, stepSeconds);
    long containers = (long) nodes * NODE.fitCount(BUNDLE);
    long maxWidth = Math.max(1, (long) Math.floor(containers * m.maxWidthFraction()));
    long maxLease = Math.max(1, Math.min(ceilDiv(m.maxLeaseSeconds(), stepSeconds), horizon / 2));
    int size = jobs.size();
    Job[] picked = new Job[count];
    double[] t0 = new double[count];
    double[] s0 = new double[count];
    double[] slack = new double[count];
    for (int i = 0; i < count; i++) {
      Job j = jobs.get(rnd.nextInt(size));
      picked[i] = j;
      JobSize z = JobSize.of(j);
      t0[i] = Math.max(1, z.tasks());
      s0[i] = Math.max(1, z.taskSeconds() / t0[i]);
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
      double tod = (picked[i].arrivalS() % 86400) / 86400.0;
      long start = (long) Math.floor(tod * (horizon - window));
      Rdl rdl = Rdl.window(Rdl.atom(BUNDLE, 1, (int) n, l, n * l), start, start + window);
      String id = prefix + "-" + i + "-" + picked[i].id();
      out.add(new ReservationRequest(id, id, "u1", "dedicated", rdl, 0, start));
    }
    return scenario(
        prefix + "-atoms-" + count + "x" + nodes,
        String.format(
            Locale.ROOT,
            "%d %s atom jobs on %d nodes of (8 GB, 8 vcores) over 24 h, scale factor %.3g, offered load %.2f",
            count,
            traceName,
            nodes,
            f,
            m.offeredLoad()),
        nodes,
        stepSeconds,
        horizon,
        out);
  }

  /**
   * The same workload on equal footing for every contender: request i (in arrival order, which is
   * kept) comes from user {@code u(1 + i mod users)}, and {@code policy} is the sharing policy both
   * our planners and Hadoop's agents run under. One user is Hadoop's worst case for its per-user
   * bookkeeping; ten spread it as a shared cluster would.
   */
  public static Scenario shared(Scenario s, int users, SharingPolicySpec policy) {
    if (users < 1) throw new IllegalArgumentException("users must be at least 1, got " + users);
    List<ReservationRequest> rs = s.reservations();
    List<ReservationRequest> out = new ArrayList<>(rs.size());
    for (int i = 0; i < rs.size(); i++) {
      ReservationRequest r = rs.get(i);
      out.add(
          new ReservationRequest(
              r.id(),
              r.name(),
              "u" + (1 + i % users),
              r.queue(),
              r.rdl(),
              r.priority(),
              r.arrival()));
    }
    List<String> names = new ArrayList<>(users);
    for (int u = 1; u <= users; u++) names.add("u" + u);
    return new Scenario(
        s.formatVersion(),
        s.name(),
        s.description(),
        s.stepSeconds(),
        s.horizonSteps(),
        s.cluster(),
        s.rootQueue(),
        names,
        policy,
        out,
        s.workload(),
        s.settings());
  }

  private static double offered(
      double[] t0, double[] s0, double f, long step, long maxWidth, long maxLease) {
    double w = 0;
    for (int i = 0; i < t0.length; i++)
      w += (double) width(t0[i], f, maxWidth) * lease(s0[i], f, step, maxLease);
    return w;
  }

  private static long width(double t0, double f, long maxWidth) {
    return Math.max(1, Math.min(maxWidth, (long) Math.ceil(t0 * f)));
  }

  private static long lease(double s0, double f, long step, long maxLease) {
    return Math.max(1, Math.min(maxLease, (long) Math.ceil(s0 * f / step)));
  }

  private static Scenario scenario(
      String name,
      String description,
      int nodes,
      long stepSeconds,
      long horizon,
      List<ReservationRequest> rs) {
    List<ReservationRequest> sorted = new ArrayList<>(rs);
    sorted.sort(Comparator.comparingLong(ReservationRequest::arrival));
    Cluster cluster = Cluster.of(name, NodeGroup.of("n", nodes, NODE));
    return new Scenario(
        Scenario.FORMAT_VERSION,
        name,
        description,
        stepSeconds,
        horizon,
        cluster,
        QUEUES,
        List.of("u1"),
        SharingPolicySpec.NONE,
        sorted,
        null,
        null);
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
