package io.rayon.views.plan;

import io.rayon.model.plan.ReservationAllocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How plan B differs from plan A, per reservation: accepted in A only, in B only, in both with a
 * different allocation (moved), or in both with the same allocation. Ids keep A's order, then B's.
 */
public record PlanDiff(
    List<String> onlyInA, List<String> onlyInB, List<String> moved, List<String> unchanged) {

  public enum Kind {
    ONLY_IN_A,
    ONLY_IN_B,
    MOVED,
    UNCHANGED
  }

  public PlanDiff {
    onlyInA = List.copyOf(onlyInA);
    onlyInB = List.copyOf(onlyInB);
    moved = List.copyOf(moved);
    unchanged = List.copyOf(unchanged);
  }

  public static PlanDiff of(PlanData a, PlanData b) {
    Map<String, ReservationAllocation> ma = index(a.allocations());
    Map<String, ReservationAllocation> mb = index(b.allocations());
    List<String> onlyA = new ArrayList<>();
    List<String> onlyB = new ArrayList<>();
    List<String> moved = new ArrayList<>();
    List<String> same = new ArrayList<>();
    for (var e : ma.entrySet()) {
      ReservationAllocation other = mb.get(e.getKey());
      if (other == null) onlyA.add(e.getKey());
      else if (Objects.equals(e.getValue().skyline(), other.skyline())
          && Objects.equals(e.getValue().atoms(), other.atoms())) same.add(e.getKey());
      else moved.add(e.getKey());
    }
    for (String id : mb.keySet()) if (!ma.containsKey(id)) onlyB.add(id);
    return new PlanDiff(onlyA, onlyB, moved, same);
  }

  private static Map<String, ReservationAllocation> index(List<ReservationAllocation> as) {
    Map<String, ReservationAllocation> m = new LinkedHashMap<>();
    for (ReservationAllocation a : as) m.put(a.reservationId(), a);
    return m;
  }

  /** Every reservation's kind of difference, computed in one pass (use for many look-ups). */
  public Map<String, Kind> kinds() {
    Map<String, Kind> m = new HashMap<>();
    for (String id : onlyInA) m.put(id, Kind.ONLY_IN_A);
    for (String id : onlyInB) m.put(id, Kind.ONLY_IN_B);
    for (String id : moved) m.put(id, Kind.MOVED);
    for (String id : unchanged) m.put(id, Kind.UNCHANGED);
    return m;
  }

  /**
   * The kind of difference of one reservation, or null when it is in neither plan (linear time).
   */
  public Kind kindOf(String id) {
    if (onlyInA.contains(id)) return Kind.ONLY_IN_A;
    if (onlyInB.contains(id)) return Kind.ONLY_IN_B;
    if (moved.contains(id)) return Kind.MOVED;
    if (unchanged.contains(id)) return Kind.UNCHANGED;
    return null;
  }

  /** "only in A: 2, only in B: 1, moved: 5, unchanged: 40". */
  public String summary() {
    return "only in A: "
        + onlyInA.size()
        + ", only in B: "
        + onlyInB.size()
        + ", moved: "
        + moved.size()
        + ", unchanged: "
        + unchanged.size();
  }
}
