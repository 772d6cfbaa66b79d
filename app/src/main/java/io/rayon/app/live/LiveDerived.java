package io.rayon.app.live;

import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.estimation.NodeUsageEstimator;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.views.plan.PlanData;
import io.rayon.yarn.YarnReservationTranslator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the dashboard draws, computed off the JavaFX thread from a snapshot: the heatmap layout and
 * two frames (YARN's allocation per node, and the estimated usage per node from the estimation
 * paper's {@link NodeUsageEstimator}), and YARN's plan as {@link PlanData} for the plan view.
 */
record LiveDerived(
    List<String> nodeNames,
    List<String> racks,
    float[] allocated,
    float[] estimated,
    PlanData plan,
    long nowStep,
    List<QueueReport> queueRows) {

  /** Damping factor α of the estimator (the estimation paper's value, §V.C). */
  static final double ALPHA = EstimationPolicy.DEFAULT_DAMPING;

  /**
   * Keeps one estimator per node across polls (eq. 1 and eq. 3 with each node report as one
   * observation). The RM's REST API reports node totals, not container starts and ends, so eq. 2
   * and eq. 4 (per-task corrections) cannot be applied live. The dashboard draws the estimate EU
   * itself; what a live node offers is the estimation paper's §VI (YARN prototype) formula, {@link
   * io.rayon.engine.estimation.Availability#YARN_PROTOTYPE}, not the simulator's default. Used by
   * the polling thread only.
   */
  static final class Estimators {
    private final Map<String, NodeUsageEstimator> byNode = new HashMap<>();

    float[] update(List<NodeReport> nodes) {
      float[] out = new float[nodes.size()];
      for (int i = 0; i < nodes.size(); i++) {
        NodeReport n = nodes.get(i);
        if (n.utilization() == null || n.capacity().memoryMB() <= 0) {
          out[i] = Float.NaN;
          continue;
        }
        NodeUsageEstimator e =
            byNode.computeIfAbsent(n.id(), k -> new NodeUsageEstimator(2, ALPHA));
        e.observe(n.utilization().nodePhysicalMemoryMB(), n.utilization().nodeCpuUsage());
        out[i] = (float) (e.estimate(0) / n.capacity().memoryMB());
      }
      byNode.keySet().retainAll(nodes.stream().map(NodeReport::id).toList());
      return out;
    }
  }

  static LiveDerived of(ClusterSnapshot s, long stepSeconds, Estimators estimators) {
    List<String> names = new ArrayList<>();
    List<String> racks = new ArrayList<>();
    float[] alloc = new float[s.nodes().size()];
    for (int i = 0; i < s.nodes().size(); i++) {
      NodeReport n = s.nodes().get(i);
      names.add(n.id());
      racks.add(n.rack().isEmpty() ? "(no rack)" : n.rack());
      alloc[i] = n.capacity().isZero() ? Float.NaN : (float) n.allocatedShare();
    }
    float[] est = estimators.update(s.nodes());

    long stepMs = stepSeconds * 1000;
    long earliest = s.takenAt();
    for (YarnReservation r : s.reservations()) {
      for (var a : r.allocations())
        if (!a.resource().isZero()) earliest = Math.min(earliest, a.startMs());
    }
    earliest = Math.max(earliest, s.takenAt() - 24L * 3600 * 1000);
    long origin = Math.floorDiv(earliest, stepMs) * stepMs;
    long horizon = Math.max(1, Math.floorDiv(s.takenAt() - origin, stepMs) + 1);
    for (YarnReservation r : s.reservations()) {
      for (var a : r.allocations())
        horizon = Math.max(horizon, -Math.floorDiv(-(a.endMs() - origin), stepMs));
    }
    horizon = Math.min(horizon, Math.floorDiv(7L * 24 * 3600 * 1000, stepMs));
    List<ReservationAllocation> allocs = new ArrayList<>();
    Map<String, Rdl> exprs = new LinkedHashMap<>();
    YarnReservationTranslator tr = new YarnReservationTranslator(stepSeconds, horizon);
    for (YarnReservation r : s.reservations()) {
      allocs.add(r.allocation(origin, stepMs, horizon));
      if (r.definition() != null && !r.definition().stages().isEmpty())
        exprs.put(r.id(), tr.toRdl(r.definition(), origin));
    }
    TreeMap<Long, Resources> cap = new TreeMap<>();
    cap.put(0L, planCapacity(s));
    PlanData plan = new PlanData(cap, allocs, List.of(), stepSeconds, horizon, exprs);
    List<QueueReport> rows = new ArrayList<>();
    if (s.rootQueue() != null) s.rootQueue().forEach(rows::add);
    return new LiveDerived(
        names, racks, alloc, est, plan, Math.floorDiv(s.takenAt() - origin, stepMs), rows);
  }

  /**
   * The capacity of YARN's plan: the plan queues' absolute capacity times the cluster's resources
   * (what YARN's CapacityReservationSystem gives a plan), or the whole cluster without plan queues.
   */
  static Resources planCapacity(ClusterSnapshot s) {
    Resources total = s.metrics() == null ? Resources.ZERO : s.metrics().total();
    if (s.rootQueue() == null || s.reservationQueues().isEmpty()) return total;
    double share = 0;
    List<QueueReport> all = new ArrayList<>();
    s.rootQueue().forEach(all::add);
    for (QueueReport q : all)
      if (s.reservationQueues().contains(q.name())) share += q.absoluteCapacity();
    return share <= 0 ? total : total.scale(Math.min(1.0, share));
  }
}
