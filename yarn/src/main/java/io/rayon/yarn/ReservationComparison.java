package io.rayon.yarn;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How YARN's allocation of a submitted reservation compares with what we asked and, when a local
 * plan placed it, with our allocation. All times are plan steps from the submission's origin.
 * Resource totals are resource-steps (for example MB·steps). {@code differences} lists, in words,
 * every way the two disagree; it is empty when YARN's allocation equals ours step by step.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReservationComparison(
    long windowStart,
    long windowFinish,
    Resources requested,
    Resources yarnGranted,
    Long yarnStart,
    Long yarnEnd,
    Resources yarnPeak,
    Resources localGranted,
    Long localStart,
    Long localEnd,
    Resources localPeak,
    Long stepsThatDiffer,
    List<String> differences) {

  public ReservationComparison {
    differences = differences == null ? List.of() : List.copyOf(differences);
  }

  /**
   * Compares YARN's reservation with the translation that was submitted and, when not null, the
   * local plan's allocation of the same reservation.
   */
  public static ReservationComparison of(
      YarnTranslation t, YarnReservation yarn, ReservationAllocation local, long horizonSteps) {
    long stepMs = t.stepMs();
    Resources requested = Resources.ZERO;
    if (t.definition() != null) {
      boolean any = t.definition().interpreter() == YarnInterpreter.R_ANY;
      for (var st : t.definition().stages()) {
        Resources r = st.capability().times((long) st.numContainers() * (st.durationMs() / stepMs));
        requested = any ? requested.componentMax(r) : requested.plus(r);
      }
    }
    long horizon = Math.max(horizonSteps, t.windowFinishStep());
    ReservationAllocation y = yarn.allocation(t.originMs(), stepMs, horizon);
    TreeMap<Long, Resources> ys = y.skyline();
    Resources yGranted = integral(ys);
    List<String> diffs = new ArrayList<>();
    Long yStart = y.start() < 0 ? null : y.start();
    Long yEnd = y.end() < 0 ? null : y.end();
    if (!yGranted.equals(requested)) {
      diffs.add("YARN grants " + yGranted + " resource-steps, we asked for " + requested);
    }
    if (yStart != null && (yStart < t.windowStartStep() || yEnd > t.windowFinishStep())) {
      diffs.add(
          "YARN's allocation ["
              + yStart
              + ","
              + yEnd
              + ") leaves the window ["
              + t.windowStartStep()
              + ","
              + t.windowFinishStep()
              + ")");
    }
    if (yStart == null) diffs.add("YARN's plan holds no resources for it");
    Resources lGranted = null;
    Long lStart = null;
    Long lEnd = null;
    Resources lPeak = null;
    Long differ = null;
    if (local != null) {
      TreeMap<Long, Resources> ls = local.skyline();
      lGranted = integral(ls);
      lStart = local.start() < 0 ? null : local.start();
      lEnd = local.end() < 0 ? null : local.end();
      lPeak = peak(ls);
      differ = differingSteps(ys, ls);
      if (differ > 0) {
        diffs.add(
            "YARN's allocation differs from the local plan in "
                + differ
                + " steps (YARN ["
                + yStart
                + ","
                + yEnd
                + "), local ["
                + lStart
                + ","
                + lEnd
                + "); peak YARN "
                + peak(ys)
                + ", local "
                + lPeak
                + ")");
      }
    }
    return new ReservationComparison(
        t.windowStartStep(),
        t.windowFinishStep(),
        requested,
        yGranted,
        yStart,
        yEnd,
        peak(ys),
        lGranted,
        lStart,
        lEnd,
        lPeak,
        differ,
        diffs);
  }

  static Resources integral(TreeMap<Long, Resources> sky) {
    Resources sum = Resources.ZERO;
    Map.Entry<Long, Resources> prev = null;
    for (Map.Entry<Long, Resources> e : sky.entrySet()) {
      if (prev != null) sum = sum.plus(prev.getValue().times(e.getKey() - prev.getKey()));
      prev = e;
    }
    return sum;
  }

  static Resources peak(TreeMap<Long, Resources> sky) {
    Resources p = Resources.ZERO;
    for (Resources r : sky.values()) p = p.componentMax(r);
    return p;
  }

  /** Number of steps at which the two step functions hold different resources. */
  static long differingSteps(TreeMap<Long, Resources> a, TreeMap<Long, Resources> b) {
    TreeMap<Long, Boolean> keys = new TreeMap<>();
    a.keySet().forEach(k -> keys.put(k, true));
    b.keySet().forEach(k -> keys.put(k, true));
    long n = 0;
    Long prev = null;
    for (Long k : keys.keySet()) {
      if (prev != null && !valueAt(a, prev).equals(valueAt(b, prev))) n += k - prev;
      prev = k;
    }
    return n;
  }

  private static Resources valueAt(TreeMap<Long, Resources> sky, long t) {
    Map.Entry<Long, Resources> e = sky.floorEntry(t);
    return e == null ? Resources.ZERO : e.getValue();
  }
}
