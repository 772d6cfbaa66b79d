package io.rayon.views.plan;

import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a {@link PlanSkylineView} draws, in model types: the cluster capacity as a step function
 * (each entry holds from its key until the next key; the last until the horizon), the accepted
 * reservations' allocations (stacked bottom-up in list order), the rejected decisions with their
 * reasons, the step length in seconds, the horizon in steps, and optionally each reservation's RDL
 * expression (for the windows shown on hover cards; may be empty).
 */
public record PlanData(
    NavigableMap<Long, Resources> capacity,
    List<ReservationAllocation> allocations,
    List<Decision> rejected,
    long stepSeconds,
    long horizon,
    Map<String, Rdl> expressions) {

  public PlanData {
    capacity =
        Collections.unmodifiableNavigableMap(new TreeMap<>(capacity == null ? Map.of() : capacity));
    allocations = List.copyOf(allocations == null ? List.of() : allocations);
    rejected = List.copyOf(rejected == null ? List.of() : rejected);
    expressions = Map.copyOf(expressions == null ? Map.of() : expressions);
    if (stepSeconds <= 0)
      throw new IllegalArgumentException("stepSeconds must be positive, was " + stepSeconds);
    if (horizon <= 0) {
      long h = capacity.isEmpty() ? 0 : capacity.lastKey() + 1;
      for (ReservationAllocation a : allocations) h = Math.max(h, a.end());
      horizon = Math.max(1, h);
    }
  }

  /** A plan whose horizon is derived from the capacity and allocations. */
  public static PlanData of(
      NavigableMap<Long, Resources> capacity,
      List<ReservationAllocation> allocations,
      List<Decision> rejected,
      long stepSeconds) {
    return new PlanData(capacity, allocations, rejected, stepSeconds, 0, Map.of());
  }

  /** Nothing to draw. */
  public static PlanData empty() {
    return new PlanData(new TreeMap<>(), List.of(), List.of(), 60, 1, Map.of());
  }

  public PlanData withExpressions(Map<String, Rdl> e) {
    return new PlanData(capacity, allocations, rejected, stepSeconds, horizon, e);
  }

  public PlanData withHorizon(long h) {
    return new PlanData(capacity, allocations, rejected, stepSeconds, h, expressions);
  }

  /** Capacity at a step (zero before the first entry). */
  public Resources capacityAt(long step) {
    Map.Entry<Long, Resources> e = capacity.floorEntry(step);
    return e == null ? Resources.ZERO : e.getValue();
  }

  /** The allocation of a reservation, or null. */
  public ReservationAllocation allocationOf(String id) {
    for (ReservationAllocation a : allocations) if (Objects.equals(a.reservationId(), id)) return a;
    return null;
  }

  /** The resource dimensions present: memoryMB, vcores, then extras by name. */
  public List<String> dimensions() {
    TreeSet<String> extras = new TreeSet<>();
    for (Resources r : capacity.values()) extras.addAll(r.extras().keySet());
    for (ReservationAllocation a : allocations) {
      for (var at : a.atoms()) extras.addAll(at.bundle().extras().keySet());
    }
    List<String> out = new ArrayList<>(List.of("memoryMB", "vcores"));
    out.addAll(extras);
    return out;
  }
}
