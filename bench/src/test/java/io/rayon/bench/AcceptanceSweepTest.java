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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AcceptanceSweep} on one small pair (SWIM (ii) with 100 jobs at seed 1): the report's keys,
 * the agents' cache written, read back and used instead of the agents, the met/missed rule on
 * constructed figures, and a malformed cache line named by its line number.
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
        false);
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
  }
}
