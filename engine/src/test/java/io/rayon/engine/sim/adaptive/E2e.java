package io.rayon.engine.sim.adaptive;

import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.NodeOutage;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import io.rayon.testsupport.Fixtures;
import java.util.List;
import java.util.Map;

/**
 * Hand-built end-to-end cases: one-minute plan steps, jobs of identical tasks using their requests.
 */
final class E2e {
  private E2e() {}

  static final SimulationConfig CFG = SimulationConfig.DEFAULT.withFrameInterval(0);

  static Job prod(
      String id,
      long arrivalS,
      long deadlineS,
      String reservation,
      int tasks,
      long mem,
      long vcores,
      long durS) {
    return new Job(
        id,
        id,
        "prod",
        "dedicated",
        JobKind.PRODUCTION,
        arrivalS,
        deadlineS,
        reservation,
        List.of(new TaskGroup("t", tasks, Resources.of(mem, vcores), durS, List.of(), List.of())));
  }

  static Job be(String id, long arrivalS, int tasks, long mem, long vcores, long durS) {
    return new Job(
        id,
        id,
        "adhoc",
        "default",
        JobKind.BEST_EFFORT,
        arrivalS,
        null,
        null,
        List.of(new TaskGroup("t", tasks, Resources.of(mem, vcores), durS, List.of(), List.of())));
  }

  static ReservationRequest res(String id, String rdl) {
    return new ReservationRequest(id, id, "prod", "default", Fixtures.rdl(rdl), 0, 0);
  }

  static Scenario scenario(
      Cluster c, long horizonSteps, List<ReservationRequest> rs, List<Job> jobs) {
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "e2e",
        null,
        60,
        horizonSteps,
        c,
        null,
        null,
        null,
        rs,
        new Workload("hand", jobs),
        null);
  }

  static SimulationResult run(
      Scenario s, String scheduler, Map<String, String> options, NodeOutage... outages) {
    return SimulationRun.of(s, scheduler, options, SimulationRun.Requests.RRU, CFG)
        .withOutages(List.of(outages))
        .run();
  }

  static JobOutcome outcome(SimulationResult r, String id) {
    return r.jobOutcomes().stream().filter(o -> o.id().equals(id)).findFirst().orElseThrow();
  }
}
