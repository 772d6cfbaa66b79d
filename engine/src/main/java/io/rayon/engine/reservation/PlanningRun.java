package io.rayon.engine.reservation;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One planning run over a scenario: its reservations placed online, in arrival order, by one
 * planner under one sharing policy, on the scenario's empty plan. The result is immutable apart
 * from {@code plan}, which the caller now owns. Runtime is not measured here (no clock in the
 * engine): callers time {@link #run} themselves (it covers placement only; {@link #metrics()} is
 * computed afterwards). Usable from a plain Java main:
 *
 * <pre>{@code
 * PlanningRun r = PlanningRun.run(scenario, Planners.byName("gree"), scenario.sharingPolicy());
 * System.out.println(r.metrics());
 * }</pre>
 *
 * <p>{@link #moved()}: the reservations a planner with bounded repair ({@link Planner#repairBound}
 * more than 0) moved during the run, with where they were and where they ended; always empty for
 * planners that never move anything.
 */
public record PlanningRun(
    Scenario scenario,
    String planner,
    SharingPolicySpec policy,
    Plan plan,
    List<Decision> decisions,
    List<Moved> moved) {

  public PlanningRun {
    decisions = List.copyOf(decisions);
    moved = moved == null ? List.of() : List.copyOf(moved);
  }

  /** A run in which nothing moved. */
  public PlanningRun(
      Scenario scenario,
      String planner,
      SharingPolicySpec policy,
      Plan plan,
      List<Decision> decisions) {
    this(scenario, planner, policy, plan, decisions, List.of());
  }

  /**
   * A reservation that was accepted and then moved by a later request's bounded repair: its
   * allocation {@code before} (in the base plan when the run started, or the one it was accepted
   * with earlier in the run) and {@code after} (in the run's final plan). The two always differ;
   * both have the same total work (the repair never changes what was promised).
   */
  public record Moved(String id, ReservationAllocation before, ReservationAllocation after) {}

  /**
   * The answer of a feasibility check ({@link #tryPlaceWithMoves}): the decision, and the
   * reservations that would move to make room for it (empty when it fits as the plan is, or is
   * rejected).
   */
  public record Trial(Decision decision, List<Moved> moved) {
    public Trial {
      moved = moved == null ? List.of() : List.copyOf(moved);
    }
  }

  public static PlanningRun run(Scenario s, Planner planner, SharingPolicySpec policy) {
    return run(s, planner, policy, ProgressListener.NONE, CancellationToken.NEVER, false);
  }

  public static PlanningRun run(
      Scenario s,
      Planner planner,
      SharingPolicySpec policy,
      ProgressListener progress,
      CancellationToken cancel,
      boolean selfChecking) {
    return run(s, planner, policy, progress, cancel, Deadline.NONE, selfChecking);
  }

  /** A run whose planner splits {@code deadline} (the whole run's) between its phases. */
  public static PlanningRun run(
      Scenario s,
      Planner planner,
      SharingPolicySpec policy,
      ProgressListener progress,
      CancellationToken cancel,
      Deadline deadline,
      boolean selfChecking) {
    return place(
        s,
        Plan.fromScenario(s),
        s.reservations(),
        planner,
        policy,
        progress,
        cancel,
        deadline,
        selfChecking);
  }

  /**
   * The one way every front-end plans (the CLI's {@code plan} and {@code yarn} commands, the app's
   * re-plan and place-pending, benchmarks): builds the reservation system on {@code base} (which
   * becomes the run's plan, so give a copy to keep the original), applies the sharing policy
   * ({@code null}: the scenario's), and submits {@code todo} online in arrival order. The run's
   * decisions are those of {@code todo}, in its order, each accepted one with its allocation in the
   * run's final plan; reservations already in {@code base} keep their allocations, except that a
   * planner with bounded repair ({@link Planner#repairBound} more than 0) may move those that had
   * not started when a request arrived (the run's plan holds them where they are).
   *
   * <p>The run's {@link #moved()} lists every reservation that was accepted when a request of the
   * run arrived and ended the run with another allocation: first those of {@code base} (in its
   * order), compared with their allocation in {@code base} before the run, then the run's own
   * accepted requests (in the order a repair first moved them), compared with the allocation each
   * was accepted with ({@link ReservationSystem#movedFrom}). It is decided by comparing
   * allocations, so it is exact whatever the repair did (a reservation placed again where it was,
   * or moved and moved back, is not listed).
   */
  public static PlanningRun place(
      Scenario s,
      Plan base,
      List<ReservationRequest> todo,
      Planner planner,
      SharingPolicySpec policy,
      ProgressListener progress,
      CancellationToken cancel,
      Deadline deadline,
      boolean selfChecking) {
    SharingPolicySpec p = policy == null ? s.sharingPolicy() : policy;
    ReservationSystem rs =
        new ReservationSystem(base, planner, p)
            .setTask(progress, cancel)
            .setDeadline(deadline)
            .setSelfChecking(selfChecking);
    List<String> held = new ArrayList<>(base.reservationIds());
    List<Decision> ds = rs.submitAll(todo);
    // what the run moved: those of base first (in its order), then the run's own, each compared
    // with its allocation before the first move
    Map<String, ReservationAllocation> movedFrom = rs.movedFrom();
    Map<String, ReservationAllocation> before = new LinkedHashMap<>();
    for (String id : held) if (movedFrom.containsKey(id)) before.put(id, movedFrom.get(id));
    movedFrom.forEach(before::putIfAbsent);
    Plan plan = (Plan) rs.plan();
    return new PlanningRun(s, planner.name(), p, plan, ds, moved(before, plan));
  }

  /** Every reservation's allocation in {@code plan}, in its order. */
  private static Map<String, ReservationAllocation> allocations(Plan plan) {
    Map<String, ReservationAllocation> m = new LinkedHashMap<>();
    for (String id : plan.reservationIds()) m.put(id, plan.allocationOf(id));
    return m;
  }

  /** The reservations of {@code before} that {@code after} holds with another allocation. */
  private static List<Moved> moved(Map<String, ReservationAllocation> before, Plan after) {
    List<Moved> out = new ArrayList<>();
    before.forEach(
        (id, was) -> {
          ReservationAllocation now = after.contains(id) ? after.allocationOf(id) : null;
          if (now != null && !now.equals(was)) out.add(new Moved(id, was, now));
        });
    return out;
  }

  /**
   * Would {@code request} be accepted now (live feasibility)? Places it against {@code base}
   * without the request's own previous allocation, under the sharing policy, and returns the
   * decision; nothing is committed and {@code base} is not changed. When the planner repairs
   * ({@link Planner#repairBound} more than 0) and the placement is rejected, the answer is what
   * {@link ReservationSystem#create} would give: the bounded repair is tried on a copy of the plan,
   * so "accepted" may mean that reservations that have not started would move ({@link
   * #tryPlaceWithMoves} tells which).
   */
  public static Decision tryPlace(
      Scenario s,
      Plan base,
      ReservationRequest request,
      Planner planner,
      SharingPolicySpec policy,
      CancellationToken cancel) {
    return tryPlaceWithMoves(s, base, request, planner, policy, cancel).decision();
  }

  /**
   * {@link #tryPlace}, with the reservations of {@code base} that would move to make room (found by
   * comparing the allocations of the copy the repair was tried on with those of {@code base}); none
   * when the request fits as the plan is.
   */
  public static Trial tryPlaceWithMoves(
      Scenario s,
      Plan base,
      ReservationRequest request,
      Planner planner,
      SharingPolicySpec policy,
      CancellationToken cancel) {
    Plan plan = base == null ? Plan.fromScenario(s) : base;
    if (plan.contains(request.id())) {
      plan = plan.copy();
      plan.remove(request.id());
    }
    SharingPolicySpec spec = policy == null ? s.sharingPolicy() : policy;
    SharingPolicy sharing = SharingPolicies.from(spec, plan.stepSeconds());
    Decision d =
        planner.place(plan, request, new PlanningContext(sharing, ProgressListener.NONE, cancel));
    if (d != null && d.accepted()) {
      var broken = sharing.check(plan, request, d.allocation());
      if (broken.isPresent())
        return new Trial(Decision.reject(request.id(), broken.get()), List.of());
    }
    if (d != null
        && !d.accepted()
        && planner.repairBound() > 0
        && (cancel == null || !cancel.isCancelled())) {
      ReservationSystem rs =
          new ReservationSystem(plan.copy(), planner, spec).setTask(ProgressListener.NONE, cancel);
      Decision repaired = rs.create(request);
      return new Trial(
          repaired, repaired.accepted() ? moved(allocations(plan), (Plan) rs.plan()) : List.of());
    }
    return new Trial(d, List.of());
  }

  /** The §6.3 metrics of this run (computed on each call; keep the result). */
  public PlanMetrics metrics() {
    return PlanMetrics.of(plan, scenario.reservations(), decisions);
  }

  /** The plan file of this run; {@code metrics} is written into it as given. */
  public PlanFile toPlanFile(Map<String, Object> metrics) {
    return new PlanFile(
        PlanFile.FORMAT_VERSION,
        scenario.name(),
        planner,
        policy.toString(),
        plan.stepSeconds(),
        plan.horizon(),
        metrics,
        decisions);
  }
}
