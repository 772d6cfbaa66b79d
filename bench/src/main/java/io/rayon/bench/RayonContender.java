package io.rayon.bench;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * One of our planners behind our {@link ReservationSystem} (policy "none", self-checking off):
 * {@code create} places a request and commits it when accepted, and that call is what is timed
 * (Hadoop's {@code createReservation} also adds to its plan). After the timed loop the whole plan
 * goes through {@link PlanValidator}.
 */
final class RayonContender implements Contender {
  private final Planner planner;

  RayonContender(Planner planner) {
    this.planner = planner;
  }

  static RayonContender gree() {
    return new RayonContender(new GreePlanner());
  }

  static RayonContender greeL() {
    return new RayonContender(new GreeLPlanner());
  }

  @Override
  public String name() {
    return planner.name();
  }

  @Override
  public RunOutcome run(PreparedWorkload w) {
    ReservationSystem system = ReservationSystem.forScenario(w.scenario(), planner).setSelfChecking(false);
    int n = w.size();
    long[] nanos = new long[n];
    ReservationAllocation[] allocs = new ReservationAllocation[n];
    List<ReservationRequest> rs = w.requests();
    long cpu0 = CpuClock.nanos();
    for (int i = 0; i < n; i++) {
      ReservationRequest r = rs.get(i);
      long t0 = System.nanoTime();
      Decision d = system.create(r);
      nanos[i] = System.nanoTime() - t0;
      if (d.accepted()) allocs[i] = d.allocation();
    }
    long cpu = CpuClock.nanos() - cpu0;
    List<String> problems = new ArrayList<>();
    for (Violation v : PlanValidator.validate(system.plan(), SharingPolicySpec.NONE)) problems.add(v.toString());
    return new RunOutcome(nanos, cpu, allocs, problems);
  }
}
