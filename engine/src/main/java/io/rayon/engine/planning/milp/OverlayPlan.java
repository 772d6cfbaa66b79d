package io.rayon.engine.planning.milp;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A read-only plan seen through a layer of proposed allocations: the base plan plus the
 * reservations this batch has accepted so far. The base is never changed; the layer lives only as
 * long as one MILP call.
 */
final class OverlayPlan implements PlanView {
  private final PlanView base;
  private final Map<String, ReservationRequest> requests = new LinkedHashMap<>();
  private final Map<String, ReservationAllocation> allocations = new LinkedHashMap<>();

  /** Resources the layer holds, as a step function (start of each change → total from there). */
  private final TreeMap<Long, Resources> layer = new TreeMap<>();

  /**
   * The same per user, so the sharing policies' per-user queries (thousands of steps per check for
   * a capacity-over-time window) cost a lookup, not a pass over every allocation of the layer.
   */
  private final Map<String, TreeMap<Long, Resources>> userLayers = new HashMap<>();

  OverlayPlan(PlanView base) {
    this.base = base;
    layer.put(Long.MIN_VALUE, Resources.ZERO);
  }

  void add(ReservationRequest request, ReservationAllocation allocation) {
    requests.put(request.id(), request);
    allocations.put(request.id(), allocation);
    TreeMap<Long, Resources> user =
        userLayers.computeIfAbsent(
            request.user(),
            u -> {
              TreeMap<Long, Resources> m = new TreeMap<>();
              m.put(Long.MIN_VALUE, Resources.ZERO);
              return m;
            });
    for (AtomAllocation a : allocation.atoms()) {
      for (Step s : a.steps()) {
        Resources r = a.bundle().times(s.bundles());
        addRange(layer, s.start(), s.end(), r);
        addRange(user, s.start(), s.end(), r);
      }
    }
  }

  private static void addRange(TreeMap<Long, Resources> layer, long from, long to, Resources r) {
    layer.putIfAbsent(from, layer.floorEntry(from).getValue());
    layer.putIfAbsent(to, layer.floorEntry(to).getValue());
    for (Map.Entry<Long, Resources> e : layer.subMap(from, true, to, false).entrySet()) {
      e.setValue(e.getValue().plus(r));
    }
  }

  /**
   * The first step and dimension at which {@code allocation} would not fit the free capacity, as a
   * sentence, or null when it fits. Dimensions the allocation does not use are not checked (free
   * capacity may be negative there after a capacity loss).
   */
  String overcommit(ReservationAllocation allocation) {
    TreeMap<Long, Resources> need = new TreeMap<>();
    for (AtomAllocation a : allocation.atoms()) {
      for (Step s : a.steps()) {
        Resources r = a.bundle().times(s.bundles());
        need.merge(s.start(), r, Resources::plus);
        need.merge(s.end(), Resources.ZERO.minus(r), Resources::plus);
      }
    }
    Resources cur = Resources.ZERO;
    List<Map.Entry<Long, Resources>> es = new ArrayList<>(need.entrySet());
    for (int i = 0; i < es.size(); i++) {
      cur = cur.plus(es.get(i).getValue());
      long to = i + 1 < es.size() ? es.get(i + 1).getKey() : es.get(i).getKey();
      for (long t = es.get(i).getKey(); t < to; t++) {
        if (cur.isZero()) break;
        if (t < 0 || t >= horizon())
          return "holds " + cur + " at step " + t + ", outside the plan [0," + horizon() + ")";
        Resources free = freeAt(t);
        for (String d : dims(cur)) {
          if (cur.get(d) > 0 && cur.get(d) > Math.max(0, free.get(d))) {
            return "needs "
                + cur.get(d)
                + " "
                + d
                + " at step "
                + t
                + " but only "
                + Math.max(0, free.get(d))
                + " is free";
          }
        }
      }
    }
    return null;
  }

  private static List<String> dims(Resources r) {
    List<String> d = new ArrayList<>(List.of("memoryMB", "vcores"));
    d.addAll(r.extras().keySet());
    return d;
  }

  Map<String, ReservationAllocation> added() {
    return allocations;
  }

  @Override
  public long horizon() {
    return base.horizon();
  }

  @Override
  public long stepSeconds() {
    return base.stepSeconds();
  }

  @Override
  public Resources capacityAt(long step) {
    return base.capacityAt(step);
  }

  @Override
  public Resources allocatedAt(long step) {
    return base.allocatedAt(step).plus(layer.floorEntry(step).getValue());
  }

  @Override
  public Resources freeAt(long step) {
    return base.freeAt(step).minus(layer.floorEntry(step).getValue());
  }

  @Override
  public Resources userAllocatedAt(String user, long step) {
    Resources r = base.userAllocatedAt(user, step);
    TreeMap<Long, Resources> mine = userLayers.get(user);
    return mine == null ? r : r.plus(mine.floorEntry(step).getValue());
  }

  @Override
  public Collection<String> reservationIds() {
    List<String> ids = new ArrayList<>(base.reservationIds());
    ids.addAll(allocations.keySet());
    return ids;
  }

  @Override
  public ReservationAllocation allocationOf(String reservationId) {
    ReservationAllocation a = allocations.get(reservationId);
    return a != null ? a : base.allocationOf(reservationId);
  }

  @Override
  public ReservationRequest requestOf(String reservationId) {
    ReservationRequest r = requests.get(reservationId);
    return r != null ? r : base.requestOf(reservationId);
  }
}
