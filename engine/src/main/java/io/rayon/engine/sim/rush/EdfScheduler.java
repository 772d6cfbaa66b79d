package io.rayon.engine.sim.rush;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Earliest deadline first, the second baseline of the RUSH paper's §V.B ("jobs are scheduled
 * according to the order of their time budget"): free containers go to the waiting job with the
 * earliest deadline {@code arrival + budget}, which takes all it can use, then to the next.
 *
 * <p>The deadline is {@link io.rayon.model.rush.RushJobSpec#deadline()}: the time budget B for
 * linear and sigmoid utilities; for utilities without a budget the latest latency at which the job
 * is still worth something (a piecewise utility's drop to zero), and +Infinity for a constant
 * utility or one that never reaches zero, so such jobs come last, among themselves in arrival
 * order. Ties go to the earlier arrival, then to the order in the scenario. Without preemption a
 * job that started keeps its containers; EDF only decides who gets the ones that free up.
 */
public final class EdfScheduler implements RushScheduler {
  public static final String NAME = "edf";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return "deadline = arrival + budget";
  }

  @Override
  public Grant schedule(Event e) {
    Integer[] order = PriorityGrants.positions(e.jobs().size());
    Arrays.sort(
        order,
        Comparator.<Integer>comparingDouble(k -> e.jobs().get(k).spec().deadline())
            .thenComparingDouble(k -> e.jobs().get(k).spec().arrival())
            .thenComparingInt(k -> e.jobs().get(k).index()));
    return Grant.of(PriorityGrants.inOrder(e.jobs(), order, e.free()));
  }
}
