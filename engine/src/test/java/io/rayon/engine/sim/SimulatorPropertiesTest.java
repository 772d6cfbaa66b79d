package io.rayon.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Invariants of the simulator on generated, seeded small clusters and workloads. */
class SimulatorPropertiesTest {

  record Case(Cluster cluster, Workload workload) {}

  /**
   * A random small case: 1–4 nodes, 1–12 jobs of 1–3 groups (chained by 'after'), random phases.
   */
  static Case generate(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long mem = 2048L * (1 + r.nextInt(4));
    long cpu = 2 + r.nextInt(6);
    Cluster c =
        Cluster.of(
            "c",
            new NodeGroup(
                "n",
                1 + r.nextInt(4),
                Resources.of(mem, cpu),
                Resources.of(mem * (6 + r.nextInt(5)) / 10, cpu),
                2,
                null));
    List<Job> jobs = new ArrayList<>();
    int nj = 1 + r.nextInt(12);
    for (int j = 0; j < nj; j++) {
      List<TaskGroup> groups = new ArrayList<>();
      int ng = 1 + r.nextInt(3);
      for (int g = 0; g < ng; g++) {
        List<UsagePhase> phases = new ArrayList<>();
        int np = r.nextInt(4);
        for (int p = 0; p < np; p++) {
          phases.add(
              new UsagePhase(
                  r.nextInt(40),
                  UsageProfiles.usage(r.nextLong(mem + 1), r.nextDouble() * cpu * 1.5)));
        }
        groups.add(
            new TaskGroup(
                "g" + g,
                r.nextInt(6),
                Resources.of(256 + r.nextLong(mem), 1 + r.nextInt((int) cpu)),
                r.nextInt(120),
                phases,
                g == 0 ? List.of() : List.of("g" + (g - 1))));
      }
      JobKind kind = r.nextInt(4) == 0 ? JobKind.PRODUCTION : JobKind.BEST_EFFORT;
      jobs.add(new Job("j" + j, null, null, null, kind, r.nextInt(300), null, null, groups));
    }
    return new Case(c, new Workload("generated", jobs));
  }

  private static SchedulerPolicy policy(int which, double alpha) {
    return which == 0 ? new ReservationPolicy() : new EstimationPolicy(alpha);
  }

  @Property(tries = 150)
  void everyTaskEndsExactlyOnceOrIsStillAccountedFor(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 1) int which,
      @ForAll @IntRange(min = 0, max = 8) int alphaEighths,
      @ForAll @IntRange(min = 0, max = 2) int untilChoice) {
    Case k = generate(seed);
    double until = untilChoice == 0 ? Double.POSITIVE_INFINITY : untilChoice * 150.0;
    SimulationResult r =
        Simulator.run(
            k.cluster(),
            k.workload(),
            policy(which, alphaEighths / 8.0),
            SimulationConfig.DEFAULT
                .withSeed(seed)
                .withUntil(until)
                .withSeriesInterval(3)
                .withMaxAttempts(20));
    assertThat(
            r.finishedTasks()
                + r.runningTasks()
                + r.queuedTasks()
                + r.waitingTasks()
                + r.unschedulableTasks()
                + r.abandonedTasks()
                + r.notArrivedTasks())
        .as("seed %d", seed)
        .isEqualTo(k.workload().taskCount());
    int finishedByJob = r.jobOutcomes().stream().mapToInt(JobOutcome::finishedTasks).sum();
    assertThat(finishedByJob).as("seed %d", seed).isEqualTo(r.finishedTasks());
    for (JobOutcome j : r.jobOutcomes()) {
      assertThat(j.finishedTasks()).isLessThanOrEqualTo(j.tasks());
      assertThat(j.finished())
          .isEqualTo(j.finishedTasks() == j.tasks() && (j.tasks() > 0 || j.arrivalS() <= r.endS()));
      if (j.finished()) assertThat(j.completionS()).isGreaterThanOrEqualTo(0);
    }
    if (Double.isInfinite(until) && r.warnings().stream().noneMatch(w -> w.startsWith("stalled"))) {
      assertThat(r.runningTasks()).as("seed %d", seed).isZero();
      assertThat(r.queuedTasks()).as("seed %d", seed).isZero();
    }
  }

  @Property(tries = 150)
  void nodeMemoryInUseNeverExceedsCapacity(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 1) int which,
      @ForAll @IntRange(min = 0, max = 8) int alphaEighths) {
    Case k = generate(seed);
    SimulationResult r =
        Simulator.run(
            k.cluster(),
            k.workload(),
            policy(which, alphaEighths / 8.0),
            SimulationConfig.DEFAULT
                .withSeed(seed)
                .withSeriesInterval(3)
                .withFrameInterval(3)
                .withUntil(2000));
    TimeSeries s = r.series();
    for (int i = 0; i < s.size(); i++) {
      assertThat(s.usageMemoryMB()[i])
          .as("seed %d row %d", seed, i)
          .isLessThanOrEqualTo(s.capacityMemoryMB()[i] + 1e-6);
      assertThat(s.usageVcores()[i]).isLessThanOrEqualTo(s.capacityVcores()[i] + 1e-9);
    }
    for (Frame f : r.frames()) {
      for (float m : f.memory()) assertThat(m).isBetween(0f, 1.0001f);
    }
  }

  @Property(tries = 40)
  void sameSeedSameResult(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    Case k = generate(seed);
    SimulationConfig cfg = SimulationConfig.DEFAULT.withSeed(seed).withSeriesInterval(3);
    SimulationResult a = Simulator.run(k.cluster(), k.workload(), new EstimationPolicy(0.25), cfg);
    SimulationResult b = Simulator.run(k.cluster(), k.workload(), new EstimationPolicy(0.25), cfg);
    assertThat(b.jobsCsv()).isEqualTo(a.jobsCsv());
    assertThat(b.series().toCsv()).isEqualTo(a.series().toCsv());
  }
}
