package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;

/**
 * Small builders for planner tests: the plan (an engine type) here, the model objects from
 * test-support.
 */
public final class Fixtures {
  private Fixtures() {}

  /**
   * An empty plan of {@code nodes} nodes of (memoryMB, vcores) over {@code horizon} one-minute
   * steps.
   */
  public static Plan aPlan(int nodes, long memoryMB, long vcores, long horizon) {
    return Plan.empty(Resources.of(memoryMB * nodes, vcores * nodes), horizon, 60);
  }

  public static ReservationRequest req(String id, String rdl) {
    return req(id, "alice", rdl);
  }

  public static ReservationRequest req(String id, String user, String rdl) {
    return io.rayon.testsupport.Fixtures.request(id, user, rdl);
  }
}
