package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A reservation in YARN's plan ({@code /ws/v1/cluster/reservation/list}): its id, queue, owner,
 * when YARN accepted it (epoch ms), what was asked ({@code definition}, null when YARN did not send
 * it) and what YARN's plan gives it over time ({@code allocations}, empty unless listed with {@code
 * include-resource-allocations=true}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record YarnReservation(
    String id,
    String queue,
    String user,
    long acceptanceTime,
    YarnReservationDefinition definition,
    List<YarnAllocation> allocations) {
  public YarnReservation {
    Objects.requireNonNull(id, "id");
    queue = queue == null ? "" : queue;
    user = user == null ? "" : user;
    allocations = allocations == null ? List.of() : List.copyOf(allocations);
  }

  /** Resources held at epoch millisecond {@code t} (sum of the allocations covering t). */
  public Resources resourcesAt(long t) {
    Resources r = Resources.ZERO;
    for (YarnAllocation a : allocations)
      if (a.startMs() <= t && t < a.endMs()) r = r.plus(a.resource());
    return r;
  }

  /** Memory-milliseconds and vcore-milliseconds granted in total, as a resource vector times ms. */
  public Resources resourceMillis() {
    Resources r = Resources.ZERO;
    for (YarnAllocation a : allocations)
      r = r.plus(a.resource().times(Math.max(0, a.endMs() - a.startMs())));
    return r;
  }

  /**
   * YARN's allocation as plan data, so plan views can draw it next to local plans. Step {@code s}
   * covers {@code [originMs + s*stepMs, originMs + (s+1)*stepMs)}; a step shows the most the
   * reservation held at any moment during it (YARN's plan may use a finer step than ours). Steps
   * outside {@code [0, horizonSteps)} are cut off.
   *
   * <p>Bundles: when every stage of the definition asks for the same container size {@code c} and
   * every allocation is a whole number of such containers, the result has one atom (path {@code
   * ""}) with bundle {@code c}. Otherwise each distinct allocated vector becomes its own atom
   * (paths {@code "0"}, {@code "1"}, … in order of first appearance) holding one bundle of that
   * vector, which draws the same skyline.
   */
  public ReservationAllocation allocation(long originMs, long stepMs, long horizonSteps) {
    if (stepMs <= 0)
      throw new IllegalArgumentException("step length must be positive, was " + stepMs);
    Resources container = uniformContainer();
    Map<Resources, StepMax> groups = new LinkedHashMap<>();
    for (YarnAllocation a : allocations) {
      if (a.resource().isZero() || a.endMs() <= a.startMs()) continue;
      Resources bundle;
      long count;
      if (container != null) {
        bundle = container;
        count = multiple(a.resource(), container);
      } else {
        bundle = a.resource();
        count = 1;
      }
      long s0 = Math.max(0, Math.floorDiv(a.startMs() - originMs, stepMs));
      long s1 = Math.min(horizonSteps, -Math.floorDiv(-(a.endMs() - originMs), stepMs));
      if (s1 <= s0) continue;
      groups.computeIfAbsent(bundle, b -> new StepMax()).applyMax(s0, s1, count);
    }
    List<AtomAllocation> atoms = new ArrayList<>();
    int i = 0;
    for (Map.Entry<Resources, StepMax> g : groups.entrySet()) {
      String path = container != null ? "" : Integer.toString(i++);
      atoms.add(new AtomAllocation(path, g.getKey(), g.getValue().steps()));
    }
    return new ReservationAllocation(id, atoms);
  }

  /**
   * The stages' common container size, when every allocation is a whole number of them; else null.
   */
  private Resources uniformContainer() {
    if (definition == null || definition.stages().isEmpty()) return null;
    Resources c = definition.stages().get(0).capability();
    if (c.isZero()) return null;
    for (YarnStage s : definition.stages()) if (!s.capability().equals(c)) return null;
    for (YarnAllocation a : allocations) {
      if (!a.resource().isZero() && multiple(a.resource(), c) < 0) return null;
    }
    return c;
  }

  /** k when {@code r == c * k} for a whole k ≥ 1, else -1. */
  private static long multiple(Resources r, Resources c) {
    long k =
        c.memoryMB() > 0
            ? r.memoryMB() / c.memoryMB()
            : c.vcores() > 0 ? r.vcores() / c.vcores() : -1;
    if (k < 1) return -1;
    return c.times(k).equals(r) ? k : -1;
  }

  /** A step function under "take the larger value" updates, kept as segment starts → value. */
  private static final class StepMax {
    private final TreeMap<Long, Long> seg = new TreeMap<>();

    void applyMax(long a, long b, long v) {
      split(a);
      split(b);
      for (Map.Entry<Long, Long> e : seg.subMap(a, true, b, false).entrySet()) {
        if (e.getValue() < v) e.setValue(v);
      }
    }

    private void split(long at) {
      if (seg.containsKey(at)) return;
      Map.Entry<Long, Long> before = seg.floorEntry(at);
      seg.put(at, before == null ? 0L : before.getValue());
    }

    List<Step> steps() {
      List<Step> out = new ArrayList<>();
      Map.Entry<Long, Long> prev = null;
      for (Map.Entry<Long, Long> e : seg.entrySet()) {
        if (prev != null && prev.getValue() > 0)
          out.add(new Step(prev.getKey(), e.getKey(), prev.getValue()));
        prev = e;
      }
      return out;
    }
  }
}
