package io.rayon.engine.sim;

/**
 * The reservation model (estimation paper §V baseline, and YARN's default): a node offers its
 * allowance AR minus the requests of the tasks running on it. Heartbeats are ignored: real usage
 * never changes a decision. Its "estimation" is the reservation itself.
 */
public final class ReservationPolicy implements SchedulerPolicy {
  private SimNodes nodes;

  @Override
  public String name() {
    return "reservation";
  }

  @Override
  public void start(SimNodes nodes) {
    this.nodes = nodes;
  }

  @Override
  public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {}

  @Override
  public double available(int node, int r) {
    return nodes.allowance(node, r) - nodes.reserved(node, r);
  }

  @Override
  public void idle(long heartbeats) {}

  @Override
  public void allocated(int node, double memoryMB, double cpu) {}

  @Override
  public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {}

  @Override
  public double estimate(int node, int r) {
    return nodes.reserved(node, r);
  }
}
