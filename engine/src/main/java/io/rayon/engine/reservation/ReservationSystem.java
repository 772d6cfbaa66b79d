package io.rayon.engine.reservation;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.RepairPick;
import io.rayon.engine.planning.RequestSize;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

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
 * <p><b>Bounded repair</b> (when the planner's {@link Planner#repairBound} k is more than 0): a
 * request that {@link #create} would reject for lack of room may still be accepted by moving at
 * most k reservations that have not started; see {@link #create} for the rule and {@link
 * #lastMoves} for what moved. With k = 0 (every planner's default) nothing is ever moved.
 *
 * <p>Pure: no clock, no threads; not thread-safe (one owner at a time).
 */
public final class ReservationSystem {
  private final Plan plan;
  private final Planner planner;
  private final SharingPolicySpec policySpec;
  private final SharingPolicy policy;
  private PlanningContext context;

  /** {@link #context} without diagnosis ({@link #create}'s first placement), kept with it. */
  private PlanningContext undiagnosed;

  private boolean selfChecking = Boolean.getBoolean("rayon.selfCheck");

  /**
   * Bounded repair's index of the accepted reservations by their allocation's first step (only when
   * the planner's bound is more than 0): every allocation this system commits or puts back is
   * entered; an entry whose reservation left the plan or now starts elsewhere is dropped when the
   * repair meets it, so the index only finds candidates and never decides anything by itself. Built
   * from the plan on the first repair (reservations the plan held before). Plain arrays in buckets
   * of starts ({@link StartIndex}), read in no defined order: the choice is a total order.
   */
  private StartIndex byStart;

  /** What the last {@link #create} moved (id to new allocation), empty when nothing moved. */
  private Map<String, ReservationAllocation> lastMoves = Map.of();

  /** Each reservation a repair moved, to its allocation before its first move (see movedFrom). */
  private final Map<String, ReservationAllocation> movedFrom = new LinkedHashMap<>();

  public ReservationSystem(Plan plan, Planner planner, SharingPolicySpec policySpec) {
    this.plan = plan;
    this.planner = planner;
    this.policySpec = policySpec == null ? SharingPolicySpec.NONE : policySpec;
    this.policy = SharingPolicies.from(this.policySpec, plan.stepSeconds());
    setContext(PlanningContext.DEFAULT.withPolicy(policy));
  }

  private void setContext(PlanningContext c) {
    context = c;
    undiagnosed = c.withoutDiagnosis();
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
    setContext(new PlanningContext(policy, progress, cancel, context.deadline()));
    return this;
  }

  /** Sets the deadline (for the whole of the next placements) on this system and returns it. */
  public ReservationSystem setDeadline(Deadline deadline) {
    setContext(context.withDeadline(deadline));
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

  /**
   * Places a new reservation and commits it when accepted.
   *
   * <p><b>Bounded repair</b> (the planner's {@link Planner#repairBound} &gt; 0; issue 19: "the plan
   * is re-plannable until a reservation starts"; k is the planner's bound for this request, {@link
   * Planner#repairBound(PlanView, ReservationRequest)}). When the request is rejected for lack of
   * room ({@link Rejection.Code#CAPACITY}, {@link Rejection.Code#GANG_OR_LEASE}) or by the sharing
   * policy ({@link Rejection.Code#POLICY}) — never when it is {@code INVALID}, {@code WINDOW}
   * (structural: no move can help) or {@code STOPPED} — the system tries once:
   *
   * <ol>
   *   <li>now = the request's arrival (at least 0); its window is now to the horizon, narrowed by
   *       the windows enclosing the whole expression (windows deeper inside are not read).
   *   <li>Movable: the accepted reservations whose allocation starts after now (not started) and
   *       holds capacity inside the window. Chosen, by the planner's {@link Planner#repairPick}:
   *       with {@link RepairPick#MOST_HELD} (the default) the k of them holding the most
   *       capacity-steps inside the window (bundle-steps in the window × the bundle's dominant
   *       share of the capacity at the window's first step, summed over atoms); ties go to the one
   *       starting earlier, then to the smaller id; the other rules are in {@link RepairPick}. They
   *       are taken out of the plan.
   *   <li>The request is placed by the planner and committed (policy and capacity checked as
   *       always); then each chosen reservation, most capacity-steps first, is placed again by the
   *       planner's {@link Planner#repairPlacer} (the planner itself by default) with its own
   *       expression and windows and arrival max(its arrival, now) — as {@code replanFrom}
   *       re-places — and committed.
   *   <li>When all of them are committed the result is kept ({@link #lastMoves} tells the new
   *       allocations of the moved ones; the request's decision is as without repair). Otherwise
   *       everything placed during the try is removed and the chosen reservations get their
   *       original allocations back (the same allocations; in the plan's commit order they then
   *       come last), and the original rejection is returned with its message extended by why the
   *       repair failed. The original rejection's text is worked out only then: the first placement
   *       leaves the diagnosis out ({@link PlanningContext#withoutDiagnosis}; whether it is
   *       repairable is known without it), and a final rejection is placed again, diagnosed, on the
   *       plan that holds again what it held (the same text as a first placement with diagnosis).
   *   <li>{@link RepairPick#SINGLES} makes several such tries in turn (each chosen one alone, then
   *       all together), each rolled back exactly before the next; the first that succeeds is kept.
   *       {@link RepairPick#SINGLES_ENOUGH} makes the same tries, then one more with {@link
   *       RepairPick#ENOUGH}'s choice when it is not a set already tried.
   * </ol>
   *
   * A reservation that started (its allocation starts at or before now) is never moved; an accepted
   * reservation is never lost, and keeps its total work: one placed again with another total (an
   * {@code any} whose other alternative now fits) makes the repair fail, since what it was promised
   * would change. The cost is bounded by the reservations not started that start inside the window
   * (found through an index by start step, not by a scan of the plan) and k + 1 placements per try.
   * With {@link RepairPick#MOST_HELD} and {@link RepairPick#SINGLES} the k most held are kept in a
   * bounded heap as the index is read ({@link MostHeld}: the same order, so the same choice as
   * sorting every candidate).
   */
  public Decision create(ReservationRequest request) {
    lastMoves = Map.of();
    if (plan.contains(request.id())) {
      return Decision.reject(
          request.id(),
          Rejection.of(
              Rejection.Code.INVALID,
              "",
              "reservation id '" + request.id() + "' is already in use; use update to change it"));
    }
    // When bounded repair may follow, the planner's rejection is placed without its diagnosis
    // (PlanningContext#diagnosed: the same acceptance, allocation and repairable or not); its text
    // is worked out only when the rejection is final (diagnosed), never when the repair succeeds
    boolean mayRepair = planner.repairBound() > 0;
    Decision placed = planner.place(plan, request, mayRepair ? undiagnosed : context);
    Decision d = commitOrReject(request, placed);
    if (d.accepted() || !mayRepair || !repairable(d.rejection())) return d;
    // only the planner's own rejection may lack its diagnosis (commitOrReject's are whole)
    Supplier<Rejection> original =
        placed != null && !placed.accepted()
            ? () -> diagnosed(request, d.rejection())
            : d::rejection;
    // the bound for this request on this plan; 0 when the planner will not have it repaired
    int k = planner.repairBound(plan, request);
    return k <= 0 ? Decision.reject(request.id(), original.get()) : repair(request, original, k);
  }

  /**
   * The planner's rejection of {@code request} on the plan as it is now, diagnosed: what its first
   * placement, without diagnosis, would have said with it. Read when the rejection is final: the
   * plan then holds what it held at the first placement (a failed repair puts every allocation
   * back, the same allocations), and the request is placed again as it was then (the system's
   * policy; not cancelled nor timed out, as the first placement was not, or its rejection would be
   * {@code STOPPED}, which is not repaired). {@code deferred} if the planner accepts it now, which
   * the plan's sameness rules out.
   */
  private Rejection diagnosed(ReservationRequest request, Rejection deferred) {
    PlanningContext whole =
        new PlanningContext(
            context.policy(), ProgressListener.NONE, CancellationToken.NEVER, Deadline.NONE);
    Decision again = planner.place(plan, request, whole);
    return again != null && !again.accepted() ? again.rejection() : deferred;
  }

  /**
   * What the last {@link #create} moved to make room for its request: reservation id to its new
   * allocation, in the order they were placed again; empty when nothing moved (no repair, or a
   * failed one).
   */
  public Map<String, ReservationAllocation> lastMoves() {
    return lastMoves;
  }

  /**
   * Every reservation a bounded repair moved since this system was built, to the allocation it had
   * before its first move (in the order of first moves): what it was accepted with, or what it held
   * in the plan the system was built on. A reservation moved back where it was, or changed or
   * removed since, is still listed; compare with the plan to learn where it is now.
   */
  public Map<String, ReservationAllocation> movedFrom() {
    return Collections.unmodifiableMap(movedFrom);
  }

  private static boolean repairable(Rejection r) {
    return r != null
        && (r.code() == Rejection.Code.CAPACITY
            || r.code() == Rejection.Code.GANG_OR_LEASE
            || r.code() == Rejection.Code.POLICY);
  }

  /** The bounded repair of {@link #create}'s rejection of {@code request} (see there). */
  private Decision repair(ReservationRequest request, Supplier<Rejection> original, int k) {
    long now = Math.max(0, request.arrival());
    long[] win = RequestSize.window(plan, request);
    long from = win[0];
    long to = win[1];
    if (to <= from) return failed(request.id(), original.get(), k, "its window is empty");
    RepairPick pick = planner.repairPick();
    List<List<Reservation>> tries = new ArrayList<>();
    boolean singles = pick == RepairPick.SINGLES || pick == RepairPick.SINGLES_ENOUGH;
    if (singles || pick == RepairPick.MOST_HELD) {
      // the k most held, most held first: what first(found, BY_HELD, k) then mostHeldFirst give,
      // chosen by a bounded heap over the scan instead of sorting every candidate (MostHeld: the
      // same total order, term for term); slack is not read here (SINGLES_ENOUGH reads it below,
      // for its last try only)
      List<Reservation> most = mostHeld(now, from, to, k);
      if (singles && most.size() > 1) for (Reservation r : most) tries.add(List.of(r));
      if (!most.isEmpty()) tries.add(most);
    } else {
      List<Candidate> found = candidates(now, from, to);
      if (!found.isEmpty()) tries.add(slackChoice(pick, request, found, from, k));
    }
    if (tries.isEmpty())
      return failed(
          request.id(),
          original.get(),
          k,
          "no reservation that has not started overlaps its window");
    // SINGLES_ENOUGH: one more try, ENOUGH's choice, read only when SINGLES' tries have all failed
    // (each rolled back, so the plan is as it was and the choice is the one it would be first)
    Supplier<List<Reservation>> last =
        pick == RepairPick.SINGLES_ENOUGH
            ? () -> slackChoice(RepairPick.ENOUGH, request, candidates(now, from, to), from, k)
            : null;
    return runTries(request, original, k, tries, last, now);
  }

  /** True when {@code tries} holds a try of the same reservations as {@code t}. */
  private static boolean alreadyTried(List<List<Reservation>> tries, List<Reservation> t) {
    Set<String> ids = ids(t);
    for (List<Reservation> u : tries) if (u.size() == t.size() && ids(u).equals(ids)) return true;
    return false;
  }

  private static Set<String> ids(List<Reservation> rs) {
    Set<String> ids = new HashSet<>();
    for (Reservation r : rs) ids.add(r.request().id());
    return ids;
  }

  /**
   * The reservations {@code FLEXIBLE} or {@code ENOUGH} take out of {@code found}, most held first.
   */
  private List<Reservation> slackChoice(
      RepairPick pick, ReservationRequest request, List<Candidate> found, long from, int k) {
    switch (pick) {
      case FLEXIBLE:
        return mostHeldFirst(first(found, BY_SLACK, k));
      case ENOUGH:
        double need = RequestSize.work(request.rdl(), plan.capacityAt(from));
        List<Candidate> bySlack = new ArrayList<>(found);
        bySlack.sort(BY_SLACK);
        List<Candidate> chosen = new ArrayList<>();
        double held = 0;
        for (Candidate c : bySlack) {
          if (chosen.size() >= k || held >= need) break;
          chosen.add(c);
          held += c.held();
        }
        return mostHeldFirst(chosen);
      default:
        throw new IllegalStateException("repair-pick " + pick + " does not read slack");
    }
  }

  /**
   * Runs the repair's tries in turn, then, when all failed and {@code last} is given, the try it
   * chooses unless it is empty or a set already tried; the first that succeeds is kept (see {@link
   * #create}).
   */
  private Decision runTries(
      ReservationRequest request,
      Supplier<Rejection> original,
      int k,
      List<List<Reservation>> tries,
      Supplier<List<Reservation>> last,
      long now) {
    Supplier<String> why = null;
    int made = 0;
    // Only the last try's reason is read (a failed try's is overwritten by the next one's): every
    // try but the list's last and the one last chooses places without reasons
    // (PlanningContext#reasonsRead), the same acceptance and allocations without the diagnosis.
    PlanningContext quiet = context.withoutReasons();
    for (int i = 0; i < tries.size(); i++) {
      Attempt a = attempt(request, tries.get(i), now, i == tries.size() - 1 ? context : quiet);
      if (a.accepted() != null) return a.accepted();
      why = a.why();
      made++;
    }
    if (last != null) {
      List<Reservation> chosen = last.get();
      if (!chosen.isEmpty() && !alreadyTried(tries, chosen)) {
        Attempt a = attempt(request, chosen, now, context);
        if (a.accepted() != null) return a.accepted();
        why = a.why();
        made++;
      }
    }
    // only the last try's reason is read, so each reason is written out only here
    return failed(
        request.id(), original.get(), k, made > 1 ? "each try failed; " + why.get() : why.get());
  }

  /**
   * One repair try: an accepted decision (the moves kept), or why it failed (all rolled back),
   * written out when read.
   */
  private record Attempt(Decision accepted, Supplier<String> why) {}

  /**
   * Takes {@code chosen} out, places the request, then places each of {@code chosen} again in the
   * given order no earlier than {@code now} ({@link Planner#repairPlacer}), all in {@code ctx};
   * keeps the result when all of them fit with their work unchanged, else puts the plan back
   * exactly as it was.
   */
  private Attempt attempt(
      ReservationRequest request, List<Reservation> chosen, long now, PlanningContext ctx) {
    for (Reservation r : chosen) plan.remove(r.request().id());
    List<String> placed = new ArrayList<>();
    Decision d = commitOrReject(request, planner.place(plan, request, ctx));
    Supplier<String> why = null;
    if (!d.accepted()) {
      why =
          () ->
              "with "
                  + chosen.size()
                  + " reservation(s) that had not started taken out it is still rejected: "
                  + d.rejection();
    } else {
      placed.add(request.id());
      Planner placer = planner.repairPlacer();
      Map<String, ReservationAllocation> moves = new LinkedHashMap<>();
      for (Reservation r : chosen) {
        ReservationRequest q = r.request();
        Decision m = commitOrReject(q, placer.place(plan, notBefore(q, now), ctx));
        if (!m.accepted()) {
          why = () -> "'" + q.id() + "', moved to make room, no longer fits: " + m.rejection();
          break;
        }
        placed.add(q.id());
        if (m.allocation().work() != r.allocation().work()) {
          why =
              () ->
                  "'"
                      + q.id()
                      + "', moved to make room, would get "
                      + m.allocation().work()
                      + " bundle-steps instead of "
                      + r.allocation().work();
          break;
        }
        moves.put(q.id(), m.allocation());
      }
      if (why == null) {
        lastMoves = Collections.unmodifiableMap(moves);
        for (Reservation r : chosen) movedFrom.putIfAbsent(r.request().id(), r.allocation());
        return new Attempt(d, null);
      }
    }
    for (String id : placed) plan.remove(id);
    for (Reservation r : chosen) {
      plan.add(r.request(), r.allocation());
      index(r.request().id(), r.allocation());
    }
    selfCheck();
    return new Attempt(null, why);
  }

  /**
   * A reservation bounded repair may move, with what it holds inside the request's window and its
   * slack ({@link RepairPick}).
   */
  private record Candidate(Reservation reservation, double held, long slack) {}

  /** Most held first; ties: earlier start, then smaller id. */
  private static final Comparator<Candidate> BY_HELD =
      Comparator.<Candidate>comparingDouble(c -> -c.held())
          .thenComparingLong(c -> c.reservation().allocation().start())
          .thenComparing(c -> c.reservation().request().id());

  /** Most slack first, then {@link #BY_HELD}. */
  private static final Comparator<Candidate> BY_SLACK =
      Comparator.<Candidate>comparingLong(c -> -c.slack()).thenComparing(BY_HELD);

  /** The first k of {@code found} in the given order. */
  private static List<Candidate> first(List<Candidate> found, Comparator<Candidate> order, int k) {
    List<Candidate> sorted = new ArrayList<>(found);
    sorted.sort(order);
    return sorted.subList(0, Math.min(k, sorted.size()));
  }

  /** The reservations of {@code chosen}, most held first (the order they are placed again in). */
  private static List<Reservation> mostHeldFirst(List<Candidate> chosen) {
    List<Candidate> sorted = new ArrayList<>(chosen);
    sorted.sort(BY_HELD);
    List<Reservation> out = new ArrayList<>();
    for (Candidate c : sorted) out.add(c.reservation());
    return out;
  }

  /**
   * The reservations that start after {@code now} and hold capacity inside [from, to), with what
   * they hold there and their slack, in the index's order.
   */
  private List<Candidate> candidates(long now, long from, long to) {
    List<Candidate> found = new ArrayList<>();
    scan(
        now,
        from,
        to,
        (id, a, start, s) -> {
          ReservationRequest q = plan.requestOf(id);
          long[] own = RequestSize.window(plan.horizon(), notBefore(q, now));
          long slack = (own[1] - own[0]) - (a.end() - a.start());
          found.add(new Candidate(new Reservation(q, a), s, slack));
        });
    return found;
  }

  /**
   * The k of {@link #candidates} first by {@link #BY_HELD}, in that order: the same reservations as
   * {@code mostHeldFirst(first(candidates(now, from, to), BY_HELD, k))}, chosen by a bounded heap
   * ({@link MostHeld}) as the index is scanned, without a candidate object or a slack for each.
   * Package-private for {@code MostHeldChoicePropertiesTest}.
   */
  List<Reservation> mostHeld(long now, long from, long to, int k) {
    MostHeld<String> top = new MostHeld<>(k);
    scan(now, from, to, (id, a, start, s) -> top.offer(s, start, id, id));
    List<Reservation> out = new ArrayList<>(top.size());
    for (String id : top.best())
      out.add(new Reservation(plan.requestOf(id), plan.allocationOf(id)));
    return out;
  }

  /**
   * What {@link #scan} reports for each candidate: its id, allocation, the allocation's start (its
   * index key, read once) and the capacity-steps it holds in the window.
   */
  @FunctionalInterface
  private interface CandidateSink {
    void accept(String id, ReservationAllocation a, long start, double held);
  }

  /**
   * Reports each reservation that starts after {@code now} and holds capacity inside [from, to),
   * with what it holds there, in the index's order; drops the stale index entries it meets.
   */
  private void scan(long now, long from, long to, CandidateSink sink) {
    if (byStart == null) {
      byStart = new StartIndex(plan.horizon());
      plan.forEachAllocation(this::index);
    }
    Resources cap = plan.capacityAt(from);
    byStart.forEachIn(
        now,
        to,
        (id, start) -> {
          // null when the reservation left the plan (the plan keeps no null allocation)
          ReservationAllocation a = plan.allocationOf(id);
          // stale: gone, or moved (entered again under its new start)
          if (a == null || a.start() != start) return false;
          if (a.end() <= from) return true;
          double s = heldInside(a, cap, from, to);
          if (s > 0) sink.accept(id, a, start, s);
          return true;
        });
  }

  /** Bundle-steps of {@code a} inside [from, to) × each bundle's dominant share of {@code cap}. */
  private static double heldInside(ReservationAllocation a, Resources cap, long from, long to) {
    double s = 0;
    // indexed loops over the allocation's immutable lists: no iterator per candidate read
    List<AtomAllocation> atoms = a.atoms();
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation atom = atoms.get(i);
      long bs = 0;
      List<Step> steps = atom.steps();
      for (int j = 0; j < steps.size(); j++) {
        Step st = steps.get(j);
        // steps are sorted and do not overlap (AtomAllocation): from here on none reaches inside
        // [from, to), and each would add 0 to bs, so stopping leaves the sum as it was
        if (st.start() >= to) break;
        long lo = Math.max(from, st.start());
        long hi = Math.min(to, st.end());
        if (hi > lo) bs += st.bundles() * (hi - lo);
      }
      if (bs > 0) s += bs * atom.bundle().dominantShare(cap);
    }
    return s;
  }

  private void index(String id, ReservationAllocation a) {
    if (byStart == null || a == null) return;
    long start = a.start();
    if (start >= 0) byStart.add(id, start);
  }

  /** The original rejection, its message extended by why the repair failed. */
  private static Decision failed(String id, Rejection original, int k, String why) {
    return Decision.reject(
        id,
        new Rejection(
            original.code(),
            original.path(),
            original.windowStart(),
            original.windowFinish(),
            original.resource(),
            original.policyLimit(),
            original.message() + "; bounded repair (repair=" + k + ") failed: " + why));
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
      if (d == null || !d.accepted()) {
        plan.add(oldRequest, oldAllocation);
        index(id, oldAllocation);
      }
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
   * at once. Returns one decision per request, in the order of the given list; an accepted one
   * carries the request's allocation in the plan at the end of the run (bounded repair, {@link
   * #create}, may move a reservation after it was accepted, so this is re-read from the plan).
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
    for (ReservationRequest r : requests) {
      Decision d = byId.get(r.id());
      if (d.accepted() && plan.contains(r.id()) && plan.allocationOf(r.id()) != d.allocation())
        d = Decision.accept(plan.allocationOf(r.id()));
      out.add(d);
    }
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
      // only what placements can mend: a window the user holds nothing of from now on is history
      // (PlanValidator#policyViolationsFrom)
      for (Violation v : PlanValidator.policyViolationsFrom(plan, policySpec, now)) {
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
      Decision d = planner.place(plan, notBefore(q, now), context);
      decided.put(q.id(), commitOrReject(q, d));
    }
    List<Decision> out = new ArrayList<>();
    for (Reservation r : all)
      if (decided.containsKey(r.request().id())) out.add(decided.get(r.request().id()));
    return out;
  }

  /** The request as placed again from step {@code now}: its arrival moved up to now if earlier. */
  private static ReservationRequest notBefore(ReservationRequest q, long now) {
    return q.arrival() >= now
        ? q
        : new ReservationRequest(q.id(), q.name(), q.user(), q.queue(), q.rdl(), q.priority(), now);
  }

  /**
   * The first step at or after {@code now} where the plan breaks the sharing policy (whose caps are
   * shares of the capacity, so a smaller cluster can break it without any step being
   * over-committed) in a way placements can mend, or -1 when there is none: a capacity-over-time
   * window in which the user holds nothing from {@code now} on is history and does not count
   * ({@link PlanValidator#policyViolationsFrom}).
   */
  long firstPolicyViolationFrom(long now) {
    // a violation reported at an earlier step belongs to a window (capacity over time) that reaches
    // past now: the plan held the policy before the change, so it counts from now
    long first = -1;
    for (Violation v : PlanValidator.policyViolationsFrom(plan, policySpec, now)) {
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
    index(request.id(), a);
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
