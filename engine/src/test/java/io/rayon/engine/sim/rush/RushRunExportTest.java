package io.rayon.engine.sim.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.UtilityFunction;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RushRunExportTest {
  static RushJobSpec job(String id, double arrival, int tasks, double runtime, UtilityFunction u) {
    return new RushJobSpec(
        id, "t", "c", arrival, tasks, new RuntimeDistribution.Fixed(runtime), 0, u);
  }

  static RushRunResult run(RushScenario s, RushScheduler sch) {
    return RushSimulator.run(s, sch, ProgressListener.NONE, CancellationToken.NEVER);
  }

  /** FIFO on one container: A ends at 20, B at 25, C at 26 (see RushSimulatorTest). */
  @Test
  void csvHasOneRowPerJobWithBudgetCompletionAndEmptyCellsForWhatDoesNotExist() {
    RushScenario s =
        RushScenario.of(
            "hand",
            "",
            1,
            1,
            1,
            List.of(
                job("A", 0, 2, 10, new UtilityFunction.Linear(1, 0.01, 100)),
                job("B,x", 1, 1, 5, new UtilityFunction.Linear(1, 0.01, 50)),
                job("C", 2, 1, 1, new UtilityFunction.Constant(1))));
    RushRunResult r = run(s, new FifoScheduler());
    List<String> lines = RushRunExport.csv(r).lines().toList();
    assertThat(lines.get(0))
        .isEqualTo("job_id,class,arrival_s,budget_s,target_s,projected_s,completion_s,utility");
    assertThat(lines).hasSize(4);
    String[] a = lines.get(1).split(",", -1);
    assertThat(a[0]).isEqualTo("A");
    assertThat(a[3]).isEqualTo("100"); // budget: deadline − arrival
    assertThat(a[4]).isEmpty(); // fifo sets no target
    assertThat(a[6]).isEqualTo("20");
    assertThat(lines.get(2)).startsWith("\"B,x\",c,1,50,,");
    String[] c = lines.get(3).split(",", -1);
    assertThat(c[3]).isEmpty(); // a constant utility has no budget
    assertThat(c[6]).isEqualTo("26");
    assertThat(Double.parseDouble(c[7])).isEqualTo(1.0);
  }

  @Test
  void jsonCarriesTheSummaryKeysOfTheMetricsAndOneEntryPerJob() {
    RushScenario s = RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(12).withSeed(4));
    RushRunResult r = run(s, new EdfScheduler());
    Map<String, Object> o = RushRunExport.json(s, r);
    assertThat(o)
        .containsEntry("scheduler", "edf")
        .containsEntry("meanUtility", r.metrics().meanUtility())
        .containsEntry("minUtility", r.metrics().minUtility())
        .containsEntry("zeroUtilityJobs", r.metrics().zeroUtilityJobs())
        .containsEntry("deadlineMisses", r.metrics().deadlineMisses());
    assertThat(o.keySet()).containsAll(RushRunExport.summary(r.metrics()).keySet());
    assertThat((List<?>) o.get("jobs")).hasSize(12);
  }

  /** Independent check: summing the CSV's utility column gives the run's mean utility. */
  @Property(tries = 30)
  void csvUtilitiesAverageToTheMeanUtility(
      @ForAll @IntRange(min = 1, max = 30) int jobs,
      @ForAll @IntRange(min = 0, max = 500) int seed) {
    RushScenario s =
        RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(jobs).withSeed(seed));
    RushRunResult r = run(s, new FifoScheduler());
    List<String> lines = RushRunExport.csv(r).lines().skip(1).toList();
    assertThat(lines).hasSize(jobs);
    double sum = 0;
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      assertThat(f[0]).isEqualTo(s.jobs().get(i).id());
      sum += Double.parseDouble(f[7]);
    }
    assertThat(sum / jobs).isCloseTo(r.metrics().meanUtility(), offset(1e-5));
  }
}
