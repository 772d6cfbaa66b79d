package io.rayon.engine.sim.adaptive;

import static io.rayon.engine.sim.adaptive.E2e.be;
import static io.rayon.engine.sim.adaptive.E2e.outcome;
import static io.rayon.engine.sim.adaptive.E2e.prod;
import static io.rayon.engine.sim.adaptive.E2e.res;
import static io.rayon.engine.sim.adaptive.E2e.run;
import static io.rayon.engine.sim.adaptive.E2e.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.sim.NodeOutage;
import io.rayon.engine.sim.SchedulerReport.AllocationSample;
import io.rayon.engine.sim.SimEvent;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rayon end to end (Rayon §5, §6.4) on hand-built cases: guarantees, lending, preemption, failures,
 * the baseline.
 */
class RayonEndToEndTest {

  /**
   * 4 nodes of 8 GB / 8 vcores; a gang of 16 one-vcore containers for 10 minutes due by minute 15;
   * 200 best-effort tasks.
   */
  static Scenario floodCase() {
    return scenario(
        Fixtures.cluster(4, 8192, 8),
        60,
        List.of(res("r", "window(atom(<1024,1>,16,16,10,160),2,15)")),
        List.of(prod("p", 0, 900, "r", 16, 1024, 1, 600), be("flood", 0, 200, 1024, 1, 300)));
  }

  @Test
  void aReservationIsHonouredWhileABestEffortFloodRuns() {
    SimulationResult r = run(floodCase(), "rayon", Map.of());
    assertThat(outcome(r, "p").deadlineMet()).isTrue();
    assertThat(r.report().values().get("unmetHeartbeats")).isEqualTo(0L);
    // every step of the reservation: the job held its planned 16 containers
    List<AllocationSample> samples = r.report().samples();
    assertThat(samples).isNotEmpty();
    for (AllocationSample s : samples) {
      assertThat(s.unmetDemand()).as("step %d", s.step()).isFalse();
      if (s.used().vcores() < s.planned().vcores()) {
        // only once its last tasks ended
        assertThat(s.timeS()).isGreaterThanOrEqualTo(outcome(r, "p").finishS());
      }
    }
    // the flood ran on everything else and on what the reservation did not use yet
    assertThat(outcome(r, "flood").finished()).isTrue();
    EndToEndMetrics m = EndToEndMetrics.of(floodCase().workload(), r);
    assertThat(m.slaFulfillment()).isEqualTo(1.0);
    assertThat(m.beCompleted()).isEqualTo(1);
  }

  @Test
  void theCapacityBaselineMissesADeadlineThatRayonMeets() {
    SimulationResult rayon = run(floodCase(), "rayon", Map.of());
    SimulationResult cs = run(floodCase(), "capacity", Map.of());
    assertThat(outcome(rayon, "p").deadlineMet()).isTrue();
    // the SLA queue's guarantee is its share of the work (16·600 of 69,600 container-seconds, 14%);
    // served
    // most-under-served first against the flood's queue it holds 5 of the 32 containers, so its 16
    // ten-minute
    // tasks take four rounds, 40 minutes, far past the 15-minute deadline
    assertThat(outcome(cs, "p").deadlineMet()).isFalse();
    assertThat(outcome(cs, "p").finishS()).isEqualTo(2400.0);
    assertThat(EndToEndMetrics.of(floodCase().workload(), cs).slaFulfillment()).isEqualTo(0.0);
    assertThat(EndToEndMetrics.of(floodCase().workload(), cs).slaAcceptance()).isEqualTo(1.0);
  }

  /**
   * One node of 8 vcores, half reservable; a gang of 4 for minutes 5–10; a best-effort job of 8
   * twenty-minute tasks.
   */
  static Scenario lendCase(boolean withBestEffort, long prodArrivalS) {
    return scenario(
        Fixtures.cluster(1, 8192, 8),
        60,
        List.of(res("r", "window(atom(<1024,1>,4,4,5,20),5,10)")),
        withBestEffort
            ? List.of(
                prod("p", prodArrivalS, 600, "r", 4, 1024, 1, 300), be("b", 0, 8, 1024, 1, 1200))
            : List.of(prod("p", prodArrivalS, 600, "r", 4, 1024, 1, 300)));
  }

  @Test
  void idleCapacityIsLentAndTakenBackByPreemption() {
    Scenario s = lendCase(true, 300);
    SimulationResult r = run(s, "rayon", Map.of("reservable", "0.5"));
    // lent: before the reservation starts the best-effort job holds the whole node, beyond the
    // unreserved half
    EndToEndMetrics m = EndToEndMetrics.of(s.workload(), r);
    for (int i = 0; i < m.utilization().length; i++) {
      if (m.utilizationTimeS()[i] > 0 && m.utilizationTimeS()[i] < 300)
        assertThat(m.utilization()[i]).isEqualTo(1.0);
    }
    // taken back: at minute 5 four best-effort containers are preempted for the reservation
    assertThat(r.preemptedTasks()).isEqualTo(4);
    assertThat(m.preemptedContainers()).isEqualTo(4);
    assertThat(outcome(r, "p").finishS()).isEqualTo(600.0);
    assertThat(outcome(r, "p").deadlineMet()).isTrue();
    // the preempted tasks ran again afterwards, from the start
    assertThat(outcome(r, "b").finishS()).isEqualTo(600.0 + 1200);
  }

  @Test
  void withoutPreemptionTheLentCapacityIsNotTakenBackAndTheDeadlineIsMissed() {
    SimulationResult r =
        run(lendCase(true, 300), "rayon", Map.of("reservable", "0.5", "preemption", "false"));
    assertThat(r.preemptedTasks()).isZero();
    assertThat(outcome(r, "p").deadlineMet()).isFalse();
    assertThat((long) r.report().values().get("unmetHeartbeats")).isPositive();
  }

  @Test
  void laterReservationsWorkRunsEarlyWhenResourcesAreIdle() {
    SimulationResult r = run(lendCase(false, 0), "rayon", Map.of("reservable", "0.5"));
    // its reservation starts at minute 5, but the node is idle: the job runs at once
    assertThat(outcome(r, "p").finishS()).isEqualTo(300.0);
    assertThat(r.preemptedTasks()).isZero();
  }

  @Test
  void aProductionJobNeedingMoreThanReservedContinuesAsBestEffort() {
    // two containers for minutes 0–4 (8 container-minutes) but six two-minute tasks (12)
    Scenario s =
        scenario(
            Fixtures.cluster(1, 8192, 8),
            60,
            List.of(res("r", "window(atom(<1024,1>,2,2,4,8),0,4)")),
            List.of(be("flood", 0, 20, 1024, 1, 600), prod("p", 0, 3600, "r", 6, 1024, 1, 120)));
    SimulationResult r = run(s, "rayon", Map.of("reservable", "0.5"));
    // four tasks ran in the reservation (minutes 0–4); the last two waited in the default queue
    // behind the
    // earlier best-effort job, FIFO, until its queued tasks had all started (minute 20)
    assertThat(outcome(r, "p").finishS()).isEqualTo(1200.0 + 120);
    assertThat(r.report().samples()).allSatisfy(x -> assertThat(x.step()).isLessThan(4));
    assertThat(r.report().samples()).noneMatch(AllocationSample::unmetDemand);
  }

  /**
   * Two nodes, everything reservable; r1 and r2 each a whole node for minutes 5–10, r3 for minutes
   * 10–15.
   */
  static Scenario failureCase() {
    String node = "atom(<8192,8>,1,1,5,5)";
    return scenario(
        Fixtures.cluster(2, 8192, 8),
        60,
        List.of(
            res("r1", "window(" + node + ",5,10)"),
            res("r2", "window(" + node + ",5,10)"),
            res("r3", "window(" + node + ",10,15)")),
        List.of(
            be("b", 0, 2, 8192, 8, 1000),
            prod("j1", 300, 600, "r1", 1, 8192, 8, 300),
            prod("j2", 300, 600, "r2", 1, 8192, 8, 300),
            prod("j3", 600, 900, "r3", 1, 8192, 8, 300)));
  }

  @Test
  void aNodeFailureTriggersReplanningAndRejectsExactlyTheReservationsThatNoLongerFit() {
    SimulationResult r =
        run(
            failureCase(),
            "rayon",
            Map.of("reservable", "1"),
            new NodeOutage(1, 180, Double.POSITIVE_INFINITY));
    Map<String, Object> v = r.report().values();
    assertThat(v.get("replans")).isEqualTo(1);
    assertThat(v.get("rejectedAfterFailure")).isEqualTo(1);
    assertThat(v.get("accepted")).isEqualTo(List.of("r1", "r3"));
    @SuppressWarnings("unchecked")
    Map<String, String> reasons = (Map<String, String>) v.get("rejections");
    assertThat(reasons).containsOnlyKeys("r2");
    assertThat(reasons.get("r2"))
        .contains("no longer fits after the capacity change at step 3")
        .contains("1 nodes failed");
    assertThat(r.events())
        .extracting(SimEvent::kind)
        .containsSubsequence("nodes-down", "replan", "reject");
    // the failed node's best-effort container was lost; the survivor's was preempted for r1 at
    // minute 5
    assertThat(r.lostTasks()).isEqualTo(1);
    assertThat(r.preemptedTasks()).isEqualTo(1);
    assertThat(outcome(r, "j1").deadlineMet()).isTrue();
    assertThat(outcome(r, "j3").deadlineMet()).isTrue();
    EndToEndMetrics m = EndToEndMetrics.of(failureCase().workload(), r);
    assertThat(m.slaAcceptance()).isEqualTo(1.0);
    assertThat(m.rejectedAfterFailure()).isEqualTo(1);
    assertThat(m.replans()).isEqualTo(1);
    assertThat(m.slaFulfillment()).isEqualTo(1.0);
  }

  @Test
  void aFailureThatLeavesEnoughCapacityReplansNothing() {
    SimulationResult r =
        run(failureCase(), "rayon", Map.of("reservable", "1"), new NodeOutage(1, 1200, 600));
    // from minute 20 on nothing is planned any more
    assertThat(r.report().values().get("replans")).isEqualTo(0);
    assertThat(r.report().values().get("rejectedAfterFailure")).isEqualTo(0);
    assertThat(r.events())
        .extracting(SimEvent::kind)
        .containsExactly("plan", "nodes-down", "nodes-up");
  }

  @Test
  void overReservationAsksForMoreWorkInWholeGangs() {
    assertThat(OverReservation.inflate(Fixtures.rdl("window(atom(<1024,1>,4,4,5,20),5,10)"), 0.5))
        .isEqualTo(Fixtures.rdl("window(atom(<1024,1>,4,4,5,32),5,10)"));
    assertThat(
            OverReservation.inflate(
                Fixtures.rdl("order(atom(<1024,1>,1,2,1,10),atom(<2048,1>,1,1,1,3))"), 0.5))
        .isEqualTo(Fixtures.rdl("order(atom(<1024,1>,1,2,1,15),atom(<2048,1>,1,1,1,5))"));
  }
}
