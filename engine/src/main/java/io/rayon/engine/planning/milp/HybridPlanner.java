package io.rayon.engine.planning.milp;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.ReportingPlanner;
import io.rayon.engine.task.Deadline;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "MILP with greedy warm start" (the hybrid the Rayon paper names as future work, §6.3.1).
 *
 * <ol>
 *   <li>GREE-L and GREE place the requests one by one (in the given order) on a private layer over
 *       the plan; the greedy result with the lower plan objective is kept.
 *   <li>That result is handed to the MILP as its first incumbent (ojAlgo takes a feasible start),
 *       so branch and bound starts from the greedy objective instead of "reject everything".
 *   <li>Whatever the solver does in its time limit, the answer is whichever of the MILP's and the
 *       greedy result has the lower plan objective ({@link MilpPlanner#planObjective}, measured on
 *       the plan's grid, ties go to the MILP) — so the hybrid is never worse than greedy on the
 *       objective.
 * </ol>
 *
 * With a deadline in the context the MILP gets what the greedy planners left of it. A model the
 * MILP refuses as too large ({@link ModelTooLargeException}), a cancel before it starts or no time
 * left keep the greedy plan, and the notes say why.
 */
public final class HybridPlanner implements BatchPlanner, ReportingPlanner {
  public static final String NAME = "hybrid";

  private final MilpOptions options;
  private final MilpPlanner milp;
  private volatile Map<String, Object> report = Map.of();

  public HybridPlanner() {
    this(MilpOptions.DEFAULT);
  }

  public HybridPlanner(MilpOptions options) {
    this(options, new MilpPlanner(options));
  }

  /** With a given MILP planner (tests pass one with a fake solver). */
  HybridPlanner(MilpOptions options, MilpPlanner milp) {
    this.options = options;
    this.milp = milp;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Decision place(PlanView plan, ReservationRequest request, PlanningContext context) {
    return placeAll(plan, List.of(request), context).get(0);
  }

  @Override
  public List<Decision> placeAll(
      PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
    return plan(plan, requests, context).decisions();
  }

  /**
   * The full result: decisions, the MILP's solver result, and notes saying which answer was kept.
   */
  public MilpResult plan(
      PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
    if (context == null) context = PlanningContext.DEFAULT;
    double lambda = options.preemptionWeight();
    Deadline deadline = context.deadline();
    long available = MilpPlanner.available(deadline, options);
    List<String> early = new ArrayList<>();
    List<Decision> greeL = greedy(new GreeLPlanner(), plan, requests, context);
    double oL = MilpPlanner.planObjective(requests, greeL, lambda);
    List<Decision> gree = null;
    double oG = Double.POSITIVE_INFINITY;
    if (deadline.isSet() && deadline.remainingMillis() < available / 2) {
      // GREE-L alone took half the time: GREE is skipped so that the MILP still gets some
      early.add("GREE not tried: GREE-L took until " + deadline.describe());
    } else {
      gree = greedy(new GreePlanner(), plan, requests, context);
      oG = MilpPlanner.planObjective(requests, gree, lambda);
    }
    boolean useL = oL <= oG;
    List<Decision> greedy = useL ? greeL : gree;
    double greedyObjective = useL ? oL : oG;
    String greedyName = useL ? GreeLPlanner.NAME : GreePlanner.NAME;

    Map<String, ReservationAllocation> start = new LinkedHashMap<>();
    for (Decision d : greedy) if (d.accepted()) start.put(d.reservationId(), d.allocation());
    MilpResult m;
    try {
      // the MILP gets what the greedy planners left of the deadline
      m =
          context.cancel().isCancelled() || context.deadline().expired()
              ? notRun(
                  greedy,
                  requests,
                  lambda,
                  context.cancel().isCancelled()
                      ? "cancelled before the MILP started"
                      : "no time left for the MILP after the greedy planners ("
                          + context.deadline().describe()
                          + ")")
              : milp.replan(plan, requests, options, context, start);
    } catch (ModelTooLargeException e) {
      m = notRun(greedy, requests, lambda, "the MILP was not run: " + e.getMessage());
    }

    List<String> notes = new ArrayList<>(early);
    notes.addAll(m.notes());
    MilpResult out;
    boolean milpWins = m.solver().status().hasSolution() && m.planObjective() <= greedyObjective;
    if (milpWins) {
      notes.add(
          String.format(
              Locale.ROOT,
              "kept the MILP solution (objective %.2f; %s alone: %.2f)",
              m.planObjective(),
              greedyName,
              greedyObjective));
      out = new MilpResult(m.decisions(), m.solver(), notes, m.planObjective());
    } else {
      notes.add(
          String.format(
              Locale.ROOT,
              "kept the %s solution (objective %.2f): the MILP's (%.2f) was worse when it stopped",
              greedyName,
              greedyObjective,
              m.planObjective()));
      SolverResult s = m.solver();
      double gap = SolverResult.gapOf(greedyObjective, s.bound());
      SolverResult adj =
          new SolverResult(
              s.status(),
              greedyObjective,
              s.bound(),
              gap,
              s.variables(),
              s.integerVariables(),
              s.constraints(),
              s.rounds(),
              s.message() + "; greedy plan kept");
      out = new MilpResult(greedy, adj, notes, greedyObjective);
    }
    Map<String, Object> r = MilpPlanner.report(out);
    // the hybrid is never below the greedy plans: the comparison is the MILP's part only
    r.remove("belowGreeL");
    r.remove("greeLAccepted");
    r.put("warmStart", greedyName);
    r.put("chosen", milpWins ? "milp" : greedyName);
    report = r;
    return out;
  }

  /** A MILP result for a MILP that did not run: everything rejected, the reason as its message. */
  private static MilpResult notRun(
      List<Decision> greedy, List<ReservationRequest> requests, double lambda, String why) {
    List<Decision> none = new ArrayList<>();
    for (ReservationRequest r : requests)
      none.add(Decision.reject(r.id(), Rejection.of(Rejection.Code.STOPPED, "", why)));
    SolverResult s =
        new SolverResult(SolverStatus.FAILED, Double.NaN, Double.NaN, Double.NaN, 0, 0, 0, 0, why);
    return new MilpResult(none, s, List.of(why), MilpPlanner.planObjective(requests, none, lambda));
  }

  /** Places the requests one by one with a greedy planner on a private layer over the plan. */
  static List<Decision> greedy(
      Planner p, PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
    if (plan instanceof Plan base) return greedyOnCopy(p, base.copy(), requests, context);
    OverlayPlan layer = new OverlayPlan(plan);
    List<Decision> out = new ArrayList<>();
    PlanningContext quiet = new PlanningContext(context.policy(), null, context.cancel());
    for (ReservationRequest r : requests) {
      Decision d = p.place(layer, r, quiet);
      if (d != null && d.accepted()) {
        Rejection pol =
            context.policy() == null
                ? null
                : context.policy().check(layer, r, d.allocation()).orElse(null);
        String over = layer.overcommit(d.allocation());
        if (pol == null && over == null) {
          layer.add(r, d.allocation());
        } else {
          d =
              Decision.reject(
                  r.id(), pol != null ? pol : Rejection.of(Rejection.Code.CAPACITY, "", over));
        }
      }
      if (d == null)
        d =
            Decision.reject(
                r.id(),
                Rejection.of(Rejection.Code.STOPPED, "", "the greedy planner returned nothing"));
      out.add(d);
    }
    return out;
  }

  /**
   * {@link #greedy} on a private copy of a {@link Plan}: the greedy planners and the sharing
   * policies use its indexed range queries, many times faster than the same queries through an
   * {@link OverlayPlan} (on the swim sample: as fast as {@code --planner greel} itself).
   */
  private static List<Decision> greedyOnCopy(
      Planner p, Plan layer, List<ReservationRequest> requests, PlanningContext context) {
    List<Decision> out = new ArrayList<>();
    PlanningContext quiet = new PlanningContext(context.policy(), null, context.cancel());
    for (ReservationRequest r : requests) {
      Decision d =
          layer.contains(r.id())
              ? Decision.reject(
                  r.id(),
                  Rejection.of(
                      Rejection.Code.INVALID,
                      "",
                      "reservation id '" + r.id() + "' is already in use"))
              : p.place(layer, r, quiet);
      if (d != null && d.accepted()) {
        Rejection pol =
            context.policy() == null
                ? null
                : context.policy().check(layer, r, d.allocation()).orElse(null);
        String over = pol == null ? layer.addIfFits(r, d.allocation()).orElse(null) : null;
        if (pol != null || over != null) {
          d =
              Decision.reject(
                  r.id(), pol != null ? pol : Rejection.of(Rejection.Code.CAPACITY, "", over));
        }
      }
      if (d == null)
        d =
            Decision.reject(
                r.id(),
                Rejection.of(Rejection.Code.STOPPED, "", "the greedy planner returned nothing"));
      out.add(d);
    }
    return out;
  }

  /**
   * solverStatus, gap, objective, bound, plus warmStart (the greedy planner used) and chosen (milp
   * or it).
   */
  @Override
  public Map<String, Object> report() {
    return report;
  }
}
