package io.rayon.engine.reservation;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reservation system of Rayon §5: it owns the plan and is the only writer. Planners propose
 * ({@link Planner#place}); the system checks every proposal against the sharing policy and the free
 * capacity, and commits it. API as in §5.2: {@link #create}, {@link #update}, {@link #delete},
 * {@link #list}; online placement in arrival order ({@link #submitAll}) and offline re-planning of
 * everything accepted ({@link #replan}, used by the {@link Adapter}).
 *
 * <p><b>Self-checking mode</b> ({@link #selfChecking(boolean)}, on in tests): after every commit
 * the whole plan is re-validated with {@link PlanValidator}; a violation is a bug and throws {@link
 * IllegalStateException} listing it. The JVM property {@code rayon.selfCheck=true} turns it on for
 * every new system.
 *
 * <p>Pure: no clock, no threads; not thread-safe (one owner at a time).
 */
public final class ReservationSystem {
  private final Plan plan;
  private final Planner planner;
  private final SharingPolicySpec policySpec;
  private final SharingPolicy policy;
  private PlanningContext context;
  private boolean selfChecking = Boolean.getBoolean("rayon.selfCheck");

  public ReservationSystem(Plan plan, Planner planner, SharingPolicySpec policySpec) {
    this.plan = plan;
    this.planner = planner;
    this.policySpec = policySpec == null ? SharingPolicySpec.NONE : policySpec;
    this.policy = SharingPolicies.from(this.policySpec, plan.stepSeconds());
    this.context = PlanningContext.DEFAULT.withPolicy(policy);
  }

  /** A system over the scenario's empty plan with its sharing policy. */
  public static ReservationSystem forScenario(Scenario s, Planner planner) {
    return new ReservationSystem(Plan.fromScenario(s), planner, s.sharingPolicy());
  }

  /**
   * Sets the progress sink and cancellation token of later placements on this system (it is
   * mutable: it owns the plan) and returns it, for chained set-up.
   */
  public ReservationSystem setTask(ProgressListener progress, CancellationToken cancel) {
    this.context = new PlanningContext(policy, progress, cancel, context.deadline());
    return this;
  }

  /** Sets the deadline (for the whole of the next placements) on this system and returns it. */
  public ReservationSystem setDeadline(Deadline deadline) {
    this.context = context.withDeadline(deadline);
    return this;
  }

  /** Sets whether this system re-checks what planners that check themselves propose; returns it. */
  public ReservationSystem setSelfChecking(boolean on) {
    this.selfChecking = on;
    return this;
  }

  public boolean isSelfChecking() {
    return selfChecking;
  }

  /**
   * Read access to the live plan (do not keep it across edits on another thread; use {@link
   * #snapshot}).
   */
  public PlanView plan() {
    return plan;
  }

  /** An independent copy of the plan as it is now. */
  public Plan snapshot() {
    return plan.copy();
  }

  public Planner planner() {
    return planner;
  }

  public SharingPolicy policy() {
    return policy;
  }

  public SharingPolicySpec policySpec() {
    return policySpec;
  }

  /** Places a new reservation and commits it when accepted. */
  public Decision create(ReservationRequest request) {
    if (plan.contains(request.id())) {
      return Decision.reject(
          request.id(),
          Rejection.of(
              Rejection.Code.INVALID,
              "",
              "reservation id '" + request.id() + "' is already in use; use update to change it"));
    }
    return commitOrReject(request, planner.place(plan, request, context));
  }

  /**
   * Re-places reservation {@code id} with a new request (same id). On success the new allocation
   * replaces the old; on failure the old reservation stays exactly as it was.
   */
  public Decision update(String id, ReservationRequest request) {
    if (!plan.contains(id)) {
      return Decision.reject(
          id, Rejection.of(Rejection.Code.INVALID, "", "no reservation '" + id + "' to update"));
    }
    if (!id.equals(request.id())) {
      request =
          new ReservationRequest(
              id,
              request.name(),
              request.user(),
              request.queue(),
              request.rdl(),
              request.priority(),
              request.arrival());
    }
    ReservationRequest oldRequest = plan.requestOf(id);
    ReservationAllocation oldAllocation = plan.allocationOf(id);
    plan.remove(id);
    Decision d = null;
    try {
      d = commitOrReject(request, planner.place(plan, request, context));
      return d;
    } finally {
      if (d == null || !d.accepted()) plan.add(oldRequest, oldAllocation);
    }
  }

  /** Removes a reservation; false when there was none with that id. */
  public boolean delete(String id) {
    boolean removed = plan.remove(id);
    if (removed) selfCheck();
    return removed;
  }

  /** The accepted reservations that match, in commit order. */
  public List<Reservation> list(ReservationFilter filter) {
    List<Reservation> out = new ArrayList<>();
    for (String id : plan.reservationIds()) {
      ReservationRequest r = plan.requestOf(id);
      ReservationAllocation a = plan.allocationOf(id);
      if (filter == null || filter.matches(r, a)) out.add(new Reservation(r, a));
    }
    return out;
  }

  /** An accepted reservation: what was asked and what it holds. */
  public record Reservation(ReservationRequest request, ReservationAllocation allocation) {}

  /**
   * Online mode: places the requests one by one in arrival order (ties keep the given order) and
   * commits each accepted one before the next is placed. A {@link BatchPlanner} gets the whole list
   * at once. Returns one decision per request, in the order of the given list.
   */
  public List<Decision> submitAll(List<ReservationRequest> requests) {
    List<ReservationRequest> ordered = new ArrayList<>(requests);
    ordered.sort(Comparator.comparingLong(ReservationRequest::arrival));
    Map<String, Decision> byId = new HashMap<>();
    if (planner instanceof BatchPlanner bp) {
      List<Decision> ds = bp.placeAll(plan, ordered, context);
      for (int i = 0; i < ordered.size(); i++) {
        ReservationRequest r = ordered.get(i);
        Decision d =
            plan.contains(r.id())
                ? Decision.reject(
                    r.id(),
                    Rejection.of(
                        Rejection.Code.INVALID,
                        "",
                        "reservation id '" + r.id() + "' is already in use"))
                : commitOrReject(r, ds.get(i));
        byId.putIfAbsent(r.id(), d);
      }
    } else {
      int n = 0;
      for (ReservationRequest r : ordered) {
        if (context.cancel().isCancelled()) {
          byId.putIfAbsent(
              r.id(),
              Decision.reject(
                  r.id(), Rejection.of(Rejection.Code.STOPPED, "", "planning was cancelled")));
          continue;
        }
        byId.putIfAbsent(r.id(), create(r));
        n++;
        if ((n & 255) == 0)
          context
              .progress()
              .progress((double) n / ordered.size(), n + " of " + ordered.size() + " placed");
      }
    }
    context.progress().progress(1.0, ordered.size() + " requests placed");
    List<Decision> out = new ArrayList<>();
    for (ReservationRequest r : requests) out.add(byId.get(r.id()));
    return out;
  }

  /**
   * Offline mode: takes every accepted reservation out of the plan and places them anew, in their
   * original commit order (a {@link BatchPlanner} gets them all at once). Returns one decision per
   * reservation, in that order; the rejected ones are no longer in the plan.
   */
  public List<Decision> replan() {
    List<Reservation> all = list(ReservationFilter.ALL);
    for (Reservation r : all) plan.remove(r.request().id());
    List<ReservationRequest> requests = new ArrayList<>();
    for (Reservation r : all) requests.add(r.request());
    if (planner instanceof BatchPlanner bp) {
      List<Decision> ds = bp.placeAll(plan, requests, context);
      List<Decision> out = new ArrayList<>();
      for (int i = 0; i < requests.size(); i++) out.add(commitOrReject(requests.get(i), ds.get(i)));
      return out;
    }
    List<Decision> out = new ArrayList<>();
    for (ReservationRequest r : requests)
      out.add(commitOrReject(r, planner.place(plan, r, context)));
    return out;
  }

  /**
   * Re-plans from step {@code now} only (the {@link Adapter}'s rule, Rayon §5.2): the plan before
   * {@code now} is history and stays as it is. Reservations that started before {@code now} keep
   * their allocations while the plan holds them; where it no longer does, the newest of them that
   * hold an over-committed step are rejected first, until it does, and so are those the sharing
   * policy no longer allows (its caps are shares of the smaller capacity). Reservations that had
   * not started are placed again, in commit order, no earlier than {@code now}, with this system's
   * planner; those that no longer fit are rejected. Returns the decisions of the reservations it
   * re-placed or rejected (started ones that stay are not listed), in commit order.
   */
  List<Decision> replanFrom(long now) {
    List<Reservation> all = list(ReservationFilter.ALL);
    List<Reservation> started = new ArrayList<>();
    List<Reservation> pending = new ArrayList<>();
    for (Reservation r : all) (r.allocation().start() < now ? started : pending).add(r);
    for (Reservation r : pending) plan.remove(r.request().id());
    Map<String, Decision> decided = new LinkedHashMap<>();
    // started reservations the changed capacity can no longer hold: newest first
    for (int i = started.size() - 1; i >= 0 && !plan.overcommittedSteps().isEmpty(); i--) {
      Reservation r = started.get(i);
      Set<Long> over = new HashSet<>(plan.overcommittedSteps());
      boolean holdsOver = false;
      for (var atom : r.allocation().atoms()) {
        for (var st : atom.steps()) {
          for (long t = Math.max(st.start(), now); t < st.end() && !holdsOver; t++)
            holdsOver = over.contains(t);
        }
      }
      if (!holdsOver) continue;
      plan.remove(r.request().id());
      decided.put(
          r.request().id(),
          Decision.reject(
              r.request().id(),
              Rejection.of(
                  Rejection.Code.CAPACITY,
                  "",
                  "it had started, and the remaining capacity no longer holds its allocation")));
    }
    // started reservations the sharing policy no longer allows on the smaller cluster (a cap is a
    // share of the capacity): a violation names one reservation, but every started reservation of
    // that user holding capacity from now on adds to it, so the newest of those goes first, and the
    // plan is checked again after each rejection. Every violation counts: the plan held the policy
    // before the change, and a window that began before now (capacity over time) can break
    // because the capacity after now shrank.
    while (true) {
      Set<String> users = new HashSet<>();
      for (Violation v : PlanValidator.validate(plan, policySpec)) {
        if (plan.contains(v.reservationId())) users.add(plan.requestOf(v.reservationId()).user());
      }
      if (users.isEmpty()) break;
      Reservation victim = null;
      for (int i = started.size() - 1; i >= 0 && victim == null; i--) {
        Reservation r = started.get(i);
        if (!decided.containsKey(r.request().id())
            && users.contains(r.request().user())
            && r.allocation().end() > now) {
          victim = r;
        }
      }
      if (victim == null) break;
      plan.remove(victim.request().id());
      decided.put(
          victim.request().id(),
          Decision.reject(
              victim.request().id(),
              Rejection.of(
                  Rejection.Code.POLICY,
                  "",
                  "it had started, and on the remaining capacity it breaks the sharing policy "
                      + policySpec)));
    }
    for (Reservation r : pending) {
      ReservationRequest q = r.request();
      ReservationRequest notBefore =
          q.arrival() >= now
              ? q
              : new ReservationRequest(
                  q.id(), q.name(), q.user(), q.queue(), q.rdl(), q.priority(), now);
      Decision d = planner.place(plan, notBefore, context);
      decided.put(q.id(), commitOrReject(q, d));
    }
    List<Decision> out = new ArrayList<>();
    for (Reservation r : all)
      if (decided.containsKey(r.request().id())) out.add(decided.get(r.request().id()));
    return out;
  }

  /**
   * The first step at or after {@code now} where the plan breaks the sharing policy (whose caps are
   * shares of the capacity, so a smaller cluster can break it without any step being
   * over-committed), or -1 when the policy holds from {@code now} on.
   */
  long firstPolicyViolationFrom(long now) {
    // a violation reported at an earlier step belongs to a window (capacity over time) that reaches
    // past now: the plan held the policy before the change, so it counts from now
    long first = -1;
    for (Violation v : PlanValidator.validate(plan, policySpec)) {
      long t = v.step() == null ? now : Math.max(now, v.step());
      if (first < 0 || t < first) first = t;
    }
    return first;
  }

  /**
   * Applies a capacity change to the plan without re-planning (the {@link Adapter} decides that).
   */
  void changeCapacity(CapacityChange change) {
    plan.changeCapacity(change);
  }

  Plan livePlan() {
    return plan;
  }

  private Decision commitOrReject(ReservationRequest request, Decision d) {
    if (d == null) {
      return Decision.reject(
          request.id(),
          Rejection.of(Rejection.Code.STOPPED, "", "the planner returned no decision"));
    }
    if (!d.accepted()) return d;
    ReservationAllocation a = d.allocation();
    if (a == null || !request.id().equals(a.reservationId())) {
      throw new IllegalStateException(
          "planner "
              + planner.name()
              + " accepted "
              + request.id()
              + " with an allocation for "
              + (a == null ? "nothing" : a.reservationId()));
    }
    if (!planner.checksSharingPolicy() || selfChecking) {
      Rejection p = policy.check(plan, request, a).orElse(null);
      if (p != null) {
        if (planner.checksSharingPolicy()) {
          throw new IllegalStateException(
              "self-check: planner "
                  + planner.name()
                  + " accepted "
                  + request.id()
                  + " although it breaks the sharing policy: "
                  + p);
        }
        return Decision.reject(request.id(), p);
      }
    }
    if (selfChecking) {
      List<Violation> v = PlanValidator.validateReservation(request, a, plan.horizon());
      if (!v.isEmpty()) {
        throw new IllegalStateException(
            "self-check: planner "
                + planner.name()
                + " proposed an invalid allocation for "
                + request.id()
                + ": "
                + v);
      }
    }
    var over = plan.addIfFits(request, a);
    if (over.isPresent()) {
      return Decision.reject(
          request.id(),
          Rejection.of(Rejection.Code.CAPACITY, "", "the proposal does not fit: " + over.get()));
    }
    selfCheck();
    return d;
  }

  private void selfCheck() {
    if (!selfChecking) return;
    List<Violation> v = PlanValidator.validate(plan, policySpec);
    if (!v.isEmpty())
      throw new IllegalStateException("self-check: the plan is invalid after a commit: " + v);
  }
}
