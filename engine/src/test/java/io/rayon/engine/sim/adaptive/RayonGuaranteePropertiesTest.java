package io.rayon.engine.sim.adaptive;

import static io.rayon.engine.sim.adaptive.E2e.be;
import static io.rayon.engine.sim.adaptive.E2e.prod;
import static io.rayon.engine.sim.adaptive.E2e.res;
import static io.rayon.engine.sim.adaptive.E2e.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.SchedulerReport.AllocationSample;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Rayon's promise (§5.1 step 6, §6.4.1) on seeded generated workloads without failures: at every
 * plan step every accepted reservation's jobs hold at least its planned allocation whenever they
 * have queued work that fits in it, however much best-effort work competes; and every accepted job
 * meets its deadline.
 */
class RayonGuaranteePropertiesTest {

  /**
   * 2–5 nodes of 8 one-GB vcores; up to 4 reservations of one-minute tasks in windows; a
   * best-effort flood.
   */
  static Scenario generate(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int nodes = 2 + r.nextInt(4);
    List<ReservationRequest> rs = new ArrayList<>();
    List<Job> jobs = new ArrayList<>();
    int k = 1 + r.nextInt(4);
    for (int i = 0; i < k; i++) {
      int h = 1 + r.nextInt(4 * nodes);
      int lease = 2 + r.nextInt(5);
      long work = (long) h * lease;
      long start = r.nextInt(10);
      long finish = start + lease + r.nextInt(6);
      String id = "r" + i;
      rs.add(
          res(
              id,
              "window(atom(<1024,1>,1," + h + ",1," + work + ")," + start + "," + finish + ")"));
      // one task per bundle-step: a one-minute task per planned container-minute
      long arrival = Math.max(0, start * 60 - r.nextInt(240));
      jobs.add(prod("p" + i, arrival, finish * 60, id, (int) work, 1024, 1, 60));
    }
    int floods = 1 + r.nextInt(3);
    for (int i = 0; i < floods; i++) {
      jobs.add(
          be(
              "b" + i,
              r.nextInt(600),
              8 * nodes + r.nextInt(40 * nodes),
              1024,
              1,
              60 + r.nextInt(540)));
    }
    return scenario(Fixtures.cluster(nodes, 8192, 8), 40, rs, jobs);
  }

  @Property(tries = 40)
  void everyAcceptedReservationGetsAtLeastItsPlannedAllocationAtEachStep(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    Scenario s = generate(seed);
    SimulationRun run = SimulationRun.of(s, "rayon", Map.of(), SimulationRun.Requests.RRU, E2e.CFG);
    RayonScheduler policy = (RayonScheduler) run.newPolicy();
    SimulationResult r = run.run(policy, ProgressListener.NONE, CancellationToken.NEVER);
    assertThat(PlanValidator.validate(policy.plan(), s.sharingPolicy())).isEmpty();
    assertThat(r.report().values().get("unmetHeartbeats")).isEqualTo(0L);

    // the samples (one per step at which a reservation holds resources, while the run had work)
    // against
    // the plan itself
    for (AllocationSample a : r.report().samples()) {
      ReservationAllocation alloc = policy.plan().allocationOf(a.reservationId());
      Resources planned = Resources.ZERO;
      for (AtomAllocation at : alloc.atoms())
        planned = planned.plus(at.bundle().times(at.bundlesAt(a.step())));
      assertThat(a.planned()).isEqualTo(planned);
      assertThat(a.unmetDemand())
          .as("reservation %s at step %d", a.reservationId(), a.step())
          .isFalse();
    }
    // and so every accepted job meets its deadline
    List<String> accepted = policy.acceptedReservations();
    for (int i = 0; i < s.workload().jobs().size(); i++) {
      Job j = s.workload().jobs().get(i);
      JobOutcome o = r.jobOutcomes().get(i);
      if (j.reservationId() != null && accepted.contains(j.reservationId())) {
        assertThat(o.deadlineMet()).as("job %s of seed %d", j.id(), seed).isTrue();
      }
    }
    assertThat(Schedulers.names()).contains("rayon", "capacity");
  }
}
