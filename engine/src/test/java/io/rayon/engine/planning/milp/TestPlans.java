package io.rayon.engine.planning.milp;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Collection;
import java.util.List;

/** Test fixtures: an empty plan of constant capacity. */
final class TestPlans {
  private TestPlans() {}

  static PlanView empty(Resources capacity, long horizon) {
    return new PlanView() {
      @Override
      public long horizon() {
        return horizon;
      }

      @Override
      public long stepSeconds() {
        return 60;
      }

      @Override
      public Resources capacityAt(long step) {
        return capacity;
      }

      @Override
      public Resources allocatedAt(long step) {
        return Resources.ZERO;
      }

      @Override
      public Resources freeAt(long step) {
        return capacity;
      }

      @Override
      public Resources userAllocatedAt(String user, long step) {
        return Resources.ZERO;
      }

      @Override
      public Collection<String> reservationIds() {
        return List.of();
      }

      @Override
      public ReservationAllocation allocationOf(String reservationId) {
        return null;
      }

      @Override
      public ReservationRequest requestOf(String reservationId) {
        return null;
      }
    };
  }
}
