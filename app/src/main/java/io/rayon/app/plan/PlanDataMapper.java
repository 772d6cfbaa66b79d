package io.rayon.app.plan;

import io.rayon.engine.plan.Plan;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.views.plan.PlanData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Turns the engine's plan and decisions into what the views draw ({@link PlanData}). */
public final class PlanDataMapper {
  private PlanDataMapper() {}

  public static PlanData of(PlanState st, Scenario s) {
    if (st == null) return empty(s);
    Plan p = st.plan();
    List<ReservationAllocation> allocations = new ArrayList<>();
    Map<String, Rdl> expressions = new HashMap<>();
    for (String id : p.reservationIds()) {
      allocations.add(p.allocationOf(id));
      expressions.put(id, p.requestOf(id).rdl());
    }
    List<Decision> rejected = new ArrayList<>();
    for (Decision d : st.decisions().values()) if (!d.accepted()) rejected.add(d);
    return new PlanData(
        new TreeMap<>(p.capacitySkyline().runs()),
        allocations,
        rejected,
        p.stepSeconds(),
        p.horizon(),
        expressions);
  }

  /** The empty plan of a scenario: capacity only. */
  public static PlanData empty(Scenario s) {
    Plan p = Plan.fromScenario(s);
    Map<String, Rdl> expressions = new HashMap<>();
    for (ReservationRequest r : s.reservations()) expressions.put(r.id(), r.rdl());
    return new PlanData(
        new TreeMap<>(p.capacitySkyline().runs()),
        List.of(),
        List.of(),
        p.stepSeconds(),
        p.horizon(),
        expressions);
  }
}
