package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import java.util.List;

/**
 * Why GREE and GREE-L could not place an expression, as a {@link Rejection} a person can act on:
 * the atom's range is empty, the free capacity or the sharing policy is too small (which dimension,
 * how much), a gang or lease never fits, GREE-L's flat shape does not fit, none of an {@code any}'s
 * alternatives fits. Read only: the placement records the reason.
 */
final class RejectionReasons {
  private RejectionReasons() {}

  /** The failure of an atom whose range {@code [lo0, hi0)} is empty. */
  static Rejection emptyRange(String path, long lo0, long hi0, int horizon) {
    return new Rejection(
        Rejection.Code.WINDOW,
        path,
        lo0,
        hi0,
        null,
        null,
        "no time left for this atom: its range ["
            + lo0
            + ","
            + hi0
            + ") is empty"
            + (hi0 < horizon
                ? " (later stages of an order or a window end at step " + hi0 + ")"
                : ""));
  }

  /**
   * What stands for {@link #diagnose}'s reason when the caller reads it only later ({@link
   * PlanningContext#diagnosed} false): code {@code CAPACITY}, repairable as each of {@link
   * #diagnose}'s codes ({@code CAPACITY}, {@code GANG_OR_LEASE}, {@code POLICY}) is.
   */
  static Rejection notDiagnosed(String path, int lo, int hi) {
    return new Rejection(
        Rejection.Code.CAPACITY, path, (long) lo, (long) hi, null, null, "no placement found");
  }

  /** Why an atom did not fit in {@code [lo, hi)} of placement {@code p}. */
  static Rejection diagnose(TentativePlacement p, Rdl.Atom atom, String path, int lo, int hi) {
    PlanView plan = p.plan;
    String[] dims = p.dims;
    long g = atom.gang();
    long hp = (atom.maxParallelism() / g) * g;
    if (p.roomPolicy) {
      AtomRoom free = new AtomRoom(p, atom, lo, hi, false);
      if (p.scan(atom, free) != null) {
        AtomRoom capped = new AtomRoom(p, atom, lo, hi, true);
        long most = 0;
        for (int t = lo; t < hi; t++) most = Math.max(most, capped.bundles(t));
        String detail =
            most < g
                ? "; the policy lets the user hold at most "
                    + most
                    + " such bundles at once, a gang needs "
                    + g
                : "";
        return new Rejection(
            Rejection.Code.POLICY,
            path,
            (long) lo,
            (long) hi,
            null,
            p.policy.name(),
            "the free capacity in ["
                + lo
                + ","
                + hi
                + ") would hold "
                + atom
                + ", but user '"
                + p.request.user()
                + "' would exceed the sharing policy "
                + p.policy.name()
                + detail);
      }
    }
    for (String extra : atom.bundle().extras().keySet()) {
      if (atom.bundle().get(extra) > 0 && !List.of(dims).contains(extra)) {
        return new Rejection(
            Rejection.Code.CAPACITY,
            path,
            (long) lo,
            (long) hi,
            extra,
            null,
            "the cluster has no " + extra + "; " + atom + " cannot be placed");
      }
    }
    // per dimension, in one pass over the room's segments: bundle-steps the free capacity could
    // hold, the most bundles free at once, and the most the capacity holds at once
    AtomRoom any = new AtomRoom(p, atom, lo, hi, false);
    long[] need = new long[dims.length];
    for (int d = 0; d < dims.length; d++) need[d] = atom.bundle().get(dims[d]);
    long[] sum = new long[dims.length];
    long[] freeMax = new long[dims.length];
    for (int t = hi - 1; t >= lo; ) {
      // the free capacity is the same on the whole segment [s, t]
      int s = any.segmentStart(t);
      for (int d = 0; d < dims.length; d++) {
        if (need[d] <= 0) continue;
        long x = plan.free(d, t) - p.tentative(d, t);
        long f = x <= 0 ? 0 : x / need[d];
        sum[d] += Math.min(hp, f) * (t - s + 1);
        freeMax[d] = Math.max(freeMax[d], f);
      }
      t = s - 1;
    }
    String worstDim = null;
    long worst = Long.MAX_VALUE;
    String gangDim = null;
    long mostCap = Long.MAX_VALUE;
    long mostFree = Long.MAX_VALUE;
    for (int d = 0; d < dims.length; d++) {
      if (need[d] <= 0) continue;
      long capMax = Long.MAX_VALUE;
      if (freeMax[d] < g) {
        // only needed to tell "the cluster is too small" from "too full"; capacity can change at
        // any step
        capMax = 0;
        for (int t = lo; t < hi; t++)
          capMax = Math.max(capMax, Math.max(0, plan.capacity(d, t)) / need[d]);
      }
      if (sum[d] < worst) {
        worst = sum[d];
        worstDim = dims[d];
      }
      if (capMax < mostCap) {
        mostCap = capMax;
        gangDim = dims[d];
      }
      mostFree = Math.min(mostFree, freeMax[d]);
    }
    if (mostCap < g) {
      return new Rejection(
          Rejection.Code.GANG_OR_LEASE,
          path,
          (long) lo,
          (long) hi,
          gangDim,
          null,
          "a gang of "
              + g
              + " bundles "
              + atom.bundle()
              + " needs more "
              + gangDim
              + " than the cluster has: at most "
              + mostCap
              + " such bundles fit at once in ["
              + lo
              + ","
              + hi
              + ")");
    } else if (worst < atom.work()) {
      return new Rejection(
          Rejection.Code.CAPACITY,
          path,
          (long) lo,
          (long) hi,
          worstDim,
          null,
          "not enough "
              + worstDim
              + " in ["
              + lo
              + ","
              + hi
              + "): room for "
              + worst
              + " of the "
              + atom.work()
              + " bundle-steps of "
              + atom);
    } else if (mostFree < g) {
      return new Rejection(
          Rejection.Code.GANG_OR_LEASE,
          path,
          (long) lo,
          (long) hi,
          gangDim,
          null,
          "enough capacity in total, but never "
              + g
              + " bundles free at once in ["
              + lo
              + ","
              + hi
              + ") (at most "
              + mostFree
              + ") for the gang of "
              + atom);
    } else {
      return new Rejection(
          Rejection.Code.GANG_OR_LEASE,
          path,
          (long) lo,
          (long) hi,
          null,
          null,
          "enough capacity in total, but no "
              + atom.minLease()
              + " consecutive steps with "
              + g
              + " free bundles left in ["
              + lo
              + ","
              + hi
              + ") for the rest of "
              + atom);
    }
  }

  /**
   * Why GREE-L's flat shape of an atom does not fit {@code [lo0, hi0)} (cut to the plan's {@code
   * horizon}) when there is no fallback.
   */
  static Rejection flatFailure(Rdl.Atom atom, String path, long lo0, long hi0, int horizon) {
    long lo = Math.max(0, lo0);
    long hi = Math.min(horizon, hi0);
    long n = Math.max(0, hi - lo);
    long g = atom.gang();
    long q = atom.work() / g;
    long k = n == 0 ? 0 : Math.max(1, (q + n - 1) / n);
    String shape;
    Rejection.Code code = Rejection.Code.CAPACITY;
    if (n == 0) {
      shape = "its guessed interval is empty";
      code = Rejection.Code.WINDOW;
    } else if (k > atom.maxParallelism() / g) {
      shape =
          "spreading it over the "
              + n
              + " steps would need "
              + k * g
              + " bundles at once, more than h="
              + atom.maxParallelism();
      code = Rejection.Code.WINDOW;
    } else if (q / k < atom.minLease()) {
      shape =
          "spread flat it would hold each gang "
              + q / k
              + " steps, less than its lease l="
              + atom.minLease();
      code = Rejection.Code.GANG_OR_LEASE;
    } else {
      shape =
          "the flat shape ("
              + k * g
              + " bundles over the last "
              + (q / k + (q % k > 0 ? 1 : 0))
              + " steps) does not fit the free capacity";
    }
    return new Rejection(
        code,
        path,
        lo,
        hi,
        null,
        null,
        "GREE-L places "
            + atom
            + " flat over its guessed interval ["
            + lo
            + ","
            + hi
            + ") and does not fall back: "
            + shape
            + " (the option flat-fallback=true places it like GREE instead)");
  }

  /**
   * Why none of the {@code n} alternatives of the {@code any} at {@code path} fits {@code [lo,
   * hi)}: the reason of the one tried first ({@code first}, alternative {@code firstIndex}, null
   * when none was recorded).
   */
  static Rejection anyFailure(
      String path, long lo, long hi, int n, int firstIndex, Rejection first) {
    String detail = first == null ? "" : "; alternative " + firstIndex + " (tried first): " + first;
    return new Rejection(
        first == null ? Rejection.Code.CAPACITY : first.code(),
        path,
        lo,
        hi,
        first == null ? null : first.resource(),
        first == null ? null : first.policyLimit(),
        "none of the " + n + " alternatives fits" + detail);
  }
}
