package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.job;
import static io.rayon.engine.sim.SimFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.estimation.Availability;
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
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The estimation model inside the simulator as the estimation paper's §IV–§V describe it: eq. 4's
 * n_J is the number of heartbeats observed while the task ran, and with α = 0 the {@code paper-sim}
 * formula gives exactly the reservation model's schedule.
 */
class EstimationFidelityTest {

  /** Delegates to a policy and records, per node, heartbeats seen and each release's n_J. */
  static final class Recording implements SchedulerPolicy {
    final SchedulerPolicy inner;
    long[] heartbeats;
    final List<List<double[]>> open =
        new ArrayList<>(); // per node: {mem, cpu, heartbeats at placement}
    final List<Long> releasedNj = new ArrayList<>();
    final List<Double> estimateAfterRelease = new ArrayList<>();
    int mismatches;

    Recording(SchedulerPolicy inner) {
      this.inner = inner;
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public void start(SimNodes nodes) {
      inner.start(nodes);
      heartbeats = new long[nodes.count()];
      for (int i = 0; i < nodes.count(); i++) open.add(new ArrayList<>());
    }

    @Override
    public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {
      heartbeats[node]++;
      inner.heartbeat(node, memoryUsedMB, cpuUsed);
    }

    @Override
    public double available(int node, int r) {
      return inner.available(node, r);
    }

    @Override
    public void allocated(int node, double memoryMB, double cpu) {
      open.get(node).add(new double[] {memoryMB, cpu, heartbeats[node]});
      inner.allocated(node, memoryMB, cpu);
    }

    @Override
    public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {
      releasedNj.add(heartbeatsWhileRunning);
      boolean found = false;
      for (var it = open.get(node).iterator(); it.hasNext(); ) {
        double[] o = it.next();
        if (o[0] == memoryMB
            && o[1] == cpu
            && heartbeats[node] - (long) o[2] == heartbeatsWhileRunning) {
          it.remove();
          found = true;
          break;
        }
      }
      if (!found) mismatches++;
      inner.released(node, memoryMB, cpu, heartbeatsWhileRunning);
      estimateAfterRelease.add(inner.estimate(node, MEMORY));
    }

    @Override
    public void idle(long n) {
      for (int i = 0; i < heartbeats.length; i++) heartbeats[i] += n;
      inner.idle(n);
    }

    @Override
    public double estimate(int node, int r) {
      return inner.estimate(node, r);
    }
  }

  @Test
  void equationFourRemovesWhatIsLeftAfterTheHeartbeatsObservedWhileTheTaskRan() {
    // one 1000 MB task of 10 s placed at the heartbeat at 0 s (heartbeat 3 s): the heartbeats at 3,
    // 6
    // and 9 s observe it, so n_J = 3. α = 0.5, usage = request: EU stays 1000 through eq. 1, and
    // eq. 4
    // removes 0.5³ · 1000 = 125: EU = 875.
    Recording rec = new Recording(new EstimationPolicy(0.5));
    Simulator.run(
        nodes(1, 4096, 4),
        new Workload(
            "t", List.of(job("j", 0, group("g", 1).request(1000, 1).duration(10).build()))),
        rec,
        SimulationConfig.DEFAULT);
    assertThat(rec.releasedNj).containsExactly(3L);
    assertThat(rec.estimateAfterRelease).containsExactly(875.0);
  }

  @Test
  void aTaskCrashingInItsOwnPlacementPassWasObservedByNoHeartbeat() {
    // two 3000 MB tasks of 1000 MB requests on a 4096 MB node: both placed in one pass, memory
    // demand 6000 > 4096, both crash at once: n_J = 0, and eq. 4 removes their whole eq. 2 terms
    Recording rec = new Recording(new EstimationPolicy(0.5));
    Simulator.run(
        nodes(1, 4096, 4),
        new Workload(
            "t",
            List.of(
                job(
                    "j",
                    0,
                    group("g", 2).request(1000, 1).duration(10).phase(10, 3000, 1).build()))),
        rec,
        SimulationConfig.DEFAULT.withMaxAttempts(1));
    assertThat(rec.releasedNj).containsExactly(0L, 0L);
    assertThat(rec.estimateAfterRelease).containsExactly(1000.0, 0.0);
  }

  @Property(tries = 60)
  void releasesReportTheHeartbeatsEachTaskWasObservedBy(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SimulatorPropertiesTest.Case k = SimulatorPropertiesTest.generate(seed);
    Recording rec = new Recording(new EstimationPolicy(0.25));
    Simulator.run(
        k.cluster(),
        k.workload(),
        rec,
        SimulationConfig.DEFAULT.withSeed(seed).withMaxAttempts(20));
    assertThat(rec.mismatches).as("seed %d", seed).isZero();
  }

  /** A small seeded case whose tasks never use more than they request (so eq. 3 never fires). */
  static SimulatorPropertiesTest.Case withinRequests(long seed) {
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
                Resources.of(mem * (6 + r.nextInt(5)) / 10, cpu - r.nextInt((int) cpu / 2 + 1)),
                2,
                null));
    List<Job> jobs = new ArrayList<>();
    int nj = 1 + r.nextInt(12);
    for (int j = 0; j < nj; j++) {
      List<TaskGroup> groups = new ArrayList<>();
      int ng = 1 + r.nextInt(3);
      for (int g = 0; g < ng; g++) {
        long reqMem = 256 + r.nextLong(mem);
        long reqCpu = 1 + r.nextInt((int) cpu);
        List<UsagePhase> phases = new ArrayList<>();
        int np = r.nextInt(4);
        for (int p = 0; p < np; p++) {
          phases.add(
              new UsagePhase(
                  r.nextInt(40),
                  UsageProfiles.usage(r.nextLong(reqMem + 1), r.nextDouble() * reqCpu)));
        }
        groups.add(
            new TaskGroup(
                "g" + g,
                r.nextInt(6),
                Resources.of(reqMem, reqCpu),
                r.nextInt(120),
                phases,
                g == 0 ? List.of() : List.of("g" + (g - 1))));
      }
      JobKind kind = r.nextInt(4) == 0 ? JobKind.PRODUCTION : JobKind.BEST_EFFORT;
      jobs.add(new Job("j" + j, null, null, null, kind, r.nextInt(300), null, null, groups));
    }
    return new SimulatorPropertiesTest.Case(c, new Workload("generated", jobs));
  }

  @Property(tries = 150)
  void alphaZeroWithPaperSimIsExactlyTheReservationModel(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SimulatorPropertiesTest.Case k = withinRequests(seed);
    SimulationConfig cfg =
        SimulationConfig.DEFAULT
            .withSeed(seed)
            .withSeriesInterval(3)
            .withFrameInterval(3)
            .withMaxAttempts(20);
    SimulationResult res = Simulator.run(k.cluster(), k.workload(), new ReservationPolicy(), cfg);
    SimulationResult est =
        Simulator.run(
            k.cluster(), k.workload(), new EstimationPolicy(0, Availability.PAPER_SIM), cfg);
    assertThat(est.jobsCsv()).as("seed %d", seed).isEqualTo(res.jobsCsv());
    assertThat(est.failedTasks()).isEqualTo(res.failedTasks());
    assertThat(est.makespanS()).isEqualTo(res.makespanS());
    assertThat(est.endS()).isEqualTo(res.endS());
    assertThat(est.warnings()).isEqualTo(res.warnings());
    // the same placements at the same times: the same usage and reservations everywhere, and the
    // estimate equals the reservation (the reservation model's "estimation" curve)
    assertThat(est.series().toCsv()).as("seed %d", seed).isEqualTo(res.series().toCsv());
    assertThat(est.frames()).hasSameSizeAs(res.frames());
    for (int i = 0; i < est.frames().size(); i++) {
      Frame a = est.frames().get(i);
      Frame b = res.frames().get(i);
      assertThat(a.timeS()).isEqualTo(b.timeS());
      assertThat(
              Arrays.equals(a.memory(), b.memory())
                  && Arrays.equals(a.cpu(), b.cpu())
                  && Arrays.equals(a.cpuDemand(), b.cpuDemand()))
          .as("seed %d frame %d", seed, i)
          .isTrue();
    }
  }

  @Test
  void alphaZeroWithYarnPrototypeSpendsTheSafetyMarginAndIsNotTheReservationModel() {
    // NC 4096, AR 3072; two 30 s tasks requesting 2048 MB and using 512 MB. Reservation and
    // paper-sim
    // (AR − EU = 3072 − 2048 = 1024 after the first) run one at a time; yarn-prototype at the next
    // heartbeat offers min(3072 − 512, 4096 − 2048) = 2048 and runs both together.
    Cluster c = nodes(1, 4096, 4, 3072, 4);
    Workload w =
        new Workload(
            "t",
            List.of(
                job(
                    "j",
                    0,
                    group("g", 2).request(2048, 1).duration(30).phase(30, 512, 1).build())));
    SimulationResult res = Simulator.run(c, w, new ReservationPolicy(), SimulationConfig.DEFAULT);
    SimulationResult sim =
        Simulator.run(
            c, w, new EstimationPolicy(0, Availability.PAPER_SIM), SimulationConfig.DEFAULT);
    SimulationResult yarn =
        Simulator.run(
            c, w, new EstimationPolicy(0, Availability.YARN_PROTOTYPE), SimulationConfig.DEFAULT);
    assertThat(res.makespanS()).isEqualTo(60.0); // 0–30, then placed at the 30 s heartbeat
    assertThat(sim.makespanS()).isEqualTo(60.0);
    assertThat(yarn.makespanS()).isEqualTo(33.0); // 0–30 and 3–33
  }
}
