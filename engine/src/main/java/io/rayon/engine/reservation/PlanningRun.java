package io.rayon.engine.reservation;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
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
 */
public record PlanningRun(
    Scenario scenario, String planner, SharingPolicySpec policy, Plan plan, List<Decision> decisions) {

  public PlanningRun {
    decisions = List.copyOf(decisions);
  }

  public static PlanningRun run(Scenario s, Planner planner, SharingPolicySpec policy) {
    return run(s, planner, policy, ProgressListener.NONE, CancellationToken.NEVER, false);
  }

  public static PlanningRun run(Scenario s, Planner planner, SharingPolicySpec policy, ProgressListener progress,
      CancellationToken cancel, boolean selfChecking) {
    return run(s, planner, policy, progress, cancel, Deadline.NONE, selfChecking);
  }

  /** A run whose planner splits {@code deadline} (the whole run's) between its phases. */
  public static PlanningRun run(Scenario s, Planner planner, SharingPolicySpec policy, ProgressListener progress,
      CancellationToken cancel, Deadline deadline, boolean selfChecking) {
    SharingPolicySpec p = policy == null ? s.sharingPolicy() : policy;
    ReservationSystem rs = new ReservationSystem(Plan.fromScenario(s), planner, p)
        .withTask(progress, cancel)
        .withDeadline(deadline)
        .selfChecking(selfChecking);
    List<ReservationRequest> requests = s.reservations();
    List<Decision> ds = rs.submitAll(requests);
    Plan plan = (Plan) rs.plan();
    return new PlanningRun(s, planner.name(), p, plan, ds);
  }

  /** The §6.3 metrics of this run (computed on each call; keep the result). */
  public PlanMetrics metrics() {
    return PlanMetrics.of(plan, scenario.reservations(), decisions);
  }

  /**
   * The metrics by the JSON keys of {@code rayon plan --json}, without {@code runtimeMs} (which
   * the caller adds): planner, accepted, rejected, acceptance, weightedAcceptance, preemption,
   * uniformity.
   */
  public Map<String, Object> metricsByKey() {
    return metricsByKey(metrics());
  }

  /** {@link #metricsByKey()} from metrics already computed. */
  public Map<String, Object> metricsByKey(PlanMetrics metrics) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("planner", planner);
    m.put("accepted", metrics.accepted());
    m.put("rejected", metrics.rejected());
    m.put("acceptance", metrics.acceptance());
    m.put("weightedAcceptance", metrics.weightedAcceptance());
    m.put("preemption", metrics.preemption());
    m.put("uniformity", metrics.uniformity());
    return m;
  }

  /** The plan file of this run; {@code metrics} is written into it as given. */
  public PlanFile toPlanFile(Map<String, Object> metrics) {
    return new PlanFile(PlanFile.FORMAT_VERSION, scenario.name(), planner, policy.toString(), plan.stepSeconds(),
        plan.horizon(), metrics, decisions);
  }
}
