package io.rayon.app.plan;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.ReportingPlanner;
import io.rayon.engine.planning.milp.MilpOptions;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The planning runs the application offers, as plain functions over immutable inputs that run on a
 * worker thread: re-plan everything, place the pending reservations on top of an existing plan, and
 * try one expression against a plan without committing it (live feasibility). The planning itself
 * is the engine's one orchestration, {@link PlanningRun#place} and {@link PlanningRun#tryPlace}, as
 * for the CLI; this class keeps the workbench's bookkeeping (which decisions still hold after an
 * edit) and never changes a plan it was given.
 */
public final class PlanningService {
  private PlanningService() {}

  /**
   * What a run needs: the scenario, the planner's registry name and options, the sharing policy.
   */
  public record Request(
      Scenario scenario, String planner, PlannerOptions options, SharingPolicySpec policy) {
    public Request {
      if (options == null) options = PlannerOptions.NONE;
      if (policy == null) policy = SharingPolicySpec.NONE;
    }
  }

  /** Places every reservation of the scenario on an empty plan (online, in arrival order). */
  public static PlanState replanAll(
      Request req, ProgressListener progress, CancellationToken cancel) {
    return place(req, null, req.scenario().reservations(), progress, cancel);
  }

  /**
   * Places the reservations that have no decision for their current request on top of {@code
   * previous}; accepted reservations that were removed from the scenario or changed since are taken
   * out of the plan first. Everything else keeps its decision. With {@code onlyId} set, only that
   * reservation is placed.
   */
  public static PlanState placePending(
      Request req,
      PlanState previous,
      String onlyId,
      ProgressListener progress,
      CancellationToken cancel) {
    if (previous == null) {
      previous =
          new PlanState(
              Plan.fromScenario(req.scenario()),
              Map.of(),
              Map.of(),
              req.planner(),
              req.policy(),
              0,
              Map.of());
    }
    List<ReservationRequest> todo = new ArrayList<>();
    for (ReservationRequest r : req.scenario().reservations()) {
      if (onlyId != null && !onlyId.equals(r.id())) continue;
      if (previous.statusOf(r) == PlanState.Status.PENDING) todo.add(r);
    }
    return place(req, previous, todo, progress, cancel);
  }

  private static PlanState place(
      Request req,
      PlanState previous,
      List<ReservationRequest> todo,
      ProgressListener progress,
      CancellationToken cancel) {
    Scenario s = req.scenario();
    Plan plan;
    Map<String, Decision> decisions = new LinkedHashMap<>();
    Map<String, ReservationRequest> decided = new LinkedHashMap<>();
    if (previous == null || !sameShape(previous.plan(), s)) {
      plan = Plan.fromScenario(s);
    } else {
      plan = previous.plan().copy();
      Map<String, ReservationRequest> current = new HashMap<>();
      for (ReservationRequest r : s.reservations()) current.put(r.id(), r);
      for (String id : new ArrayList<>(plan.reservationIds())) {
        ReservationRequest now = current.get(id);
        if (now == null || !now.equals(plan.requestOf(id))) plan.remove(id);
      }
      Set<String> ids = current.keySet();
      previous
          .decisions()
          .forEach(
              (id, d) -> {
                ReservationRequest r = current.get(id);
                if (ids.contains(id) && r.equals(previous.decidedRequests().get(id))) {
                  decisions.put(id, d);
                  decided.put(id, r);
                }
              });
    }
    Planner planner = Planners.byName(req.planner(), req.options());
    Set<String> held = new HashSet<>(plan.reservationIds());
    long t0 = System.nanoTime();
    PlanningRun run =
        PlanningRun.place(
            s, plan, todo, planner, req.policy(), progress, cancel, deadline(req.options()), false);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    List<Decision> ds = run.decisions();
    for (int i = 0; i < todo.size(); i++) {
      decisions.put(todo.get(i).id(), ds.get(i));
      decided.put(todo.get(i).id(), todo.get(i));
    }
    Map<String, Object> report = planner instanceof ReportingPlanner rp ? rp.report() : Map.of();
    // only what was placed before this run counts as moved: requests of this run that a later
    // one's repair moved were never shown to the user where they were first accepted
    List<PlanningRun.Moved> moved = new ArrayList<>();
    for (PlanningRun.Moved m : run.moved()) if (held.contains(m.id())) moved.add(m);
    return new PlanState(
        run.plan(), decisions, decided, req.planner(), req.policy(), ms, report, moved);
  }

  /**
   * The run's deadline: its time limit ({@code time-limit}, which the MILP and hybrid planners keep
   * for the whole run; default 60 s) from now, on the system clock.
   */
  static Deadline deadline(PlannerOptions options) {
    try {
      return Deadline.after(System::nanoTime, MilpOptions.from(options).timeLimit());
    } catch (IllegalArgumentException e) {
      // options only the MILP reads, and this planner is not it
      return Deadline.NONE;
    }
  }

  /** True when a plan still matches the scenario's cluster capacity, horizon and step length. */
  static boolean sameShape(Plan p, Scenario s) {
    Plan fresh = Plan.fromScenario(s);
    return p.horizon() == fresh.horizon()
        && p.stepSeconds() == fresh.stepSeconds()
        && p.capacitySkyline().equals(fresh.capacitySkyline());
  }

  /**
   * Would {@code request} be accepted now? Places it against {@code base} (without the request's
   * own previous allocation) and returns the planner's decision, with the reservations of {@code
   * base} that would move to make room for it (a planner with bounded repair); nothing is
   * committed.
   */
  public static PlanningRun.Trial tryPlace(
      Request req, Plan base, ReservationRequest request, CancellationToken cancel) {
    return PlanningRun.tryPlaceWithMoves(
        req.scenario(),
        base,
        request,
        Planners.byName(req.planner(), req.options()),
        req.policy(),
        cancel);
  }
}
