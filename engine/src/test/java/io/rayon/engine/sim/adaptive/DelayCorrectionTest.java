package io.rayon.engine.sim.adaptive;

import static io.rayon.engine.sim.adaptive.E2e.be;
import static io.rayon.engine.sim.adaptive.E2e.outcome;
import static io.rayon.engine.sim.adaptive.E2e.prod;
import static io.rayon.engine.sim.adaptive.E2e.res;
import static io.rayon.engine.sim.adaptive.E2e.run;
import static io.rayon.engine.sim.adaptive.E2e.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.sim.SimNodes;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Adapter's correction of scheduling delays for large containers (Rayon §5.2), option {@code
 * delay-correction}: one node kept busy by waves of small best-effort tasks, each wave ending half
 * a minute into a plan step. A whole-node container of reservation r1 waits 30 s for its wave to
 * end; with the correction the scheduler has measured that and opens r2's queue one step (60 s)
 * early, so r2's job, submitted a step before its plan, takes the node at the first wave end
 * instead of waiting for its plan step and then for a wave.
 */
class DelayCorrectionTest {

  static Scenario waves() {
    List<Job> jobs = new ArrayList<>();
    for (int k = 0; k < 20; k++) jobs.add(be("wave" + k, 30 + 60L * k, 8, 1024, 1, 60));
    jobs.add(prod("j1", 120, 400, "r1", 1, 8192, 8, 60));
    jobs.add(prod("j2", 540, 900, "r2", 1, 8192, 8, 60));
    return scenario(
        Fixtures.cluster(1, 8192, 8),
        30,
        List.of(
            res("r1", "window(atom(<8192,8>,1,1,2,2),2,4)"),
            res("r2", "window(atom(<8192,8>,1,1,2,2),10,12)")),
        jobs);
  }

  @Test
  void aMeasuredDelayOpensALargeContainersQueueThatMuchEarlier() {
    SimulationResult off = run(waves(), "rayon", Map.of("reservable", "1", "preemption", "false"));
    SimulationResult on =
        run(
            waves(),
            "rayon",
            Map.of("reservable", "1", "preemption", "false", "delay-correction", "true"));
    // r1's container waits for the wave that started at 90 s to end at 150 s, with or without the
    // correction
    assertThat(outcome(off, "j1").finishS()).isEqualTo(210);
    assertThat(outcome(on, "j1").finishS()).isEqualTo(210);
    // the measured delay of whole-node containers: 30 s
    @SuppressWarnings("unchecked")
    List<Double> delays = (List<Double>) on.report().values().get("schedulingDelayS");
    assertThat(delays.get(RayonScheduler.SIZE_CLASS_LIMITS.length - 1)).isEqualTo(30.0);
    assertThat((Long) on.report().values().get("anticipatedSettings")).isPositive();
    assertThat(off.report().values()).doesNotContainKey("schedulingDelayS");
    // r2's job finishes earlier with the correction, and within its deadline both ways
    assertThat(outcome(on, "j2").finishS()).isLessThan(outcome(off, "j2").finishS());
    assertThat(outcome(on, "j2").deadlineMet()).isTrue();
    assertThat(new RayonScheduler("greel", new GreeLPlanner(), 1, 0, false, true).settings())
        .endsWith(", no preemption, delay correction)");
  }

  @Test
  void containersAreClassedByTheirLargerShareOfANode() {
    RayonScheduler s = new RayonScheduler("greel", new GreeLPlanner(), 1, 0, true, true);
    s.start(
        new SimNodes() {
          @Override
          public int count() {
            return 2;
          }

          @Override
          public double capacity(int node, int r) {
            return r == 0 ? 8192 * (node + 1) : 8 * (node + 1);
          }

          @Override
          public double allowance(int node, int r) {
            return capacity(node, r);
          }

          @Override
          public double reserved(int node, int r) {
            return 0;
          }
        });
    // shares of the largest node (16 GB, 16 vcores)
    assertThat(s.sizeClass(2048, 1)).isEqualTo(0);
    assertThat(s.sizeClass(1024, 4)).isEqualTo(1);
    assertThat(s.sizeClass(8192, 1)).isEqualTo(2);
    assertThat(s.sizeClass(8193, 1)).isEqualTo(3);
    assertThat(s.meanSchedulingDelays()).containsOnly(Double.NaN);
  }
}
