package io.rayon.engine.sim.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.rush.RushDecision;
import io.rayon.engine.rush.RushOptions;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.UtilityFunction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RushFeedbackSchedulerTest {
  /** A job as the scheduler sees it: only counts matter to the assignment rule. */
  record View(int index, RushJobSpec spec, int pendingTasks, int runningTasks)
      implements RushScheduler.JobView {
    @Override
    public double[] runningElapsed() {
      return new double[runningTasks];
    }

    @Override
    public double[] finishedRuntimes() {
      return new double[0];
    }

    @Override
    public int finishedTasks() {
      return spec.tasks() - pendingTasks - runningTasks;
    }
  }

  static RushJobSpec spec(String id, double arrival, int tasks) {
    return new RushJobSpec(
        id,
        "",
        "",
        arrival,
        tasks,
        new RuntimeDistribution.Fixed(10),
        0,
        new UtilityFunction.Constant(1));
  }

  static RushDecision decision(int[] now, double[] target) {
    int n = now.length;
    return new RushDecision(new double[n], target, target, new double[n], now, new boolean[n], 1);
  }

  /**
   * Targets now: A 4 (holds 3, gap 1), B 3 (holds 0, gap 3), C 1 (holds 1, gap 0). Three free
   * containers: B (gap 3 → 2), B (2 → 1), then A and B tie at gap 1 and A's earlier target wins.
   */
  @Test
  void eachContainerGoesToTheLargestGap() {
    List<RushScheduler.JobView> jobs =
        List.of(
            new View(0, spec("A", 0, 10), 5, 3),
            new View(1, spec("B", 1, 10), 10, 0),
            new View(2, spec("C", 2, 10), 5, 1));
    int[] g =
        RushFeedbackScheduler.assign(
            decision(new int[] {4, 3, 1}, new double[] {50, 60, 70}), jobs, 3);
    assertThat(g).containsExactly(1, 1, 0);
  }

  /**
   * A job without waiting tasks never gets one, even with the largest gap; all-negative gaps still
   * hand the container out.
   */
  @Test
  void onlyJobsWithWaitingTasksAndTheContainerIsNeverLeftIdle() {
    List<RushScheduler.JobView> jobs =
        List.of(new View(0, spec("A", 0, 4), 0, 2), new View(1, spec("B", 1, 10), 3, 2));
    int[] g =
        RushFeedbackScheduler.assign(decision(new int[] {4, 0}, new double[] {20, 30}), jobs, 2);
    assertThat(g).containsExactly(1, 1);
    List<RushScheduler.JobView> one = List.of(new View(0, spec("A", 0, 4), 1, 0));
    assertThat(RushFeedbackScheduler.assign(decision(new int[] {0}, new double[] {5}), one, 3))
        .containsExactly(0);
  }

  /**
   * Two containers. A (insensitive: constant utility) arrives first with 10 tasks of 10 s; B (time
   * critical: sigmoid, budget 30 s) arrives at 5 with 4 tasks. FIFO finishes A before B starts;
   * RUSH gives B the containers that free at 10 and 20, so B finishes by its budget.
   */
  @Test
  void rushServesTheCriticalJobThatFifoMakesWait() {
    RushScenario s =
        RushScenario.of(
            "hand",
            "",
            2,
            1,
            1,
            List.of(
                new RushJobSpec(
                    "A",
                    "",
                    "insensitive",
                    0,
                    10,
                    new RuntimeDistribution.Fixed(10),
                    50,
                    new UtilityFunction.Constant(1)),
                new RushJobSpec(
                    "B",
                    "",
                    "critical",
                    5,
                    4,
                    new RuntimeDistribution.Fixed(10),
                    20,
                    new UtilityFunction.Sigmoid(5, 1, 30))));
    RushRunResult fifo =
        RushSimulator.run(s, new FifoScheduler(), ProgressListener.NONE, CancellationToken.NEVER);
    RushRunResult rush =
        RushSimulator.run(
            s,
            RushSchedulers.create("rush", Map.of()),
            ProgressListener.NONE,
            CancellationToken.NEVER);
    assertThat(fifo.jobs().get(1).completion()).isEqualTo(70);
    assertThat(rush.jobs().get(1).completion()).isLessThanOrEqualTo(5 + 30);
    assertThat(rush.jobs().get(1).deadlineMissed()).isFalse();
    assertThat(rush.metrics().minUtility()).isGreaterThan(fifo.metrics().minUtility());
    assertThat(rush.jobs().get(1).targetAtArrival()).isFinite();
    assertThat(rush.snapshots()).allSatisfy(snap -> assertThat(snap.busy()).isLessThanOrEqualTo(2));
  }

  @Test
  void registryDescribesRushWithTheSolversOptions() {
    assertThat(RushSchedulers.names()).containsExactly("rush", "fifo", "edf", "rrh");
    assertThat(RushSchedulers.REGISTRY.get("rush").options())
        .extracting(o -> o.name())
        .containsExactly("theta", "delta", "estimator", "bins", "tolerance", "tie-rule");
    RushFeedbackScheduler r =
        (RushFeedbackScheduler) RushSchedulers.create("rush", Map.of("theta", "0.8"));
    assertThat(r.options())
        .isEqualTo(
            new RushOptions(
                0.8,
                RushOptions.PAPER.delta(),
                RushOptions.PAPER.estimator(),
                RushOptions.PAPER.bins(),
                RushOptions.PAPER.tolerance()));
  }
}
