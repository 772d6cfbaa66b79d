package io.rayon.bench;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.plan.Plan;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Acceptance (count and weighted by work), preemption and uniformity of one run, computed by the
 * engine's {@link PlanMetrics} for every planner alike. Hadoop's plan keeps one skyline per
 * reservation, not one per stage, so every planner's allocations are first merged into one skyline
 * per reservation (see {@link #merged}); preemption then counts the downward transitions of each
 * reservation's total, and an order whose next stage starts as the previous ends is no drop.
 */
record PlanStats(
    int accepted,
    double acceptance,
    double weightedAcceptance,
    double preemption,
    double uniformity) {

  static PlanStats of(PreparedWorkload w, RunOutcome o) {
    Plan plan = Plan.fromScenario(w.scenario());
    List<Decision> decisions = new ArrayList<>(w.size());
    for (int i = 0; i < w.size(); i++) {
      ReservationRequest r = w.requests().get(i);
      ReservationAllocation a = o.allocations()[i];
      if (a == null) {
        decisions.add(
            Decision.reject(r.id(), Rejection.of(Rejection.Code.CAPACITY, "", "rejected")));
      } else {
        ReservationAllocation m = merged(a);
        plan.add(r, m);
        decisions.add(Decision.accept(m));
      }
    }
    PlanMetrics pm = PlanMetrics.of(plan, w.requests(), decisions);
    return new PlanStats(
        pm.accepted(), pm.acceptance(), pm.weightedAcceptance(), pm.preemption(), pm.uniformity());
  }

  /**
   * One atom (path "") holding the reservation's bundles over time; all atoms must share a bundle.
   */
  static ReservationAllocation merged(ReservationAllocation a) {
    if (a.atoms().size() == 1 && a.atoms().get(0).path().isEmpty()) return a;
    Resources bundle = null;
    TreeMap<Long, Long> delta = new TreeMap<>();
    for (AtomAllocation at : a.atoms()) {
      if (bundle != null && !bundle.equals(at.bundle())) {
        throw new IllegalArgumentException(
            a.reservationId() + " mixes bundles " + bundle + " and " + at.bundle());
      }
      bundle = at.bundle();
      for (Step s : at.steps()) {
        delta.merge(s.start(), s.bundles(), Long::sum);
        delta.merge(s.end(), -s.bundles(), Long::sum);
      }
    }
    List<Step> steps = new ArrayList<>();
    long cur = 0;
    Long from = null;
    for (Map.Entry<Long, Long> e : delta.entrySet()) {
      if (from != null && cur > 0 && e.getKey() > from) steps.add(new Step(from, e.getKey(), cur));
      cur += e.getValue();
      from = e.getKey();
    }
    return new ReservationAllocation(
        a.reservationId(),
        bundle == null ? List.of() : List.of(new AtomAllocation("", bundle, steps)));
  }
}
