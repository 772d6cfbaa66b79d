package io.rayon.engine.sim;

/**
 * The pluggable part of the simulated resource manager: how much of each resource a node still
 * offers. The {@link Simulator} owns the queue discipline (FIFO by creation time, production jobs
 * first) and node choice (the node with the most free resources first, by the smallest free share
 * over memory and CPU); the policy decides what "free" means, from what it has been told: node
 * heartbeats with measured usage, and the tasks placed on and removed from each node.
 *
 * <p>A scheduler that also owns the queue discipline and preemption returns a {@link
 * QueueDiscipline} from {@link #discipline()}; the simulator then hands it each scheduling pass and
 * keeps only node choice and the resource semantics.
 *
 * <p>Resources are indexed {@link #MEMORY} (MB) and {@link #CPU} (vcores). Calls come from one
 * thread in simulated-time order. Implementations are stateful: create one per run.
 */
public interface SchedulerPolicy {
  int MEMORY = 0;
  int CPU = 1;

  /** The name used on the command line and in results (for example {@code reservation}). */
  String name();

  /**
   * The policy's settings for people, appended to its {@link #name()} in reports (for example
   * {@code " (damping 0.125)"}); empty when it has none.
   */
  default String settings() {
    return "";
  }

  /** Called once before the run with the nodes' static data (capacity NC and allowance AR). */
  void start(SimNodes nodes);

  /**
   * A heartbeat of {@code node} reporting the measured usage of its tasks (ACU): memory MB, vcores.
   */
  void heartbeat(int node, double memoryUsedMB, double cpuUsed);

  /** Resource {@code r} that the policy still offers on {@code node}; may be negative. */
  double available(int node, int r);

  /** A task requesting {@code memoryMB} and {@code cpu} was placed on {@code node}. */
  void allocated(int node, double memoryMB, double cpu);

  /**
   * A task that requested {@code memoryMB} and {@code cpu} left {@code node} (finished or crashed)
   * after {@code heartbeatsWhileRunning} heartbeats were reported while it ran (the heartbeats
   * after the scheduling pass that placed it, up to its end; eq. 4's n_J).
   */
  void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning);

  /**
   * {@code heartbeats} heartbeats passed on an empty cluster (no task anywhere) without being
   * reported one by one; equivalent to that many {@link #heartbeat} calls with zero usage on every
   * node.
   */
  void idle(long heartbeats);

  /**
   * What the policy believes {@code node} uses of resource {@code r} (the "estimation" curve of the
   * paper's Figures 2–3); the reservation model reports the reserved total.
   */
  double estimate(int node, int r);

  /**
   * The queue discipline this scheduler brings, or null (the default) to keep the simulator's own
   * FIFO pass (production jobs first, then creation time, strict head-of-line).
   */
  default QueueDiscipline discipline() {
    return null;
  }
}
