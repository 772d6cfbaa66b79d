package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.job;
import static io.rayon.engine.sim.SimFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SimulatorTest {
  private static final SimulationConfig CFG =
      SimulationConfig.DEFAULT.withSeriesInterval(3).withFrameInterval(30);

  private static SimulationResult run(Cluster c, SchedulerPolicy p, Job... jobs) {
    return Simulator.run(c, new Workload("test", List.of(jobs)), p, CFG);
  }

  private static JobOutcome outcome(SimulationResult r, String id) {
    return r.jobOutcomes().stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void taskWithoutUsagePhasesRunsForItsDurationUsingItsRequest() {
    SimulationResult r =
        run(
            nodes(1, 8192, 4),
            new ReservationPolicy(),
            job("j", 0, group("g", 1).request(2048, 1).duration(40).build()));
    assertThat(r.finishedTasks()).isEqualTo(1);
    assertThat(r.makespanS()).isEqualTo(40.0);
    assertThat(outcome(r, "j").completionS()).isEqualTo(40.0);
    assertThat(r.series().usageMemoryMB()[1]).isEqualTo(2048.0);
  }

  @Test
  void cpuOverloadServesEveryTaskTheSameFractionAndStretchesTheirRunTimes() {
    // two tasks each using 4 vcores on a 4-vcore node: demand 8, each served half, 100 s of work
    // take 200 s
    SimulationResult r =
        run(
            nodes(1, 8192, 4),
            new ReservationPolicy(),
            job("a", 0, group("g", 1).request(1024, 1).duration(100).phase(100, 1024, 4).build()),
            job("b", 0, group("g", 1).request(1024, 1).duration(100).phase(100, 1024, 4).build()));
    assertThat(outcome(r, "a").finishS()).isCloseTo(200.0, within(1e-6));
    assertThat(outcome(r, "b").finishS()).isCloseTo(200.0, within(1e-6));
    assertThat(r.series().usageVcores()[1]).isEqualTo(4.0);
    assertThat(r.series().cpuDemandVcores()[1]).isEqualTo(8.0);
  }

  @Test
  void unservedCpuIsCarriedOverUntilTheNodeIsNoLongerOverloaded() {
    // a: 100 s of work, b: 50 s; both at half speed until b ends at 100 s with a half done,
    // then a runs alone at full speed for its last 50 s: 150 s.
    SimulationResult r =
        run(
            nodes(1, 8192, 4),
            new ReservationPolicy(),
            job("a", 0, group("g", 1).duration(100).phase(100, 1024, 4).build()),
            job("b", 0, group("g", 1).duration(50).phase(50, 1024, 4).build()));
    assertThat(outcome(r, "b").finishS()).isCloseTo(100.0, within(1e-6));
    assertThat(outcome(r, "a").finishS()).isCloseTo(150.0, within(1e-6));
  }

  @Test
  void partialOverloadSlowsTasksByCapacityOverDemand() {
    // demand 6 on 4 vcores: speed 2/3, 60 s of work take 90 s
    SimulationResult r =
        run(
            nodes(1, 8192, 4),
            new ReservationPolicy(),
            job("a", 0, group("g", 2).duration(60).phase(60, 512, 3).build()));
    assertThat(outcome(r, "a").finishS()).isCloseTo(90.0, within(1e-6));
  }

  @Test
  void memoryOverflowCrashesOnlyTheTaskWhoseUsageRoseAndReschedulesIt() {
    // Tasks reserve 1 GB but use 6 GB after a 10 s start-up of 1 GB, on a 10 GB node (heartbeat 3
    // s).
    // a starts at 0 and rises at 10 (7 GB in use). b arrives at 5, starts at 6, rises at 16: 12 GB
    // > 10 GB,
    // so b (the riser) crashes and a keeps running. b is placed again every 12 s and crashes at
    // each rise
    // (16, 28, ..., 100) until a ends at 110; its 9th start at 102 rises at 112 and fits: it ends
    // at 212.
    var g = group("g", 1).request(1024, 1).duration(110).phase(10, 1024, 1).phase(100, 6144, 1);
    SimulationResult r =
        run(
            nodes(1, 10240, 8),
            new ReservationPolicy(),
            job("a", 0, g.build()),
            job("b", 5, g.build()));
    assertThat(outcome(r, "a").failures()).isZero();
    assertThat(outcome(r, "a").finishS()).isCloseTo(110.0, within(1e-6));
    assertThat(outcome(r, "b").failures()).isEqualTo(8);
    assertThat(outcome(r, "b").finishS()).isCloseTo(212.0, within(1e-6));
    assertThat(r.failedTasks()).isEqualTo(8);
    assertThat(r.failureRate()).isEqualTo(4.0);
    for (double used : r.series().usageMemoryMB()) assertThat(used).isLessThanOrEqualTo(10240.0);
  }

  @Test
  void tasksPlacedTogetherBeyondMemoryCapacityAllCrashAtPlacement() {
    // estimation with a fresh estimate offers the allowance; both 6 GB tasks (reserving 1 GB) start
    // at 0,
    // using 12 GB on a 10 GB node: both just rose, both crash.
    var g = group("g", 2).request(1024, 1).duration(10).phase(10, 6144, 1);
    SimulationResult r =
        Simulator.run(
            nodes(1, 10240, 8),
            new Workload("t", List.of(job("a", 0, g.build()))),
            new ReservationPolicy(),
            CFG.withUntil(1));
    assertThat(r.failedTasks()).isEqualTo(2);
    assertThat(r.queuedTasks()).isEqualTo(2);
  }

  @Test
  void tasksThatKeepCrashingTogetherAreAbandonedAfterMaxAttempts() {
    var g = group("g", 2).request(1024, 1).duration(10).phase(10, 6144, 1);
    SimulationResult r =
        Simulator.run(
            nodes(1, 10240, 8),
            new Workload("t", List.of(job("a", 0, g.build()))),
            new ReservationPolicy(),
            CFG.withMaxAttempts(3));
    assertThat(r.failedTasks()).isEqualTo(6);
    assertThat(r.abandonedTasks()).isEqualTo(2);
    assertThat(r.finishedTasks()).isZero();
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("abandoned"));
  }

  @Test
  void reservationModelPlacesNoMoreThanTheAllowanceByRequest() {
    // allowance 4 GB of 8: requests of 2 GB, so two at a time, 3 waves of 10 s
    SimulationResult r =
        run(
            nodes(1, 8192, 8, 4096, 8),
            new ReservationPolicy(),
            job("j", 0, group("g", 6).request(2048, 1).duration(10).build()));
    // waves start at heartbeats 0, 12 (10 rounded up to the heartbeat), 24
    assertThat(r.makespanS()).isEqualTo(34.0);
    for (double res : r.series().reservationMemoryMB()) assertThat(res).isLessThanOrEqualTo(4096.0);
  }

  @Test
  void estimationModelLearnsThatTasksUseLessThanTheyReserveAndFinishesSooner() {
    // tasks reserve 4 GB but use 1 GB: the reservation model runs 2 at a time on an 8 GB node,
    // the estimation model learns and runs more
    var g = group("g", 40).request(4096, 1).duration(300).phase(300, 1024, 1);
    Workload w = new Workload("t", List.of(job("j", 0, g.build())));
    SimulationResult res = Simulator.run(nodes(1, 8192, 16), w, new ReservationPolicy(), CFG);
    SimulationResult est = Simulator.run(nodes(1, 8192, 16), w, new EstimationPolicy(0.125), CFG);
    assertThat(res.finishedTasks()).isEqualTo(40);
    assertThat(est.finishedTasks()).isEqualTo(40);
    assertThat(est.makespanS()).isLessThan(res.makespanS() * 0.6);
    assertThat(est.failedTasks()).isZero();
  }

  @Test
  void groupsWaitForTheGroupsTheyComeAfter() {
    SimulationResult r =
        run(
            nodes(2, 8192, 8),
            new ReservationPolicy(),
            job(
                "j",
                0,
                group("map", 4).duration(20).build(),
                group("reduce", 2).duration(30).after("map").build()));
    // maps end at 20; reduces become eligible then and start at heartbeat 21; they end at 51
    assertThat(outcome(r, "j").finishS()).isEqualTo(51.0);
    assertThat(r.finishedTasks()).isEqualTo(6);
  }

  @Test
  void productionTasksGoBeforeEarlierBestEffortTasks() {
    var g = group("g", 1).request(8192, 1).duration(10);
    Job be = job("be", 0, g.build());
    Job prod =
        new Job("prod", "prod", null, null, JobKind.PRODUCTION, 0, 5L, "r1", List.of(g.build()));
    SimulationResult r = run(nodes(1, 8192, 8), new ReservationPolicy(), be, prod);
    assertThat(outcome(r, "prod").finishS()).isEqualTo(10.0);
    assertThat(outcome(r, "prod").deadlineMet()).isFalse();
    assertThat(outcome(r, "be").finishS()).isEqualTo(22.0);
  }

  @Test
  void tasksThatFitNowhereAreReportedUnschedulableWithAReason() {
    SimulationResult r =
        run(
            nodes(2, 4096, 4),
            new ReservationPolicy(),
            job("j", 0, group("huge", 3).request(8192, 1).build(), group("ok", 1).build()));
    assertThat(r.unschedulableTasks()).isEqualTo(3);
    assertThat(r.finishedTasks()).isEqualTo(1);
    assertThat(r.warnings())
        .anySatisfy(w -> assertThat(w).contains("huge").contains("8192 MB").contains("4096 MB"));
    assertThat(outcome(r, "j").finished()).isFalse();
  }

  @Test
  void untilStopsTheRunAndLeavesTheRestRunningOrQueued() {
    SimulationResult r =
        Simulator.run(
            nodes(1, 2048, 1),
            new Workload(
                "t", List.of(job("j", 0, group("g", 5).request(1024, 1).duration(100).build()))),
            new ReservationPolicy(),
            CFG.withUntil(150));
    assertThat(r.endS()).isEqualTo(150.0);
    assertThat(r.finishedTasks()).isEqualTo(1);
    assertThat(r.runningTasks()).isEqualTo(1);
    assertThat(r.queuedTasks()).isEqualTo(3);
  }

  @Test
  void jobsArrivingAfterTheEndAreCountedAsNotArrived() {
    SimulationResult r =
        Simulator.run(
            nodes(1, 2048, 1),
            new Workload(
                "t",
                List.of(
                    job("early", 0, group("g", 1).build()),
                    job(
                        "late",
                        500,
                        group("map", 2).build(),
                        group("red", 1).after("map").build()))),
            new ReservationPolicy(),
            CFG.withUntil(100));
    assertThat(r.finishedTasks()).isEqualTo(1);
    assertThat(r.notArrivedTasks()).isEqualTo(3);
    assertThat(r.waitingTasks()).isZero();
  }

  @Test
  void framesHoldPerNodeUsageFractions() {
    SimulationResult r =
        run(
            nodes(2, 4096, 4),
            new ReservationPolicy(),
            job("j", 0, group("g", 1).request(1024, 1).duration(100).phase(100, 2048, 2).build()));
    assertThat(r.nodeIds()).hasSize(2);
    assertThat(r.frames()).isNotEmpty();
    Frame f = r.frames().get(0);
    assertThat(f.memory()).hasSize(2);
    float used = f.memory()[0] + f.memory()[1];
    assertThat(used).isEqualTo(0.5f);
    assertThat(f.cpu()[0] + f.cpu()[1]).isEqualTo(0.5f);
  }

  @Test
  void seriesCsvHasTheDocumentedColumns() {
    SimulationResult r =
        run(nodes(1, 4096, 4), new ReservationPolicy(), job("j", 0, group("g", 1).build()));
    String csv = r.series().toCsv();
    assertThat(csv.lines().findFirst().orElseThrow())
        .isEqualTo(String.join(",", TimeSeries.CSV_COLUMNS));
    assertThat(csv.lines().skip(1).findFirst().orElseThrow()).startsWith("0,4096,4096,");
    assertThat(r.jobsCsv()).contains("j,BEST_EFFORT,0,10,10,1,1,0,");
  }

  @Test
  void unknownAfterGroupIsRejectedWithTheJobAndGroupNamed() {
    assertThatThrownBy(
            () ->
                run(
                    nodes(1, 4096, 4),
                    new ReservationPolicy(),
                    job("j7", 0, group("r", 1).after("mapz").build())))
        .hasMessageContaining("j7")
        .hasMessageContaining("mapz");
  }

  @Test
  void cancellationEndsTheRunWithAWarning() {
    CancellationToken token = new CancellationToken();
    token.cancel();
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < 10; i++)
      jobs.add(job("j" + i, i * 1000L, group("g", 1).duration(5000).build()));
    SimulationResult r =
        Simulator.run(
            nodes(1, 4096, 4),
            new Workload("t", jobs),
            new ReservationPolicy(),
            CFG,
            (f, m) -> {},
            token);
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w).startsWith("cancelled"));
    assertThat(r.finishedTasks()).isLessThan(10);
  }

  @Test
  void progressIsReportedAndEndsAtOne() {
    List<Double> seen = new ArrayList<>();
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < 20; i++)
      jobs.add(job("j" + i, i * 600L, group("g", 2).duration(300).build()));
    Simulator.run(
        nodes(2, 4096, 4),
        new Workload("t", jobs),
        new ReservationPolicy(),
        CFG,
        (f, m) -> seen.add(f),
        CancellationToken.NEVER);
    assertThat(seen).isNotEmpty();
    assertThat(seen.get(seen.size() - 1)).isEqualTo(1.0);
    for (int i = 1; i < seen.size(); i++)
      assertThat(seen.get(i)).isGreaterThanOrEqualTo(seen.get(i - 1));
  }

  @Test
  void idleGapsBetweenArrivalsAreSkippedWithoutChangingTheOutcome() {
    // a job every 9,999 s (a heartbeat multiple) on an otherwise idle cluster: each starts at its
    // arrival's heartbeat and finishes 10 s later
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < 50; i++)
      jobs.add(job("j" + i, i * 9_999L, group("g", 1).duration(10).build()));
    SimulationResult r =
        Simulator.run(nodes(1, 4096, 4), new Workload("t", jobs), new EstimationPolicy(0.125), CFG);
    assertThat(r.finishedTasks()).isEqualTo(50);
    assertThat(r.meanJobCompletionS()).isEqualTo(10.0);
    assertThat(r.makespanS()).isEqualTo(49 * 9_999.0 + 10);
  }

  @Test
  void sameSeedGivesTheSameResult() {
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      jobs.add(
          job(
              "j" + i,
              i * 7L,
              group("g", 1 + i % 4)
                  .request(1024 + 512L * (i % 3), 1)
                  .duration(20 + i)
                  .phase(5, 256, 0.5)
                  .phase(100, 900 + 300L * (i % 5), 1.5)
                  .build()));
    }
    Workload w = new Workload("t", jobs);
    SimulationResult a =
        Simulator.run(nodes(5, 4096, 4), w, new EstimationPolicy(0.3), CFG.withSeed(42));
    SimulationResult b =
        Simulator.run(nodes(5, 4096, 4), w, new EstimationPolicy(0.3), CFG.withSeed(42));
    assertThat(b.series().toCsv()).isEqualTo(a.series().toCsv());
    assertThat(b.jobsCsv()).isEqualTo(a.jobsCsv());
    assertThat(b.failedTasks()).isEqualTo(a.failedTasks());
    for (int i = 0; i < a.frames().size(); i++) {
      assertThat(b.frames().get(i).memory()).containsExactly(a.frames().get(i).memory());
    }
  }

  @Test
  // without the refusal the run would go on for years: fail instead of hanging the build
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aTaskLongerThanTheHeartbeatsTheSimulatorGoesThroughIsRefusedUnlessTheRunStopsSooner() {
    // 2^53 + 1 s: a number a broken or hostile file can hold; heartbeat by heartbeat, years of CPU
    long endless = 9_007_199_254_740_993L;
    Job j = job("j", 0, group("g", 1).request(1024, 1).duration(endless).build());
    assertThatThrownBy(() -> run(nodes(1, 8192, 4), new ReservationPolicy(), j))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("job j task group g lasts 9007199254740993 s")
        .hasMessageContaining("more than 100000000 heartbeats of 3 s")
        .hasMessageContaining("within 300000000 s");
    // just above the bound at a 1 s heartbeat: refused; at it, the run is allowed (not run here)
    Job over = job("k", 0, group("g", 1).duration(Simulator.MAX_HEARTBEATS + 1).build());
    SimulationConfig oneSecond = CFG.withHeartbeat(1);
    assertThatThrownBy(
            () ->
                Simulator.run(
                    nodes(1, 8192, 4),
                    new Workload("t", List.of(over)),
                    new ReservationPolicy(),
                    oneSecond))
        .hasMessageContaining("job k task group g");
    // a run set to stop within the bound goes ahead and stops there
    SimulationResult stopped =
        Simulator.run(
            nodes(1, 8192, 4),
            new Workload("t", List.of(j)),
            new ReservationPolicy(),
            CFG.withUntil(3600));
    assertThat(stopped.finishedTasks()).isZero();
    assertThat(stopped.endS()).isEqualTo(3600.0);
    assertThat(stopped.runningTasks()).isEqualTo(1);
    // a group that can never run (bigger than every node) is not started, so not counted
    SimulationResult never =
        run(
            nodes(1, 8192, 4),
            new ReservationPolicy(),
            job("big", 0, group("g", 1).request(65536, 1).duration(endless).build()),
            job("small", 0, group("g", 1).request(1024, 1).duration(30).build()));
    assertThat(never.finishedTasks()).isEqualTo(1);
    assertThat(never.warnings()).anyMatch(w -> w.contains("job big task group g"));
  }
}
