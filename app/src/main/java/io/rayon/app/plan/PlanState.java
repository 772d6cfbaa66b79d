package io.rayon.app.plan;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of a planning run, as the UI holds it: the plan (a private copy that nobody changes
 * after it is published, so background readers may share it), the latest decision per reservation
 * id with the request it was made for, the planner and policy used, the run's duration, any figures
 * the planner reported (a MILP's gap and status), and the reservations the plan held before the run
 * that the run moved to make room (bounded repair; empty for a re-plan from an empty plan).
 */
public record PlanState(
    Plan plan,
    Map<String, Decision> decisions,
    Map<String, ReservationRequest> decidedRequests,
    String planner,
    SharingPolicySpec policy,
    long runtimeMs,
    Map<String, Object> report,
    List<PlanningRun.Moved> moved) {

  public PlanState {
    decisions = Collections.unmodifiableMap(new LinkedHashMap<>(decisions));
    decidedRequests = Collections.unmodifiableMap(new LinkedHashMap<>(decidedRequests));
    report = report == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(report));
    moved = moved == null ? List.of() : List.copyOf(moved);
  }

  /** A state in which nothing moved. */
  public PlanState(
      Plan plan,
      Map<String, Decision> decisions,
      Map<String, ReservationRequest> decidedRequests,
      String planner,
      SharingPolicySpec policy,
      long runtimeMs,
      Map<String, Object> report) {
    this(plan, decisions, decidedRequests, planner, policy, runtimeMs, report, List.of());
  }

  /** Where a reservation of the current scenario stands against this plan. */
  public enum Status {
    ACCEPTED,
    REJECTED,
    PENDING
  }

  /** ACCEPTED or REJECTED only when the decision was made for exactly this request. */
  public Status statusOf(ReservationRequest r) {
    Decision d = decisions.get(r.id());
    if (d == null || !r.equals(decidedRequests.get(r.id()))) return Status.PENDING;
    return d.accepted() ? Status.ACCEPTED : Status.REJECTED;
  }
}
