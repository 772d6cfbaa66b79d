package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.TentativePlacement.Block;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How many bundles of one atom fit at the steps of {@code [lo, hi)}: the minimum over the
 * dimensions the bundle uses of (free − this reservation's tentative use) / bundle, and, when the
 * policy is on, the same over the user's policy headroom. Read segment by segment: {@link
 * #segmentStart} gives the first step of a stretch on which {@link #bundles} is constant (the
 * plan's runs of equal free capacity cut at the edges of the reservation's tentative blocks). With
 * a sharing policy the headroom can change at any step, so the room is computed per step. When the
 * room is only the plan's free capacity less a reserve ({@link #plain}), the question "where do at
 * least n bundles fit?" is asked of the plan itself, run by run ({@link #lastStep}).
 */
final class AtomRoom implements AtomScans.Runs {
  final int lo;
  final int hi;
  private final TentativePlacement placement;
  private final PlanView plan;

  /** {@link TentativePlacement#base} and how to read it (see there); base null: through plan. */
  private final Plan base;

  private final boolean mirrored;
  private final long[] reserve;
  private final int last;
  private final String[] dims;
  private final List<Block> log;
  private final long[] need;
  private final double[] inverse;
  private final boolean unknownDim;
  private final long[] dense;

  /**
   * True when some tentative block of the reservation's own overlaps {@code [lo, hi)}, as the log
   * was when this room was made (a room is read by one scan, before that scan's blocks are logged).
   * When none does, the blocks change neither {@link #bundles} nor {@link #segmentStart} at a step
   * of the range, and both skip the log: in an order (GREE-L places its stages right to left) the
   * stages placed before lie after the range, so this is the common case. A block that ends at or
   * before {@code lo} could only move a segment's start to a step at or before {@code lo}, which
   * the clamp to {@code lo} makes {@code lo} anyway; one that starts at or after {@code hi} starts
   * after every step read.
   */
  private final boolean overlay;

  /**
   * The room of {@code atom} in {@code [lo, hi)} on {@code placement}'s plan and tentative blocks,
   * within the policy's headroom when {@code withPolicy}.
   */
  AtomRoom(TentativePlacement placement, Rdl.Atom atom, int lo, int hi, boolean withPolicy) {
    this.lo = lo;
    this.hi = hi;
    this.placement = placement;
    this.plan = placement.plan;
    this.base = placement.base;
    this.mirrored = placement.mirrored;
    this.reserve = placement.reserve;
    this.last = placement.last;
    this.dims = placement.dims;
    this.log = placement.blocks();
    this.need = new long[dims.length];
    this.inverse = new double[dims.length];
    for (int d = 0; d < dims.length; d++) {
      need[d] = atom.bundle().get(dims[d]);
      inverse[d] = need[d] > 0 ? 1.0 / need[d] : 0;
    }
    this.unknownDim = lacksDimension(atom.bundle(), List.of(dims));
    this.dense = withPolicy && !unknownDim ? denseWithPolicy() : null;
    this.overlay = overlaps(lo, hi);
  }

  /** True when some tentative block of the reservation's own overlaps {@code [from, to)}. */
  private boolean overlaps(int from, int to) {
    for (int i = 0; i < log.size(); i++) {
      Block b = log.get(i);
      if (b.start() < to && from < b.end()) return true;
    }
    return false;
  }

  /**
   * First step (at least lo) of the stretch ending at t on which {@link #bundles} is constant; t in
   * {@code [lo, hi)}.
   */
  int segmentStart(int t) {
    if (unknownDim) return lo;
    if (dense != null) return t;
    long s;
    if (base == null) s = plan.runStart(t);
    else s = mirrored ? last - base.runEnd(last - t) : base.runStart(t);
    if (!overlay) return (int) Math.max(lo, s);
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
    if (dense != null || overlaps(from, to)) {
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

  /**
   * True when {@code bundle} needs some of a dimension the plan (of {@code dims}) does not have.
   */
  static boolean lacksDimension(Resources bundle, List<String> dims) {
    if (bundle.extras().isEmpty()) return false;
    for (Map.Entry<String, Long> en : bundle.extras().entrySet()) {
      if (en.getValue() > 0 && !dims.contains(en.getKey())) return true;
    }
    return false;
  }

  /**
   * True when {@link #lastStep} may answer: the room is the plan's free capacity (less the reserve)
   * at every step, read straight from the {@link Plan} under the views, with no policy headroom
   * read per step, no dimension the plan lacks and no tentative block of the reservation's own in
   * the range ({@link #overlay}; blocks outside it change no step of it).
   */
  boolean plain() {
    return base != null && dense == null && !unknownDim && !overlay;
  }

  /**
   * With {@link #plain}: the last step of {@code [from, to)} where fewer than n bundles fit ({@code
   * shortOnes}), or where at least n do (not {@code shortOnes}), {@code want} being {@link
   * #want}{@code (n)}; {@code from - 1} when there is none. Asked of the plan run by run ({@link
   * Plan#lastStep}, or {@link Plan#firstStep} through the mirror): at least n bundles fit at a step
   * exactly when every dimension the bundle uses has {@code n × bundle + reserve} free there. When
   * {@link #want} is null the caller reads the room segment by segment instead.
   */
  @Override
  public int lastStep(int from, int to, long[] want, boolean shortOnes) {
    if (!mirrored) return (int) base.lastStep(want, from, to, shortOnes);
    return mirroredLastStep(base, last, from, to, want, shortOnes);
  }

  /**
   * {@link #lastStep} on the mirror of {@code base} whose last step is {@code last} (the mirror's
   * step t is the plan's {@code last - t}): the last room step is the first plan step.
   */
  static int mirroredLastStep(
      Plan base, int last, int from, int to, long[] want, boolean shortOnes) {
    if (to <= from) return from - 1;
    long end = (long) last - from + 1;
    long p = base.firstStep(want, (long) last - to + 1, end, shortOnes);
    return p == end ? from - 1 : (int) (last - p);
  }

  /**
   * What each dimension must have free for {@code count} bundles to fit ({@link #lastStep}): {@code
   * count × bundle + reserve} where the bundle uses it, -1 (not read) where it does not; null when
   * a product or sum overflows, or a reserve is negative (a need below 0 would read as "not read").
   */
  long[] want(long count) {
    return want(count, need, reserve);
  }

  /** {@link #want} for a bundle of {@code need} per dimension and a reserve (or null for none). */
  static long[] want(long count, long[] need, long[] reserve) {
    long[] w = new long[need.length];
    for (int d = 0; d < need.length; d++) {
      if (need[d] <= 0) {
        w[d] = -1;
        continue;
      }
      long hi = Math.multiplyHigh(count, need[d]);
      long x = count * need[d];
      if (hi != 0 || x < 0) return null;
      long r = reserve == null ? 0 : reserve[d];
      if (r < 0 || x > Long.MAX_VALUE - r) return null;
      w[d] = x + r;
    }
    return w;
  }

  /** Bundles of the atom that fit at step t, in {@code [lo, hi)}. */
  long bundles(int t) {
    if (unknownDim) return 0;
    if (dense != null) return dense[t - lo];
    long out = Long.MAX_VALUE;
    for (int d = 0; d < need.length; d++) {
      long n = need[d];
      if (n <= 0) continue;
      long free;
      if (base == null) free = plan.free(d, t);
      else free = base.free(d, mirrored ? last - t : t) - (reserve == null ? 0 : reserve[d]);
      long x = overlay ? free - placement.tentative(d, t) : free;
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
      long[] tent = placement.tentativeRange(d, lo, hi);
      for (int t = lo; t < hi; t++) {
        long x = plan.free(d, t) - tent[t - lo];
        long f = x <= 0 ? 0 : x / need[d];
        if (f < out[t - lo]) out[t - lo] = f;
      }
      // the policy's headroom over the range (the instantaneous cap answers from the plan's
      // index)
      long[] room = placement.policy.headroomRange(plan, placement.request.user(), d, lo, hi);
      for (int t = lo; t < hi; t++) {
        long x = room[t - lo] - tent[t - lo];
        long f = x <= 0 ? 0 : x / need[d];
        if (f < out[t - lo]) out[t - lo] = f;
      }
    }
    return out;
  }
}
