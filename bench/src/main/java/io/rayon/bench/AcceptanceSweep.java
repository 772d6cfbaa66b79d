package io.rayon.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Issue 19's acceptance target, checked over many (workload, seed) pairs from a clone: for every
 * pair, does our planner accept at least as much as the best of Hadoop's four reservation agents
 * ({@code hadoop-greedy}, {@code hadoop-aligned}, {@code hadoop-greedy-late}, {@code
 * hadoop-aligned-late}), by count and by work?
 *
 * <p>Each pair's workload is prepared exactly as {@link HadoopComparison} prepares it ({@link
 * HadoopComparison#parse} with {@code --seed S}, {@code --workloads W} and, for KTH and NASA,
 * {@code --trace traces/swf/...}; the harness's default policy, users and step unless given), then
 * each planner spec of {@code --planners} runs once with the validator on ({@link
 * RayonContender#run}; any violation is an error), and each of the four agents once ({@link
 * HadoopComparison#contenders}; their acceptance is deterministic). Acceptance by count and by work
 * is {@link PlanStats}'s, as in the harness; the best agent by count is {@link Result#betterHadoop}
 * (most accepted, ties by work), the best by work {@link Result#bestHadoopByWork}.
 *
 * <p><b>Met</b> means "at least": by count, ours accepts at least as many requests as the best
 * agent by count (integers compared); by work, ours' acceptance by work is at least the best
 * agent's by work, compared as the exact values {@link PlanStats} computes (not as printed to a
 * tenth of a point). A pair is met when both are and our plan has no validator violation.
 *
 * <p>Default pairs (134): SWIM's six harness workloads ((i), (ii) with 100, 250, 500 and 1,000
 * jobs, (iii)) at seeds 1 to 13 and 42; KTH's and NASA's (ii) (four sizes) and (iii) at seeds 3, 4,
 * 5, 7 and 42. {@code --traces swim,kth,nasa}, {@code --seeds 1,2,42} (every trace at those seeds
 * instead of its own) and {@code --workloads i,ii,iii} narrow them ((i) is SWIM's only: it does not
 * read a trace). {@code --traces alibaba} (not in the default pairs) sweeps Alibaba's GPU trace of
 * 2023, {@code traces/alibaba-gpu-2023/}: its (ii) and (iii) at seeds 3, 4, 5, 7 and 42 (25 pairs),
 * built by the same atom model with each pod read as one task per vcore ({@link
 * Workloads#taskPerVcore}).
 *
 * <p>The harness's preparation can be changed as on its own command line: {@code --step-seconds N}
 * (the plan's step, 1 to 3,600, default 60), {@code --quick} (the harness's quick set: (ii) at 100
 * and 1,000 jobs only, so (i), (ii)-100, (ii)-1000 and (iii); the workloads themselves are the same
 * as without it), {@code --policy SPEC} and {@code --users N}; each is passed to {@link
 * HadoopComparison#parse} for every pair, and refused there (exit 2) when the harness refuses it.
 * The cache key records the step, policy and users, so figures at one step are never used for
 * another.
 *
 * <p>The agents' figures are cached ({@link AgentCache}, default {@code
 * bench/acceptance/agents.tsv}): they are slow and do not depend on our code. Pairs missing from
 * the cache are run and added (the file rewritten atomically after each pair); {@code
 * --rerun-agents} runs every agent again and reports any figure that differs from the cache.
 *
 * <p>Usage: {@code AcceptanceSweep [--traces swim,kth,nasa,alibaba] [--seeds N,...] [--workloads
 * i,ii,iii] [--planners SPEC,...] [--step-seconds N] [--quick] [--policy SPEC] [--users N]
 * [--agents FILE.tsv] [--rerun-agents] [--out FILE.md] [--json]}. Exit code 0 when every run
 * completed (whatever is met), 1 when a run failed, a plan of ours had violations, the cache is
 * malformed or a rerun agent differs from it, 2 on bad options.
 */
public final class AcceptanceSweep {

  /** The harness's default step ({@code --step-seconds}), one minute. */
  static final long DEFAULT_STEP_SECONDS = 60;

  /** The default agents' cache, relative to the repository root. */
  static final String DEFAULT_AGENTS = "bench/acceptance/agents.tsv";

  /** A trace of the sweep: its name on the command line, its file and its default seeds. */
  record TraceSet(String key, String file, List<String> workloads, List<Long> seeds) {}

  static final List<TraceSet> TRACES =
      List.of(
          new TraceSet(
              "swim",
              null,
              List.of("i", "ii", "iii"),
              List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 42L)),
          new TraceSet(
              "kth",
              "swf/KTH-SP2-1996-2.1-cln.swf.gz",
              List.of("ii", "iii"),
              List.of(3L, 4L, 5L, 7L, 42L)),
          new TraceSet(
              "nasa",
              "swf/NASA-iPSC-1993-3.1-cln.swf.gz",
              List.of("ii", "iii"),
              List.of(3L, 4L, 5L, 7L, 42L)));

  /**
   * Traces swept only when named with {@code --traces}: Alibaba's GPU cluster trace of 2023 (pods
   * read as one task per vcore, {@link Workloads#taskPerVcore}), added after the defaults of
   * greel-plus were chosen, so none of them was chosen on it.
   */
  static final List<TraceSet> NAMED_ONLY =
      List.of(
          new TraceSet(
              "alibaba",
              "alibaba-gpu-2023/openb_pod_list_default.csv",
              List.of("ii", "iii"),
              List.of(3L, 4L, 5L, 7L, 42L)));

  record Options(
      List<TraceSet> traces,
      List<Long> seeds,
      Set<String> workloads,
      List<String> planners,
      Path agents,
      boolean rerunAgents,
      Path out,
      boolean json,
      long stepSeconds,
      boolean quick,
      String policy,
      Integer users) {

    /**
     * The harness's options that shape a workload, as its command line takes them: {@code
     * --step-seconds}, and {@code --quick}, {@code --policy}, {@code --users} when given.
     */
    List<String> harnessArgs() {
      List<String> a = new ArrayList<>(List.of("--step-seconds", Long.toString(stepSeconds)));
      if (quick) a.add("--quick");
      if (policy != null) a.addAll(List.of("--policy", policy));
      if (users != null) a.addAll(List.of("--users", Integer.toString(users)));
      return a;
    }
  }

  /** Runs one Hadoop agent on a prepared workload; a seam for tests. */
  interface AgentRunner {
    AgentCache.Figure run(AgentCache.Key key, String agent, PreparedWorkload w);
  }

  /** One planner spec on one pair, against the agents. */
  record Row(
      AgentCache.Key key,
      String planner,
      int accepted,
      int total,
      double byWork,
      AgentCache.Figure bestCount,
      AgentCache.Figure bestWork,
      List<String> violations) {

    boolean metByCount() {
      return accepted >= bestCount.accepted();
    }

    boolean metByWork() {
      return byWork >= bestWork.byWork();
    }

    boolean met() {
      return metByCount() && metByWork() && violations.isEmpty();
    }

    String pair() {
      return key.workload() + ", seed " + key.seed();
    }

    /** The pair as listed among the missed, with what was missed. */
    String missedText() {
      List<String> what = new ArrayList<>();
      if (!metByCount()) what.add("by count");
      if (!metByWork()) what.add("by work");
      if (!violations.isEmpty()) what.add(violations.size() + " violations");
      return pair() + " (" + String.join(", ", what) + ")";
    }
  }

  /** What a sweep produced: the rows per planner spec, in order, and the problems seen. */
  record Outcome(Map<String, List<Row>> rows, List<String> errors, int agentRuns) {}

  public static void main(String[] args) {
    Options o;
    try {
      o = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("acceptance-sweep: " + e.getMessage());
      System.exit(2);
      return;
    }
    HadoopComparison.quietHadoop();
    int rc;
    try {
      PrintStream progress = o.json() ? System.err : System.out;
      // the revision the run starts from (files edited while it runs do not count)
      String revision = revision();
      Outcome r = run(o, AcceptanceSweep::runAgent, progress);
      String md = markdown(r, o, args, revision);
      if (o.json()) {
        for (String line : json(r)) System.out.println(line);
      } else {
        System.out.println();
        System.out.println(md);
      }
      if (o.out() != null) {
        HadoopComparison.writeTable(o.out(), md);
        progress.println("table written to " + o.out());
      }
      for (String e : r.errors()) System.err.println("acceptance-sweep: " + e);
      rc = r.errors().isEmpty() ? 0 : 1;
    } catch (AgentCache.Malformed e) {
      System.err.println("acceptance-sweep: " + e.getMessage());
      rc = 1;
    } catch (RuntimeException e) {
      System.err.println("acceptance-sweep: " + e);
      rc = 1;
    }
    System.exit(rc);
  }

  static Options parse(String[] args) {
    List<TraceSet> traces = TRACES;
    List<Long> seeds = null;
    Set<String> workloads = new LinkedHashSet<>(List.of("i", "ii", "iii"));
    List<String> planners = List.of("greel-plus");
    Path agents = null;
    boolean rerun = false;
    Path out = null;
    boolean json = false;
    String step = null;
    boolean quick = false;
    String policy = null;
    String users = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--traces" -> {
          traces = new ArrayList<>();
          for (String t : split(value(args, ++i, a))) {
            TraceSet found = null;
            for (TraceSet ts : TRACES) if (ts.key().equals(t)) found = ts;
            for (TraceSet ts : NAMED_ONLY) if (ts.key().equals(t)) found = ts;
            if (found == null)
              throw new IllegalArgumentException(
                  "--traces: unknown '" + t + "'; choose from swim, kth, nasa, alibaba");
            if (!traces.contains(found)) traces.add(found);
          }
        }
        case "--seeds" -> {
          seeds = new ArrayList<>();
          for (String s : split(value(args, ++i, a))) {
            try {
              long v = Long.parseLong(s);
              if (!seeds.contains(v)) seeds.add(v);
            } catch (NumberFormatException e) {
              throw new IllegalArgumentException("--seeds needs whole numbers, got '" + s + "'");
            }
          }
        }
        case "--workloads" -> {
          workloads = new LinkedHashSet<>();
          for (String w : split(value(args, ++i, a))) {
            if (!List.of("i", "ii", "iii").contains(w))
              throw new IllegalArgumentException(
                  "--workloads: unknown '" + w + "'; choose from i, ii, iii");
            workloads.add(w);
          }
        }
        case "--planners" -> {
          Set<String> ps = HadoopComparison.plannersArg(value(args, ++i, a));
          for (String p : ps) {
            if (HadoopComparison.HADOOP_PLANNERS.contains(p))
              throw new IllegalArgumentException(
                  "--planners: '"
                      + p
                      + "' is one of the agents every planner is compared against; give our planners");
            if (p.equals(CommitOnly.NAME))
              throw new IllegalArgumentException(
                  "--planners: '"
                      + p
                      + "' is the speed comparison's floor, not a planner (it accepts what "
                      + CommitOnly.SOURCE
                      + " accepts; name that instead)");
          }
          planners = List.copyOf(ps);
        }
        case "--agents" -> agents = Path.of(value(args, ++i, a));
        case "--rerun-agents" -> rerun = true;
        case "--out" -> out = Path.of(value(args, ++i, a));
        case "--json" -> json = true;
        case "--step-seconds" -> step = value(args, ++i, a);
        case "--quick" -> quick = true;
        case "--policy" -> policy = value(args, ++i, a);
        case "--users" -> users = value(args, ++i, a);
        case "-h", "--help" ->
            throw new IllegalArgumentException(
                "usage: AcceptanceSweep [--traces swim,kth,nasa,alibaba] [--seeds N,...] [--workloads i,ii,iii]"
                    + " [--planners SPEC,...] [--step-seconds N] [--quick] [--policy SPEC] [--users N]"
                    + " [--agents FILE.tsv] [--rerun-agents] [--out FILE.md] [--json]\n"
                    + "  defaults: the 134 pairs (SWIM's (i), (ii)-100/250/500/1000 and (iii) at seeds 1-13"
                    + " and 42; KTH's and NASA's (ii) and (iii) at seeds 3, 4, 5, 7 and 42), --planners"
                    + " greel-plus (specs as the harness takes them, NAME[k=v,...]), --agents "
                    + DEFAULT_AGENTS
                    + " (the four Hadoop agents' figures, cached; missing pairs are run and added);"
                    + " --seeds puts every trace at those seeds; met = ours >= the best agent by count"
                    + " (integers) and by work (exact values); --step-seconds (1 to 3600, default 60),"
                    + " --quick ((ii) at 100 and 1000 jobs only), --policy and --users prepare each pair"
                    + " as the harness's own options do");
        default -> throw new IllegalArgumentException("unknown option '" + a + "'; try --help");
      }
    }
    if (traces.isEmpty()) throw new IllegalArgumentException("--traces needs at least one trace");
    if (seeds != null && seeds.isEmpty())
      throw new IllegalArgumentException("--seeds needs at least one seed");
    if (workloads.isEmpty())
      throw new IllegalArgumentException("--workloads needs at least one workload");
    boolean any = false;
    for (TraceSet t : traces) for (String w : t.workloads()) any |= workloads.contains(w);
    if (!any)
      throw new IllegalArgumentException(
          "no pairs: --workloads "
              + String.join(",", workloads)
              + " on --traces of KTH, NASA or Alibaba only ((i) is SWIM's)");
    // the harness's own checks and messages (each names its option)
    List<String> h = new ArrayList<>();
    if (step != null) h.addAll(List.of("--step-seconds", step));
    if (policy != null) h.addAll(List.of("--policy", policy));
    if (users != null) h.addAll(List.of("--users", users));
    HadoopComparison.Options ho = harnessParse(h);
    if (agents == null) agents = RepoFiles.root().resolve(DEFAULT_AGENTS);
    return new Options(
        List.copyOf(traces),
        seeds,
        workloads,
        planners,
        agents,
        rerun,
        out,
        json,
        ho.stepSeconds(),
        quick,
        policy,
        users == null ? null : ho.users());
  }

  private static String value(String[] args, int i, String opt) {
    if (i >= args.length) throw new IllegalArgumentException(opt + " needs a value");
    return args[i];
  }

  private static List<String> split(String v) {
    List<String> l = new ArrayList<>();
    for (String s : v.split(",")) {
      String t = s.strip().toLowerCase(Locale.ROOT);
      if (!t.isEmpty()) l.add(t);
    }
    return l;
  }

  /** How many pairs the options select (SWIM's (ii) is four workloads, one per size). */
  static int pairCount(Options o) {
    int n = 0;
    for (TraceSet t : o.traces()) {
      int per = 0;
      for (String w : t.workloads())
        if (o.workloads().contains(w)) per += w.equals("ii") ? (o.quick() ? 2 : 4) : 1;
      n += per * (o.seeds() != null ? o.seeds().size() : t.seeds().size());
    }
    return n;
  }

  /**
   * The harness's parsing of {@code args} (its options that shape a workload) on a pair that reads
   * no trace: its checks and messages, and its defaults for what {@code args} leave out.
   */
  private static HadoopComparison.Options harnessParse(List<String> args) {
    List<String> a = new ArrayList<>(args);
    a.addAll(List.of("--workloads", "i", "--planners", HadoopComparison.HADOOP_PLANNERS.get(0)));
    return HadoopComparison.parse(a.toArray(new String[0]));
  }

  /** The harness's options for one trace at one seed, at the harness's defaults. */
  static HadoopComparison.Options harnessOptions(TraceSet t, long seed, Set<String> workloads) {
    return harnessOptions(t, seed, workloads, List.of());
  }

  /**
   * The harness's options for one trace at one seed: its workloads, the four agents and {@code
   * extra} (the sweep's {@link Options#harnessArgs}).
   */
  static HadoopComparison.Options harnessOptions(
      TraceSet t, long seed, Set<String> workloads, List<String> extra) {
    List<String> ws = new ArrayList<>();
    for (String w : t.workloads()) if (workloads.contains(w)) ws.add(w);
    List<String> args =
        new ArrayList<>(
            List.of(
                "--seed",
                Long.toString(seed),
                "--workloads",
                String.join(",", ws),
                "--planners",
                String.join(",", HadoopComparison.HADOOP_PLANNERS)));
    if (t.file() != null) {
      args.add("--trace");
      args.add(RepoFiles.trace(t.file()).toString());
    }
    args.addAll(extra);
    return HadoopComparison.parse(args.toArray(new String[0]));
  }

  /** An agent's figure in {@code --json}: {@code agent}, {@code accepted}, {@code byWork}. */
  private static void putFigure(ObjectNode o, AgentCache.Figure f) {
    o.put("agent", f.agent());
    o.put("accepted", f.accepted());
    o.put("byWork", f.byWork());
  }

  /**
   * The cache key of a prepared workload of the harness. A SWIM pair is keyed by the committed SWIM
   * sample's name even when only (i) runs (the harness then reads no trace, and (i) reads none
   * either): the same pair swept with or without (ii) and (iii) has one key.
   */
  static AgentCache.Key key(HadoopComparison.Options ho, PreparedWorkload w) {
    Path trace =
        ho.trace() != null
            ? ho.trace()
            : ho.swim() != null ? ho.swim() : HadoopComparison.findSwim();
    return new AgentCache.Key(
        trace.getFileName().toString(),
        w.label(),
        ho.seed(),
        ho.stepSeconds(),
        ho.policy().toString(),
        ho.users());
  }

  /**
   * How the pairs' workloads are prepared, as the harness's options give it: "step 60 s, policy P
   * on both sides, 10 users", and the quick set when {@code --quick}.
   */
  static String preparation(Options o) {
    HadoopComparison.Options ho = harnessParse(o.harnessArgs());
    return String.format(
        Locale.ROOT,
        "step %d s, policy %s on both sides, %d users%s",
        ho.stepSeconds(),
        ho.policy(),
        ho.users(),
        o.quick() ? ", the harness's quick set (--quick: (ii) at 100 and 1000 jobs only)" : "");
  }

  /** The harness's agent of that name, run once with its checks on. */
  static AgentCache.Figure runAgent(AgentCache.Key key, String agent, PreparedWorkload w) {
    HadoopComparison.Options ho =
        HadoopComparison.parse(new String[] {"--workloads", "i", "--planners", agent});
    Contender c = HadoopComparison.contenders(ho).get(0);
    RunOutcome out = c.run(w, true);
    PlanStats s = PlanStats.of(w, out);
    return new AgentCache.Figure(agent, s.accepted(), w.size(), s.weightedAcceptance());
  }

  /** The sweep: every pair, agents from the cache or run, then each planner spec of ours. */
  static Outcome run(Options o, AgentRunner agents, PrintStream progress) {
    AgentCache cache = AgentCache.read(o.agents());
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    for (String p : o.planners()) rows.put(p, new ArrayList<>());
    List<String> errors = new ArrayList<>();
    int[] runs = {0};
    progress.printf(
        Locale.ROOT,
        "Acceptance sweep: %d pairs x %d planner specs (%s), %s; agents' figures from %s%s%n",
        pairCount(o),
        o.planners().size(),
        String.join(", ", o.planners()),
        preparation(o),
        shown(o.agents()),
        o.rerunAgents() ? ", all run again and checked" : " (missing ones run and added)");
    for (TraceSet t : o.traces()) {
      boolean any = false;
      for (String w : t.workloads()) any |= o.workloads().contains(w);
      if (!any) continue;
      for (long seed : o.seeds() != null ? o.seeds() : t.seeds()) {
        HadoopComparison.Options ho = harnessOptions(t, seed, o.workloads(), o.harnessArgs());
        for (PreparedWorkload w : HadoopComparison.workloads(ho)) {
          AgentRunner counted =
              (k, agent, pw) -> {
                runs[0]++;
                return agents.run(k, agent, pw);
              };
          for (Row r : pair(o, cache, counted, key(ho, w), w, errors, progress))
            rows.get(r.planner()).add(r);
        }
      }
    }
    return new Outcome(rows, errors, runs[0]);
  }

  /**
   * One pair: the agents' figures (from the cache, or run and added to it, the file rewritten), the
   * best agent by count and by work, then each planner spec of ours once, validated; problems are
   * added to {@code errors}.
   */
  static List<Row> pair(
      Options o,
      AgentCache cache,
      AgentRunner agents,
      AgentCache.Key key,
      PreparedWorkload w,
      List<String> errors,
      PrintStream progress) {
    List<Row> rows = new ArrayList<>();
    long t0 = System.nanoTime();
    List<AgentCache.Figure> figs = new ArrayList<>();
    int ran = 0;
    for (String agent : HadoopComparison.HADOOP_PLANNERS) {
      AgentCache.Figure cached = cache.get(key, agent);
      if (cached != null && !o.rerunAgents()) {
        figs.add(cached);
        continue;
      }
      AgentCache.Figure f = agents.run(key, agent, w);
      ran++;
      if (cached != null && !cached.equals(f)) {
        errors.add(
            "rerun differs from the cache on "
                + key.workload()
                + ", seed "
                + key.seed()
                + ": "
                + agent
                + " cached "
                + cached.text()
                + ", now "
                + f.text());
      }
      if (cached == null) cache.put(key, f);
      figs.add(f);
    }
    if (ran > 0) cache.write(o.agents());
    List<Result> agentRows = new ArrayList<>();
    for (AgentCache.Figure f : figs) agentRows.add(asResult(key.workload(), f));
    AgentCache.Figure bestCount = figureOf(figs, Result.betterHadoop(agentRows, key.workload()));
    AgentCache.Figure bestWork = figureOf(figs, Result.bestHadoopByWork(agentRows, key.workload()));
    long t1 = System.nanoTime();
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s, seed %d: agents %s (%.1f s); best by count %s, by work %s",
                key.workload(),
                key.seed(),
                ran == 0 ? "cached" : ran + " run",
                (t1 - t0) / 1e9,
                bestCount.text(),
                bestWork.text()));
    for (String spec : o.planners()) {
      RunOutcome out = RayonContender.named(spec).run(w, true);
      PlanStats s = PlanStats.of(w, out);
      Row r =
          new Row(
              key,
              spec,
              s.accepted(),
              w.size(),
              s.weightedAcceptance(),
              bestCount,
              bestWork,
              out.violations());
      rows.add(r);
      for (String v : r.violations()) errors.add(spec + " on " + r.pair() + ": violation: " + v);
      line.append(
          String.format(
              Locale.ROOT,
              "; %s %d/%d (%s) by work %s: %s",
              spec,
              r.accepted(),
              r.total(),
              pct((double) r.accepted() / r.total()),
              pct(r.byWork()),
              r.met() ? "met" : "MISSED"));
    }
    progress.println(line);
    progress.flush();
    return rows;
  }

  /** An agent's figure as a harness row, so the harness's choice of the best agent applies. */
  static Result asResult(String workload, AgentCache.Figure f) {
    return new Result(
        workload,
        f.agent(),
        false,
        f.total(),
        new PlanStats(
            f.accepted(), (double) f.accepted() / f.total(), f.byWork(), Double.NaN, Double.NaN),
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        0,
        1,
        List.of(),
        Double.NaN,
        new BitSet(),
        -1,
        new Refusal[0],
        Double.NaN,
        Double.NaN);
  }

  private static AgentCache.Figure figureOf(List<AgentCache.Figure> figs, Result r) {
    for (AgentCache.Figure f : figs) if (f.agent().equals(r.planner())) return f;
    throw new IllegalStateException("no figure for " + r.planner());
  }

  static String pct(double x) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * x);
  }

  /** Met/missed of one spec's rows: "met N of M; missed: ...". */
  static String summary(List<Row> rows) {
    int met = 0;
    List<String> missed = new ArrayList<>();
    for (Row r : rows) {
      if (r.met()) met++;
      else missed.add(r.missedText());
    }
    return "met "
        + met
        + " of "
        + rows.size()
        + "; missed: "
        + (missed.isEmpty() ? "none" : String.join("; ", missed));
  }

  /** The Markdown report: a header on how it was made, then a table and a summary per spec. */
  static String markdown(Outcome r, Options o, String[] args, String revision) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "Made by `bench/run-acceptance-sweep.sh%s` on %s UTC at revision %s (agents' figures:"
                + " %s). Met: ours >= the best of the four Hadoop agents, by count (requests"
                + " accepted, integers) and by work (acceptance weighted by work, exact values,"
                + " shown to a tenth of a point); best by count: the most accepted, ties by work."
                + " Workloads as the harness prepares them: %s.%n",
            args.length == 0 ? "" : " " + String.join(" ", args),
            ZonedDateTime.now(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
            revision,
            o.rerunAgents()
                ? "all run again, "
                    + r.agentRuns()
                    + " agent runs, checked against "
                    + shown(o.agents())
                : "from "
                    + shown(o.agents())
                    + ", "
                    + r.agentRuns()
                    + " agent runs for pairs missing from it",
            preparation(o)));
    for (Map.Entry<String, List<Row>> e : r.rows().entrySet()) {
      sb.append("\n### ").append(e.getKey()).append("\n\n");
      sb.append(
          "| pair | ours count / work | best agent count (which) | best agent work (which) | met by count | met by work |\n");
      sb.append("|---|---:|---:|---:|:---:|:---:|\n");
      for (Row row : e.getValue()) {
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %d/%d (%s) / %s%s | %d (%s, %s) | %s (%s) | %s | %s |%n",
                row.pair(),
                row.accepted(),
                row.total(),
                pct((double) row.accepted() / row.total()),
                pct(row.byWork()),
                row.violations().isEmpty() ? "" : ", " + row.violations().size() + " violations",
                row.bestCount().accepted(),
                pct((double) row.bestCount().accepted() / row.bestCount().total()),
                row.bestCount().agent(),
                pct(row.bestWork().byWork()),
                row.bestWork().agent(),
                row.metByCount() ? "yes" : "**no**",
                row.metByWork() ? "yes" : "**no**"));
      }
      sb.append("\n").append(summary(e.getValue())).append("\n");
    }
    return sb.toString();
  }

  /** A file as the report names it: relative to the repository root when inside it. */
  static String shown(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    try {
      Path root = RepoFiles.root();
      if (abs.startsWith(root)) return root.relativize(abs).toString();
    } catch (IllegalArgumentException e) {
      // not run from the repository: the path as given
    }
    return file.toString();
  }

  /** One JSON object per planner spec. */
  static List<String> json(Outcome r) {
    ObjectMapper m = new ObjectMapper();
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<Row>> e : r.rows().entrySet()) {
      ObjectNode root = m.createObjectNode();
      root.put("planner", e.getKey());
      ArrayNode pairs = root.putArray("pairs");
      ArrayNode missed = m.createArrayNode();
      int met = 0;
      for (Row row : e.getValue()) {
        ObjectNode p = pairs.addObject();
        p.put("trace", row.key().trace());
        p.put("workload", row.key().workload());
        p.put("seed", row.key().seed());
        p.put("stepSeconds", row.key().stepSeconds());
        p.put("policy", row.key().policy());
        p.put("users", row.key().users());
        p.put("accepted", row.accepted());
        p.put("total", row.total());
        p.put("byWork", row.byWork());
        p.put("violations", row.violations().size());
        putFigure(p.putObject("bestCount"), row.bestCount());
        putFigure(p.putObject("bestWork"), row.bestWork());
        p.put("metByCount", row.metByCount());
        p.put("metByWork", row.metByWork());
        p.put("met", row.met());
        if (row.met()) met++;
        else missed.add(row.missedText());
      }
      root.put("met", met);
      root.put("total", e.getValue().size());
      root.set("missed", missed);
      out.add(root.toString());
    }
    return out;
  }

  /** The checkout's commit (short), with "+ uncommitted changes" when tracked files differ. */
  static String revision() {
    try {
      String rev = git("rev-parse", "--short", "HEAD").strip();
      String dirty = git("status", "--porcelain", "--untracked-files=no").strip();
      return rev.isEmpty() ? "unknown" : dirty.isEmpty() ? rev : rev + " + uncommitted changes";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private static String git(String... cmd) throws IOException, InterruptedException {
    List<String> c = new ArrayList<>(List.of("git", "-C", RepoFiles.root().toString()));
    c.addAll(List.of(cmd));
    Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
    String s;
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      s = String.join("\n", in.lines().toList());
    }
    return p.waitFor() == 0 ? s : "";
  }

  /**
   * The agents' figures, one line per pair and agent, tab-separated: {@code trace workload seed
   * step_seconds policy users agent accepted total by_work}; {@code by_work} in Java's shortest
   * exact form, so it reads back to the very double {@link PlanStats} computed. Lines starting with
   * {@code #} are comments; the first other line names the columns.
   */
  static final class AgentCache {
    static final String HEADER =
        "trace\tworkload\tseed\tstep_seconds\tpolicy\tusers\tagent\taccepted\ttotal\tby_work";
    static final String COMMENT =
        "# Hadoop 3.4.1's four reservation agents, each run once per (workload, seed) pair on the"
            + " harness's prepared workload by bench/run-acceptance-sweep.sh (io.rayon.bench.AcceptanceSweep);"
            + " accepted of total requests, by_work = acceptance weighted by work (PlanStats), exact";

    /** A pair as the harness prepares it. */
    record Key(
        String trace, String workload, long seed, long stepSeconds, String policy, int users) {}

    /** One agent's acceptance on a pair. */
    record Figure(String agent, int accepted, int total, double byWork) {
      String text() {
        return String.format(
            Locale.ROOT,
            "%s %d/%d (%s, by work %s)",
            agent,
            accepted,
            total,
            pct((double) accepted / total),
            pct(byWork));
      }
    }

    /** A cache line that cannot be read: the file, the line number and the problem. */
    static final class Malformed extends RuntimeException {
      Malformed(Path file, int line, String problem) {
        super(file + " line " + line + ": " + problem);
      }
    }

    private final Map<Key, Map<String, Figure>> figures = new LinkedHashMap<>();

    Figure get(Key k, String agent) {
      Map<String, Figure> m = figures.get(k);
      return m == null ? null : m.get(agent);
    }

    void put(Key k, Figure f) {
      figures.computeIfAbsent(k, x -> new LinkedHashMap<>()).put(f.agent(), f);
    }

    int size() {
      int n = 0;
      for (Map<String, Figure> m : figures.values()) n += m.size();
      return n;
    }

    /**
     * The cache in {@code file}; empty when there is no such file. Read as every input file is
     * ({@link InputFiles#readText}: a regular file only, within the size limit, strict UTF-8).
     */
    static AgentCache read(Path file) {
      if (Files.notExists(file, LinkOption.NOFOLLOW_LINKS)) return new AgentCache();
      List<String> lines;
      try {
        lines = InputFiles.readText(file).lines().toList();
      } catch (FormatException e) {
        throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
      }
      AgentCache c = new AgentCache();
      boolean header = false;
      for (int i = 0; i < lines.size(); i++) {
        String l = lines.get(i);
        int n = i + 1;
        if (l.startsWith("#") || l.isBlank()) continue;
        if (!header) {
          if (!l.equals(HEADER))
            throw new Malformed(file, n, "expected the header line '" + HEADER + "'");
          header = true;
          continue;
        }
        String[] f = l.split("\t", -1);
        if (f.length != 10)
          throw new Malformed(file, n, "expected 10 tab-separated columns, got " + f.length);
        Key k =
            new Key(
                nonEmpty(file, n, "trace", f[0]),
                nonEmpty(file, n, "workload", f[1]),
                number(file, n, "seed", f[2]),
                number(file, n, "step_seconds", f[3]),
                nonEmpty(file, n, "policy", f[4]),
                (int) number(file, n, "users", f[5]));
        String agent = f[6];
        if (!HadoopComparison.HADOOP_PLANNERS.contains(agent))
          throw new Malformed(
              file, n, "unknown agent '" + agent + "'; one of " + HadoopComparison.HADOOP_PLANNERS);
        long accepted = number(file, n, "accepted", f[7]);
        long total = number(file, n, "total", f[8]);
        if (total < 1 || accepted < 0 || accepted > total)
          throw new Malformed(
              file, n, "accepted " + accepted + " of total " + total + " is not 0..total");
        double w;
        try {
          w = Double.parseDouble(f[9]);
        } catch (NumberFormatException e) {
          throw new Malformed(file, n, "by_work '" + f[9] + "' is not a number");
        }
        if (!(w >= 0 && w <= 1))
          throw new Malformed(file, n, "by_work " + f[9] + " is not in [0, 1]");
        if (c.get(k, agent) != null)
          throw new Malformed(
              file, n, "a second line for " + agent + " on " + k.workload() + ", seed " + k.seed());
        c.put(k, new Figure(agent, (int) accepted, (int) total, w));
      }
      return c;
    }

    private static String nonEmpty(Path file, int n, String col, String v) {
      if (v.isBlank()) throw new Malformed(file, n, col + " is empty");
      return v;
    }

    private static long number(Path file, int n, String col, String v) {
      try {
        long x = Long.parseLong(v);
        if (x < 0) throw new Malformed(file, n, col + " " + v + " is negative");
        return x;
      } catch (NumberFormatException e) {
        throw new Malformed(file, n, col + " '" + v + "' is not a whole number");
      }
    }

    /** The whole cache, header first, in the order pairs were added. */
    String text() {
      StringBuilder sb = new StringBuilder(COMMENT).append('\n').append(HEADER).append('\n');
      for (Map.Entry<Key, Map<String, Figure>> e : figures.entrySet()) {
        Key k = e.getKey();
        for (Figure f : e.getValue().values()) {
          sb.append(
              String.join(
                  "\t",
                  k.trace(),
                  k.workload(),
                  Long.toString(k.seed()),
                  Long.toString(k.stepSeconds()),
                  k.policy(),
                  Integer.toString(k.users()),
                  f.agent(),
                  Integer.toString(f.accepted()),
                  Integer.toString(f.total()),
                  Double.toString(f.byWork())));
          sb.append('\n');
        }
      }
      return sb.toString();
    }

    /**
     * Writes the cache atomically ({@link AtomicFiles}: the old content or the new, never half; a
     * missing folder, a directory or a special file refused with a message).
     */
    void write(Path file) {
      try {
        AtomicFiles.writeString(file, text());
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot write " + file + ": " + e.getMessage(), e);
      }
    }
  }
}
