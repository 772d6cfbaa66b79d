package io.rayon.engine.planning;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.rdl.RdlProblem;
import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import java.util.List;

/**
 * The one place where planners check an expression before placing it, through the {@link
 * RdlCompiler}: a malformed expression (any problem the compiler calls invalid: bad g, h, l, w,
 * bundle, window, empty operator, too deep) is rejected with {@link Rejection.Code#INVALID}; a
 * well-formed one that no allocation can satisfy even on an empty cluster (a window too short for
 * the work at full parallelism, no feasible alternative) with {@link Rejection.Code#WINDOW}; that
 * second check runs only after a placement failed, to replace the planner's reason. Both carry the
 * path and the compiler's sentence. Planners place expressions as written (not normalized), so
 * allocation paths and rejection paths refer to the user's expression; the compiler's normalization
 * serves only these checks (docs/decisions/0006).
 */
public final class RdlChecks {
  private RdlChecks() {}

  /** Null when the expression is well formed, else the first problem (code INVALID). */
  public static Rejection validate(Rdl e) {
    List<RdlProblem> problems = RdlCompiler.validate(e, null);
    for (RdlProblem p : problems) {
      if (p.code().invalid()) return rejection(Rejection.Code.INVALID, p);
    }
    return null;
  }

  /**
   * Null when the compiler finds no reason why the (well-formed) expression could never be
   * satisfied even on an empty cluster; else that reason (code WINDOW). Planners ask this only
   * after a placement failed, to give the more fundamental reason.
   */
  public static Rejection infeasibility(Rdl e) {
    for (RdlProblem p : RdlCompiler.infeasibilities(e)) {
      if (p.code() == RdlProblem.Code.WINDOW_TOO_SHORT
          || p.code() == RdlProblem.Code.NO_FEASIBLE_ALTERNATIVE) {
        return rejection(Rejection.Code.WINDOW, p);
      }
    }
    return null;
  }

  private static Rejection rejection(Rejection.Code code, RdlProblem p) {
    Long s = null;
    Long f = null;
    return new Rejection(code, p.path(), s, f, null, null, p.message());
  }
}
