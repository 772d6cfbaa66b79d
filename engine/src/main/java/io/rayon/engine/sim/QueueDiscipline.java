package io.rayon.engine.sim;

/**
 * The optional second half of a scheduler: the queue discipline (which job gets a free container)
 * and preemption. A {@link SchedulerPolicy} whose {@link SchedulerPolicy#discipline()} returns one
 * takes over the scheduling pass of every heartbeat: the {@link Simulator} keeps the queued tasks
 * per job (in creation order), the resource semantics and node choice (the freest node that holds
 * the task, unless the discipline names one), and calls {@link #schedule} with a {@link SimControl}
 * to place and preempt through. Without one, the simulator's own FIFO pass runs (production jobs
 * first, then creation time), exactly as before.
 *
 * <p>Calls come from one thread in simulated-time order; implementations are stateful (one per
 * run).
 */
public interface QueueDiscipline {
  /** Called once before the run, after {@link SchedulerPolicy#start}. */
  void start(SimControl control);

  /**
   * Job {@code job} (its index in {@link SimControl#jobs()}) arrived; its ready tasks are queued.
   */
  void jobArrived(SimControl control, int job);

  /**
   * One scheduling pass, after the heartbeat reports: place and preempt through {@code control}.
   */
  void schedule(SimControl control);

  /**
   * Nodes failed ({@code up} false: their running containers are already lost and queued again) or
   * came back ({@code up} true) at {@link SimControl#now()}.
   */
  default void nodesChanged(SimControl control, int[] nodes, boolean up) {}

  /** What the discipline measured, read once after the run. */
  SchedulerReport report();
}
