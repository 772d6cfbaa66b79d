package io.rayon.engine.planning;

import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import java.util.List;

/**
 * GREE-L's traversal of the RDL tree (Algorithm 1 of "Reservation-based Scheduling: If You're Late
 * Don't Blame Us!", §4.2): guessInterval ({@link #guessLength}, {@link #guessShare}) gives each
 * child a sub-interval of its parent's, and atoms are placed flat over theirs ({@link
 * #placeAtomFlat}), with GREE's scan as the optional fallback. Places one reservation into one
 * {@link TentativePlacement}.
 */
final class GreeLTraversal implements TentativePlacement.Traversal {
  private final TentativePlacement p;

  GreeLTraversal(TentativePlacement placement) {
    this.p = placement;
  }

  @Override
  public boolean place(Rdl root, long lo, long hi) {
    return greel(root, "", lo, hi, lo, hi);
  }

  /**
   * GREE-L (Algorithm 1): like GREE it goes right to left through the children (reverseChild), but
   * each child first gets a guessed sub-interval of its parent's interval ({@link #guessLength})
   * and atoms are placed as flat as possible over their guessed interval. After each child is
   * placed the remaining interval is split again among the children still to place. The paper
   * divides the interval of {@code order}, {@code all} and {@code any}: an {@code all}'s children
   * are guessed side by side (each may still use the whole valid range, the guess only shapes it),
   * an {@code any}'s alternative gets the rightmost share among the alternatives not yet tried (a
   * failed one leaves no space behind, so the room stays the parent's). With {@code
   * guess-interval=order-only} children of {@code all} and {@code any} share their parent's
   * interval. An atom that cannot be placed flat fails (the paper: GREE-L "does not backtrack");
   * with {@code flat-fallback=true} it falls back to GREE's placement in its guessed interval, then
   * in its whole valid range.
   *
   * <p>{@code [vlo, vhi)} is the valid range (window and order constraints), {@code [glo, ghi)} the
   * guessed interval inside it. When the guessed interval is empty (the children left of a placed
   * one have no room in the guess), the valid range is the guess: Algorithm 1 does not say, and an
   * empty interval could hold nothing.
   */
  private boolean greel(Rdl e, String path, long vlo, long vhi, long glo, long ghi) {
    p.context.cancel().throwIfCancelled();
    glo = Math.max(glo, vlo);
    ghi = Math.min(ghi, vhi);
    if (glo >= ghi) {
      glo = vlo;
      ghi = vhi;
    }
    if (e instanceof Rdl.Atom a) {
      if (placeAtomFlat(a, path, glo, ghi)) return true;
      if (!p.options.flatFallback()) {
        p.fail(RejectionReasons.flatFailure(a, path, glo, ghi, p.horizon));
        return false;
      }
      // only the last attempt's failure is reported, so only it is diagnosed
      if ((glo != vlo || ghi != vhi) && p.placeAtomGree(a, path, glo, ghi, false)) return true;
      return p.placeAtomGree(a, path, vlo, vhi, true);
    }
    if (e instanceof Rdl.Window w) {
      return greel(
          w.expr(),
          Rdl.childPath(path, 0),
          Math.max(vlo, w.start()),
          Math.min(vhi, w.finish()),
          Math.max(glo, w.start()),
          Math.min(ghi, w.finish()));
    }
    List<Rdl> cs = e.children();
    if (e instanceof Rdl.Order) {
      long end = ghi;
      long vend = vhi;
      long[] weights = new long[cs.size()];
      for (int i = 0; i < cs.size(); i++) weights[i] = minDuration(cs.get(i));
      for (int i = cs.size() - 1; i >= 0; i--) {
        long room = Math.max(0, end - glo);
        long len = guessLength(weights, i, room);
        long gStart = Math.max(vlo, end - len);
        int mark = p.mark();
        if (!greel(cs.get(i), Rdl.childPath(path, i), vlo, vend, gStart, end)) return false;
        long s = p.spanStart(mark);
        if (s >= 0) {
          vend = s;
          end = s;
        }
      }
      return true;
    }
    long[] weights = new long[cs.size()];
    for (int i = 0; i < cs.size(); i++) weights[i] = minDuration(cs.get(i));
    if (e instanceof Rdl.All) {
      int mark = p.mark();
      long end = ghi;
      for (int i = cs.size() - 1; i >= 0; i--) {
        long cLo = glo;
        long cHi = ghi;
        if (!p.options.guessOrderOnly()) {
          cHi = end;
          cLo = Math.max(vlo, end - guessLength(weights, i, Math.max(0, end - glo)));
        }
        int before = p.mark();
        if (!greel(cs.get(i), Rdl.childPath(path, i), vlo, vhi, cLo, cHi)) {
          p.undo(mark);
          return false;
        }
        long s = p.spanStart(before);
        if (s >= 0) end = Math.min(end, s);
      }
      return true;
    }
    Rejection first = null;
    int firstIndex = -1;
    boolean[] tried = new boolean[cs.size()];
    for (int j = 0; j < cs.size(); j++) {
      int i = p.anyIndex(j, cs.size());
      long cLo = glo;
      if (!p.options.guessOrderOnly()) {
        long sum = 0;
        for (int k = 0; k < cs.size(); k++) if (!tried[k]) sum += weights[k];
        cLo = Math.max(vlo, ghi - guessShare(weights[i], sum, Math.max(0, ghi - glo)));
      }
      tried[i] = true;
      int mark = p.mark();
      if (greel(cs.get(i), Rdl.childPath(path, i), vlo, vhi, cLo, ghi)) return true;
      p.undo(mark);
      if (first == null) {
        first = p.failure();
        firstIndex = i;
      }
    }
    p.fail(RejectionReasons.anyFailure(path, vlo, vhi, cs.size(), firstIndex, first));
    return false;
  }

  /**
   * guessInterval of Algorithm 1 ("divides the valid time for each expression into K time
   * intervals, one for each child expression"); the paper does not say how, so: child {@code i}
   * (placed right to left) gets the rightmost part of the {@code room} left for children {@code
   * 0..i}, proportional to its minimum duration ({@link #minDuration}) among theirs, and never less
   * than its own minimum duration. So every stage of a pipeline runs at about the same fraction of
   * its maximum parallelism.
   */
  static long guessLength(long[] minDurations, int i, long room) {
    long sum = 0;
    for (int j = 0; j <= i; j++) sum += minDurations[j];
    return guessShare(minDurations[i], sum, room);
  }

  /**
   * A child's share of {@code room}: proportional to its minimum duration among {@code sum}, at
   * least that duration.
   */
  static long guessShare(long minDuration, long sum, long room) {
    if (sum == 0) return room;
    long share = (long) Math.floor((double) room * minDuration / sum);
    return Math.min(room, Math.max(minDuration, share));
  }

  /**
   * The fewest steps an expression needs on an empty cluster: an atom needs max(l, ceil(w/h'))
   * steps (h' = h rounded down to a multiple of g; 0 when w = 0); order adds its children's, all
   * and window take the longest child, any the shortest alternative.
   */
  static long minDuration(Rdl e) {
    if (e instanceof Rdl.Atom a) {
      if (a.work() == 0) return 0;
      long hp = Math.max(1, (a.maxParallelism() / a.gang()) * (long) a.gang());
      return Math.max(a.minLease(), (a.work() + hp - 1) / hp);
    }
    if (e instanceof Rdl.Window w) return minDuration(w.expr());
    long acc = e instanceof Rdl.Any ? Long.MAX_VALUE : 0;
    for (Rdl c : e.children()) {
      long d = minDuration(c);
      if (e instanceof Rdl.Order) acc += d;
      else if (e instanceof Rdl.All) acc = Math.max(acc, d);
      else acc = Math.min(acc, d);
    }
    return acc == Long.MAX_VALUE ? 0 : acc;
  }

  /**
   * GREE-L's atom placement: the flattest shape right-aligned in {@code [lo, hi)} of n steps: k =
   * ceil(q/n) units (q = w/g unit-steps), each held b = floor(q/k) steps and q mod k of them one
   * step longer. This needs k ≤ h/g and b ≥ l; when that shape does not exist or does not fit the
   * free capacity the caller falls back to GREE ({@code flat-fallback=true}) or fails.
   */
  private boolean placeAtomFlat(Rdl.Atom atom, String path, long lo0, long hi0) {
    if (atom.work() == 0) return true;
    int lo = (int) Math.max(0, lo0);
    int hi = (int) Math.min(p.horizon, hi0);
    if (hi <= lo) return false;
    long g = atom.gang();
    long q = atom.work() / g;
    long n = hi - lo;
    long k = Math.max(1, (q + n - 1) / n);
    if (k > atom.maxParallelism() / g) return false;
    long b = q / k;
    long rem = q % k;
    if (b < atom.minLease() || b + (rem > 0 ? 1 : 0) > n) return false;
    int from = (int) (hi - b - (rem > 0 ? 1 : 0));
    int tall = (int) (hi - b);
    AtomRoom room = new AtomRoom(p, atom, from, hi, p.roomPolicy);
    if (!room.holds(tall, hi, k * g)) return false;
    if (rem > 0 && !room.holds(from, tall, rem * g)) return false;
    p.add(path, atom, hi - b, hi, (k - rem) * g);
    if (rem > 0) p.add(path, atom, hi - b - 1, hi, rem * g);
    return true;
  }
}
