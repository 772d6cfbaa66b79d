package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.job;
import static io.rayon.engine.sim.SimFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A scheduler written outside the simulator: a policy (what a node offers) and a queue discipline
 * (which job gets the next container) defined here, in test code, run by {@link Simulator} as it
 * is. Adding a scheduler needs no change of the simulator.
 */
class SchedulerPluginTest {

  /** Offers the allowance minus the requests of the running tasks, from its own bookkeeping. */
  static final class OwnBookkeeping implements SchedulerPolicy {
    private SimNodes nodes;
    private double[][] reserved;
    final List<String> calls = new ArrayList<>();
    private final QueueDiscipline discipline;

    OwnBookkeeping(QueueDiscipline discipline) {
      this.discipline = discipline;
    }

    @Override
    public String name() {
      return "own";
    }

    @Override
    public void start(SimNodes n) {
      nodes = n;
      reserved = new double[n.count()][2];
    }

    @Override
    public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {}

    @Override
    public double available(int node, int r) {
      return nodes.allowance(node, r) - reserved[node][r];
    }

    @Override
    public void allocated(int node, double memoryMB, double cpu) {
      reserved[node][MEMORY] += memoryMB;
      reserved[node][CPU] += cpu;
      calls.add("allocated " + node);
    }

    @Override
    public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {
      reserved[node][MEMORY] -= memoryMB;
      reserved[node][CPU] -= cpu;
      calls.add("released " + node);
    }

    @Override
    public void idle(long heartbeats) {}

    @Override
    public double estimate(int node, int r) {
      return reserved[node][r];
    }

    @Override
    public QueueDiscipline discipline() {
      return discipline;
    }
  }

  /**
   * The most recently arrived job with queued tasks first (the opposite of the simulator's FIFO).
   */
  static final class NewestJobFirst implements QueueDiscipline {
    private final List<Integer> arrived = new ArrayList<>();

    @Override
    public void start(SimControl control) {}

    @Override
    public void jobArrived(SimControl control, int job) {
      arrived.add(job);
    }

    @Override
    public void schedule(SimControl c) {
      for (int i = arrived.size() - 1; i >= 0; i--) {
        int job = arrived.get(i);
        while (c.queued(job) > 0 && c.place(job) >= 0) {
          // placed one more of this job's tasks
        }
      }
    }

    @Override
    public SchedulerReport report() {
      return new SchedulerReport(Map.of("arrived", arrived.size()), List.of());
    }
  }

  private static final Workload TWO_JOBS =
      new Workload(
          "w",
          List.of(
              job("old", 0, group("t", 3).request(1024, 1).duration(10).build()),
              job("new", 1, group("t", 1).request(1024, 1).duration(10).build())));

  private static Map<String, Double> finish(SimulationResult r) {
    return r.jobOutcomes().stream()
        .collect(Collectors.toMap(JobOutcome::id, JobOutcome::finishS, (a, b) -> a));
  }

  @Test
  void aDisciplineWrittenOutsideTheSimulatorDecidesWhichJobRuns() {
    // one node holding one task at a time, heartbeat 1 s: the first task of "old" runs 0..10, then
    // "new" (arrived at 1) goes first
    OwnBookkeeping policy = new OwnBookkeeping(new NewestJobFirst());
    SimulationResult r =
        Simulator.run(
            nodes(1, 1024, 1), TWO_JOBS, policy, SimulationConfig.DEFAULT.withHeartbeat(1));
    assertThat(finish(r)).containsEntry("new", 20.0).containsEntry("old", 40.0);
    assertThat(r.scheduler()).isEqualTo("own");
    assertThat(r.report().values()).containsEntry("arrived", 2);
    assertThat(policy.calls).hasSize(8).filteredOn(s -> s.startsWith("allocated")).hasSize(4);
  }

  @Test
  void withoutADisciplineTheSimulatorsFifoPassRunsThePolicy() {
    SimulationResult r =
        Simulator.run(
            nodes(1, 1024, 1),
            TWO_JOBS,
            new OwnBookkeeping(null),
            SimulationConfig.DEFAULT.withHeartbeat(1));
    assertThat(finish(r)).containsEntry("old", 30.0).containsEntry("new", 40.0);
    assertThat(r.report()).isEqualTo(SchedulerReport.NONE);
  }
}
