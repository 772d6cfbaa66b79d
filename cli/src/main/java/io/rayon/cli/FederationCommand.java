package io.rayon.cli;

import io.rayon.engine.federation.Federation;
import io.rayon.engine.federation.FederationGenerator;
import io.rayon.engine.federation.FederationTimeline;
import io.rayon.engine.federation.Routing;
import io.rayon.engine.federation.SharePolicies;
import io.rayon.engine.federation.SharePolicy;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationIO;
import io.rayon.model.federation.FederationSetup;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.JsonShape;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon federation SETUP --policy gif|gac|uniform|load|central [--compare] [--json]} and
 * {@code rayon federation generate ...}: the share-determination policies of "Hydra: a federated
 * resource manager for data-center scale analytics" (§4.2) on a federated setup, measured as in its
 * Fig. 5 against the fairness oracle (a centralized scheduler with locality relaxed). Decision
 * runtime is measured here, around each engine call (the engine has no clock).
 */
@Command(
    name = "federation",
    mixinStandardHelpOptions = true,
    description = {
      "Run a share-determination policy (Hydra §4.2) on a federation setup and print utilization, fairness error"
          + " against the oracle (%%), node- and rack-local fractions and decision runtime.",
      "A setup with jobs arriving over time or an RM down for a period is decided round by round; the figures are"
          + " means over rounds, and with failures the cost against the same setup without failures is shown.",
      "The setup format is in docs/formats.md (Federation setup files); 'rayon federation generate' writes one."
    },
    subcommands = {FederationCommand.Generate.class})
public final class FederationCommand implements Callable<Integer> {
  CommandLine.Model.CommandSpec spec;

  @Spec
  void spec(CommandLine.Model.CommandSpec s) {
    this.spec = s;
    s.usageMessage().footer(policyHelp());
  }

  /** Each share policy and its options, from the registry. */
  static String policyHelp() {
    StringBuilder b =
        new StringBuilder(
            "%nShare policies (-O NAME=VALUE sets an option; the defaults are the paper's or our documented reading):%n");
    for (Plugin<SharePolicy> p : SharePolicies.REGISTRY.plugins()) {
      wrap(b, "  ", p.name() + ": " + p.description());
      for (OptionSpec o : p.options()) {
        String values =
            o.type() == OptionSpec.Type.CHOICE
                ? String.join("|", o.choices())
                : o.type().name().toLowerCase(Locale.ROOT);
        wrap(
            b,
            "      ",
            o.name() + "=" + values + " (default " + o.defaultValue() + "): " + o.help());
      }
    }
    return b.toString();
  }

  /** Appends text wrapped at 78 columns, every line indented, {@code %} escaped for picocli. */
  private static void wrap(StringBuilder b, String indent, String text) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > 78) {
        b.append(line.toString().replace("%", "%%")).append("%n");
        line = new StringBuilder(indent + "    ");
      }
      if (line.length() > indent.length() && line.charAt(line.length() - 1) != ' ')
        line.append(' ');
      line.append(word);
    }
    b.append(line.toString().replace("%", "%%")).append("%n");
  }

  static final class PolicyNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return SharePolicies.REGISTRY.names().iterator();
    }
  }

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "SETUP",
      description = "federation setup JSON file")
  Path setup;

  @Option(
      names = "--policy",
      paramLabel = "NAME",
      defaultValue = "gif",
      completionCandidates = PolicyNames.class,
      description = "share policy: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
  String policy;

  @Option(names = "--compare", description = "run every policy on the same setup and print a table")
  boolean compare;

  @Option(
      names = "--json",
      description =
          "print per-policy utilization, fairnessErrorPct, nodeLocal, rackLocal, runtimeMs as JSON")
  boolean json;

  @Option(
      names = {"-O", "--option"},
      paramLabel = "NAME=VALUE",
      description = "share policy option (repeatable), e.g. -O repair-rounds=2")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(
      names = "--router",
      paramLabel = "NAME",
      defaultValue = "locality",
      description =
          "Router policy for a job's home sub-cluster (§4.1): random, weighted, load, locality (default ${DEFAULT-VALUE})")
  String router;

  @Option(
      names = "--proxy",
      paramLabel = "NAME",
      defaultValue = "delay",
      description =
          "AM-RM proxy policy for requests without a place (§4.1): home, headroom, delay (default ${DEFAULT-VALUE})")
  String proxy;

  @Option(
      names = "--delay-rounds",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "delay-scheduling timeout of --proxy delay, in rounds: a job's requests wait for its home this long (default ${DEFAULT-VALUE})")
  int delayRounds;

  @Option(
      names = "--opportunistic",
      description =
          "requests left pending run as opportunistic containers on idle capacity (reported apart)")
  boolean opportunistic;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "seed of the random and weighted routers (default ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description = "decision rounds (default: as many as the setup spans)")
  Integer rounds;

  @Option(names = "--per-round", description = "also print every round's figures")
  boolean perRound;

  @Override
  public Integer call() {
    if (setup == null) {
      throw new CliSupport.BadInputException(
          "missing SETUP: give a federation setup file, or use 'rayon federation generate'"
              + " to write one (see 'rayon federation --help')");
    }
    Routing routing;
    try {
      routing =
          new Routing(
              parse(Routing.Router.class, "--router", router),
              parse(Routing.Proxy.class, "--proxy", proxy),
              opportunistic,
              seed,
              delayRounds);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    List<String> names = compare ? SharePolicies.REGISTRY.names() : List.of(policyName());
    Map<String, SharePolicy> policies = policies(names);
    String text = CliSupport.readText(setup);
    FederationSetup s;
    try {
      s = FederationIO.parse(text, setup.toString());
    } catch (FormatException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    int n = rounds == null ? Federation.rounds(s) : rounds;
    if (n < 1 || n > 100_000)
      throw new CliSupport.BadInputException("--rounds: " + n + " must be from 1 to 100000");
    FederationTimeline.Result r = run(s, routing, policies, n, text);
    FederationTimeline.Result healthy =
        s.failures().isNone()
            ? null
            : run(s.withFailures(FailureSpec.NONE), routing, policies, n, text);
    Federation f0 = r.rounds().get(0).federation();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("setup", s.name());
      m.put("subClusters", f0.subClusterCount());
      m.put("nodes", f0.nodeCount());
      m.put("unavailableNodes", f0.unavailableNodeCount());
      m.put("queues", f0.tree().size());
      m.put("leafQueues", f0.tree().leafCount());
      m.put("jobs", s.jobs().size());
      m.put("rounds", n);
      m.put("router", routing.router().cliName());
      m.put("proxy", routing.proxy().cliName());
      Map<String, Object> per = new LinkedHashMap<>();
      for (String name : names) {
        FederationTimeline.Summary x = r.summary().get(name);
        Map<String, Object> p = metrics(x);
        p.put("worstUtilization", x.worstUtilization());
        p.put("worstFairnessErrorPct", x.worstFairnessErrorPct());
        if (opportunistic) p.put("opportunistic", x.opportunistic());
        if (healthy != null) {
          FederationTimeline.Summary h = healthy.summary().get(name);
          Map<String, Object> cost = new LinkedHashMap<>();
          cost.put("containersLost", h.allocated() - x.allocated());
          cost.put("utilizationLossPts", lossPts(h, x));
          cost.put("fairnessErrorPct", x.fairnessErrorPct() - h.fairnessErrorPct());
          cost.put("withoutFailures", metrics(h));
          p.put("failureCost", cost);
        }
        per.put(name, p);
      }
      m.put("policies", per);
      if (perRound) {
        List<Object> rows = new ArrayList<>();
        for (FederationTimeline.Round round : r.rounds()) {
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("round", round.round());
          row.put("capacity", round.federation().totalCapacity());
          Map<String, Object> pp = new LinkedHashMap<>();
          for (String name : names) {
            var mm = round.outcomes().get(name).metrics();
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("utilization", mm.utilization());
            q.put("fairnessErrorPct", mm.fairnessErrorPct());
            q.put("nodeLocal", mm.nodeLocal());
            q.put("rackLocal", mm.rackLocal());
            q.put("runtimeMs", round.decideNanos().get(name) / 1e6);
            pp.put(name, q);
          }
          row.put("policies", pp);
          rows.add(row);
        }
        m.put("perRound", rows);
      }
      CliSupport.printJson(out, m);
      return CliSupport.EXIT_OK;
    }
    out.printf(
        Locale.ROOT,
        "setup %s: %d sub-clusters, %,d nodes%s, %,d containers, %,d queues (%,d leaves), %,d jobs, %d round%s%n",
        s.name(),
        f0.subClusterCount(),
        f0.nodeCount(),
        f0.unavailableNodeCount() > 0 ? " (" + f0.unavailableNodeCount() + " unavailable)" : "",
        f0.totalCapacity(),
        f0.tree().size(),
        f0.tree().leafCount(),
        s.jobs().size(),
        n,
        n == 1 ? "" : "s");
    if (!s.failures().downSubClusters().isEmpty()) {
      FailureSpec fs = s.failures();
      out.printf(
          Locale.ROOT,
          "RM down: %s in rounds %d to %s%n",
          String.join(", ", fs.downSubClusters()),
          fs.downFrom(),
          fs.downUntil() == 0 ? "the end" : String.valueOf(fs.downUntil() - 1));
    }
    out.printf(
        Locale.ROOT,
        "routing: router %s, proxy %s%s%n",
        routing.router().cliName(),
        routing.proxy().cliName(),
        opportunistic ? ", opportunistic containers" : "");
    out.printf(
        Locale.ROOT,
        "%-9s %11s %13s %10s %10s %11s%s%n",
        "policy",
        "utilization",
        "fairness err",
        "node-local",
        "rack-local",
        "runtime ms",
        healthy == null ? "" : "   failure cost: lost util  fairness err");
    for (String name : names) {
      FederationTimeline.Summary x = r.summary().get(name);
      String cost = "";
      if (healthy != null) {
        FederationTimeline.Summary h = healthy.summary().get(name);
        cost =
            String.format(
                Locale.ROOT,
                "   %18.2f pts %+9.3f pts",
                lossPts(h, x),
                x.fairnessErrorPct() - h.fairnessErrorPct());
      }
      out.printf(
          Locale.ROOT,
          "%-9s %10.2f%% %12.3f%% %9.1f%% %9.1f%% %11.2f%s%n",
          name,
          100 * x.utilization(),
          x.fairnessErrorPct(),
          100 * x.nodeLocal(),
          100 * x.rackLocal(),
          x.runtimeMs(),
          cost);
    }
    if (perRound && n > 1) {
      out.println();
      out.printf(
          Locale.ROOT, "%-6s %-9s %11s %13s%n", "round", "policy", "utilization", "fairness err");
      for (FederationTimeline.Round round : r.rounds()) {
        for (String name : names) {
          var mm = round.outcomes().get(name).metrics();
          out.printf(
              Locale.ROOT,
              "%-6d %-9s %10.2f%% %12.3f%%%n",
              round.round(),
              name,
              100 * mm.utilization(),
              mm.fairnessErrorPct());
        }
      }
    }
    out.flush();
    return CliSupport.EXIT_OK;
  }

  /**
   * What failures cost in utilization: the containers the healthy federation places and the failed
   * one does not, in points of the healthy capacity (utilization itself is over live capacity, so
   * it can rise while an RM is down).
   */
  static double lossPts(FederationTimeline.Summary healthy, FederationTimeline.Summary failed) {
    return healthy.capacity() <= 0
        ? 0
        : 100 * (healthy.allocated() - failed.allocated()) / healthy.capacity();
  }

  private static Map<String, Object> metrics(FederationTimeline.Summary x) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("utilization", x.utilization());
    p.put("fairnessErrorPct", x.fairnessErrorPct());
    p.put("nodeLocal", x.nodeLocal());
    p.put("rackLocal", x.rackLocal());
    p.put("runtimeMs", x.runtimeMs());
    return p;
  }

  private FederationTimeline.Result run(
      FederationSetup s, Routing routing, Map<String, SharePolicy> policies, int n, String text) {
    try {
      return FederationTimeline.run(
          s,
          routing,
          policies,
          n,
          System::nanoTime,
          ProgressListener.NONE,
          CancellationToken.NEVER);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(locate(setup.toString(), text, e.getMessage()), e);
    } catch (OutOfMemoryError e) {
      throw new CliSupport.BadInputException(
          setup
              + ": too large to decide in a "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MB heap; give Java more memory, e.g. RAYON_JAVA_OPTS=-Xmx8g");
    }
  }

  /** "FILE at $.path (line L, column C): problem" for an engine message "$.path: problem". */
  static String locate(String file, String text, String message) {
    if (message == null) return file + ": invalid setup";
    int colon = message.indexOf(": ");
    if (!message.startsWith("$") || colon < 0) return file + ": " + message;
    String path = message.substring(0, colon);
    String problem = message.substring(colon + 2);
    List<JsonShape.Problem> at =
        JsonShape.locate(text, List.of(new JsonShape.Problem(path, problem)));
    return file + " at " + at.get(0).path() + ": " + problem;
  }

  private String policyName() {
    String name = policy.strip().toLowerCase(Locale.ROOT);
    if (!SharePolicies.REGISTRY.contains(name)) {
      throw new CliSupport.BadInputException(
          "--policy '"
              + policy
              + "' is unknown; use "
              + String.join(", ", SharePolicies.REGISTRY.names()));
    }
    return name;
  }

  /**
   * The policies, each with the -O options it declares; an option no chosen policy takes is
   * refused.
   */
  private Map<String, SharePolicy> policies(List<String> names) {
    Set<String> used = new LinkedHashSet<>();
    Map<String, SharePolicy> out = new LinkedHashMap<>();
    for (String name : names) {
      Plugin<SharePolicy> p = SharePolicies.REGISTRY.get(name);
      Map<String, String> mine = new LinkedHashMap<>();
      for (OptionSpec o : p.options()) {
        if (options.containsKey(o.name())) {
          mine.put(o.name(), options.get(o.name()));
          used.add(o.name());
        }
      }
      try {
        out.put(name, SharePolicies.REGISTRY.create(name, mine));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException("-O: " + e.getMessage(), e);
      }
    }
    for (String o : options.keySet()) {
      if (!used.contains(o)) {
        List<String> known = new ArrayList<>();
        for (String name : names)
          for (OptionSpec spec : SharePolicies.REGISTRY.get(name).options())
            known.add(name + ": " + spec.name());
        throw new CliSupport.BadInputException(
            "-O "
                + o
                + ": no chosen share policy takes this option; options: "
                + (known.isEmpty() ? "none" : String.join(", ", known)));
      }
    }
    return out;
  }

  static <E extends Enum<E>> E parse(Class<E> type, String option, String value) {
    for (E e : type.getEnumConstants()) if (e.name().equalsIgnoreCase(value.strip())) return e;
    List<String> known = new ArrayList<>();
    for (E e : type.getEnumConstants()) known.add(e.name().toLowerCase(Locale.ROOT));
    throw new CliSupport.BadInputException(
        option + " '" + value + "' is unknown; use " + String.join(", ", known));
  }

  /**
   * {@code rayon federation generate}: a seeded federated setup (see {@link FederationGenerator}).
   */
  @Command(
      name = "generate",
      mixinStandardHelpOptions = true,
      description = {
        "Write a seeded federation setup: sub-clusters of unequal size in racks of 40 nodes, a queue hierarchy 5-12 levels deep,"
            + " skewed (Zipf-like) demand over queues and sub-clusters, node/rack/any requests; optionally jobs arriving over"
            + " rounds and failures (an RM down for a period, up to 5%% of machines unavailable)."
      })
  public static final class Generate implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
        names = "--subclusters",
        defaultValue = "20",
        description = "sub-clusters (default ${DEFAULT-VALUE})")
    int subClusters;

    @Option(
        names = "--nodes",
        defaultValue = "50000",
        description = "nodes in total (default ${DEFAULT-VALUE})")
    int nodes;

    @Option(
        names = "--queues",
        defaultValue = "5000",
        description = "queues in total, root included (default ${DEFAULT-VALUE})")
    int queues;

    @Option(
        names = "--containers-per-node",
        defaultValue = "8",
        description = "containers a node runs (default ${DEFAULT-VALUE})")
    int containersPerNode;

    @Option(
        names = "--skew",
        defaultValue = "1.0",
        description =
            "Zipf exponent of demand over queues and sub-clusters, 0-4 (default ${DEFAULT-VALUE})")
    double skew;

    @Option(names = "--seed", defaultValue = "1", description = "seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(
        names = "--rounds",
        defaultValue = "1",
        description = "decision rounds jobs arrive over (default ${DEFAULT-VALUE}: one decision)")
    int rounds;

    @Option(
        names = "--down",
        paramLabel = "SUBCLUSTER",
        description = "a sub-cluster whose RM is down (repeatable), e.g. --down sc3")
    List<String> down = new ArrayList<>();

    @Option(
        names = "--down-from",
        defaultValue = "0",
        description = "first round the RMs are down (default ${DEFAULT-VALUE})")
    int downFrom;

    @Option(
        names = "--down-until",
        defaultValue = "0",
        description = "first round they are up again (default ${DEFAULT-VALUE}: never)")
    int downUntil;

    @Option(
        names = "--unavailable",
        paramLabel = "FRACTION",
        defaultValue = "0",
        description = "fraction of machines unavailable, 0 to 0.05 (default ${DEFAULT-VALUE})")
    double unavailable;

    @Option(
        names = "--out",
        required = true,
        paramLabel = "FILE",
        description = "setup file to write (atomically)")
    Path out;

    @Option(names = "--compact", description = "write JSON without indentation (smaller file)")
    boolean compact;

    @Override
    public Integer call() {
      CliSupport.checkOutputs(List.of(), "--out", out);
      FederationSetup s;
      try {
        s =
            FederationGenerator.generate(
                new FederationGenerator.Params(
                    subClusters, nodes, queues, containersPerNode, skew, seed, rounds));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException(e.getMessage(), e);
      }
      if (!down.isEmpty() || unavailable != 0 || downFrom != 0 || downUntil != 0) {
        s = s.withFailures(new FailureSpec(down, unavailable, seed, downFrom, downUntil));
        try {
          Federation.of(s, Routing.DEFAULT); // the same checks as reading the file back
        } catch (IllegalArgumentException e) {
          String m =
              e.getMessage()
                  .replace("$.failures.downSubClusters", "--down")
                  .replace("$.failures.unavailableNodes", "--unavailable")
                  .replace("$.failures.downFrom", "--down-from")
                  .replace("$.failures.downUntil", "--down-until");
          throw new CliSupport.BadInputException(m, e);
        }
      }
      try {
        FederationIO.write(s, out, compact);
      } catch (IOException e) {
        throw new CliSupport.BadInputException(out + ": cannot write: " + e.getMessage(), e);
      }
      PrintWriter o = spec.commandLine().getOut();
      long racks = s.subClusters().stream().mapToLong(x -> x.racks().size()).sum();
      o.printf(
          Locale.ROOT,
          "wrote %s: %d sub-clusters, %,d nodes in %,d racks, %,d queues, %,d jobs%s%n",
          out,
          s.subClusters().size(),
          nodes,
          racks,
          s.queues().size(),
          s.jobs().size(),
          rounds > 1 ? " arriving over " + rounds + " rounds" : "");
      o.flush();
      return CliSupport.EXIT_OK;
    }
  }
}
