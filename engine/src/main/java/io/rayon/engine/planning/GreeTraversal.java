package io.rayon.engine.planning;

import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import java.util.List;

/**
 * GREE's traversal of the RDL tree (§4.2 of "Reservation-based Scheduling: If You're Late Don't
 * Blame Us!"): procrastinating, right-deep, depth-first, every sub-expression as late as possible;
 * atoms by GREE's scan ({@link TentativePlacement#placeAtomGree}). Places one reservation into one
 * {@link TentativePlacement}.
 */
final class GreeTraversal implements TentativePlacement.Traversal {
  private final TentativePlacement p;

  GreeTraversal(TentativePlacement placement) {
    this.p = placement;
  }

  @Override
  public boolean place(Rdl root, long lo, long hi) {
    return gree(root, "", lo, hi);
  }

  /**
   * GREE: right-deep, depth-first, each sub-expression as late as possible within {@code [lo, hi)}.
   * order places its last child first and shrinks the range of the preceding ones to end before the
   * first step the later child uses; all places every child (right to left) in the same range and
   * undoes the partial placement if one fails; any takes the first alternative that fits, trying
   * them right to left (reverseChild) or, with {@code any-order=written}, in the order written;
   * window intersects the range.
   */
  private boolean gree(Rdl e, String path, long lo, long hi) {
    p.context.cancel().throwIfCancelled();
    if (e instanceof Rdl.Atom a) return p.placeAtomGree(a, path, lo, hi, true);
    if (e instanceof Rdl.Window w) {
      return gree(
          w.expr(), Rdl.childPath(path, 0), Math.max(lo, w.start()), Math.min(hi, w.finish()));
    }
    List<Rdl> cs = e.children();
    if (e instanceof Rdl.Order) {
      long end = hi;
      for (int i = cs.size() - 1; i >= 0; i--) {
        int mark = p.mark();
        if (!gree(cs.get(i), Rdl.childPath(path, i), lo, end)) return false;
        long s = p.spanStart(mark);
        if (s >= 0) end = s;
      }
      return true;
    }
    if (e instanceof Rdl.All) {
      int mark = p.mark();
      for (int i = cs.size() - 1; i >= 0; i--) {
        if (!gree(cs.get(i), Rdl.childPath(path, i), lo, hi)) {
          p.undo(mark);
          return false;
        }
      }
      return true;
    }
    // any
    Rejection first = null;
    int firstIndex = -1;
    for (int j = 0; j < cs.size(); j++) {
      int i = p.anyIndex(j, cs.size());
      int mark = p.mark();
      if (gree(cs.get(i), Rdl.childPath(path, i), lo, hi)) return true;
      p.undo(mark);
      if (first == null) {
        first = p.failure();
        firstIndex = i;
      }
    }
    p.fail(RejectionReasons.anyFailure(path, lo, hi, cs.size(), firstIndex, first));
    return false;
  }
}
