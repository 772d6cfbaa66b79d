package io.rayon.bench;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.Violation;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One of our planners behind our {@link ReservationSystem} (the workload's sharing policy,
 * self-checking off): {@code create} places a request and commits it when accepted, and that call
 * is what is timed (Hadoop's {@code createReservation} also adds to its plan; with bounded repair,
 * {@code repair}, the moves it makes are timed too). After the timed loop the accepted requests'
 * allocations are read again from the final plan (a repair may have moved one after it was
 * accepted), and the whole plan goes through {@link PlanValidator}.
 */
final class RayonContender implements Contender {
  private final Planner planner;
  private final String name;

  RayonContender(Planner planner) {
    this(planner, planner.name());
  }

  RayonContender(Planner planner, String name) {
    this.planner = planner;
    this.name = name;
  }

  /**
   * A planner from the registry by a contender name: {@code greel} or {@code
   * greel[flat-fallback=true,atom-scan=stacked]} (the options as {@code -O} takes them).
   */
  static RayonContender named(String spec) {
    String s = spec.strip();
    int open = s.indexOf('[');
    if (open < 0) return new RayonContender(Planners.byName(s), s);
    if (!s.endsWith("]"))
      throw new IllegalArgumentException("planner '" + spec + "': options must end with ']'");
    Map<String, String> opts = new LinkedHashMap<>();
    for (String kv : s.substring(open + 1, s.length() - 1).split(",")) {
      int eq = kv.indexOf('=');
      if (eq <= 0)
        throw new IllegalArgumentException(
            "planner '" + spec + "': option '" + kv.strip() + "' is not name=value");
      opts.put(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
    }
    return new RayonContender(Planners.byName(s.substring(0, open), new PlannerOptions(opts)), s);
  }

  /** The harness's floor: {@link CommitOnly}'s replay through the same system. */
  static RayonContender commitOnly() {
    return new RayonContender(new CommitOnly(), CommitOnly.NAME);
  }

  Planner planner() {
    return planner;
  }

  static RayonContender gree() {
    return new RayonContender(new GreePlanner());
  }

  static RayonContender greeL() {
    return new RayonContender(new GreeLPlanner());
  }

  @Override
  public String name() {
    return name;
  }

  /** True when the planner places a batch at once ({@link BatchPlanner}). */
  boolean isBatch() {
    return planner instanceof BatchPlanner;
  }

  @Override
  public RunOutcome run(PreparedWorkload w, boolean check, boolean clocks) {
    if (planner instanceof CommitOnly c) c.use(w);
    ReservationSystem system =
        ReservationSystem.forScenario(w.scenario(), planner).setSelfChecking(false);
    int n = w.size();
    long[] nanos = new long[n];
    ReservationAllocation[] allocs = new ReservationAllocation[n];
    List<ReservationRequest> rs = w.requests();
    long cpu0 = CpuClock.nanos();
    for (int i = 0; i < n; i++) {
      ReservationRequest r = rs.get(i);
      long t0 = clocks ? System.nanoTime() : 0;
      Decision d = system.create(r);
      if (clocks) nanos[i] = System.nanoTime() - t0;
      if (d.accepted()) allocs[i] = d.allocation();
    }
    long cpu = CpuClock.nanos() - cpu0;
    // the final plan: a bounded repair may have moved a reservation accepted earlier
    for (int i = 0; i < n; i++) {
      if (allocs[i] != null) allocs[i] = system.plan().allocationOf(rs.get(i).id());
    }
    List<String> problems = new ArrayList<>();
    if (!check) return new RunOutcome(nanos, cpu, allocs, problems, system.policySpec());
    for (Violation v : PlanValidator.validate(system.plan(), w.scenario().sharingPolicy()))
      problems.add(v.toString());
    return new RunOutcome(nanos, cpu, allocs, problems, system.policySpec());
  }
}
