package io.rayon.engine.sim.rush;

import java.util.Arrays;
import java.util.Comparator;

/**
 * FIFO, the default of most Hadoop installations and the first baseline of the RUSH paper's §V.B:
 * free containers go to jobs in the order they arrived (ties by their order in the scenario); the
 * oldest waiting job takes all it can use, the next one the rest (work-conserving, as Hadoop's FIFO
 * scheduler hands a node's free slots to the head of the queue and then further down).
 */
public final class FifoScheduler implements RushScheduler {
  public static final String NAME = "fifo";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return "arrival order";
  }

  @Override
  public Grant schedule(Event e) {
    Integer[] order = PriorityGrants.positions(e.jobs().size());
    Arrays.sort(
        order,
        Comparator.<Integer>comparingDouble(k -> e.jobs().get(k).spec().arrival())
            .thenComparingInt(k -> e.jobs().get(k).index()));
    return Grant.of(PriorityGrants.inOrder(e.jobs(), order, e.free()));
  }
}
