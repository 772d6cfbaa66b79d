package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Optional;

/** No limits: a user may reserve everything that is physically free. */
public final class NoSharingPolicy implements SharingPolicy {
  public static final NoSharingPolicy INSTANCE = new NoSharingPolicy();

  private NoSharingPolicy() {}

  @Override
  public String name() {
    return "none";
  }

  @Override
  public Resources headroom(PlanView plan, String user, long step) {
    return plan.capacityAt(step);
  }

  @Override
  public boolean headroomCoversFree() {
    return true;
  }

  @Override
  public Optional<Rejection> check(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return Optional.empty();
  }
}
