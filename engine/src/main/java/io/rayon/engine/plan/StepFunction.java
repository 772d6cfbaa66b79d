package io.rayon.engine.plan;

import io.rayon.model.resources.Resources;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A canonical run-length step function of {@link Resources} over plan steps (a skyline): each key
 * is the first step of a run and maps to the value held from there until the next key. Before the
 * first key the value is zero. Canonical form: no two neighbouring runs hold equal values and no
 * leading zero run is stored, so equal functions have equal maps and equal {@link #toString()}.
 * Immutable.
 */
public final class StepFunction {
  public static final StepFunction ZERO = new StepFunction(new TreeMap<>());

  private final NavigableMap<Long, Resources> runs;

  private StepFunction(TreeMap<Long, Resources> canonical) {
    this.runs = Collections.unmodifiableNavigableMap(canonical);
  }

  /** Builds the canonical form of an arbitrary map of run starts to values. */
  public static StepFunction of(Map<Long, Resources> points) {
    TreeMap<Long, Resources> out = new TreeMap<>();
    Resources last = Resources.ZERO;
    for (Map.Entry<Long, Resources> e : new TreeMap<>(points).entrySet()) {
      if (!e.getValue().equals(last)) {
        out.put(e.getKey(), e.getValue());
        last = e.getValue();
      }
    }
    return new StepFunction(out);
  }

  /** A function that holds {@code value} on {@code [start, end)} and zero elsewhere. */
  public static StepFunction rectangle(long start, long end, Resources value) {
    if (end <= start || value.isZero()) return ZERO;
    TreeMap<Long, Resources> m = new TreeMap<>();
    m.put(start, value);
    m.put(end, Resources.ZERO);
    return new StepFunction(m);
  }

  /** The value at {@code step}. */
  public Resources at(long step) {
    Map.Entry<Long, Resources> e = runs.floorEntry(step);
    return e == null ? Resources.ZERO : e.getValue();
  }

  /** The runs: start step to value held from there on. */
  public NavigableMap<Long, Resources> runs() {
    return runs;
  }

  public StepFunction plus(StepFunction o) {
    return combine(o, 1);
  }

  public StepFunction minus(StepFunction o) {
    return combine(o, -1);
  }

  private StepFunction combine(StepFunction o, int sign) {
    TreeMap<Long, Resources> keys = new TreeMap<>();
    for (Long k : runs.keySet()) keys.put(k, null);
    for (Long k : o.runs.keySet()) keys.put(k, null);
    TreeMap<Long, Resources> out = new TreeMap<>();
    for (Long k : keys.keySet()) {
      Resources a = at(k);
      Resources b = o.at(k);
      out.put(k, sign > 0 ? a.plus(b) : a.minus(b));
    }
    return of(out);
  }

  /** Component-wise minimum of the values over {@code [from, to)}; zero for an empty range. */
  public Resources minOver(long from, long to) {
    if (to <= from) return Resources.ZERO;
    Resources m = at(from);
    for (Resources r : runs.subMap(from, false, to, false).values()) m = m.componentMin(r);
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StepFunction s && s.runs.equals(runs);
  }

  @Override
  public int hashCode() {
    return runs.hashCode();
  }

  /** Stable text form, for example {@code {0=<8192,8>, 60=<4096,4>, 120=<0,0>}}. */
  @Override
  public String toString() {
    return runs.toString();
  }
}
