package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.policy.NoSharingPolicy;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancelledException;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One placement of one reservation by GREE or GREE-L: a scratch overlay on a read-only plan (the
 * reservation's own tentative blocks, with checkpoints to undo a failed {@code all} or {@code any}
 * branch), the two traversals and the atom routines. Used once, then thrown away; never changes the
 * plan.
 */
final class GreedyPlacement {
  /**
   * One tentative rectangle: {@code bundles} bundles of an atom over {@code [start, end)}; {@code
   * perDim} is what it holds of each plan dimension.
   */
  private record Block(
      String path, Rdl.Atom atom, long start, long end, long bundles, long[] perDim) {}

  private final PlanView plan;
  private final ReservationRequest request;
  private final SharingPolicy policy;

  /**
   * True when the policy's headroom can bind tighter than the free capacity, so the search must
   * read it; false for no policy and for a 100% instantaneous cap ({@link
   * SharingPolicy#headroomCoversFree}), whose headroom never binds: the search then reads the free
   * capacity run by run, exactly as without a policy, and only the final {@code check} remains.
   */
  private final boolean roomPolicy;

  private final PlanningContext context;
  private final String[] dims;
  private final int horizon;
  private final List<Block> log = new ArrayList<>();
  private final GreedyOptions options;
  private Rejection failure;

  GreedyPlacement(
      PlanView plan, ReservationRequest request, PlanningContext context, GreedyOptions options) {
    this.options = options == null ? GreedyOptions.PAPER : options;
    this.plan = plan;
    this.request = request;
    this.context = context;
    this.policy =
        context.policy() == null || context.policy() instanceof NoSharingPolicy
            ? null
            : context.policy();
    this.roomPolicy = policy != null && !policy.headroomCoversFree();
    this.dims = plan.dimensions().toArray(new String[0]);
    this.horizon = (int) Math.min(Integer.MAX_VALUE, plan.horizon());
  }

  /** Runs the whole placement: validation, traversal, policy check; returns the decision. */
  Decision run(boolean lowPreemption) {
    return run(lowPreemption, Math.max(0, request.arrival()), horizon, true);
  }

  /**
   * The placement within the root range {@code [lo, hi)} (the request's arrival to the horizon for
   * GREE and GREE-L; the mirror's range for {@link GreelPlusPlanner}'s early candidate), with the
   * policy's final check when {@code checkPolicy} (the early candidate checks its reflected
   * allocation against the real plan instead).
   */
  Decision run(boolean lowPreemption, long lo, long hi, boolean checkPolicy) {
    Rejection invalid = RdlChecks.validate(request.rdl());
    if (invalid != null) return Decision.reject(request.id(), invalid);
    if (lo >= hi) {
      return Decision.reject(
          request.id(),
          new Rejection(
              Rejection.Code.WINDOW,
              "",
              lo,
              hi,
              null,
              null,
              "the request arrives at step "
                  + request.arrival()
                  + ", at or after the plan horizon "
                  + hi));
    }
    boolean ok;
    try {
      ok =
          lowPreemption
              ? greel(request.rdl(), "", lo, hi, lo, hi)
              : gree(request.rdl(), "", lo, hi);
    } catch (CancelledException e) {
      return Decision.reject(
          request.id(), Rejection.of(Rejection.Code.STOPPED, "", "planning was cancelled"));
    }
    if (!ok) {
      Rejection r = RdlChecks.infeasibility(request.rdl());
      if (r == null)
        r =
            failure != null
                ? failure
                : Rejection.of(Rejection.Code.CAPACITY, "", "no placement found");
      return Decision.reject(request.id(), r);
    }
    ReservationAllocation alloc = allocation();
    if (policy != null && checkPolicy) {
      var broken = policy.check(plan, request, alloc);
      if (broken.isPresent()) return Decision.reject(request.id(), broken.get());
    }
    return Decision.accept(alloc);
  }

  // ------------------------------------------------------------------ GREE (§4.2)

  /**
   * GREE: right-deep, depth-first, each sub-expression as late as possible within {@code [lo, hi)}.
   * order places its last child first and shrinks the range of the preceding ones to end before the
   * first step the later child uses; all places every child (right to left) in the same range and
   * undoes the partial placement if one fails; any takes the first alternative that fits, trying
   * them right to left (reverseChild) or, with {@code any-order=written}, in the order written;
   * window intersects the range.
   */
  private boolean gree(Rdl e, String path, long lo, long hi) {
    context.cancel().throwIfCancelled();
    if (e instanceof Rdl.Atom a) return placeAtomGree(a, path, lo, hi, true);
    if (e instanceof Rdl.Window w) {
      return gree(
          w.expr(), Rdl.childPath(path, 0), Math.max(lo, w.start()), Math.min(hi, w.finish()));
    }
    List<Rdl> cs = e.children();
    if (e instanceof Rdl.Order) {
      long end = hi;
      for (int i = cs.size() - 1; i >= 0; i--) {
        int mark = log.size();
        if (!gree(cs.get(i), Rdl.childPath(path, i), lo, end)) return false;
        long s = spanStart(mark);
        if (s >= 0) end = s;
      }
      return true;
    }
    if (e instanceof Rdl.All) {
      int mark = log.size();
      for (int i = cs.size() - 1; i >= 0; i--) {
        if (!gree(cs.get(i), Rdl.childPath(path, i), lo, hi)) {
          undo(mark);
          return false;
        }
      }
      return true;
    }
    // any
    Rejection first = null;
    int firstIndex = -1;
    for (int j = 0; j < cs.size(); j++) {
      int i = anyIndex(j, cs.size());
      int mark = log.size();
      if (gree(cs.get(i), Rdl.childPath(path, i), lo, hi)) return true;
      undo(mark);
      if (first == null) {
        first = failure;
        firstIndex = i;
      }
    }
    failure = anyFailure(path, lo, hi, cs.size(), firstIndex, first);
    return false;
  }

  /** The alternative of an {@code any} tried j-th: right to left (the paper), or as written. */
  private int anyIndex(int j, int n) {
    return options.anyWrittenOrder() ? j : n - 1 - j;
  }

  // ------------------------------------------------------------------ GREE-L (Algorithm 1)

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
    context.cancel().throwIfCancelled();
    glo = Math.max(glo, vlo);
    ghi = Math.min(ghi, vhi);
    if (glo >= ghi) {
      glo = vlo;
      ghi = vhi;
    }
    if (e instanceof Rdl.Atom a) {
      if (placeAtomFlat(a, path, glo, ghi)) return true;
      if (!options.flatFallback()) {
        flatFailure(a, path, glo, ghi);
        return false;
      }
      // only the last attempt's failure is reported, so only it is diagnosed
      if ((glo != vlo || ghi != vhi) && placeAtomGree(a, path, glo, ghi, false)) return true;
      return placeAtomGree(a, path, vlo, vhi, true);
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
        int mark = log.size();
        if (!greel(cs.get(i), Rdl.childPath(path, i), vlo, vend, gStart, end)) return false;
        long s = spanStart(mark);
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
      int mark = log.size();
      long end = ghi;
      for (int i = cs.size() - 1; i >= 0; i--) {
        long cLo = glo;
        long cHi = ghi;
        if (!options.guessOrderOnly()) {
          cHi = end;
          cLo = Math.max(vlo, end - guessLength(weights, i, Math.max(0, end - glo)));
        }
        int before = log.size();
        if (!greel(cs.get(i), Rdl.childPath(path, i), vlo, vhi, cLo, cHi)) {
          undo(mark);
          return false;
        }
        long s = spanStart(before);
        if (s >= 0) end = Math.min(end, s);
      }
      return true;
    }
    Rejection first = null;
    int firstIndex = -1;
    boolean[] tried = new boolean[cs.size()];
    for (int j = 0; j < cs.size(); j++) {
      int i = anyIndex(j, cs.size());
      long cLo = glo;
      if (!options.guessOrderOnly()) {
        long sum = 0;
        for (int k = 0; k < cs.size(); k++) if (!tried[k]) sum += weights[k];
        cLo = Math.max(vlo, ghi - guessShare(weights[i], sum, Math.max(0, ghi - glo)));
      }
      tried[i] = true;
      int mark = log.size();
      if (greel(cs.get(i), Rdl.childPath(path, i), vlo, vhi, cLo, ghi)) return true;
      undo(mark);
      if (first == null) {
        first = failure;
        firstIndex = i;
      }
    }
    failure = anyFailure(path, vlo, vhi, cs.size(), firstIndex, first);
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

  // ------------------------------------------------------------------ atoms

  /**
   * GREE's atom placement, scanning {@code [lo, hi)} right to left (§4.2). Work is counted in gang
   * units: q = w/g unit-steps, at most U = floor(h/g) units at once. {@code avail(t)} is the number
   * of units the atom may still add at step t: the free capacity (every dimension must fit; minus
   * this reservation's other tentative atoms; within the user's sharing-policy headroom) divided by
   * g·bundle, at most U, minus what the atom already holds there. The scan keeps the current run of
   * consecutive steps with avail ≥ 1 and its minimum height m (the most constrained point).
   *
   * <ul>
   *   <li>At every step it tries to finish the atom in the run, as tall as possible: k = min(m,
   *       floor(q/l)) units, each held b = floor(q/k) steps, and q mod k of them one step longer,
   *       right-aligned at the run's right end. This succeeds as soon as the run is b (or b+1)
   *       long.
   *   <li>When the run breaks (avail = 0, or the range ends) before that, the run's work is taken
   *       as a block over its right part, as tall as possible: k = min(m, floor(q/l)) units for up
   *       to the run's length, at least l steps, leaving the rest of the work either 0 or at least
   *       l unit-steps (so it can still be held as whole leases; fewer units when no length does).
   *       The scan then restarts at the run's right end, where steps taller than m still have room
   *       (the paper's restart before t_lim).
   * </ul>
   *
   * Every unit is thus held at least l consecutive steps, counts are multiples of g in [g, h], and
   * the blocks sum to w exactly. On an empty plan this finds a placement whenever one exists: with
   * constant room of U' units over n steps an atom fits iff some k ≤ U' has k·l ≤ q ≤ k·n, and then
   * k = min(U', floor(q/l)) also does.
   *
   * <p>The scan reads the room segment by segment ({@link Room}): within a segment avail is
   * constant, so each segment costs the same as one step would, and on a sparse plan the cost
   * depends on the number of segments, not on the length of the range.
   */
  private boolean placeAtomGree(Rdl.Atom atom, String path, long lo0, long hi0, boolean explain) {
    if (atom.work() == 0) return true;
    int lo = (int) Math.max(0, lo0);
    int hi = (int) Math.min(horizon, hi0);
    if (hi <= lo) {
      failure =
          new Rejection(
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
      return false;
    }
    Room room = new Room(atom, lo, hi, roomPolicy);
    List<long[]> blocks = options.stackedScan() ? greeAtom(atom, room) : greeAtomPaper(atom, room);
    if (blocks == null) {
      if (explain) diagnose(atom, path, lo, hi);
      return false;
    }
    for (long[] b : blocks) log.add(block(path, atom, b[0], b[1], b[2]));
    return true;
  }

  /**
   * The GREE scan over the atom's room; the blocks as {from, to, bundles}, or null when it does not
   * fit.
   */
  static List<long[]> greeAtom(Rdl.Atom atom, Room room) {
    long g = atom.gang();
    long maxUnits = atom.maxParallelism() / g;
    long l = atom.minLease();
    long q = atom.work() / g;
    int lo = room.lo;
    List<long[]> blocks = new ArrayList<>(2);
    int end = room.hi;
    while (q > 0) {
      int runEnd = end;
      long m = Long.MAX_VALUE;
      boolean progressed = false;
      int t = end - 1;
      long kq = q / l;
      // b and rem for the last k (k only changes when m does): divisions are the scan's main cost
      long lastK = -1;
      long b = 0;
      long rem = 0;
      while (true) {
        int s;
        long a;
        if (t >= lo) {
          s = Math.max(room.segmentStart(t), heldSegmentStart(blocks, t));
          long fit = room.bundles(t);
          a = Math.min(maxUnits, g == 1 ? fit : fit / g) - heldUnits(blocks, t, g);
        } else {
          s = t;
          a = 0;
        }
        if (a >= 1) {
          // avail is a ≥ 1 on the whole segment [s, t]: m, k, b are the same at each of its steps
          m = Math.min(m, a);
          long k = Math.min(m, kq);
          if (k != lastK) {
            lastK = k;
            b = q / k;
            rem = q - b * k;
          }
          if (runEnd - s >= b + (rem > 0 ? 1 : 0)) {
            blocks.add(new long[] {runEnd - b, runEnd, (k - rem) * g});
            if (rem > 0) blocks.add(new long[] {runEnd - b - 1, runEnd, rem * g});
            return blocks;
          }
          t = s - 1;
          continue;
        }
        // the run [t+1, runEnd) ends here
        long len = runEnd - (t + 1);
        if (len >= l && m != Long.MAX_VALUE) {
          long[] kl = partial(m, len, q, l);
          if (kl != null) {
            blocks.add(new long[] {runEnd - kl[1], runEnd, kl[0] * g});
            q -= kl[0] * kl[1];
            end = runEnd;
            progressed = true;
            break;
          }
        }
        if (t < lo) break;
        // no room on the whole segment [s, t]: the next run can only end at s
        runEnd = s;
        m = Long.MAX_VALUE;
        t = s - 1;
      }
      if (!progressed) return null;
    }
    return blocks;
  }

  /**
   * GREE's atom scan as the paper states it (§4.2, the default, {@code atom-scan=paper}): "we scan
   * the plan right to left and track the maximum available height (up to h) and the most
   * constrained point in time t_lim. When we reach l consecutive instants in time where the height
   * of the allocation exceeds g, we allocate this portion of work. If work remains to be allocated,
   * we restart the search at t_lim − 1." Our reading, exactly:
   *
   * <ul>
   *   <li>Work is counted in gang units (q = w/g unit-steps, at most floor(h/g) units at a step,
   *       avail(t) as in {@link #greeAtom}). A run is a stretch of consecutive steps, right to left
   *       from the restart point, each with avail ≥ 1; m is the least avail in it and t_lim the
   *       first step (the rightmost) where the scan met that least value. A step with avail 0
   *       breaks the run and the scan goes on left of it.
   *   <li>When the run is l steps long, "this portion of work" is a block over those l steps of k
   *       units, k the tallest allowed by m and by the work: k ≤ min(m, floor(q/l)), and the work
   *       left after it 0 or at least l unit-steps (so it can still be held as whole leases).
   *   <li>The one case no such k exists is l &lt; q &lt; 2l: the rest needs a single unit held q
   *       steps, so that last run grows to q steps and gets one unit over all of them.
   *   <li>The scan then restarts at t_lim − 1; steps right of t_lim keep whatever headroom the
   *       block left there and are not revisited.
   * </ul>
   *
   * Every block is a rectangle at least l long, so the allocation holds every unit at least l
   * steps. Unlike {@link #greeAtom} this can reject atoms that fit: on an empty plan with room for
   * 3 units, l = 2 and q = 7 over 3 steps, blocks of 2×2 and then 1×3 from t_lim − 1 do not fit,
   * while 2 units over 2 steps and one over 3 do.
   */
  static List<long[]> greeAtomPaper(Rdl.Atom atom, Room room) {
    long g = atom.gang();
    long maxUnits = atom.maxParallelism() / g;
    long l = atom.minLease();
    long q = atom.work() / g;
    int lo = room.lo;
    List<long[]> blocks = new ArrayList<>(2);
    int t = room.hi - 1;
    while (q > 0) {
      boolean tail = q > l && q < 2 * l;
      long target = tail ? q : l;
      int runEnd = t + 1;
      long m = Long.MAX_VALUE;
      int tlim = -1;
      while (true) {
        if (t < lo) return null;
        // avail is constant on the segment [s, t]
        int s = Math.max(room.segmentStart(t), heldSegmentStart(blocks, t));
        long fit = room.bundles(t);
        long a = Math.min(maxUnits, g == 1 ? fit : fit / g) - heldUnits(blocks, t, g);
        if (a < 1) {
          runEnd = s;
          m = Long.MAX_VALUE;
          t = s - 1;
          continue;
        }
        if (a < m) {
          m = a;
          tlim = t;
        }
        if (runEnd - s >= target) break;
        t = s - 1;
      }
      long k;
      long len;
      if (tail) {
        k = 1;
        len = q;
      } else {
        long[] kl = partial(m, l, q, l);
        k = kl[0];
        len = kl[1];
      }
      addMerged(blocks, runEnd - len, runEnd, k * g);
      q -= k * len;
      t = tlim - 1;
    }
    return blocks;
  }

  /** Adds a block, joining it to the block right of it when that one has the same height. */
  private static void addMerged(List<long[]> blocks, long from, long to, long bundles) {
    for (long[] b : blocks) {
      if (b[0] == to && b[2] == bundles) {
        b[0] = from;
        return;
      }
    }
    blocks.add(new long[] {from, to, bundles});
  }

  /** Units (bundles / g) the atom's own earlier blocks hold at step t. */
  private static long heldUnits(List<long[]> blocks, int t, long g) {
    long u = 0;
    for (int i = 0; i < blocks.size(); i++) {
      long[] b = blocks.get(i);
      if (b[0] <= t && t < b[1]) u += b[2] / g;
    }
    return u;
  }

  /**
   * The latest edge of the atom's own earlier blocks at or before step t (Integer.MIN_VALUE when
   * none).
   */
  private static int heldSegmentStart(List<long[]> blocks, int t) {
    long s = Integer.MIN_VALUE;
    for (int i = 0; i < blocks.size(); i++) {
      long[] b = blocks.get(i);
      if (b[0] <= t && b[0] > s) s = b[0];
      if (b[1] <= t && b[1] > s) s = b[1];
    }
    return (int) s;
  }

  /**
   * The block a broken run gives up: as tall as possible (k ≤ maxK units, at most q/l), each unit
   * for len steps (l ≤ len ≤ maxLen, k·len ≤ q) with the rest of the work 0 or at least l
   * unit-steps; the tallest k for which such a len exists, and then the longest len. Null when
   * none.
   */
  private static long[] partial(long maxK, long maxLen, long q, long l) {
    for (long k = Math.min(maxK, q / l); k >= 1; k--) {
      long len = Math.min(maxLen, q / k);
      if (len < l) continue;
      long rest = q - k * len;
      if (rest > 0 && rest < l) {
        len -= (l - rest + k - 1) / k;
        if (len < l) continue;
      }
      return new long[] {k, len};
    }
    return null;
  }

  /**
   * GREE-L's atom placement: the flattest shape right-aligned in {@code [lo, hi)} of n steps: k =
   * ceil(q/n) units (q = w/g unit-steps), each held b = floor(q/k) steps and q mod k of them one
   * step longer. This needs k ≤ h/g and b ≥ l; when that shape does not exist or does not fit the
   * free capacity the caller falls back to GREE.
   */
  private boolean placeAtomFlat(Rdl.Atom atom, String path, long lo0, long hi0) {
    if (atom.work() == 0) return true;
    int lo = (int) Math.max(0, lo0);
    int hi = (int) Math.min(horizon, hi0);
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
    Room room = new Room(atom, from, hi, roomPolicy);
    if (!room.holds(tall, hi, k * g)) return false;
    if (rem > 0 && !room.holds(from, tall, rem * g)) return false;
    log.add(block(path, atom, hi - b, hi, (k - rem) * g));
    if (rem > 0) log.add(block(path, atom, hi - b - 1, hi, rem * g));
    return true;
  }

  /**
   * Why GREE-L's flat shape of an atom does not fit {@code [lo, hi)} (no fallback), as the failure.
   */
  private void flatFailure(Rdl.Atom atom, String path, long lo0, long hi0) {
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
    failure =
        new Rejection(
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
   * How many bundles of one atom fit at the steps of {@code [lo, hi)}: the minimum over the
   * dimensions the bundle uses of (free − this reservation's tentative use) / bundle, and, when the
   * policy is on, the same over the user's policy headroom. Read segment by segment: {@link
   * #segmentStart} gives the first step of a stretch on which {@link #bundles} is constant (the
   * plan's runs of equal free capacity cut at the edges of the reservation's tentative blocks).
   * With a sharing policy the headroom can change at any step, so the room is computed per step.
   */
  final class Room {
    final int lo;
    final int hi;
    private final long[] need;
    private final double[] inverse;
    private final boolean unknownDim;
    private final long[] dense;

    Room(Rdl.Atom atom, int lo, int hi, boolean withPolicy) {
      this.lo = lo;
      this.hi = hi;
      this.need = new long[dims.length];
      this.inverse = new double[dims.length];
      for (int d = 0; d < dims.length; d++) {
        need[d] = atom.bundle().get(dims[d]);
        inverse[d] = need[d] > 0 ? 1.0 / need[d] : 0;
      }
      boolean unknown = false;
      if (!atom.bundle().extras().isEmpty()) {
        for (Map.Entry<String, Long> en : atom.bundle().extras().entrySet()) {
          if (en.getValue() > 0 && !List.of(dims).contains(en.getKey())) unknown = true;
        }
      }
      this.unknownDim = unknown;
      this.dense = withPolicy && !unknown ? denseWithPolicy() : null;
    }

    /**
     * First step (at least lo) of the stretch ending at t on which {@link #bundles} is constant.
     */
    int segmentStart(int t) {
      if (unknownDim) return lo;
      if (dense != null) return t;
      long s = plan.runStart(t);
      for (int i = 0; i < log.size(); i++) {
        Block b = log.get(i);
        if (b.start() <= t && b.start() > s) s = b.start();
        if (b.end() <= t && b.end() > s) s = b.end();
      }
      return (int) Math.max(lo, s);
    }

    /**
     * True when {@link #bundles} is at least {@code count} at every step of {@code [from, to)}
     * (within the room's range).
     */
    boolean holds(int from, int to, long count) {
      if (unknownDim) return count <= 0;
      boolean overlay = false;
      for (int i = 0; i < log.size() && !overlay; i++)
        overlay = log.get(i).start() < to && from < log.get(i).end();
      if (dense != null || overlay) {
        for (int t = to - 1; t >= from; ) {
          if (bundles(t) < count) return false;
          t = segmentStart(t) - 1;
        }
        return true;
      }
      // no tentative block in the way: the plan answers for every dimension in one pass
      long[] want = new long[need.length];
      for (int d = 0; d < need.length; d++) want[d] = need[d] > 0 ? need[d] * count : -1;
      return plan.fitsEverywhere(want, from, to);
    }

    /** Bundles of the atom that fit at step t. */
    long bundles(int t) {
      if (unknownDim) return 0;
      if (dense != null) return dense[t - lo];
      long out = Long.MAX_VALUE;
      for (int d = 0; d < need.length; d++) {
        long n = need[d];
        if (n <= 0) continue;
        long x = plan.free(d, t) - tentative(d, t);
        if (x <= 0) return 0;
        // x / n through the reciprocal (a long division costs several times more), corrected to
        // exact
        long f;
        if (x < (1L << 50)) {
          f = (long) (x * inverse[d]);
          if (f * n > x) f--;
          else if ((f + 1) * n <= x) f++;
        } else {
          f = x / n;
        }
        if (f < out) out = f;
      }
      return out;
    }

    private long[] denseWithPolicy() {
      long[] out = new long[hi - lo];
      Arrays.fill(out, Long.MAX_VALUE);
      for (int d = 0; d < dims.length; d++) {
        if (need[d] <= 0) continue;
        long[] tent = tentativeRange(d, lo, hi);
        for (int t = lo; t < hi; t++) {
          long x = plan.free(d, t) - tent[t - lo];
          long f = x <= 0 ? 0 : x / need[d];
          if (f < out[t - lo]) out[t - lo] = f;
        }
        // the policy's headroom over the range (the instantaneous cap answers from the plan's
        // index)
        long[] room = policy.headroomRange(plan, request.user(), d, lo, hi);
        for (int t = lo; t < hi; t++) {
          long x = room[t - lo] - tent[t - lo];
          long f = x <= 0 ? 0 : x / need[d];
          if (f < out[t - lo]) out[t - lo] = f;
        }
      }
      return out;
    }
  }

  /** What this reservation's tentative blocks hold of dimension d at step t. */
  private long tentative(int d, int t) {
    long v = 0;
    for (int i = 0; i < log.size(); i++) {
      Block b = log.get(i);
      if (b.start() <= t && t < b.end()) v += b.perDim()[d];
    }
    return v;
  }

  /** {@link #tentative} over {@code [lo, hi)}. */
  private long[] tentativeRange(int d, int lo, int hi) {
    long[] out = new long[hi - lo];
    for (Block b : log) {
      long v = b.perDim()[d];
      if (v == 0) continue;
      for (long t = Math.max(lo, b.start()); t < Math.min(hi, b.end()); t++)
        out[(int) (t - lo)] += v;
    }
    return out;
  }

  private Block block(String path, Rdl.Atom atom, long start, long end, long bundles) {
    long[] perDim = new long[dims.length];
    for (int d = 0; d < dims.length; d++) perDim[d] = atom.bundle().get(dims[d]) * bundles;
    return new Block(path, atom, start, end, bundles, perDim);
  }

  /** Explains why an atom did not fit in {@code [lo, hi)} and records it as the failure. */
  private void diagnose(Rdl.Atom atom, String path, int lo, int hi) {
    long g = atom.gang();
    long hp = (atom.maxParallelism() / g) * g;
    if (roomPolicy) {
      Room free = new Room(atom, lo, hi, false);
      if ((options.stackedScan() ? greeAtom(atom, free) : greeAtomPaper(atom, free)) != null) {
        Room capped = new Room(atom, lo, hi, true);
        long most = 0;
        for (int t = lo; t < hi; t++) most = Math.max(most, capped.bundles(t));
        String detail =
            most < g
                ? "; the policy lets the user hold at most "
                    + most
                    + " such bundles at once, a gang needs "
                    + g
                : "";
        failure =
            new Rejection(
                Rejection.Code.POLICY,
                path,
                (long) lo,
                (long) hi,
                null,
                policy.name(),
                "the free capacity in ["
                    + lo
                    + ","
                    + hi
                    + ") would hold "
                    + atom
                    + ", but user '"
                    + request.user()
                    + "' would exceed the sharing policy "
                    + policy.name()
                    + detail);
        return;
      }
    }
    for (String extra : atom.bundle().extras().keySet()) {
      if (atom.bundle().get(extra) > 0 && !List.of(dims).contains(extra)) {
        failure =
            new Rejection(
                Rejection.Code.CAPACITY,
                path,
                (long) lo,
                (long) hi,
                extra,
                null,
                "the cluster has no " + extra + "; " + atom + " cannot be placed");
        return;
      }
    }
    // per dimension, in one pass over the room's segments: bundle-steps the free capacity could
    // hold, the most bundles free at once, and the most the capacity holds at once
    Room any = new Room(atom, lo, hi, false);
    long[] need = new long[dims.length];
    for (int d = 0; d < dims.length; d++) need[d] = atom.bundle().get(dims[d]);
    long[] sum = new long[dims.length];
    long[] freeMax = new long[dims.length];
    for (int t = hi - 1; t >= lo; ) {
      // the free capacity is the same on the whole segment [s, t]
      int s = any.segmentStart(t);
      for (int d = 0; d < dims.length; d++) {
        if (need[d] <= 0) continue;
        long x = plan.free(d, t) - tentative(d, t);
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
      failure =
          new Rejection(
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
      failure =
          new Rejection(
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
      failure =
          new Rejection(
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
      failure =
          new Rejection(
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

  private Rejection anyFailure(
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

  // ------------------------------------------------------------------ scratch overlay

  private void undo(int mark) {
    for (int i = log.size() - 1; i >= mark; i--) log.remove(i);
  }

  /** First step used by the blocks logged since {@code mark}, or -1 when none. */
  private long spanStart(int mark) {
    long s = Long.MAX_VALUE;
    for (int i = mark; i < log.size(); i++) s = Math.min(s, log.get(i).start());
    return s == Long.MAX_VALUE ? -1 : s;
  }

  private ReservationAllocation allocation() {
    if (log.size() == 1) {
      Block b = log.get(0);
      return new ReservationAllocation(
          request.id(),
          List.of(
              new AtomAllocation(
                  b.path(),
                  b.atom().bundle(),
                  List.of(new Step(b.start(), b.end(), b.bundles())))));
    }
    if (!log.isEmpty() && log.size() <= 8 && onePath()) {
      // one atom in a few blocks: cut time at every block edge and sum what covers each piece
      long[] edges = new long[2 * log.size()];
      for (int i = 0; i < log.size(); i++) {
        edges[2 * i] = log.get(i).start();
        edges[2 * i + 1] = log.get(i).end();
      }
      Arrays.sort(edges);
      List<Step> steps = new ArrayList<>(edges.length);
      for (int i = 0; i + 1 < edges.length; i++) {
        long from = edges[i];
        long to = edges[i + 1];
        if (to == from) continue;
        long n = 0;
        for (Block b : log) if (b.start() <= from && to <= b.end()) n += b.bundles();
        if (n == 0) continue;
        int last = steps.size() - 1;
        if (last >= 0 && steps.get(last).end() == from && steps.get(last).bundles() == n) {
          steps.set(last, new Step(steps.get(last).start(), to, n));
        } else {
          steps.add(new Step(from, to, n));
        }
      }
      Block b = log.get(0);
      return new ReservationAllocation(
          request.id(), List.of(new AtomAllocation(b.path(), b.atom().bundle(), steps)));
    }
    Map<String, TreeMap<Long, Long>> deltas = new LinkedHashMap<>();
    Map<String, Resources> bundles = new LinkedHashMap<>();
    collectAtomPaths(request.rdl(), "", deltas, bundles);
    for (Block b : log) {
      TreeMap<Long, Long> m = deltas.get(b.path());
      m.merge(b.start(), b.bundles(), Long::sum);
      m.merge(b.end(), -b.bundles(), Long::sum);
    }
    List<AtomAllocation> atoms = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Long, Long>> e : deltas.entrySet()) {
      if (e.getValue().isEmpty()) continue;
      List<Step> steps = new ArrayList<>();
      long cur = 0;
      Long from = null;
      for (Map.Entry<Long, Long> x : e.getValue().entrySet()) {
        if (from != null && cur > 0 && x.getKey() > from)
          steps.add(new Step(from, x.getKey(), cur));
        cur += x.getValue();
        from = x.getKey();
      }
      atoms.add(new AtomAllocation(e.getKey(), bundles.get(e.getKey()), steps));
    }
    return new ReservationAllocation(request.id(), atoms);
  }

  private boolean onePath() {
    String p = log.get(0).path();
    for (int i = 1; i < log.size(); i++) if (!log.get(i).path().equals(p)) return false;
    return true;
  }

  private static void collectAtomPaths(
      Rdl e, String path, Map<String, TreeMap<Long, Long>> out, Map<String, Resources> bundles) {
    if (e instanceof Rdl.Atom a) {
      out.put(path, new TreeMap<>());
      bundles.put(path, a.bundle());
      return;
    }
    for (int i = 0; i < e.children().size(); i++) {
      collectAtomPaths(e.children().get(i), Rdl.childPath(path, i), out, bundles);
    }
  }
}
