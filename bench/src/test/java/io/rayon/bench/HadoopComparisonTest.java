package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.CapacityOverTimePolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.NoOverCommitPolicy;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HadoopComparisonTest {

  @Test
  void everyPlannerRunsTheSameSmallWorkloadAndOursHaveNoViolations() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(7, 40, 4, 60));
    List<Contender> cs =
        List.of(
            RayonContender.gree(),
            RayonContender.greeL(),
            new HadoopContender(HadoopPeer.Agent.GREEDY),
            new HadoopContender(HadoopPeer.Agent.ALIGNED));
    List<Result> rows = Measure.measure(cs, w, 0, 0, 1, Long.MAX_VALUE);
    assertThat(rows)
        .extracting(Result::planner)
        .containsExactly("gree", "greel", "hadoop-greedy", "hadoop-aligned");
    for (Result r : rows) {
      assertThat(r.requests()).isEqualTo(40);
      assertThat(r.timedRuns()).isEqualTo(1);
      assertThat(r.stats().accepted()).isBetween(1, 40);
      assertThat(r.violations()).as(r.planner()).isEmpty();
      assertThat(r.isOurs()).isEqualTo(!r.planner().startsWith("hadoop"));
      assertThat(Double.isNaN(r.speedup())).isEqualTo(!r.isOurs());
      // the warm figure is measured for every contender, its ratio given for ours only
      assertThat(r.warmCpuNanos()).as(r.planner()).isPositive().isFinite();
      assertThat(Double.isNaN(r.warmSpeedup())).isEqualTo(!r.isOurs());
    }
  }

  @Test
  void aRunWithoutClocksDecidesTheSameAndReadsNoClockPerRequest() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(11, 30, 4, 60));
    for (Contender c :
        List.of(
            RayonContender.named("greel-plus"),
            new HadoopContender(HadoopPeer.Agent.GREEDY),
            new HadoopContender(HadoopPeer.Agent.ALIGNED, false))) {
      RunOutcome timed = c.run(w, false, true);
      RunOutcome bare = c.run(w, false, false);
      assertThat(timed.nanos()).as(c.name()).hasSize(30);
      assertThat(timed.totalNanos()).as(c.name()).isPositive();
      assertThat(bare.nanos()).as(c.name()).hasSize(30).containsOnly(0L);
      assertThat(bare.cpuNanos()).as(c.name()).isPositive();
      // the same decisions: ours' allocations are read back unchecked, Hadoop's refusals are kept
      assertThat(bare.allocations()).as(c.name()).containsExactly(timed.allocations());
      assertThat(bare.refusedWhy()).as(c.name()).containsExactly(timed.refusedWhy());
    }
  }

  /** A contender that runs {@code inner} and records each run's (check, clocks). */
  private static final class Recording implements Contender {
    final Contender inner;
    final List<String> runs = new ArrayList<>();

    Recording(Contender inner) {
      this.inner = inner;
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public RunOutcome run(PreparedWorkload w, boolean check, boolean clocks) {
      runs.add((check ? "check" : "bare") + (clocks ? "+clocks" : ""));
      return inner.run(w, check, clocks);
    }
  }

  @Test
  void byDefaultTheTimedRunReadsNoClockPerRequestAndTheLatenciesHaveTheirOwnRun() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(13, 30, 4, 60));
    Recording ours = new Recording(RayonContender.named("greel-plus"));
    Recording agent = new Recording(new HadoopContender(HadoopPeer.Agent.GREEDY));
    List<Result> rows =
        Measure.measure(
            List.of(ours, agent), w, 2, 0, 2, Long.MAX_VALUE, 0, Measure.Latencies.SEPARATE);
    for (Recording r : List.of(ours, agent)) {
      // warm-up: both kinds of run; per round: the timed run (checked, no clocks), the warm one,
      // the clocked one
      assertThat(r.runs)
          .as(r.name())
          .containsExactly(
              "bare",
              "bare+clocks",
              "check",
              "bare",
              "bare+clocks",
              "check",
              "bare",
              "bare+clocks");
    }
    for (Result r : rows) {
      assertThat(r.timedRuns()).isEqualTo(2);
      assertThat(r.violations()).as(r.planner()).isEmpty();
      // the latencies come from the clocked run: a request takes some time, p99 at least p50
      assertThat(r.p50Nanos()).as(r.planner()).isPositive();
      assertThat(r.p99Nanos()).as(r.planner()).isGreaterThanOrEqualTo(r.p50Nanos());
      assertThat(r.meanNanos()).as(r.planner()).isPositive();
      assertThat(r.cpuNanos()).as(r.planner()).isPositive();
    }
    // inline: the timed run reads the clocks, and no run of their own
    Recording inline = new Recording(RayonContender.named("greel-plus"));
    List<Result> old =
        Measure.measure(List.of(inline), w, 2, 0, 1, Long.MAX_VALUE, 0, Measure.Latencies.INLINE);
    assertThat(inline.runs).containsExactly("bare+clocks", "bare+clocks", "check+clocks", "bare");
    assertThat(old.get(0).p50Nanos()).isPositive();
    // the same decisions either way
    assertThat(old.get(0).stats().accepted()).isEqualTo(rows.get(0).stats().accepted());
  }

  @Test
  void theLatenciesOptionIsParsedAndNamedInTheReport() {
    assertThat(HadoopComparison.parse(new String[] {"--workloads", "i"}).latencies())
        .isEqualTo(Measure.Latencies.SEPARATE);
    HadoopComparison.Options o =
        HadoopComparison.parse(new String[] {"--workloads", "i", "--latencies", "inline"});
    assertThat(o.latencies()).isEqualTo(Measure.Latencies.INLINE);
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--workloads", "i", "--latencies", "off"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--latencies 'off'");
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    List<Result> rows =
        Result.withRatios(List.of(row("greel", true, w, 0), row("hadoop-greedy", false, w, 0)));
    assertThat(Report.markdown(rows, List.of(), o, LocalDate.of(2026, 1, 1), "", ""))
        .contains("--latencies inline");
    HadoopComparison.Options d = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(Report.markdown(rows, List.of(), d, LocalDate.of(2026, 1, 1), "", ""))
        .contains("--latencies separate");
  }

  @Test
  void theWarmRatioIsAgainstTheAgentFastestWarmWhichMayBeAnotherOne() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    List<Result> rows =
        Result.withRatios(
            List.of(
                timedRow("greel", true, w, 1_000, 500, 0),
                timedRow("hadoop-greedy", false, w, 100_000, 90_000, 0),
                timedRow("hadoop-aligned", false, w, 120_000, 60_000, 0)));
    assertThat(rows.get(0).speedup()).isCloseTo(100, Offset.offset(1e-9));
    assertThat(rows.get(0).warmSpeedup()).isCloseTo(120, Offset.offset(1e-9));
    assertThat(Double.isNaN(rows.get(1).warmSpeedup())).isTrue();
    // rows with no warm figure (a cache's) give no warm ratio, and the timed ratio as before
    List<Result> none =
        Result.withRatios(List.of(row("greel", true, w, 0), row("hadoop-greedy", false, w, 0)));
    assertThat(Double.isNaN(none.get(0).warmSpeedup())).isTrue();
    assertThat(none.get(0).speedup()).isCloseTo(1, Offset.offset(1e-9));
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(Report.markdown(rows, List.of(), o, LocalDate.of(2026, 1, 1), "", ""))
        .contains("warm: CPU time/request | warm: × faster |")
        .contains("| tiny | greel | 16.7% | 16.7% | 1.00 µs | 100.0× | 0.500 µs | 120.0× |")
        .contains("no clock read per request");
  }

  @Test
  void stagesOfAnOrderMergeIntoOneSkylineSoBackToBackStagesAreNoDrop() {
    var b = Workloads.BUNDLE;
    ReservationAllocation a =
        new ReservationAllocation(
            "r",
            List.of(
                new AtomAllocation("0.0", b, List.of(new Step(0, 5, 3))),
                new AtomAllocation("0.1", b, List.of(new Step(5, 9, 3), new Step(9, 10, 1)))));
    ReservationAllocation m = PlanStats.merged(a);
    assertThat(m.atoms()).hasSize(1);
    assertThat(m.atoms().get(0).path()).isEmpty();
    assertThat(m.atoms().get(0).steps()).containsExactly(new Step(0, 9, 3), new Step(9, 10, 1));
    assertThat(m.work()).isEqualTo(a.work());
  }

  @Test
  void unknownOptionsAreRefusedWithAHint() {
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--fast"}))
        .hasMessageContaining("unknown option '--fast'");
    assertThatThrownBy(
            () ->
                HadoopComparison.parse(
                    new String[] {"--planners", "gree,no-such-planner", "--workloads", "i"}))
        .hasMessageContaining("unknown 'no-such-planner'")
        .hasMessageContaining("hadoop-aligned-late");
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--planners", "milp", "--workloads", "i"}))
        .hasMessageContaining("--planners 'milp' places a batch");
    assertThatThrownBy(
            () ->
                HadoopComparison.parse(
                    new String[] {"--planners", "greel[atom-scan=stacked", "--workloads", "i"}))
        .hasMessageContaining("unbalanced brackets");
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--step-seconds", "0", "--workloads", "i"}))
        .hasMessageContaining("--step-seconds must be in [1, 3600], got 0");
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--users", "ten", "--workloads", "i"}))
        .hasMessageContaining("--users needs a whole number, got 'ten'");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--workloads", "i", "--seed"}))
        .hasMessageContaining("--seed needs a value");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--workloads", "iv"}))
        .hasMessageContaining("--workloads: unknown 'iv'");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--help"}))
        .hasMessageContaining("usage: HadoopComparison")
        .hasMessageContaining("--swim FILE")
        .hasMessageContaining("--policy none|instantaneous:C|capacity-over-time:C,A,WINDOW");
  }

  @Test
  void ourContendersAreEveryOnlinePlannerOfTheRegistryByName() {
    List<String> online = new ArrayList<>();
    for (String n : Planners.names())
      if (!(Planners.byName(n) instanceof BatchPlanner)) online.add(n);
    assertThat(online).contains("gree", "greel").doesNotContain("milp", "hybrid");
    assertThat(HadoopComparison.ourPlanners()).containsExactlyElementsOf(online);
    List<String> all = new ArrayList<>(online);
    all.addAll(
        List.of("hadoop-greedy", "hadoop-aligned", "hadoop-greedy-late", "hadoop-aligned-late"));
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(o.planners()).containsExactlyElementsOf(all);
    assertThat(HadoopComparison.contenders(o))
        .extracting(Contender::name)
        .containsExactlyElementsOf(all);
  }

  @Test
  void aGivenSwimTraceAndStepAreUsedForTheSweep() {
    Path swim = HadoopComparison.findSwim();
    HadoopComparison.Options o =
        HadoopComparison.parse(
            new String[] {
              "--workloads",
              "ii",
              "--quick",
              "--swim",
              swim.toString(),
              "--step-seconds",
              "1",
              "--planners",
              "greel"
            });
    assertThat(o.swim()).isEqualTo(swim);
    List<PreparedWorkload> ws = HadoopComparison.workloads(o);
    assertThat(ws)
        .extracting(PreparedWorkload::label)
        .containsExactly("(ii) 100 SWIM jobs, 400 nodes", "(ii) 1000 SWIM jobs, 4000 nodes");
    assertThat(ws.get(0).scenario().stepSeconds()).isEqualTo(1);
    assertThat(ws.get(0).scenario().horizonSteps()).isEqualTo(86_400);
    assertThat(ws.get(0).scenario().sharingPolicy()).isEqualTo(HadoopPeer.HADOOP_DEFAULT_POLICY);
    assertThat(ws.get(0).scenario().users()).hasSize(10);
  }

  @Test
  void badPolicyUsersAndSwimAreRefusedNamingTheOption() {
    assertThatThrownBy(
            () ->
                HadoopComparison.parse(
                    new String[] {"--policy", "fair-share:0.5", "--workloads", "i"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--policy 'fair-share:0.5'")
        .hasMessageContaining("unknown sharing policy");
    assertThatThrownBy(
            () ->
                HadoopComparison.parse(
                    new String[] {"--policy", "capacity-over-time:1,2,24h", "--workloads", "i"}))
        .hasMessageContaining("--policy")
        .hasMessageContaining("average cap");
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--users", "0", "--workloads", "i"}))
        .hasMessageContaining("--users must be in [1, 100000], got 0");
    assertThatThrownBy(
            () -> HadoopComparison.parse(new String[] {"--swim", "/nonexistent/swim.tsv"}))
        .hasMessageContaining("--swim: no such file '/nonexistent/swim.tsv'");
    assertThatThrownBy(
            () ->
                HadoopComparison.parse(
                    new String[] {"--planners", "greel[no-such-option=1]", "--workloads", "i"}))
        .hasMessageContaining("--planners 'greel[no-such-option=1]'");
  }

  @Test
  void defaultsAreHadoopsPolicyTenUsersAndBothAgentSettings() {
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(o.policy()).isEqualTo(SharingPolicySpec.parse("capacity-over-time:1,1,24h"));
    assertThat(o.users()).isEqualTo(10);
    assertThat(o.stepSeconds()).isEqualTo(60);
    assertThat(o.planners())
        .contains(
            "gree",
            "greel",
            "hadoop-greedy",
            "hadoop-aligned",
            "hadoop-greedy-late",
            "hadoop-aligned-late");
    HadoopComparison.Options p =
        HadoopComparison.parse(
            new String[] {
              "--workloads",
              "i",
              "--policy",
              "none",
              "--users",
              "3",
              "--step-seconds",
              "300",
              "--planners",
              "greel[flat-fallback=true,atom-scan=stacked],hadoop-greedy-late"
            });
    assertThat(p.policy()).isEqualTo(SharingPolicySpec.NONE);
    assertThat(p.planners())
        .containsExactly("greel[flat-fallback=true,atom-scan=stacked]", "hadoop-greedy-late");
    assertThat(HadoopComparison.contenders(p))
        .extracting(Contender::name)
        .containsExactly("greel[flat-fallback=true,atom-scan=stacked]", "hadoop-greedy-late");
    PreparedWorkload w = HadoopComparison.workloads(p).get(0);
    assertThat(w.scenario().sharingPolicy()).isEqualTo(SharingPolicySpec.NONE);
    assertThat(w.scenario().stepSeconds()).isEqualTo(300);
    assertThat(w.scenario().users()).containsExactly("u1", "u2", "u3");
    assertThat(w.requests()).extracting(r -> r.user()).startsWith("u1", "u2", "u3", "u1");
  }

  @Test
  void savedWorkloadsReadBackAsTheSameRequests(@TempDir Path dir) throws Exception {
    HadoopComparison.Options o =
        HadoopComparison.parse(
            new String[] {"--workloads", "i", "--users", "4", "--save-workloads", dir.toString()});
    List<PreparedWorkload> ws = HadoopComparison.workloads(o);
    HadoopComparison.save(ws, o.saveWorkloads(), new PrintStream(OutputStream.nullOutputStream()));
    Scenario back = ScenarioIO.read(dir.resolve(ws.get(0).scenario().name() + ".json"));
    assertThat(back.reservations()).isEqualTo(ws.get(0).requests());
    assertThat(back.sharingPolicy()).isEqualTo(o.policy());
    // a scenario rayon plan takes: no errors (each request's queue is in the tree)
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(back))).isEmpty();
  }

  @Test
  void underAPolicyEveryContenderRunsTheSameRequestsAndOursKeepIt() {
    SharingPolicySpec policy = SharingPolicySpec.parse("capacity-over-time:0.5,0.25,24h");
    PreparedWorkload w =
        PreparedWorkload.of(
            "tiny", Workloads.shared(Workloads.randomOrders(11, 60, 4, 60), 3, policy));
    List<Contender> cs =
        List.of(
            RayonContender.named("greel"),
            RayonContender.named(HadoopComparison.GREEL_FAST),
            new HadoopContender(HadoopPeer.Agent.GREEDY, true),
            new HadoopContender(HadoopPeer.Agent.ALIGNED, false));
    List<Result> rows = Measure.measure(cs, w, 0, 0, 1, Long.MAX_VALUE);
    assertThat(rows)
        .extracting(Result::planner)
        .containsExactly(
            "greel", HadoopComparison.GREEL_FAST, "hadoop-greedy", "hadoop-aligned-late");
    for (Result r : rows) {
      assertThat(r.violations()).as(r.planner()).isEmpty();
      assertThat(r.stats().accepted()).as(r.planner()).isBetween(1, 60);
    }
    // the ratio is against the faster of the agents, whatever their setting
    Result greel = rows.get(0);
    double faster = Math.min(rows.get(2).cpuNanos(), rows.get(3).cpuNanos());
    assertThat(greel.speedup()).isCloseTo(faster / greel.cpuNanos(), Offset.offset(1e-9));
  }

  @Test
  void bothSidesAreSetUpWithTheWorkloadsPolicyObject() {
    SharingPolicySpec policy = SharingPolicySpec.parse("capacity-over-time:0.5,0.25,12h");
    PreparedWorkload w =
        PreparedWorkload.of(
            "tiny", Workloads.shared(Workloads.randomOrders(5, 30, 4, 60), 2, policy));
    for (Contender c :
        List.of(
            RayonContender.named("greel"),
            RayonContender.named("gree"),
            new HadoopContender(HadoopPeer.Agent.GREEDY, true),
            new HadoopContender(HadoopPeer.Agent.ALIGNED, false))) {
      assertThat(c.run(w).policy()).as(c.name()).isSameAs(w.scenario().sharingPolicy());
    }
    // and Hadoop reads it as the same caps: percentages of the queue, the averaging window in ms
    HadoopPeer peer =
        new HadoopPeer(
            HadoopPeer.Agent.GREEDY,
            true,
            policy,
            Workloads.NODE,
            60_000,
            Workloads.BUNDLE,
            Workloads.NODE);
    assertThat(peer.quotas()).containsExactly(50.0, 25.0, 12 * 3600 * 1000.0);
    assertThat(peer.hadoopPolicyClass()).isEqualTo(CapacityOverTimePolicy.class);
    HadoopPeer dflt =
        new HadoopPeer(
            HadoopPeer.Agent.ALIGNED,
            true,
            HadoopPeer.HADOOP_DEFAULT_POLICY,
            Workloads.NODE,
            60_000,
            Workloads.BUNDLE,
            Workloads.NODE);
    assertThat(dflt.quotas()).containsExactly(100.0, 100.0, 24 * 3600 * 1000.0);
    HadoopPeer none =
        new HadoopPeer(
            HadoopPeer.Agent.GREEDY,
            false,
            SharingPolicySpec.NONE,
            Workloads.NODE,
            60_000,
            Workloads.BUNDLE,
            Workloads.NODE);
    assertThat(none.hadoopPolicyClass()).isEqualTo(NoOverCommitPolicy.class);
  }

  @Test
  void aTightPolicyBindsBothSides() {
    // 10% instantaneous: no request wider than a tenth of the cluster fits, on either side
    SharingPolicySpec policy = SharingPolicySpec.parse("instantaneous:0.1");
    PreparedWorkload w =
        PreparedWorkload.of(
            "tiny", Workloads.shared(Workloads.randomOrders(3, 50, 4, 60), 1, policy));
    PreparedWorkload free =
        PreparedWorkload.of(
            "tiny",
            Workloads.shared(Workloads.randomOrders(3, 50, 4, 60), 1, SharingPolicySpec.NONE));
    for (Contender c :
        List.of(
            RayonContender.named("greel"), new HadoopContender(HadoopPeer.Agent.GREEDY, true))) {
      int capped = c.run(w).acceptedCount();
      assertThat(capped).as(c.name()).isLessThan(c.run(free).acceptedCount());
    }
  }

  @Test
  void theJobsOneAcceptsAndTheOtherRejectsAreCountedWithTheirWorkAndMedian() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    long[] work = new long[6];
    for (int i = 0; i < 6; i++) work[i] = w.requests().get(i).rdl().totalWork();
    Result ours = row("greel", true, w, 0, 1, 2, 3);
    Result agent = row("hadoop-greedy", false, w, 2, 3, 4);
    Result worse = row("hadoop-aligned", false, w, 5);
    assertThat(Result.betterHadoop(List.of(ours, agent, worse), "tiny")).isSameAs(agent);
    List<AcceptanceDiff> ds = AcceptanceDiff.of(w, List.of(ours, agent, worse));
    assertThat(ds).hasSize(1);
    AcceptanceDiff d = ds.get(0);
    assertThat(d.hadoop()).isEqualTo("hadoop-greedy");
    assertThat(d.onlyOurs().count()).isEqualTo(2);
    assertThat(d.onlyOurs().work()).isEqualTo(work[0] + work[1]);
    assertThat(d.onlyOurs().medianWork()).isEqualTo((work[0] + work[1]) / 2.0);
    assertThat(d.onlyHadoop().count()).isEqualTo(1);
    assertThat(d.onlyHadoop().work()).isEqualTo(work[4]);
    assertThat(d.onlyHadoop().medianWork()).isEqualTo(work[4]);
    assertThat(d.both()).isEqualTo(2);
    assertThat(d.netWork()).isEqualTo(work[0] + work[1] - work[4]);
    String md =
        Report.markdown(
            List.of(ours, agent, worse),
            ds,
            HadoopComparison.parse(new String[] {"--workloads", "i"}),
            LocalDate.of(2026, 1, 1),
            "0 0 0",
            "0 0 0");
    assertThat(md)
        .contains("| tiny | greel | hadoop-greedy | +16.7 | +16.7 | +16.7 (hadoop-greedy) |")
        .contains("sharing policy capacity-over-time");
    assertThat(Result.bestHadoopByWork(List.of(ours, agent, worse), "tiny")).isSameAs(agent);
  }

  @Test
  void theTableSaysWhyTheAgentsRefusedAndHowManyOverCapacityRefusalsHadRoom() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    Result ours = row("greel", true, w, 0, 1);
    Result agent = row("hadoop-greedy", false, w, 0);
    Result refusing =
        new Result(
            agent.workload(),
            agent.planner(),
            false,
            agent.requests(),
            agent.stats(),
            agent.cpuNanos(),
            agent.meanNanos(),
            agent.p50Nanos(),
            agent.p99Nanos(),
            0,
            1,
            List.of(),
            Double.NaN,
            agent.accepted(),
            3,
            new HadoopPeer.Refusal[] {
              null,
              HadoopPeer.Refusal.OVER_CAPACITY,
              HadoopPeer.Refusal.NO_ALLOCATION,
              HadoopPeer.Refusal.OVER_CAPACITY,
              HadoopPeer.Refusal.OVER_CAPACITY,
              HadoopPeer.Refusal.OVER_CAPACITY
            },
            Double.NaN,
            Double.NaN);
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    String md =
        Report.markdown(List.of(ours, refusing), List.of(), o, LocalDate.of(2026, 1, 1), "", "");
    assertThat(md)
        .contains("Why Hadoop's agents refused requests")
        .contains(
            "| tiny | hadoop-greedy | 5 | 4 its own allocation over capacity, 1 no allocation found | 3 of 4 |");
    assertThat(refusing.line())
        .contains("refused: 4 its own allocation over capacity, 1 no allocation found");
    // no refusals, no table
    assertThat(
            Report.markdown(List.of(ours, agent), List.of(), o, LocalDate.of(2026, 1, 1), "", ""))
        .doesNotContain("Why Hadoop's agents refused");
  }

  @Test
  void aPlannerSlowerThanTheAgentShowsItsRatioNotZero() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    Result slow = row("greel", true, w, 0).withSpeedup(1 / 60.0);
    Result fast = row("greel", true, w, 0).withSpeedup(123.44);
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(Report.markdown(List.of(slow), List.of(), o, LocalDate.of(2026, 1, 1), "", ""))
        .contains("| 0.017× |");
    assertThat(Report.markdown(List.of(fast), List.of(), o, LocalDate.of(2026, 1, 1), "", ""))
        .contains("| 123.4× |");
  }

  @Test
  void theTargetsTableSaysWhatEachOfOurPlannersMeetsAndWhatItMisses() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(9, 6, 4, 60));
    // the better agent by count (more accepted) is not the one best by work
    Result byCount = scored(row("hadoop-greedy", false, w), 4, 0.50);
    Result byWork = scored(row("hadoop-aligned-late", false, w), 3, 0.70);
    Result met = scored(row("greel-plus", true, w), 4, 0.70).withSpeedup(150);
    Result lowWork = scored(row("greel", true, w), 5, 0.69).withSpeedup(100);
    Result lowCount = scored(row("gree", true, w), 3, 0.90).withSpeedup(99.9);
    Result untimed = scored(row("greel-plus[repair=0]", true, w), 4, 0.80);
    Result problems =
        ResultCopies.with(
                met,
                met.stats(),
                List.of("over capacity at step 3", "over capacity at step 4"),
                new HadoopPeer.Refusal[0])
            .withSpeedup(200);
    Result floor = scored(row("commit-only", true, w), 0, 0).withSpeedup(3);
    List<Result> rows = List.of(met, lowWork, lowCount, untimed, problems, floor, byCount, byWork);

    String t = Report.targets(rows);

    assertThat(t)
        .contains("Against issue 19's targets")
        .contains(
            "| tiny | greel-plus | 4 / 4 (hadoop-greedy) | 70.0% / 70.0% (hadoop-aligned-late) |"
                + " 150.0× | met |")
        .contains(
            "| tiny | greel | 5 / 4 (hadoop-greedy) | 69.0% / 70.0% (hadoop-aligned-late) | 100.0× |"
                + " **missed**: by work |")
        .contains(
            "| tiny | gree | 3 / 4 (hadoop-greedy) | 90.0% / 70.0% (hadoop-aligned-late) | 99.9× |"
                + " **missed**: by count, speed |")
        .contains(
            "| tiny | greel-plus[repair=0] | 4 / 4 (hadoop-greedy) | 80.0% / 70.0%"
                + " (hadoop-aligned-late) | — | met by count and by work; speed not measured |")
        .contains("| 200.0× | **missed**: 2 plan problems |")
        .doesNotContain("commit-only");
    // no agent beside our planners: nothing to judge against
    assertThat(Report.targets(List.of(met, lowWork))).isEmpty();
    // the report carries it after the headline table
    String md =
        Report.markdown(
            List.of(met, byCount, byWork),
            List.of(),
            HadoopComparison.parse(new String[] {"--workloads", "i"}),
            LocalDate.of(2026, 1, 1),
            "",
            "");
    assertThat(md.indexOf("Against issue 19's targets"))
        .isGreaterThan(md.indexOf("| workload | planner | acceptance |"))
        .isLessThan(md.indexOf("Every figure"));
  }

  /** {@code r} with {@code accepted} requests accepted and that share of the work. */
  private static Result scored(Result r, int accepted, double work) {
    return ResultCopies.with(
        r,
        new PlanStats(accepted, accepted / (double) r.requests(), work, 0, 0),
        r.violations(),
        new HadoopPeer.Refusal[0]);
  }

  private static Result row(String name, boolean ours, PreparedWorkload w, int... accepted) {
    return timedRow(name, ours, w, 1000, Double.NaN, accepted);
  }

  /** A row of CPU time {@code cpu} per request and warm figure {@code warm} (NaN: none). */
  private static Result timedRow(
      String name, boolean ours, PreparedWorkload w, double cpu, double warm, int... accepted) {
    BitSet b = new BitSet();
    for (int i : accepted) b.set(i);
    PlanStats stats =
        new PlanStats(accepted.length, accepted.length / 6.0, accepted.length / 6.0, 0, 0);
    return new Result(
        "tiny",
        name,
        ours,
        w.size(),
        stats,
        cpu,
        1000,
        1000,
        1000,
        0,
        1,
        List.of(),
        Double.NaN,
        b,
        -1,
        new HadoopPeer.Refusal[0],
        warm,
        Double.NaN);
  }

  @Test
  void everyWorkloadGetsTheWarmUpSecondsAndTheHeavyOneAtMostOneWarmUpRun() {
    HadoopComparison.Options o =
        HadoopComparison.parse(
            new String[] {"--warmup", "4", "--warmup-seconds", "7", "--repeats", "6"});
    HadoopComparison.Rounds small = HadoopComparison.Rounds.of(o, 2, 1000);
    assertThat(small.warmupRuns()).isEqualTo(4);
    assertThat(small.warmupSeconds()).isEqualTo(7.0);
    assertThat(small.repeats()).isEqualTo(6);
    assertThat(small.minTimedNanos()).isEqualTo(Measure.MIN_TIMED_NANOS);
    // (iii) after the others: no warm-up run by count, but the same seconds (a fast planner is
    // not timed before its paths are compiled for it); three timed rounds at most
    HadoopComparison.Rounds heavyLater = HadoopComparison.Rounds.of(o, 3, 10_000);
    assertThat(heavyLater.warmupRuns()).isZero();
    assertThat(heavyLater.warmupSeconds()).isEqualTo(7.0);
    assertThat(heavyLater.repeats()).isEqualTo(3);
    assertThat(heavyLater.minTimedNanos()).isZero();
    assertThat(HadoopComparison.Rounds.of(o, 0, 10_000).warmupRuns()).isEqualTo(1);
    assertThat(HadoopComparison.Rounds.of(o, 0, HadoopComparison.HEAVY).repeats()).isEqualTo(6);
  }
}
