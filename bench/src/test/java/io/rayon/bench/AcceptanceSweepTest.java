package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rayon.bench.AcceptanceSweep.AgentCache;
import io.rayon.bench.AcceptanceSweep.Row;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AcceptanceSweep} on one small pair (SWIM (ii) with 100 jobs at seed 1): the report's keys,
 * the agents' cache written, read back and used instead of the agents, the met/missed rule on
 * constructed figures, and a malformed cache line named by its line number; the harness's {@code
 * --step-seconds}, {@code --quick}, {@code --policy} and {@code --users} passed through, refused
 * with exit 2 when the harness refuses them, and a pair's figures at one step never used for
 * another (SWIM's quick (ii) at seed 1, at one-second and one-minute steps, the agents faked).
 */
class AcceptanceSweepTest {
  private static final PrintStream QUIET =
      new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  private static AcceptanceSweep.Options options(Path agents, boolean rerun) {
    return new AcceptanceSweep.Options(
        List.of(AcceptanceSweep.TRACES.get(0)),
        List.of(1L),
        Set.of("ii"),
        List.of("greel-plus"),
        agents,
        rerun,
        null,
        false,
        AcceptanceSweep.DEFAULT_STEP_SECONDS,
        false,
        null,
        null);
  }

  /** SWIM (ii) with 100 jobs on 400 nodes at seed 1, prepared as the harness prepares it. */
  private static PreparedWorkload swimIi100(HadoopComparison.Options ho) {
    PreparedWorkload w = HadoopComparison.workloads(ho).get(0);
    assertThat(w.label()).isEqualTo("(ii) 100 SWIM jobs, 400 nodes");
    return w;
  }

  @Test
  void aSmallPairIsReportedAndItsAgentsAreCachedThenReadBackInsteadOfRun(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("agents.tsv");
    HadoopComparison.Options ho =
        AcceptanceSweep.harnessOptions(AcceptanceSweep.TRACES.get(0), 1, Set.of("ii"));
    PreparedWorkload w = swimIi100(ho);
    AgentCache.Key key = AcceptanceSweep.key(ho, w);
    assertThat(key.trace()).isEqualTo("FB-2009_samples_24_times_1hr_0.tsv");
    assertThat(key.seed()).isEqualTo(1);

    // first run: no cache, the four agents run and are written
    AtomicInteger runs = new AtomicInteger();
    AcceptanceSweep.AgentRunner counting =
        (k, agent, pw) -> {
          runs.incrementAndGet();
          return AcceptanceSweep.runAgent(k, agent, pw);
        };
    List<String> errors = new ArrayList<>();
    AgentCache cache = AgentCache.read(file);
    assertThat(cache.size()).isZero();
    List<Row> first =
        AcceptanceSweep.pair(options(file, false), cache, counting, key, w, errors, QUIET);
    assertThat(runs.get()).isEqualTo(4);
    assertThat(errors).isEmpty();
    assertThat(first).hasSize(1);
    Row r = first.get(0);
    assertThat(r.planner()).isEqualTo("greel-plus");
    assertThat(r.total()).isEqualTo(100);
    assertThat(r.violations()).isEmpty();
    assertThat(HadoopComparison.HADOOP_PLANNERS).contains(r.bestCount().agent());
    assertThat(r.bestCount().accepted()).isBetween(1, 100);
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(2 + 4);
    assertThat(lines.get(0)).startsWith("#");
    assertThat(lines.get(1)).isEqualTo(AgentCache.HEADER);
    assertThat(lines.get(2)).startsWith(key.trace() + "\t" + key.workload() + "\t1\t60\t");

    // second run: the agents are not available; the cache answers, with the very same figures
    AcceptanceSweep.AgentRunner unavailable =
        (k, agent, pw) -> {
          throw new AssertionError("agent " + agent + " ran although cached");
        };
    AgentCache back = AgentCache.read(file);
    assertThat(back.size()).isEqualTo(4);
    List<Row> second =
        AcceptanceSweep.pair(options(file, false), back, unavailable, key, w, errors, QUIET);
    assertThat(errors).isEmpty();
    assertThat(second).containsExactlyElementsOf(first);

    // --rerun-agents: an agent that now answers otherwise is reported, the cached line kept
    AcceptanceSweep.AgentRunner changed =
        (k, agent, pw) -> {
          AgentCache.Figure f = AcceptanceSweep.runAgent(k, agent, pw);
          return agent.equals("hadoop-greedy")
              ? new AgentCache.Figure(agent, f.accepted() - 1, f.total(), f.byWork())
              : f;
        };
    AcceptanceSweep.pair(options(file, true), back, changed, key, w, errors, QUIET);
    assertThat(errors)
        .singleElement()
        .asString()
        .contains("rerun differs from the cache")
        .contains("hadoop-greedy cached");
    assertThat(Files.readAllLines(file)).isEqualTo(lines);

    // the report: a table with the brief's columns and a summary; JSON with its keys
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    rows.put("greel-plus", first);
    AcceptanceSweep.Outcome out = new AcceptanceSweep.Outcome(rows, List.of(), 4);
    String md =
        AcceptanceSweep.markdown(
            out, options(file, false), new String[] {"--seeds", "1"}, "abc1234");
    assertThat(md)
        .contains("`bench/run-acceptance-sweep.sh --seeds 1`")
        .contains("at revision abc1234")
        .contains("4 agent runs")
        .contains("### greel-plus")
        .contains(
            "| pair | ours count / work | best agent count (which) | best agent work (which) | met by count | met by work |")
        .contains("| (ii) 100 SWIM jobs, 400 nodes, seed 1 | " + r.accepted() + "/100 (")
        .contains(r.met() ? "met 1 of 1; missed: none" : "met 0 of 1; missed: (ii) 100 SWIM");
    List<String> json = AcceptanceSweep.json(out);
    assertThat(json).hasSize(1);
    JsonNode j = new ObjectMapper().readTree(json.get(0));
    assertThat(j.get("planner").asText()).isEqualTo("greel-plus");
    assertThat(j.get("total").asInt()).isEqualTo(1);
    assertThat(j.get("met").asInt()).isEqualTo(r.met() ? 1 : 0);
    assertThat(j.get("missed").isArray()).isTrue();
    JsonNode p = j.get("pairs").get(0);
    for (String k :
        List.of(
            "trace",
            "workload",
            "seed",
            "accepted",
            "total",
            "byWork",
            "bestCount",
            "bestWork",
            "metByCount",
            "metByWork",
            "met")) assertThat(p.has(k)).as(k).isTrue();
    assertThat(p.get("accepted").asInt()).isEqualTo(r.accepted());
    assertThat(p.get("byWork").asDouble()).isEqualTo(r.byWork());
  }

  @Test
  void oursBelowTheBestAgentByOneRequestOrByTheLeastWorkIsMissedAndATieIsMet() {
    AgentCache.Key key = new AgentCache.Key("t", "(ii) 250 X jobs, 1000 nodes", 3, 60, "none", 10);
    AgentCache.Figure byCount = new AgentCache.Figure("hadoop-aligned", 242, 250, 0.925);
    AgentCache.Figure byWork = new AgentCache.Figure("hadoop-aligned-late", 239, 250, 0.942);
    Row below = new Row(key, "greel-plus", 241, 250, 0.965, byCount, byWork, List.of());
    assertThat(below.metByCount()).isFalse();
    assertThat(below.metByWork()).isTrue();
    assertThat(below.met()).isFalse();
    Row tie = new Row(key, "greel-plus", 242, 250, 0.942, byCount, byWork, List.of());
    assertThat(tie.met()).isTrue();
    // exact values: the next double below the agent's work is missed, though it prints the same
    Row justBelow =
        new Row(key, "greel-plus", 242, 250, Math.nextDown(0.942), byCount, byWork, List.of());
    assertThat(justBelow.metByWork()).isFalse();
    assertThat(AcceptanceSweep.pct(justBelow.byWork())).isEqualTo(AcceptanceSweep.pct(0.942));
    Row violated = new Row(key, "greel-plus", 250, 250, 1, byCount, byWork, List.of("overlap"));
    assertThat(violated.met()).isFalse();
    assertThat(AcceptanceSweep.summary(List.of(tie, below, justBelow)))
        .isEqualTo(
            "met 1 of 3; missed: (ii) 250 X jobs, 1000 nodes, seed 3 (by count);"
                + " (ii) 250 X jobs, 1000 nodes, seed 3 (by work)");
    // the harness's choice of the best agent: most accepted, ties by work; best work apart
    List<Result> rs =
        List.of(
            AcceptanceSweep.asResult(key.workload(), byWork),
            AcceptanceSweep.asResult(key.workload(), byCount),
            AcceptanceSweep.asResult(
                key.workload(), new AgentCache.Figure("hadoop-greedy", 242, 250, 0.93)));
    assertThat(Result.betterHadoop(rs, key.workload()).planner()).isEqualTo("hadoop-greedy");
    assertThat(Result.bestHadoopByWork(rs, key.workload()).planner())
        .isEqualTo("hadoop-aligned-late");
  }

  @Test
  void aMalformedCacheLineIsReportedWithTheFileAndItsLineNumber(@TempDir Path dir)
      throws Exception {
    String good =
        "SWIM.tsv\t(ii) 100 SWIM jobs, 400 nodes\t1\t60\tnone\t10\thadoop-greedy\t90\t100\t0.9";
    Path f = dir.resolve("agents.tsv");
    Files.writeString(
        f, AgentCache.COMMENT + "\n" + AgentCache.HEADER + "\n" + good + "\n" + "a\tb\tc\n");
    assertThatThrownBy(() -> AgentCache.read(f))
        .isInstanceOf(AgentCache.Malformed.class)
        .hasMessageContaining(f.toString())
        .hasMessageContaining("line 4")
        .hasMessageContaining("expected 10 tab-separated columns, got 3");
    Files.writeString(
        f, AgentCache.HEADER + "\n" + good + "\n" + good.replace("\t90\t", "\tninety\t") + "\n");
    assertThatThrownBy(() -> AgentCache.read(f))
        .hasMessageContaining("line 3")
        .hasMessageContaining("accepted 'ninety' is not a whole number");
    Files.writeString(f, AgentCache.HEADER + "\n" + good + "\n" + good + "\n");
    assertThatThrownBy(() -> AgentCache.read(f))
        .hasMessageContaining("line 3")
        .hasMessageContaining("a second line for hadoop-greedy");
    Files.writeString(f, good + "\n");
    assertThatThrownBy(() -> AgentCache.read(f))
        .hasMessageContaining("line 1")
        .hasMessageContaining("header");
    Files.writeString(f, AgentCache.HEADER + "\n" + good + "\n");
    assertThat(AgentCache.read(f).size()).isEqualTo(1);
  }

  @Test
  void badOptionsAreRefused() {
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--fast"}))
        .hasMessageContaining("unknown option '--fast'");
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--traces", "swim,ctc"}))
        .hasMessageContaining("unknown 'ctc'");
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--seeds", "1,x"}))
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--planners", "hadoop-greedy"}))
        .hasMessageContaining("agents");
    // the speed comparison's floor replays another planner's decisions: not a planner to sweep
    assertThatThrownBy(
            () -> AcceptanceSweep.parse(new String[] {"--planners", "greel-plus,commit-only"}))
        .hasMessageContaining("'commit-only' is the speed comparison's floor")
        .hasMessageContaining("greel-plus[repair=0]");
    assertThatThrownBy(
            () -> AcceptanceSweep.parse(new String[] {"--traces", "kth", "--workloads", "i"}))
        .hasMessageContaining("no pairs");
    AcceptanceSweep.Options o =
        AcceptanceSweep.parse(
            new String[] {
              "--traces", "nasa,swim", "--seeds", "3", "--planners", "greel-plus,greel", "--json"
            });
    assertThat(o.traces())
        .extracting(AcceptanceSweep.TraceSet::key)
        .containsExactly("nasa", "swim");
    assertThat(o.seeds()).containsExactly(3L);
    assertThat(o.planners()).containsExactly("greel-plus", "greel");
    assertThat(o.json()).isTrue();
    assertThat(o.agents().toString()).endsWith(AcceptanceSweep.DEFAULT_AGENTS);
    assertThat(AcceptanceSweep.pairCount(o)).isEqualTo(5 + 6);
    // the documented 134: SWIM's six at 14 seeds, KTH's and NASA's five at 5 seeds each
    assertThat(AcceptanceSweep.pairCount(AcceptanceSweep.parse(new String[0]))).isEqualTo(134);
    // Alibaba's trace only when named: its (ii) and (iii) at its five seeds
    AcceptanceSweep.Options ali = AcceptanceSweep.parse(new String[] {"--traces", "alibaba"});
    assertThat(ali.traces()).extracting(AcceptanceSweep.TraceSet::key).containsExactly("alibaba");
    assertThat(AcceptanceSweep.pairCount(ali)).isEqualTo(25);
    assertThat(AcceptanceSweep.parse(new String[0]).traces())
        .extracting(AcceptanceSweep.TraceSet::key)
        .containsExactly("swim", "kth", "nasa");
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--traces", "ctc"}))
        .hasMessageContaining("choose from swim, kth, nasa, alibaba");
  }

  @Test
  void stepQuickPolicyAndUsersAreParsedAndPassedToTheHarnessForEachPair() {
    AcceptanceSweep.Options d = AcceptanceSweep.parse(new String[0]);
    // the default is the harness's own: one-minute steps, all four (ii) sizes
    assertThat(d.stepSeconds())
        .isEqualTo(AcceptanceSweep.DEFAULT_STEP_SECONDS)
        .isEqualTo(HadoopComparison.parse(new String[] {"--workloads", "i"}).stepSeconds())
        .isEqualTo(60);
    assertThat(d.quick()).isFalse();
    assertThat(d.policy()).isNull();
    assertThat(d.users()).isNull();
    assertThat(d.harnessArgs()).containsExactly("--step-seconds", "60");
    assertThat(AcceptanceSweep.preparation(d))
        .isEqualTo("step 60 s, policy capacity-over-time:1,1,24h on both sides, 10 users");

    AcceptanceSweep.Options o =
        AcceptanceSweep.parse(
            new String[] {"--step-seconds", "1", "--quick", "--traces", "swim", "--seeds", "42,1"});
    assertThat(o.stepSeconds()).isEqualTo(1);
    assertThat(o.quick()).isTrue();
    assertThat(o.harnessArgs()).containsExactly("--step-seconds", "1", "--quick");
    // the quick set: (i), (ii)-100, (ii)-1000, (iii) at each of the two seeds
    assertThat(AcceptanceSweep.pairCount(o)).isEqualTo(4 * 2);
    // the 134 pairs' quick subset: SWIM's four at 14 seeds, KTH's and NASA's three at 5 each
    assertThat(AcceptanceSweep.pairCount(AcceptanceSweep.parse(new String[] {"--quick"})))
        .isEqualTo(4 * 14 + 3 * 5 + 3 * 5);
    assertThat(AcceptanceSweep.preparation(o))
        .startsWith("step 1 s, policy capacity-over-time:1,1,24h on both sides, 10 users, ")
        .contains("quick set");
    HadoopComparison.Options ho =
        AcceptanceSweep.harnessOptions(
            AcceptanceSweep.TRACES.get(1), 42, o.workloads(), o.harnessArgs());
    assertThat(ho.stepSeconds()).isEqualTo(1);
    assertThat(ho.quick()).isTrue();
    assertThat(ho.seed()).isEqualTo(42);
    assertThat(ho.trace().getFileName().toString()).isEqualTo("KTH-SP2-1996-2.1-cln.swf.gz");
    assertThat(ho.planners()).containsExactlyElementsOf(HadoopComparison.HADOOP_PLANNERS);

    AcceptanceSweep.Options pu =
        AcceptanceSweep.parse(new String[] {"--policy", "none", "--users", "3", "--json"});
    assertThat(pu.policy()).isEqualTo("none");
    assertThat(pu.users()).isEqualTo(3);
    assertThat(pu.harnessArgs())
        .containsExactly("--step-seconds", "60", "--policy", "none", "--users", "3");
    HadoopComparison.Options hpu =
        AcceptanceSweep.harnessOptions(
            AcceptanceSweep.TRACES.get(0), 5, Set.of("i"), pu.harnessArgs());
    assertThat(hpu.policy().toString()).isEqualTo("none");
    assertThat(hpu.users()).isEqualTo(3);
    assertThat(hpu.stepSeconds()).isEqualTo(60);
    assertThat(hpu.quick()).isFalse();
  }

  @Test
  void badStepPolicyOrUsersAreRefusedNamingTheOption() {
    for (String[] bad :
        List.of(
            new String[] {"--step-seconds", "0", "must be in [1, 3600], got 0"},
            new String[] {"--step-seconds", "3601", "must be in [1, 3600], got 3601"},
            new String[] {"--step-seconds", "1.5", "needs a whole number, got '1.5'"},
            new String[] {"--users", "0", "must be in [1, 100000], got 0"},
            new String[] {"--users", "ten", "needs a whole number, got 'ten'"},
            new String[] {"--policy", "fastest", "'fastest'"})) {
      assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {bad[0], bad[1]}))
          .as(bad[0] + " " + bad[1])
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(bad[0])
          .hasMessageContaining(bad[2]);
    }
    assertThatThrownBy(() -> AcceptanceSweep.parse(new String[] {"--seeds", "1", "--step-seconds"}))
        .hasMessage("--step-seconds needs a value");
  }

  @Test
  void aBadStepExitsWithTwoAndAMessageNamingIt() throws Exception {
    // main's exit code, in a JVM of its own; surefire keeps the whole class path in this property
    String cp =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java, "-cp", cp, "io.rayon.bench.AcceptanceSweep", "--quick", "--step-seconds", "0")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(err).contains("acceptance-sweep: --step-seconds must be in [1, 3600], got 0");
  }

  @Test
  void aPairsOneMinuteFiguresAreNeverUsedForItsOneSecondRunAndBothStayInTheCache(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("agents.tsv");
    String[] common = {
      "--traces",
      "swim",
      "--seeds",
      "1",
      "--workloads",
      "ii",
      "--quick",
      "--agents",
      file.toString()
    };
    AcceptanceSweep.Options minute = AcceptanceSweep.parse(common);
    List<String> a = new ArrayList<>(List.of(common));
    a.addAll(List.of("--step-seconds", "1"));
    AcceptanceSweep.Options second = AcceptanceSweep.parse(a.toArray(new String[0]));

    // the cache holds the two quick (ii) pairs at 60 s only, with figures no agent gives
    HadoopComparison.Options ho60 =
        AcceptanceSweep.harnessOptions(
            AcceptanceSweep.TRACES.get(0), 1, minute.workloads(), minute.harnessArgs());
    List<AgentCache.Key> minuteKeys = new ArrayList<>();
    AgentCache cache = new AgentCache();
    for (PreparedWorkload w : HadoopComparison.workloads(ho60)) {
      AgentCache.Key k = AcceptanceSweep.key(ho60, w);
      minuteKeys.add(k);
      for (String agent : HadoopComparison.HADOOP_PLANNERS)
        cache.put(k, new AgentCache.Figure(agent, 1, w.size(), 0.001));
    }
    assertThat(minuteKeys)
        .extracting(AgentCache.Key::workload)
        .containsExactly("(ii) 100 SWIM jobs, 400 nodes", "(ii) 1000 SWIM jobs, 4000 nodes");
    assertThat(minuteKeys).extracting(AgentCache.Key::stepSeconds).containsOnly(60L);
    cache.write(file);
    List<String> minuteLines = Files.readAllLines(file);
    assertThat(minuteLines).hasSize(2 + 8);

    // the one-second sweep: every agent runs, on one-second keys; no 60 s figure is used
    List<AgentCache.Key> ran = new ArrayList<>();
    AcceptanceSweep.AgentRunner fake =
        (k, agent, pw) -> {
          ran.add(k);
          return new AgentCache.Figure(agent, 2, pw.size(), 0.002);
        };
    AcceptanceSweep.Outcome s = AcceptanceSweep.run(second, fake, QUIET);
    assertThat(s.errors()).isEmpty();
    assertThat(s.agentRuns()).isEqualTo(8);
    assertThat(ran).hasSize(8).extracting(AgentCache.Key::stepSeconds).containsOnly(1L);
    List<Row> rows = s.rows().get("greel-plus");
    assertThat(rows).hasSize(2);
    for (int i = 0; i < 2; i++) {
      Row r = rows.get(i);
      AgentCache.Key m = minuteKeys.get(i);
      // the same pair but for the step
      assertThat(r.key())
          .isEqualTo(
              new AgentCache.Key(m.trace(), m.workload(), m.seed(), 1, m.policy(), m.users()))
          .isNotEqualTo(m);
      assertThat(r.bestCount().accepted()).isEqualTo(2);
      assertThat(r.bestWork().byWork()).isEqualTo(0.002);
    }

    // side by side in the file: the 60 s lines as they were, then the 1 s lines
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(minuteLines.size() + 8);
    assertThat(lines.subList(0, minuteLines.size())).isEqualTo(minuteLines);
    for (String l : lines.subList(minuteLines.size(), lines.size()))
      assertThat(l.split("\t")[3]).as(l).isEqualTo("1");
    AgentCache back = AgentCache.read(file);
    assertThat(back.size()).isEqualTo(16);

    // the one-minute sweep reads its own lines and runs no agent
    AcceptanceSweep.AgentRunner unavailable =
        (k, agent, pw) -> {
          throw new AssertionError("agent " + agent + " ran although cached at " + k);
        };
    AcceptanceSweep.Outcome m = AcceptanceSweep.run(minute, unavailable, QUIET);
    assertThat(m.errors()).isEmpty();
    assertThat(m.agentRuns()).isZero();
    assertThat(m.rows().get("greel-plus"))
        .extracting(r -> r.bestCount().accepted())
        .containsExactly(1, 1);
    // and the one-second sweep again: from the cache now
    AcceptanceSweep.Outcome again = AcceptanceSweep.run(second, unavailable, QUIET);
    assertThat(again.agentRuns()).isZero();
    assertThat(again.rows().get("greel-plus"))
        .extracting(r -> r.bestCount().accepted())
        .containsExactly(2, 2);
    assertThat(Files.readAllLines(file)).isEqualTo(lines);

    // the report says how the pairs were prepared; JSON gives each pair's step
    String md =
        AcceptanceSweep.markdown(again, second, new String[] {"--step-seconds", "1"}, "abc1234");
    assertThat(md).contains("Workloads as the harness prepares them: step 1 s, policy ");
    JsonNode j = new ObjectMapper().readTree(AcceptanceSweep.json(again).get(0));
    assertThat(j.get("pairs").get(0).get("stepSeconds").asLong()).isEqualTo(1);
    assertThat(j.get("pairs").get(0).get("users").asInt()).isEqualTo(10);
  }

  @Test
  void aSwimPairHasOneCacheKeyWhetherTheRunReadsTheTraceOrNot() {
    // (i) reads no trace: swept alone, the harness finds no SWIM file; swept with (ii) and (iii) it
    // does. Both must find the same cached lines, or the agents run again under a second key
    HadoopComparison.Options alone =
        HadoopComparison.parse(new String[] {"--workloads", "i", "--seed", "18"});
    HadoopComparison.Options withTrace =
        HadoopComparison.parse(new String[] {"--workloads", "i,ii,iii", "--seed", "18"});
    PreparedWorkload w = HadoopComparison.workloads(alone).get(0);
    assertThat(AcceptanceSweep.key(alone, w)).isEqualTo(AcceptanceSweep.key(withTrace, w));
    assertThat(AcceptanceSweep.key(alone, w).trace())
        .isEqualTo(HadoopComparison.findSwim().getFileName().toString());
  }
}
