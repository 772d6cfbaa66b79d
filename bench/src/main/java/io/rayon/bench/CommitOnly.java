package io.rayon.bench;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The harness's floor, contender {@value #NAME}: a "planner" that does no placement at all. For
 * each workload it first runs {@value #SOURCE} once, untimed, and keeps its decision for every
 * request; the timed run then goes through the same {@link ReservationSystem} as every planner of
 * ours, the same requests in the same order on the same empty plan, and its {@link #place} only
 * looks the decision up. What it measures is what any planner of ours pays on top of its own
 * placement: the system's checks, the plan's commit (which checks the fit again), the harness's
 * loop and its clocks, and a collected heap before each timed run. So the faster agent's time
 * divided by it is the most any planner committing through this system could reach on that
 * workload.
 *
 * <p>Why {@value #SOURCE}: without bounded repair nothing accepted earlier moves, so the plan the
 * replay sees at each request is exactly the plan the source placed it on, and every replayed
 * allocation fits (and passes the sharing policy, checked by the source on that same plan; the plan
 * checks the fit again as it commits). greel-plus with repair moves reservations after accepting
 * them, which a replay in arrival order cannot reproduce.
 */
final class CommitOnly implements Planner {
  static final String NAME = "commit-only";
  static final String SOURCE = "greel-plus[repair=0]";

  private final Planner source = RayonContender.named(SOURCE).planner();

  /** Each workload's decisions by request id, computed once (workloads are prepared once). */
  private final Map<PreparedWorkload, Map<String, Decision>> byWorkload = new IdentityHashMap<>();

  private Map<String, Decision> current = Map.of();

  @Override
  public String name() {
    return NAME;
  }

  /** Makes {@code w}'s decisions the ones {@link #place} answers with (computing them once). */
  void use(PreparedWorkload w) {
    current = byWorkload.computeIfAbsent(w, this::decide);
  }

  private Map<String, Decision> decide(PreparedWorkload w) {
    ReservationSystem s =
        ReservationSystem.forScenario(w.scenario(), source).setSelfChecking(false);
    List<ReservationRequest> rs = w.requests();
    Map<String, Decision> m = new HashMap<>(2 * rs.size());
    for (ReservationRequest r : rs) m.put(r.id(), s.create(r));
    return m;
  }

  @Override
  public Decision place(PlanView plan, ReservationRequest request, PlanningContext context) {
    Decision d = current.get(request.id());
    if (d == null) {
      throw new IllegalStateException(
          NAME + ": request '" + request.id() + "' is not in the workload it was prepared for");
    }
    return d;
  }

  /** The source checked every accepted decision against the same policy on the same plan. */
  @Override
  public boolean checksSharingPolicy() {
    return true;
  }
}
