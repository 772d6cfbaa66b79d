package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * Our planners side by side with Apache Hadoop 3.4.1's reservation agents, in one JVM, on the same
 * workloads (see {@link Workloads}): (i) random {@code order} requests as in Hadoop's {@code
 * TestReservationAgents}, (ii) the paper's §6.3.1 sweep of SWIM atom jobs (100 to 1,000 jobs on 400
 * to 4,000 nodes) and (iii) 10,000 SWIM jobs on 4,000 nodes. {@code --trace FILE} builds (ii) and
 * (iii) from another trace the project imports (a Parallel Workloads Archive log, e.g. KTH SP2),
 * with the same atom model ({@link Workloads#swimAtoms}, {@link Workloads#readTrace}), the
 * workloads named after the file ("(ii) 100 KTH-SP2 jobs, 400 nodes"); the trace, its importer and
 * the jobs left out are printed and head the {@code --out} table.
 *
 * <p>For each workload (see {@link Measure}): every planner warms up for at least {@code warmup}
 * untimed runs and {@code warmup-seconds} of its own time, then {@code repeats} timed runs are
 * interleaved round by round, each on a fresh empty plan (workload (iii): warm-up by the seconds
 * only after the other workloads, at most three timed rounds; {@link Rounds}). Each workload gets
 * an equal share of what is left of {@code budget-seconds} (default 840 s), so the whole run stays
 * under 15 minutes; a share that runs out ends that workload's warm-up and timed rounds early (at
 * least one timed round always runs), and the runs column shows it. Reported: the median over the
 * timed runs of the mean time per request, the median single-request time, acceptance (count and
 * weighted by work), preemption and uniformity of the resulting plan (the same code for every
 * planner: Hadoop's allocations are converted to our model first), the speed ratio against the
 * faster Hadoop agent, and the plan problems found (validator violations for ours; capacity, window
 * and work checks for Hadoop's).
 *
 * <p>Equal footing: every contender runs under the same sharing policy ({@code --policy}, default
 * Hadoop's own default, capacity-over-time at 100% instantaneous and average over 24 h, applied to
 * our planners and to Hadoop's agents alike), on the same requests from the same users ({@code
 * --users}, default 10, request i from user i mod N) in the same arrival order, with the same plan
 * size and step. Hadoop's agents run at their default {@code favor-early-allocation=true} ({@code
 * hadoop-greedy}, {@code hadoop-aligned}) and at false ({@code hadoop-greedy-late}, {@code
 * hadoop-aligned-late}); the speed ratio is against the faster of the agents that ran, whatever
 * their setting. Our contenders are the planner registry's ({@link Planners}) online planners, by
 * name, so a planner registered later runs here unchanged; batch planners (the MILP family) place a
 * set of requests at once, not one by one in arrival order as Hadoop's agents do, and are left out.
 * For each workload and each of ours, the requests it accepts and the better Hadoop agent rejects,
 * and the other way round, are reported ({@link AcceptanceDiff}). One more contender, {@code
 * commit-only} (never by default), is the floor: no placement at all, only the commit of the
 * decisions {@code greel-plus[repair=0]} made, replayed through the same reservation system ({@link
 * CommitOnly}); its speed ratio is the most any planner of ours could reach there.
 *
 * <p>Usage: {@code HadoopComparison [--quick] [--seed N] [--warmup N] [--warmup-seconds N]
 * [--repeats N] [--step-seconds N] [--swim FILE | --trace FILE] [--policy SPEC] [--users N]
 * [--save-workloads DIR] [--workloads i,ii,iii] [--planners gree,greel,...] [--budget-seconds N]
 * [--jvms N] [--out FILE.md]}. Exit code 0 when every run finished and our plans have no
 * violations, 1 otherwise, 2 on bad arguments.
 *
 * <p>Medians over JVMs: within one JVM a figure is the median of its timed rounds, but heap layout
 * and compilation state move a whole JVM's figures together (by up to 1.7× on the same jars). With
 * {@code --jvms N} (1 to 20; default 1, one JVM, the output exactly as without it) the whole
 * comparison runs in N fresh JVMs one after another, each with this JVM's java binary, JVM options
 * and class path and the same arguments ({@link ChildJvms}; {@code --budget-seconds} applies to
 * each), their lines shown prefixed "[jvm k/N]"; the table then gives per row the median over the N
 * JVMs of each timed figure, the speed ratio from the medians, and the min–max over the JVMs of the
 * CPU time and of the ratio each JVM measured, with those per-JVM ratios' median and how many reach
 * 100× ({@link JvmMedians}). Acceptance is checked to be the same in every JVM; a mismatch, or a
 * child that fails, fails the run.
 */
public final class HadoopComparison {

  /**
   * GREE-L with named deviations (see docs/planner-options.md), as an example of a contender with
   * options.
   */
  static final String GREEL_FAST = "greel[flat-fallback=true,atom-scan=stacked]";

  static final List<String> HADOOP_PLANNERS =
      List.of("hadoop-greedy", "hadoop-aligned", "hadoop-greedy-late", "hadoop-aligned-late");

  /**
   * Every registered planner that places one request at a time (not a {@link BatchPlanner}), in
   * registry order.
   */
  static List<String> ourPlanners() {
    List<String> l = new ArrayList<>();
    for (String n : Planners.names()) if (!(Planners.byName(n) instanceof BatchPlanner)) l.add(n);
    return l;
  }

  /** The default contenders: {@link #ourPlanners()}, then Hadoop's agents at both settings. */
  static List<String> defaultPlanners() {
    List<String> l = new ArrayList<>(ourPlanners());
    l.addAll(HADOOP_PLANNERS);
    return l;
  }

  /**
   * How one workload is measured: every contender alike. A heavy workload (more than {@value
   * #HEAVY} requests: (iii)) gets at most one warm-up run by count (one when it comes first, none
   * after the others) and at most three timed rounds; every workload gets the same warm-up seconds
   * ({@code --warmup-seconds}, each contender's own time). So a contender whose one run takes
   * longer than them (Hadoop's agents on (iii): seconds per run) warms up once, and a fast one runs
   * until it has spent them. Until the first session of 2026-11-28 a heavy workload had no warm-up
   * seconds: a planner whose run of (iii) takes milliseconds was timed after one run or none of it,
   * before the JIT compiler had compiled its paths for that workload (docs/benchmarks.md, "The
   * (iii) warm-up").
   */
  record Rounds(int warmupRuns, double warmupSeconds, int repeats, long minTimedNanos) {
    static Rounds of(Options o, int workloadIndex, int size) {
      boolean heavy = size > HEAVY;
      return new Rounds(
          heavy ? (workloadIndex == 0 ? Math.min(o.warmup(), 1) : 0) : o.warmup(),
          o.warmupSeconds(),
          heavy ? Math.min(o.repeats(), 3) : o.repeats(),
          heavy || o.quick() ? 0 : Measure.MIN_TIMED_NANOS);
    }
  }

  /** The size above which a workload is heavy ({@link Rounds}). */
  static final int HEAVY = 5000;

  record Options(
      boolean quick,
      long seed,
      int warmup,
      double warmupSeconds,
      int repeats,
      long stepSeconds,
      Path swim,
      Set<String> workloads,
      Set<String> planners,
      long budgetSeconds,
      Path out,
      SharingPolicySpec policy,
      int users,
      Path saveWorkloads,
      Path trace,
      int jvms,
      Path jvmResults,
      Measure.Latencies latencies) {}

  /** The most child JVMs {@code --jvms} takes. */
  static final int MAX_JVMS = 20;

  public static void main(String[] args) {
    Options o;
    try {
      o = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("hadoop-comparison: " + e.getMessage());
      System.exit(2);
      return;
    }
    quietHadoop();
    int rc;
    try {
      rc = o.jvms() > 1 ? ChildJvms.run(o, args, System.out) : run(o, System.out);
    } catch (ChildJvms.ChildFailed e) {
      System.err.println("hadoop-comparison: " + e.getMessage());
      rc = e.exitCode;
    } catch (RuntimeException e) {
      System.err.println("hadoop-comparison: " + e.getMessage());
      rc = 1;
    }
    System.exit(rc);
  }

  static Options parse(String[] args) {
    boolean quick = false;
    long seed = 42;
    Integer warmup = null;
    Double warmupSeconds = null;
    Integer repeats = null;
    long step = 60;
    Path swim = null;
    Path trace = null;
    Set<String> workloads = new LinkedHashSet<>(List.of("i", "ii", "iii"));
    Set<String> planners = new LinkedHashSet<>(defaultPlanners());
    long budget = 840;
    Path out = null;
    SharingPolicySpec policy = HadoopPeer.HADOOP_DEFAULT_POLICY;
    long users = 10;
    Path save = null;
    long jvms = 1;
    Path jvmResults = null;
    Measure.Latencies latencies = Measure.Latencies.SEPARATE;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--quick" -> quick = true;
        case "--seed" -> seed = longArg(args, ++i, a);
        case "--warmup" -> warmup = (int) longArg(args, ++i, a);
        case "--warmup-seconds" -> warmupSeconds = (double) longArg(args, ++i, a);
        case "--repeats" -> repeats = (int) longArg(args, ++i, a);
        case "--step-seconds" -> step = longArg(args, ++i, a);
        case "--swim" -> swim = Path.of(strArg(args, ++i, a));
        case "--trace" -> trace = Path.of(strArg(args, ++i, a));
        case "--budget-seconds" -> budget = longArg(args, ++i, a);
        case "--out" -> out = Path.of(strArg(args, ++i, a));
        case "--workloads" -> workloads = listArg(args, ++i, a, List.of("i", "ii", "iii"));
        case "--planners" -> planners = plannersArg(strArg(args, ++i, a));
        case "--users" -> users = longArg(args, ++i, a);
        case "--save-workloads" -> save = Path.of(strArg(args, ++i, a));
        case "--jvms" -> jvms = longArg(args, ++i, a);
        case "--latencies" -> latencies = Measure.Latencies.parse(strArg(args, ++i, a));
        // hidden: a child JVM of --jvms writes its rows there (JvmRun), for the parent
        case "--jvm-results" -> jvmResults = Path.of(strArg(args, ++i, a));
        case "--policy" -> {
          String v = strArg(args, ++i, a);
          try {
            policy = SharingPolicySpec.parse(v);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--policy '" + v + "': " + e.getMessage());
          }
        }
        case "-h", "--help" ->
            throw new IllegalArgumentException(
                "usage: HadoopComparison [--quick] [--seed N] [--warmup N] [--warmup-seconds N] [--repeats N] [--step-seconds N] [--swim FILE | --trace FILE]"
                    + " [--policy none|instantaneous:C|capacity-over-time:C,A,WINDOW] [--users N] [--save-workloads DIR]"
                    + " [--workloads i,ii,iii] [--planners "
                    + String.join(",", defaultPlanners())
                    + "] [--budget-seconds N] [--jvms N] [--latencies separate|inline]"
                    + " [--out FILE.md]\n  defaults: --policy "
                    + HadoopPeer.HADOOP_DEFAULT_POLICY
                    + " (Hadoop's default, on both sides),"
                    + " --users 10, --step-seconds 60, the committed SWIM trace (traces/swim/), every online planner of the registry"
                    + " and the four Hadoop agents; --trace builds (ii) and (iii) from another trace the project imports"
                    + " (a SWIM .tsv, a Parallel Workloads Archive .swf/.swf.gz log, e.g. traces/swf/KTH-SP2-1996-2.1-cln.swf.gz,"
                    + " or an Alibaba GPU pod list .csv, traces/alibaba-gpu-2023/openb_pod_list_default.csv, one task per vcore),"
                    + " with the same atom model, its workloads named after the file (KTH-SP2)"
                    + "; a registered planner with -O options is written NAME[k=v,...], e.g. "
                    + GREEL_FAST
                    + "; "
                    + CommitOnly.NAME
                    + " (never by default) is the floor: "
                    + CommitOnly.SOURCE
                    + "'s decisions replayed, no placement, only the commit through the same system"
                    + "\n  --jvms N (1 to "
                    + MAX_JVMS
                    + ", default 1: one JVM, as before): run the whole comparison in N fresh JVMs one"
                    + " after another (same java, JVM options, class path and arguments) and report per row"
                    + " the median over the N JVMs of each timed figure, with the CPU time's and the speed"
                    + " ratio's min-max over the JVMs; --budget-seconds applies to each JVM (N JVMs take up"
                    + " to N times as long); acceptance must be the same in every JVM"
                    + "\n  --latencies separate (default): the timed run reads only the CPU clock, and the"
                    + " per-request wall-clock times (p50, p99) come from a run of their own; inline: the"
                    + " timed run reads the wall clock around each request as well (the definition until"
                    + " 2026-12-07; its two reads weigh on the faster side)");
        default -> throw new IllegalArgumentException("unknown option '" + a + "'; try --help");
      }
    }
    if (step < 1 || step > 3600)
      throw new IllegalArgumentException("--step-seconds must be in [1, 3600], got " + step);
    int w = warmup != null ? warmup : quick ? 1 : 2;
    double ws = warmupSeconds != null ? warmupSeconds : quick ? 1 : 3;
    int r = repeats != null ? repeats : quick ? 3 : 5;
    if (w < 0 || r < 1)
      throw new IllegalArgumentException("--warmup must be >= 0 and --repeats >= 1");
    if (jvms < 1 || jvms > MAX_JVMS)
      throw new IllegalArgumentException(
          "--jvms must be in [1, "
              + MAX_JVMS
              + "] (how many JVMs to take medians over), got "
              + jvms);
    if (jvmResults != null && jvms > 1)
      throw new IllegalArgumentException(
          "--jvm-results is for the child JVMs of --jvms; give one or the other");
    if (users < 1 || users > 100_000)
      throw new IllegalArgumentException("--users must be in [1, 100000], got " + users);
    if (swim != null && trace != null) {
      throw new IllegalArgumentException(
          "--swim and --trace both given; give one: --swim for a SWIM trace, --trace for any trace"
              + " the project imports");
    }
    if (swim != null && !Files.isRegularFile(swim)) {
      throw new IllegalArgumentException(
          "--swim: "
              + notAFile(swim)
              + " (give a SWIM trace, e.g. traces/swim/FB-2009_samples_24_times_1hr_0.tsv)");
    }
    if (trace != null) {
      if (!Files.isRegularFile(trace)) {
        throw new IllegalArgumentException(
            "--trace: "
                + notAFile(trace)
                + " (give a trace the project imports, e.g. traces/swf/KTH-SP2-1996-2.1-cln.swf.gz)");
      }
      try {
        Workloads.traceFormat(trace);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--trace: " + e.getMessage());
      }
    }
    if (swim == null && trace == null && (workloads.contains("ii") || workloads.contains("iii")))
      swim = findSwim();
    return new Options(
        quick,
        seed,
        w,
        ws,
        r,
        step,
        swim,
        workloads,
        planners,
        budget,
        out,
        policy,
        (int) users,
        save,
        trace,
        (int) jvms,
        jvmResults,
        latencies);
  }

  /**
   * Why {@code p} (not a regular file) cannot be read as a trace: no such file, or what it is
   * instead (a directory, a FIFO, a device), as {@link InputFiles#checkRegular} says without
   * opening it.
   */
  static String notAFile(Path p) {
    try {
      InputFiles.checkRegular(p, Long.MAX_VALUE);
      return "'" + p + "' cannot be read";
    } catch (FormatException e) {
      return e.problem().equals("no such file")
          ? "no such file '" + p + "'"
          : "'" + p + "' " + e.problem();
    }
  }

  private static long longArg(String[] args, int i, String opt) {
    String v = strArg(args, i, opt);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(opt + " needs a whole number, got '" + v + "'");
    }
  }

  private static String strArg(String[] args, int i, String opt) {
    if (i >= args.length) throw new IllegalArgumentException(opt + " needs a value");
    return args[i];
  }

  private static Set<String> listArg(String[] args, int i, String opt, List<String> allowed) {
    Set<String> s = new LinkedHashSet<>();
    for (String x : strArg(args, i, opt).split(",")) {
      String t = x.trim().toLowerCase(Locale.ROOT);
      if (!allowed.contains(t))
        throw new IllegalArgumentException(opt + ": unknown '" + t + "'; choose from " + allowed);
      s.add(t);
    }
    return s;
  }

  /**
   * The contenders of {@code --planners}: Hadoop's agents ({@link #HADOOP_PLANNERS}), the floor
   * {@code commit-only} ({@link CommitOnly}), or a registered online planner by name, optionally
   * with options as {@code -O} takes them, {@code NAME[k=v,...]} (commas inside brackets do not
   * split); each of ours is built here once so an unknown name, a batch planner or a bad option is
   * refused before anything runs.
   */
  static Set<String> plannersArg(String v) {
    Set<String> s = new LinkedHashSet<>();
    int depth = 0;
    StringBuilder cur = new StringBuilder();
    for (int k = 0; k <= v.length(); k++) {
      char ch = k < v.length() ? v.charAt(k) : ',';
      if (ch == '[') depth++;
      if (ch == ']') depth--;
      if (ch == ',' && depth == 0) {
        String t = cur.toString().strip().toLowerCase(Locale.ROOT);
        cur.setLength(0);
        if (t.isEmpty()) continue;
        if (!HADOOP_PLANNERS.contains(t) && !t.equals(CommitOnly.NAME)) {
          String base = t.contains("[") ? t.substring(0, t.indexOf('[')).strip() : t;
          if (!Planners.REGISTRY.contains(base)) {
            throw new IllegalArgumentException(
                "--planners: unknown '"
                    + t
                    + "'; choose from "
                    + defaultPlanners()
                    + ", "
                    + CommitOnly.NAME
                    + ", or a registered planner with options, NAME[name=value,...]");
          }
          RayonContender c;
          try {
            c = RayonContender.named(t);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--planners '" + t + "': " + e.getMessage());
          }
          if (c.isBatch()) {
            throw new IllegalArgumentException(
                "--planners '"
                    + t
                    + "' places a batch of requests at once; this harness places"
                    + " them one by one in arrival order, as Hadoop's agents do; choose from "
                    + ourPlanners());
          }
        }
        s.add(t);
      } else {
        cur.append(ch);
      }
    }
    if (depth != 0)
      throw new IllegalArgumentException("--planners '" + v + "': unbalanced brackets");
    if (s.isEmpty()) throw new IllegalArgumentException("--planners needs at least one planner");
    return s;
  }

  /** The SWIM trace committed in the repository ({@code traces/swim/}). */
  static Path findSwim() {
    return RepoFiles.trace("swim/FB-2009_samples_24_times_1hr_0.tsv");
  }

  /** Hadoop logs every placement at INFO; keep WARN and above. */
  static void quietHadoop() {
    Logger.getRootLogger().setLevel(Level.WARN);
  }

  /**
   * The trace of workloads (ii) and (iii): {@code --trace}'s, read by {@link Workloads#readTrace}
   * (jobs with no tasks left out and counted), or null when SWIM's ({@code --swim} or the committed
   * sample) is used or neither workload runs.
   */
  static Workloads.TraceInput otherTrace(Options o) {
    if (o.trace() == null || !(o.workloads().contains("ii") || o.workloads().contains("iii")))
      return null;
    try {
      return Workloads.readTrace(o.trace());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--trace: " + e.getMessage(), e);
    }
  }

  /** One line on the trace: file, importer, jobs used, jobs left out and the importer's notes. */
  static String describe(Workloads.TraceInput t, Path file) {
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Trace of (ii) and (iii): %s (%s, read by the project's %s importer at its defaults):"
                    + " %d jobs imported, %d used",
                file.getFileName(),
                t.name(),
                t.format(),
                t.imported(),
                t.imported() - t.noTasks()));
    if (t.noTasks() > 0)
      sb.append(", ").append(t.noTasks()).append(" left out as they have no tasks");
    if (t.format().equals(Workloads.ALIBABA_GPU))
      sb.append(", each pod read as one task per vcore it asks for");
    // the importer's summary notes (counts, rules applied), not its notes on single lines
    for (String n : t.importerNotes()) {
      if (n.startsWith("ignored line") || n.startsWith("skipped line")) continue;
      sb.append("; importer: ").append(n);
    }
    return sb.append('.').toString();
  }

  /** The workloads to run, prepared (translated to Hadoop) once. */
  static List<PreparedWorkload> workloads(Options o) {
    return workloads(o, otherTrace(o));
  }

  static List<PreparedWorkload> workloads(Options o, Workloads.TraceInput other) {
    List<PreparedWorkload> out = new ArrayList<>();
    if (o.workloads().contains("i")) {
      out.add(
          PreparedWorkload.of(
              "(i) 1000 orders, 100 nodes",
              fair(o, Workloads.randomOrders(o.seed(), 1000, 100, o.stepSeconds()))));
    }
    Workload trace =
        other != null
            ? other.workload()
            : o.swim() == null ? Workload.EMPTY : Workloads.readSwim(o.swim());
    String name = other != null ? other.name() : "SWIM";
    if (o.workloads().contains("ii")) {
      int[][] sweep =
          o.quick()
              ? new int[][] {{100, 400}, {1000, 4000}}
              : new int[][] {{100, 400}, {250, 1000}, {500, 2000}, {1000, 4000}};
      for (int[] jn : sweep) {
        Scenario s = atoms(trace, name, o, jn[0], jn[1]);
        out.add(
            PreparedWorkload.of(
                "(ii) " + jn[0] + " " + name + " jobs, " + jn[1] + " nodes", fair(o, s)));
      }
    }
    if (o.workloads().contains("iii")) {
      out.add(
          PreparedWorkload.of(
              "(iii) 10000 " + name + " jobs, 4000 nodes",
              fair(o, atoms(trace, name, o, 10_000, 4000))));
    }
    return out;
  }

  /** The same atom model ({@link Workloads.SwimModel#DEFAULT}) for every trace. */
  private static Scenario atoms(Workload trace, String name, Options o, int count, int nodes) {
    return Workloads.swimAtoms(
        trace, name, o.seed(), count, nodes, o.stepSeconds(), Workloads.SwimModel.DEFAULT);
  }

  /** The workload with the run's users and policy, identical for every contender. */
  static Scenario fair(Options o, Scenario s) {
    return Workloads.shared(s, o.users(), o.policy());
  }

  static List<Contender> contenders(Options o) {
    List<Contender> c = new ArrayList<>();
    for (String p : o.planners()) {
      switch (p) {
        case "hadoop-greedy" -> c.add(new HadoopContender(HadoopPeer.Agent.GREEDY, true));
        case "hadoop-aligned" -> c.add(new HadoopContender(HadoopPeer.Agent.ALIGNED, true));
        case "hadoop-greedy-late" -> c.add(new HadoopContender(HadoopPeer.Agent.GREEDY, false));
        case "hadoop-aligned-late" -> c.add(new HadoopContender(HadoopPeer.Agent.ALIGNED, false));
        case CommitOnly.NAME -> c.add(RayonContender.commitOnly());
        default -> c.add(RayonContender.named(p));
      }
    }
    return c;
  }

  static int run(Options o, PrintStream out) {
    long deadline = System.nanoTime() + o.budgetSeconds() * 1_000_000_000L;
    String loadBefore = Report.loadAverage();
    Workloads.TraceInput other = otherTrace(o);
    List<PreparedWorkload> ws = workloads(o, other);
    String traceLine = other == null ? null : describe(other, o.trace());
    List<Contender> cs = contenders(o);
    if (o.saveWorkloads() != null) save(ws, o.saveWorkloads(), out);
    List<Result> results = new ArrayList<>();
    List<AcceptanceDiff> diffs = new ArrayList<>();
    boolean complete = true;
    int ourViolations = 0;
    out.printf(
        Locale.ROOT,
        "Planners vs Apache Hadoop 3.4.1: %d workloads x %d planners, warm-up %d, repeats %d, seed %d, step %d s, policy %s on both sides, %d users%n",
        ws.size(),
        cs.size(),
        o.warmup(),
        o.repeats(),
        o.seed(),
        o.stepSeconds(),
        o.policy(),
        o.users());
    if (traceLine != null) out.println(traceLine);
    for (int wi = 0; wi < ws.size(); wi++) {
      PreparedWorkload w = ws.get(wi);
      // each workload gets an equal share of what is left of the budget
      long now = System.nanoTime();
      long share = Math.max(0, deadline - now) / (ws.size() - wi);
      long workloadDeadline = now + share;
      out.println();
      out.println("== " + w.label() + ": " + w.scenario().description());
      Rounds rounds = Rounds.of(o, wi, w.size());
      int repeats = rounds.repeats();
      List<Result> rows =
          Measure.measure(
              cs,
              w,
              rounds.warmupRuns(),
              rounds.warmupSeconds(),
              repeats,
              workloadDeadline,
              rounds.minTimedNanos(),
              o.latencies());
      for (Result r : rows) {
        results.add(r);
        out.println(r.line());
        for (String v : r.violations().subList(0, Math.min(5, r.violations().size())))
          out.println("    violation: " + v);
        if (r.violations().size() > 5)
          out.println("    ... " + (r.violations().size() - 5) + " more");
        if (r.isOurs()) ourViolations += r.violations().size();
        if (r.timedRuns() < repeats) complete = false;
      }
      for (AcceptanceDiff d : AcceptanceDiff.of(w, rows)) {
        diffs.add(d);
        out.println(d.line());
      }
    }
    String table =
        Report.markdown(
            results, diffs, o, LocalDate.now(ZoneOffset.UTC), loadBefore, Report.loadAverage());
    if (traceLine != null) table = traceLine + "\n\n" + table;
    out.println();
    out.println(table);
    if (o.out() != null) {
      writeTable(o.out(), table);
      out.println("table written to " + o.out());
    }
    if (o.jvmResults() != null) {
      try {
        new JvmRun(results, diffs).write(o.jvmResults());
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot write --jvm-results " + o.jvmResults() + ": " + e.getMessage());
      }
    }
    if (!complete) out.println("note: the time budget cut some runs short; see the runs column");
    out.println("violations in our plans: " + ourViolations);
    return complete && ourViolations == 0 ? 0 : 1;
  }

  /** Writes the {@code --out} table atomically (a sibling temp file, then a move), in UTF-8. */
  static void writeTable(Path file, String table) {
    Path abs = file.toAbsolutePath();
    // a plain sibling (not createTempFile, whose owner-only permissions the table would keep)
    Path tmp = abs.resolveSibling(abs.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
    try {
      Files.writeString(tmp, table, StandardCharsets.UTF_8);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot write " + file + ": " + e.getMessage());
    } finally {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException e) {
        // the move succeeded or the write failed and was reported
      }
    }
  }

  /**
   * Writes each workload, as every contender gets it (users, policy, arrival order), as a scenario
   * file {@code DIR/NAME.json}, so that {@code rayon plan} can be timed cold on the very same
   * requests.
   */
  static void save(List<PreparedWorkload> ws, Path dir, PrintStream out) {
    try {
      Files.createDirectories(dir);
      for (PreparedWorkload w : ws) {
        Path f = dir.resolve(w.scenario().name() + ".json");
        ScenarioIO.writeCompact(w.scenario(), f);
        out.println("workload written to " + f);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--save-workloads: cannot write to " + dir + ": " + e.getMessage());
    }
  }

  static String joined(long[] a) {
    return Arrays.toString(a);
  }
}
