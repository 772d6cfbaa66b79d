package io.rayon.engine.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RushScenario;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sweeps over a RUSH scenario: schedulers × their options × seeds. */
class RushSweepTest {
  static final RushScenario S =
      RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(12).withContainers(8).withSeed(5));

  @Test
  void everyCombinationAndSeedRunsAndEachRowIsTheSimulatorsOwnRun() {
    Sweep sw =
        Sweep.ofRush(
            S,
            List.of(Sweep.Param.parse("scheduler=rush,edf"), Sweep.Param.parse("theta=0.8,0.9")),
            2,
            "meanUtility");
    assertThat(sw.kind()).isEqualTo(Sweep.Kind.RUSH);
    // theta applies to rush only: rush×2 thetas + edf once, each with seeds 1 and 2
    assertThat(sw.points()).hasSize(6);
    List<Sweep.Row> rows = sw.runAll(2, ProgressListener.NONE, new CancellationToken());
    assertThat(rows).hasSize(6);
    for (Sweep.Row r : rows) {
      Map<String, String> opts = new LinkedHashMap<>(r.point().settings());
      String name = opts.remove("scheduler");
      RushScenario seeded =
          new RushScenario(
              S.formatVersion(),
              S.name(),
              S.description(),
              S.containers(),
              S.slotSeconds(),
              r.point().seed(),
              S.jobs());
      RushRunResult direct =
          RushSimulator.run(
              seeded,
              RushSchedulers.create(name, opts),
              ProgressListener.NONE,
              CancellationToken.NEVER);
      assertThat(r.metric("meanUtility")).isEqualTo(direct.metrics().meanUtility());
      assertThat(r.metric("zeroUtilityJobs")).isEqualTo(direct.metrics().zeroUtilityJobs());
      assertThat(r.metric("deadlineMisses")).isEqualTo(direct.metrics().deadlineMisses());
      assertThat(r.metric("makespanS")).isEqualTo(direct.metrics().makespan());
    }
    assertThat(sw.metrics()).containsExactlyElementsOf(Sweep.RUSH_METRICS);
    List<Sweep.Summary> sum = Sweep.summarize(rows, "meanUtility");
    assertThat(sum).hasSize(3);
    for (int i = 1; i < sum.size(); i++)
      assertThat(sum.get(i - 1).mean()).isGreaterThanOrEqualTo(sum.get(i).mean());
    assertThat(sw.csv(rows).lines().findFirst().orElseThrow())
        .isEqualTo(
            "scheduler,theta,seed,meanUtility,minUtility,zeroUtilityJobs,deadlineMisses,meanLatencyS,makespanS");
  }

  @Test
  void badInputIsNamedBeforeAnyRun() {
    assertThatThrownBy(
            () -> Sweep.ofRush(S, List.of(Sweep.Param.parse("theta=0.8")), 1, "meanUtility"))
        .hasMessageContaining("scheduler=NAME")
        .hasMessageContaining("rush, fifo, edf, rrh");
    assertThatThrownBy(
            () ->
                Sweep.ofRush(
                    S,
                    List.of(Sweep.Param.parse("scheduler=rush"), Sweep.Param.parse("theta=1.5")),
                    1,
                    "meanUtility"))
        .hasMessageContaining("theta");
    assertThatThrownBy(
            () -> Sweep.ofRush(S, List.of(Sweep.Param.parse("scheduler=edf")), 1, "failureRate"))
        .hasMessageContaining("RUSH metrics");
    assertThatThrownBy(
            () ->
                Sweep.ofRush(
                    S,
                    List.of(Sweep.Param.parse("scheduler=edf"), Sweep.Param.parse("damping=0.1")),
                    1,
                    "meanUtility"))
        .hasMessageContaining("damping")
        .hasMessageContaining("not an option");
    assertThat(Sweep.kindOf("meanUtility")).isEqualTo(Sweep.Kind.RUSH);
    assertThat(Sweep.higherIsBetter("meanUtility")).isTrue();
    assertThat(Sweep.higherIsBetter("zeroUtilityJobs")).isFalse();
  }
}
