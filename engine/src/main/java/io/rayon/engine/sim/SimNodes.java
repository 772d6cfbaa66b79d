package io.rayon.engine.sim;

/**
 * A read-only view of the simulated nodes for {@link SchedulerPolicy}: capacity NC, allowance AR
 * and the total reserved by the tasks running on each node (the sum of their requests).
 */
public interface SimNodes {
  int count();

  /** Capacity NC of resource {@code r} on {@code node}. */
  double capacity(int node, int r);

  /** Allowance AR of resource {@code r} on {@code node} (at most the capacity). */
  double allowance(int node, int r);

  /** Sum of the requests of the tasks running on {@code node}, resource {@code r}. */
  double reserved(int node, int r);
}
