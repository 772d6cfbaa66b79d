package io.rayon.engine.planning;

import io.rayon.model.rdl.Rdl;
import java.util.ArrayList;
import java.util.List;

/**
 * GREE's two atom scans over an atom's {@link AtomRoom}: the paper's ({@link #greeAtomPaper}, the
 * default, {@code atom-scan=paper}) and ours ({@link #greeAtom}, {@code atom-scan=stacked}). Both
 * return the atom's blocks as {from, to, bundles} or null when it does not fit; neither changes the
 * placement (the caller logs the blocks).
 */
final class AtomScans {
  private AtomScans() {}

  /**
   * GREE's atom scan with {@code atom-scan=stacked} (ours), scanning the room's range {@code [lo,
   * hi)} right to left (§4.2); the blocks as {from, to, bundles}, or null when it does not fit.
   * Work is counted in gang units: q = w/g unit-steps, at most U = floor(h/g) units at once. {@code
   * avail(t)} is the number of units the atom may still add at step t: the free capacity (every
   * dimension must fit; minus this reservation's other tentative atoms; within the user's
   * sharing-policy headroom) divided by g·bundle, at most U, minus what the atom already holds
   * there. The scan keeps the current run of consecutive steps with avail ≥ 1 and its minimum
   * height m (the most constrained point).
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
   * <p>The scan reads the room segment by segment ({@link AtomRoom}): within a segment avail is
   * constant, so each segment costs the same as one step would, and on a sparse plan the cost
   * depends on the number of segments, not on the length of the range.
   */
  static List<long[]> greeAtom(Rdl.Atom atom, AtomRoom room) {
    return greeAtom(atom, room, false);
  }

  /**
   * {@link #greeAtom}, and with {@code fullWidth} (greel-plus's {@code early-shape=rigid}) only on
   * steps where the atom's full width fits: a step counts as room only when it can take K = min(U,
   * floor(q/l)) more units, U the atom's maximum units at once and q the work still to place. So
   * the atom is placed as K units side by side (one rectangle, or a few when a run breaks), never
   * thinner and longer where the room is lower, as Hadoop's greedy agent places a stage's
   * containers in one batch when they fit. A reading of ours (the paper has no such scan): the
   * width is read against the work left, so after a run breaks the last piece may be narrower.
   */
  static List<long[]> greeAtom(Rdl.Atom atom, AtomRoom room, boolean fullWidth) {
    long g = atom.gang();
    long maxUnits = atom.maxParallelism() / g;
    long l = atom.minLease();
    long q = atom.work() / g;
    int lo = room.lo;
    List<long[]> blocks = new ArrayList<>(2);
    int end = room.hi;
    if (fullWidth && room.plain()) {
      // The first pass, while the atom holds nothing yet, asked of the plan run by run (firstPass)
      long kq = q / l;
      long k = Math.min(maxUnits, kq);
      long[] want = k >= 1 ? room.want(k * g) : null;
      if (want != null) {
        long left = firstPass(g, l, q, k, lo, end, want, room, blocks);
        if (left < 0) return null;
        if (left == 0) return blocks;
        // a partial block at the end of a run: the loop below places the rest before it
        q = left;
        end = (int) blocks.get(blocks.size() - 1)[1];
      }
    }
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
          if (fullWidth && a < Math.min(maxUnits, kq)) a = 0;
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
          long[] kl = partial(m, len, q, l, kq);
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
  static List<long[]> greeAtomPaper(Rdl.Atom atom, AtomRoom room) {
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
        long[] kl = partial(m, l, q, l, q / l);
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
   * Where a full-width scan's runs are read from ({@link AtomRoom#lastStep}, or greel-plus's early
   * candidate for a lone atom straight from the plan: {@link LoneAtomEarly}).
   */
  interface Runs {
    /**
     * The last step of {@code [from, to)} where the bundles {@code want} was made for do not fit
     * ({@code shortOnes}), or do (not {@code shortOnes}); {@code from - 1} when there is none.
     */
    int lastStep(int from, int to, long[] want, boolean shortOnes);
  }

  /**
   * The first pass of {@link #greeAtom(Rdl.Atom, AtomRoom, boolean)}'s full-width scan over {@code
   * [lo, end)}, while the atom holds nothing yet, asked run by run of {@code runs}: every step
   * counted as room there gives the width k = min(U, floor(q/l)) ({@code want} is what each
   * dimension must have free for k × g units), so a run's least height does not matter, and the
   * same runs, width and blocks come out as from reading the room segment by segment. Adds the
   * blocks to {@code blocks} and returns the work (per gang member) still to place: 0 when the atom
   * is placed whole, -1 when it fits nowhere, more after a partial block at the end of a run (whose
   * end is then the last block's; the segment loop places the rest before it).
   */
  static long firstPass(
      long g,
      long l,
      long q,
      long k,
      int lo,
      int end,
      long[] want,
      Runs runs,
      List<long[]> blocks) {
    long kq = q / l;
    long b = q / k;
    long rem = q - b * k;
    long span = b + (rem > 0 ? 1 : 0);
    int runEnd = end;
    while (true) {
      int from = (int) Math.max(lo, runEnd - span);
      int shortStep = runs.lastStep(from, runEnd, want, true);
      if (shortStep < from && runEnd - span >= lo) {
        blocks.add(new long[] {runEnd - b, runEnd, (k - rem) * g});
        if (rem > 0) blocks.add(new long[] {runEnd - b - 1, runEnd, rem * g});
        return 0;
      }
      // the run [start, runEnd) ends at that short step, or at the range's start
      int start = shortStep < from ? lo : shortStep + 1;
      long len = runEnd - start;
      long[] kl = len >= l ? partial(k, len, q, l, kq) : null;
      if (kl != null) {
        blocks.add(new long[] {runEnd - kl[1], runEnd, kl[0] * g});
        return q - kl[0] * kl[1];
      }
      if (start <= lo) return -1;
      int room0 = runs.lastStep(lo, shortStep, want, false);
      if (room0 < lo) return -1;
      runEnd = room0 + 1;
    }
  }

  /**
   * The block a broken run gives up: as tall as possible (k ≤ maxK units, at most q/l), each unit
   * for len steps (l ≤ len ≤ maxLen, k·len ≤ q) with the rest of the work 0 or at least l
   * unit-steps; the tallest k for which such a len exists, and then the longest len. Null when
   * none. {@code kq} is {@code q / l} (the caller has it). The same answer as computing {@code len
   * = min(maxLen, q / k)} by division for each k; this one divides only when {@code k * maxLen > q}
   * (then {@code q / k < maxLen}), or when the product might overflow (either factor at least
   * 2^31), since divisions are the scan's main cost.
   */
  static long[] partial(long maxK, long maxLen, long q, long l, long kq) {
    boolean small = (maxLen >>> 31) == 0;
    for (long k = Math.min(maxK, kq); k >= 1; k--) {
      long len;
      long rest;
      if (small && (k >>> 31) == 0 && k * maxLen <= q) {
        len = maxLen; // k * maxLen <= q, so q / k >= maxLen
        rest = q - k * maxLen;
      } else {
        len = Math.min(maxLen, q / k);
        rest = q - k * len;
      }
      if (len < l) continue;
      if (rest > 0 && rest < l) {
        len -= (l - rest + k - 1) / k;
        if (len < l) continue;
      }
      return new long[] {k, len};
    }
    return null;
  }
}
