package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ReservationId;

/**
 * Hadoop's agent on its own {@code InMemoryPlan}, under the Hadoop translation of the workload's
 * sharing policy (see {@link HadoopPeer}), with {@code favor-early-allocation} true (Hadoop's
 * default; named {@code hadoop-greedy}, {@code hadoop-aligned}) or false (named with {@code
 * -late}). Only {@code createReservation} is timed; the accepted allocations are read back and
 * converted after the timed loop. Hadoop keeps one skyline per reservation, so the checks here are
 * what that allows: total work equals the request's, every allocation lies inside the request's
 * window, and the plan never exceeds the cluster's capacity.
 */
final class HadoopContender implements Contender {
  private final HadoopPeer.Agent agent;
  private final boolean favorEarly;

  /** The agent at Hadoop's default, favor-early-allocation=true. */
  HadoopContender(HadoopPeer.Agent agent) {
    this(agent, true);
  }

  HadoopContender(HadoopPeer.Agent agent, boolean favorEarly) {
    this.agent = agent;
    this.favorEarly = favorEarly;
  }

  @Override
  public String name() {
    return favorEarly ? agent.label : agent.label + "-late";
  }

  /** True when the agent runs at Hadoop's default setting (favor-early-allocation=true). */
  boolean atDefault() {
    return favorEarly;
  }

  @Override
  public RunOutcome run(PreparedWorkload w, boolean check, boolean clocks) {
    Scenario s = w.scenario();
    Resources capacity = s.cluster().totalCapacity();
    long stepMs = s.stepSeconds() * 1000;
    HadoopPeer peer =
        new HadoopPeer(
            agent,
            favorEarly,
            s.sharingPolicy(),
            capacity,
            stepMs,
            Workloads.BUNDLE,
            Workloads.NODE);
    int n = w.size();
    long[] nanos = new long[n];
    ReservationId[] ids = new ReservationId[n];
    Refusal[] why = new Refusal[n];
    long cpu0 = CpuClock.nanos();
    for (int i = 0; i < n; i++) {
      String user = w.requests().get(i).user();
      long t0 = clocks ? System.nanoTime() : 0;
      ids[i] = peer.place(w.hadoop().get(i), user);
      if (clocks) nanos[i] = System.nanoTime() - t0;
      if (ids[i] == null) why[i] = peer.lastRefusal();
    }
    long cpu = CpuClock.nanos() - cpu0;
    ReservationAllocation[] allocs = new ReservationAllocation[n];
    List<String> problems = new ArrayList<>();
    if (!check) return new RunOutcome(nanos, cpu, allocs, problems, peer.policy(), why);
    long[] used = new long[(int) s.horizonSteps()];
    long containers = capacity.fitCount(Workloads.BUNDLE);
    for (int i = 0; i < n; i++) {
      if (ids[i] == null) continue;
      ReservationRequest r = w.requests().get(i);
      ReservationAllocation a = peer.allocationOf(ids[i], r.id(), bundleOf(r.rdl()));
      allocs[i] = a;
      if (a.work() != r.rdl().totalWork()) {
        problems.add(
            r.id()
                + ": Hadoop granted "
                + a.work()
                + " bundle-steps, the request asks for "
                + r.rdl().totalWork());
      }
      long[] win = window(r.rdl(), s.horizonSteps());
      for (AtomAllocation at : a.atoms()) {
        for (Step st : at.steps()) {
          if (st.start() < win[0] || st.end() > win[1]) {
            problems.add(
                r.id()
                    + ": Hadoop allocates ["
                    + st.start()
                    + ","
                    + st.end()
                    + ") outside the window ["
                    + win[0]
                    + ","
                    + win[1]
                    + ")");
          }
          for (long t = Math.max(0, st.start()); t < Math.min(used.length, st.end()); t++)
            used[(int) t] += st.bundles();
        }
      }
    }
    for (int t = 0; t < used.length; t++) {
      if (used[t] > containers) {
        problems.add(
            "step " + t + ": Hadoop's plan holds " + used[t] + " containers of " + containers);
        break;
      }
    }
    return new RunOutcome(nanos, cpu, allocs, problems, peer.policy(), why);
  }

  /** The single bundle size of a request (the benchmark's workloads use one per request). */
  static Resources bundleOf(Rdl e) {
    if (e instanceof Rdl.Atom a) return a.bundle();
    Resources b = null;
    for (Rdl c : e.children()) {
      Resources cb = bundleOf(c);
      if (b != null && !b.equals(cb)) {
        throw new IllegalArgumentException(
            "request mixes bundles " + b + " and " + cb + "; the benchmark needs one");
      }
      b = cb;
    }
    return b;
  }

  static long[] window(Rdl e, long horizon) {
    if (e instanceof Rdl.Window w) return new long[] {w.start(), w.finish()};
    return new long[] {0, horizon};
  }
}
