package io.rayon.bench;

import io.rayon.model.plan.ReservationAllocation;

/** Acceptance (count and weighted by work), preemption and uniformity of one run's plan. */
record PlanStats(int accepted, double acceptance, double weightedAcceptance, long preemption, double uniformity) {

  static PlanStats of(PreparedWorkload w, RunOutcome o) {
    int acc = 0;
    long all = 0;
    long got = 0;
    for (int i = 0; i < w.size(); i++) {
      long work = w.requests().get(i).rdl().totalWork();
      all += work;
      ReservationAllocation a = o.allocations()[i];
      if (a != null) {
        acc++;
        got += work;
      }
    }
    return new PlanStats(acc, (double) acc / w.size(), all == 0 ? 0 : (double) got / all, -1, Double.NaN);
  }
}
