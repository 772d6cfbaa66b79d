package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Collection;
import java.util.List;

/**
 * A plan seen with a fixed amount held back at every step: what is free is the plan's free capacity
 * minus {@code reserve} (per dimension, possibly negative), and the allocation is the plan's plus
 * {@code reserve}; capacity, users' holdings and reservations are the plan's. The reserve is the
 * same at every step, so the runs of equal free capacity are the plan's. {@link GreelPlusPlanner}'s
 * early candidate reads the plan through it ({@code early-reserve}); the sharing policy is always
 * checked against the real plan.
 */
final class ReservedView implements PlanView {
  private final PlanView plan;
  private final Resources reserve;
  private final long[] byDim;

  ReservedView(PlanView plan, Resources reserve) {
    this.plan = plan;
    this.reserve = reserve;
    List<String> dims = plan.dimensions();
    this.byDim = new long[dims.size()];
    for (int d = 0; d < byDim.length; d++) byDim[d] = reserve.get(dims.get(d));
  }

  /** The plan seen through the reserve. */
  PlanView base() {
    return plan;
  }

  /** The reserve of each dimension of {@link PlanView#dimensions()}. */
  long[] reserveByDimension() {
    return byDim;
  }

  @Override
  public long horizon() {
    return plan.horizon();
  }

  @Override
  public long stepSeconds() {
    return plan.stepSeconds();
  }

  @Override
  public List<String> dimensions() {
    return plan.dimensions();
  }

  @Override
  public Resources capacityAt(long step) {
    return plan.capacityAt(step);
  }

  @Override
  public Resources allocatedAt(long step) {
    return plan.allocatedAt(step).plus(reserve);
  }

  @Override
  public Resources freeAt(long step) {
    return plan.freeAt(step).minus(reserve);
  }

  @Override
  public Resources userAllocatedAt(String user, long step) {
    return plan.userAllocatedAt(user, step);
  }

  @Override
  public Collection<String> reservationIds() {
    return plan.reservationIds();
  }

  @Override
  public int reservationCount() {
    return plan.reservationCount();
  }

  /** The plan's own count: the same reservations, and their shares read against its capacity. */
  @Override
  public int reservationsBelow(double share) {
    return plan.reservationsBelow(share);
  }

  @Override
  public ReservationAllocation allocationOf(String reservationId) {
    return plan.allocationOf(reservationId);
  }

  @Override
  public ReservationRequest requestOf(String reservationId) {
    return plan.requestOf(reservationId);
  }

  @Override
  public long free(int dim, long step) {
    return plan.free(dim, step) - byDim[dim];
  }

  @Override
  public long runStart(long step) {
    return plan.runStart(step);
  }

  @Override
  public long runEnd(long step) {
    return plan.runEnd(step);
  }

  @Override
  public long minFree(int dim, long from, long to) {
    long m = plan.minFree(dim, from, to);
    return m == Long.MAX_VALUE ? m : m - byDim[dim];
  }

  @Override
  public boolean fitsEverywhere(long[] need, long from, long to) {
    long[] more = need.clone();
    for (int d = 0; d < more.length && d < byDim.length; d++) {
      if (more[d] >= 0)
        more[d] = more[d] > Long.MAX_VALUE - byDim[d] ? Long.MAX_VALUE : more[d] + byDim[d];
    }
    return plan.fitsEverywhere(more, from, to);
  }

  /** Not known: the reserve counts as allocated and may take a step over its capacity. */
  @Override
  public boolean knownWithinCapacity() {
    return false;
  }

  @Override
  public long capacity(int dim, long step) {
    return plan.capacity(dim, step);
  }

  @Override
  public long userAllocated(String user, int dim, long step) {
    return plan.userAllocated(user, dim, step);
  }

  @Override
  public long[] capacityRange(int dim, long from, long to) {
    return plan.capacityRange(dim, from, to);
  }

  @Override
  public long[] userAllocatedRange(String user, int dim, long from, long to) {
    return plan.userAllocatedRange(user, dim, from, to);
  }
}
