package io.rayon.engine.planning;

import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;

/**
 * The minimum validation every planner runs before placing an expression (the one place where
 * planners check RDL well-formedness). It rejects, with code {@link Rejection.Code#INVALID} and the
 * path of the offending sub-expression:
 *
 * <ul>
 *   <li>an atom with a bundle that is zero or negative in some dimension, g &lt; 1, h &lt; g, l &lt; 1,
 *       w &lt; 0, w not a multiple of g, or 0 &lt; w &lt; g·l (one gang held for l steps already does
 *       more work than asked);
 *   <li>an any/all/order without children;
 *   <li>a window with start &lt; 0 or finish ≤ start;
 *   <li>nesting deeper than {@link Rdl#MAX_DEPTH}.
 * </ul>
 */
public final class RdlChecks {
  private RdlChecks() {}

  /** Null when the expression is well formed, else the first problem found. */
  public static Rejection validate(Rdl e) {
    return check(e, "", 0);
  }

  private static Rejection check(Rdl e, String path, int depth) {
    if (depth > Rdl.MAX_DEPTH) return invalid(path, "nesting deeper than " + Rdl.MAX_DEPTH + " levels");
    if (e instanceof Rdl.Atom a) {
      if (!a.bundle().isNonNegative() || a.bundle().isZero()) {
        return invalid(path, "bundle " + a.bundle() + " must be positive in some dimension and negative in none");
      }
      if (a.gang() < 1) return invalid(path, "gang g=" + a.gang() + " must be at least 1");
      if (a.maxParallelism() < a.gang()) {
        return invalid(path, "max parallelism h=" + a.maxParallelism() + " is below the gang g=" + a.gang());
      }
      if (a.minLease() < 1) return invalid(path, "minimum lease l=" + a.minLease() + " must be at least 1 step");
      if (a.work() < 0) return invalid(path, "work w=" + a.work() + " is negative");
      if (a.work() % a.gang() != 0) {
        return invalid(path, "work w=" + a.work() + " is not a multiple of the gang g=" + a.gang()
            + "; maybe use w=" + (a.work() / a.gang() + 1) * a.gang());
      }
      if (a.work() > 0 && a.work() < (long) a.gang() * a.minLease()) {
        return invalid(path, "work w=" + a.work() + " is less than one gang held for the minimum lease (g*l="
            + (long) a.gang() * a.minLease() + ")");
      }
      return null;
    }
    if (e instanceof Rdl.Window w) {
      if (w.start() < 0) return invalid(path, "window start " + w.start() + " is negative");
      if (w.finish() <= w.start()) {
        return invalid(path, "window [" + w.start() + "," + w.finish() + ") is empty");
      }
      return check(w.expr(), Rdl.childPath(path, 0), depth + 1);
    }
    if (e.children().isEmpty()) {
      return invalid(path, e.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " needs at least one child");
    }
    for (int i = 0; i < e.children().size(); i++) {
      Rejection r = check(e.children().get(i), Rdl.childPath(path, i), depth + 1);
      if (r != null) return r;
    }
    return null;
  }

  private static Rejection invalid(String path, String message) {
    return new Rejection(Rejection.Code.INVALID, path, null, null, null, null, message);
  }
}
