package io.rayon.engine.estimation;

import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SimNodes;

/**
 * The estimation model (estimation paper §IV–§VI): one {@link NodeUsageEstimator} per node, fed
 * every heartbeat (eq. 1, 3), on every placement (eq. 2) and on every task end (eq. 4, with n_J the
 * number of heartbeats observed while the task ran). What a node offers is the chosen {@link
 * Availability}:
 *
 * <ul>
 *   <li>{@link Availability#PAPER_SIM} (the default, §V): {@code AR − EU}, the allowance minus the
 *       estimate; NC − AR stays as the estimator's safety margin. With α = 0 (and tasks using no
 *       more than they request, so that eq. 3 never fires) the estimate is the sum of the running
 *       tasks' requests and the schedule is exactly the reservation model's.
 *   <li>{@link Availability#YARN_PROTOTYPE} (§VI eq. 5–6): {@code min(AR − ACU, NC − EU)}, with ACU
 *       the aggregated usage of the node's tasks at its last heartbeat plus the requests of tasks
 *       placed since that heartbeat (they have not been measured yet, so we count what they asked
 *       for; without this term one scheduling pass could fill a node far past its allowance before
 *       the next report).
 * </ul>
 */
public final class EstimationPolicy implements SchedulerPolicy {
  /** The damping factor the paper selects (§V.C). */
  public static final double DEFAULT_DAMPING = 0.125;

  private final double damping;
  private final Availability availability;
  private SimNodes nodes;
  private NodeUsageEstimator[] estimators;
  private double[] acuMemory;
  private double[] acuCpu;

  /** The estimation model with the simulator's default formula, {@link Availability#PAPER_SIM}. */
  public EstimationPolicy(double damping) {
    this(damping, Availability.PAPER_SIM);
  }

  public EstimationPolicy(double damping, Availability availability) {
    if (availability == null)
      throw new IllegalArgumentException(
          "availability formula is missing; use " + Availability.ids());
    if (!(damping >= 0 && damping <= 1)) {
      throw new IllegalArgumentException("damping factor must lie in [0, 1], got " + damping);
    }
    this.damping = damping;
    this.availability = availability;
  }

  public double damping() {
    return damping;
  }

  public Availability availability() {
    return availability;
  }

  @Override
  public String name() {
    return "estimation";
  }

  /** {@code " (damping α), availability ID (formula)"}. */
  @Override
  public String settings() {
    return " (damping "
        + damping
        + "), availability "
        + availability.id()
        + (availability == Availability.PAPER_SIM ? " (AR − EU)" : " (min(AR − ACU, NC − EU))");
  }

  @Override
  public void start(SimNodes nodes) {
    this.nodes = nodes;
    int n = nodes.count();
    estimators = new NodeUsageEstimator[n];
    for (int i = 0; i < n; i++) estimators[i] = new NodeUsageEstimator(2, damping);
    acuMemory = new double[n];
    acuCpu = new double[n];
  }

  @Override
  public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {
    estimators[node].observe(memoryUsedMB, cpuUsed);
    acuMemory[node] = memoryUsedMB;
    acuCpu[node] = cpuUsed;
  }

  @Override
  public void idle(long heartbeats) {
    for (int n = 0; n < estimators.length; n++) {
      estimators[n].observeIdle(heartbeats);
      acuMemory[n] = 0;
      acuCpu[n] = 0;
    }
  }

  @Override
  public double available(int node, int r) {
    if (availability == Availability.PAPER_SIM)
      return nodes.allowance(node, r) - estimators[node].estimate(r);
    double acu = r == MEMORY ? acuMemory[node] : acuCpu[node];
    return availability.available(
        nodes.allowance(node, r), acu, nodes.capacity(node, r), estimators[node].estimate(r));
  }

  @Override
  public void allocated(int node, double memoryMB, double cpu) {
    NodeUsageEstimator e = estimators[node];
    e.allocate(MEMORY, memoryMB);
    e.allocate(CPU, cpu);
    acuMemory[node] += memoryMB;
    acuCpu[node] += cpu;
  }

  @Override
  public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {
    NodeUsageEstimator e = estimators[node];
    e.release(MEMORY, memoryMB, heartbeatsWhileRunning);
    e.release(CPU, cpu, heartbeatsWhileRunning);
  }

  @Override
  public double estimate(int node, int r) {
    return estimators[node].estimate(r);
  }
}
