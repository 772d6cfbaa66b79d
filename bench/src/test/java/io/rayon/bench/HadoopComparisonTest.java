package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import java.util.List;
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
}
