package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

class HadoopComparisonTest {

  @Test
  void everyPlannerRunsTheSameSmallWorkloadAndOursHaveNoViolations() {
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.randomOrders(7, 40, 4, 60));
    List<Contender> cs = List.of(
        RayonContender.gree(), RayonContender.greeL(), new HadoopContender(HadoopPeer.Agent.GREEDY),
        new HadoopContender(HadoopPeer.Agent.ALIGNED));
    List<Result> rows = Measure.measure(cs, w, 0, 0, 1, Long.MAX_VALUE);
    assertThat(rows).extracting(Result::planner).containsExactly("gree", "greel", "hadoop-greedy", "hadoop-aligned");
    for (Result r : rows) {
      assertThat(r.requests()).isEqualTo(40);
      assertThat(r.timedRuns()).isEqualTo(1);
      assertThat(r.stats().accepted()).isBetween(1, 40);
      assertThat(r.violations()).as(r.planner()).isEmpty();
      assertThat(r.isOurs()).isEqualTo(!r.planner().startsWith("hadoop"));
      assertThat(Double.isNaN(r.speedup())).isEqualTo(!r.isOurs());
    }
  }

  @Test
  void stagesOfAnOrderMergeIntoOneSkylineSoBackToBackStagesAreNoDrop() {
    var b = Workloads.BUNDLE;
    ReservationAllocation a = new ReservationAllocation("r", List.of(
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
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--planners", "gree,milp", "--workloads", "i"}))
        .hasMessageContaining("unknown 'milp'");
  }

  @Test
  void badPolicyUsersAndSwimAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--policy", "fair-share:0.5", "--workloads", "i"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--policy 'fair-share:0.5'")
        .hasMessageContaining("unknown sharing policy");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--policy", "capacity-over-time:1,2,24h", "--workloads", "i"}))
        .hasMessageContaining("--policy").hasMessageContaining("average cap");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--users", "0", "--workloads", "i"}))
        .hasMessageContaining("--users must be in [1, 100000], got 0");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--swim", "/nonexistent/swim.tsv"}))
        .hasMessageContaining("--swim: no such file '/nonexistent/swim.tsv'");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--planners", "greel[no-such-option=1]", "--workloads", "i"}))
        .hasMessageContaining("--planners 'greel[no-such-option=1]'");
  }

  @Test
  void defaultsAreHadoopsPolicyTenUsersAndBothAgentSettings() {
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(o.policy()).isEqualTo(SharingPolicySpec.parse("capacity-over-time:1,1,24h"));
    assertThat(o.users()).isEqualTo(10);
    assertThat(o.stepSeconds()).isEqualTo(60);
    assertThat(o.planners()).contains("hadoop-greedy", "hadoop-aligned", "hadoop-greedy-late", "hadoop-aligned-late",
        HadoopComparison.GREEL_FAST);
    HadoopComparison.Options p = HadoopComparison.parse(new String[] {
        "--workloads", "i", "--policy", "none", "--users", "3", "--step-seconds", "300",
        "--planners", "greel[flat-fallback=true,atom-scan=stacked],hadoop-greedy-late"});
    assertThat(p.policy()).isEqualTo(SharingPolicySpec.NONE);
    assertThat(p.planners()).containsExactly("greel[flat-fallback=true,atom-scan=stacked]", "hadoop-greedy-late");
    assertThat(HadoopComparison.contenders(p)).extracting(Contender::name)
        .containsExactly("greel[flat-fallback=true,atom-scan=stacked]", "hadoop-greedy-late");
    PreparedWorkload w = HadoopComparison.workloads(p).get(0);
    assertThat(w.scenario().sharingPolicy()).isEqualTo(SharingPolicySpec.NONE);
    assertThat(w.scenario().stepSeconds()).isEqualTo(300);
    assertThat(w.scenario().users()).containsExactly("u1", "u2", "u3");
    assertThat(w.requests()).extracting(r -> r.user()).startsWith("u1", "u2", "u3", "u1");
  }

  @Test
  void savedWorkloadsReadBackAsTheSameRequests(@TempDir Path dir) throws Exception {
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i", "--users", "4", "--save-workloads", dir.toString()});
    List<PreparedWorkload> ws = HadoopComparison.workloads(o);
    HadoopComparison.save(ws, o.saveWorkloads(), new PrintStream(OutputStream.nullOutputStream()));
    Scenario back = ScenarioIO.read(dir.resolve(ws.get(0).scenario().name() + ".json"));
    assertThat(back.reservations()).isEqualTo(ws.get(0).requests());
    assertThat(back.sharingPolicy()).isEqualTo(o.policy());
  }

  @Test
  void underAPolicyEveryContenderRunsTheSameRequestsAndOursKeepIt() {
    SharingPolicySpec policy = SharingPolicySpec.parse("capacity-over-time:0.5,0.25,24h");
    PreparedWorkload w = PreparedWorkload.of("tiny", Workloads.shared(Workloads.randomOrders(11, 60, 4, 60), 3, policy));
    List<Contender> cs = List.of(RayonContender.named("greel"), RayonContender.named(HadoopComparison.GREEL_FAST),
        new HadoopContender(HadoopPeer.Agent.GREEDY, true), new HadoopContender(HadoopPeer.Agent.ALIGNED, false));
    List<Result> rows = Measure.measure(cs, w, 0, 0, 1, Long.MAX_VALUE);
    assertThat(rows).extracting(Result::planner)
        .containsExactly("greel", HadoopComparison.GREEL_FAST, "hadoop-greedy", "hadoop-aligned-late");
    for (Result r : rows) {
      assertThat(r.violations()).as(r.planner()).isEmpty();
      assertThat(r.stats().accepted()).as(r.planner()).isBetween(1, 60);
    }
    // the ratio is against the agent at Hadoop's default, not the -late one
    Result greel = rows.get(0);
    assertThat(greel.speedup()).isCloseTo(rows.get(2).cpuNanos() / greel.cpuNanos(), org.assertj.core.data.Offset.offset(1e-9));
  }
}
