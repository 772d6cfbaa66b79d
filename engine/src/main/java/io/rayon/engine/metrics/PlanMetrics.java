package io.rayon.engine.metrics;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan-quality metrics of Rayon §6.3 (runtime is measured by the caller, outside the engine):
 *
 * <ul>
 *   <li><b>acceptance</b>: accepted / submitted reservations; <b>weightedAcceptance</b>: the same
 *       weighted by work (Σ w of accepted / Σ w of submitted, w = {@link
 *       io.rayon.model.rdl.Rdl#totalWork()}, bundle-steps; the paper weights by job size). Both are
 *       1 when nothing was submitted.
 *   <li><b>preemption</b>: the sum of the downward transitions of every accepted allocation: for
 *       each atom and each step t, max(0, x(t−1) − x(t)) bundles (x = 0 before the first and after
 *       the last allocated step, so an atom's final drop to zero counts too), times the bundle's
 *       memory, divided by the cluster's memory capacity at step 0. Unit: "cluster memories"; 1.0
 *       means allocations shrank by as much memory as the whole cluster has. Lower is better.
 *   <li><b>uniformity</b>: stddev / mean of the plan's memory utilization u(t) = allocated memory /
 *       memory capacity over every step of the horizon with non-zero capacity (population stddev);
 *       0 for an empty plan. Lower is better (a flatter plan).
 * </ul>
 *
 * Memory is the dimension used for preemption and uniformity, as YARN's default resource calculator
 * does, so figures compare with Hadoop's.
 */
public record PlanMetrics(
    int accepted,
    int rejected,
    double acceptance,
    double weightedAcceptance,
    double preemption,
    double uniformity) {

  /** Metrics of a plan and the decisions of one run over {@code requests}. */
  public static PlanMetrics of(
      PlanView plan, List<ReservationRequest> requests, List<Decision> decisions) {
    Map<String, ReservationRequest> byId = new HashMap<>();
    for (ReservationRequest r : requests) byId.put(r.id(), r);
    int acc = 0;
    int rej = 0;
    double wAcc = 0;
    double wAll = 0;
    for (Decision d : decisions) {
      ReservationRequest r = byId.get(d.reservationId());
      double w = r == null ? 0 : r.rdl().totalWork();
      wAll += w;
      if (d.accepted()) {
        acc++;
        wAcc += w;
      } else {
        rej++;
      }
    }
    int n = acc + rej;
    double acceptance = n == 0 ? 1 : (double) acc / n;
    double weighted = wAll == 0 ? acceptance : wAcc / wAll;
    return new PlanMetrics(acc, rej, acceptance, weighted, preemption(plan), uniformity(plan));
  }

  /** Preemption of every allocation in the plan (see the class comment). */
  public static double preemption(PlanView plan) {
    long capMem = plan.capacityAt(0).memoryMB();
    double sum = 0;
    for (String id : plan.reservationIds()) sum += downwardMemory(plan.allocationOf(id));
    return capMem <= 0 ? sum : sum / capMem;
  }

  /** Sum of downward transitions of one reservation's atoms, in MB of memory. */
  public static double downwardMemory(ReservationAllocation a) {
    double sum = 0;
    for (AtomAllocation at : a.atoms()) {
      long prev = 0;
      long prevEnd = Long.MIN_VALUE;
      long down = 0;
      for (Step s : at.steps()) {
        if (s.start() != prevEnd) {
          down += prev; // gap: drop to zero
          prev = 0;
        }
        if (s.bundles() < prev) down += prev - s.bundles();
        prev = s.bundles();
        prevEnd = s.end();
      }
      down += prev;
      sum += (double) down * at.bundle().memoryMB();
    }
    return sum;
  }

  /** Uniformity of the plan's memory utilization over the horizon (see the class comment). */
  public static double uniformity(PlanView plan) {
    long h = plan.horizon();
    double sum = 0;
    double sq = 0;
    long n = 0;
    int mem = plan.dimensions().indexOf("memoryMB");
    for (long t = 0; t < h; t++) {
      long cap = plan.capacityAt(t).memoryMB();
      if (cap <= 0) continue;
      double u = (double) (cap - plan.free(mem, t)) / cap;
      sum += u;
      sq += u * u;
      n++;
    }
    if (n == 0 || sum == 0) return 0;
    double mean = sum / n;
    double var = Math.max(0, sq / n - mean * mean);
    return Math.sqrt(var) / mean;
  }
}
