package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * greel-plus's early candidate at {@code early-shape=rigid} for a request whose expression is one
 * atom, or one window around an atom (every request of the harness's workloads (ii) and (iii), and
 * of KTH's, NASA's and Alibaba's), decided straight from the {@link Plan}: the same decision and
 * allocation as the general early candidate ({@code GreelPlusPlanner}: the request mirrored in
 * time, GREE's traversal in a {@link TentativePlacement} on the mirror of the plan, the atom by the
 * full-width scan, the allocation reflected back), without building the mirror, the mirrored
 * request, the placement or its room.
 *
 * <p>What the general path does for such a request, step by step, and this class does in the same
 * order with the same numbers: the mirrored window is {@code [max(0, h − f), min(h, h − max(0,
 * s)))}, empty means no early candidate; GREE's traversal cuts it to the mirror's range {@code [0,
 * h − arrival)} and to the horizon; the atom's room there is plain ({@link AtomRoom#plain}: the
 * plan's free capacity less the reserve, no policy headroom, no dimension the plan lacks, nothing
 * held yet), so the full-width scan's first pass ({@link AtomScans#firstPass}) reads the plan's
 * runs through the mirror ({@link AtomRoom#mirroredLastStep}). When that pass places the atom whole
 * in one block, or finds that it fits nowhere, that is the decision; in every other case (a partial
 * block, two blocks of unequal widths, a width or a want that cannot be formed, a dimension the
 * plan lacks, a policy whose headroom the search must read, a cancelled context) this class does
 * not decide, and the general path runs from the start.
 */
final class LoneAtomEarly {
  private LoneAtomEarly() {}

  /** What the general path must decide. */
  static final Outcome UNDECIDED = new Outcome(null);

  /** No early candidate: the atom fits nowhere in its range. */
  static final Outcome NO_FIT = new Outcome(null);

  /**
   * The decision: {@link #UNDECIDED}, {@link #NO_FIT} (told apart by identity), or the candidate's
   * allocation.
   */
  static final class Outcome {
    final ReservationAllocation allocation;

    private Outcome(ReservationAllocation allocation) {
      this.allocation = allocation;
    }
  }

  /**
   * The early candidate of {@code request} on {@code plan} read through a reserve of {@code
   * reserve} per dimension of the plan (null for none), before the sharing policy's final check
   * (the caller's, as for the general path); {@code arrival} is the request's arrival cut to 0 and
   * below the horizon.
   */
  static Outcome place(
      Plan plan, long[] reserve, ReservationRequest request, long arrival, PlanningContext ctx) {
    SharingPolicy policy = TentativePlacement.policyOf(ctx);
    if (policy != null && !policy.headroomCoversFree()) return UNDECIDED;
    if (ctx.cancel().isCancelled()) return UNDECIDED;
    long h = plan.horizon();
    int horizon = (int) Math.min(Integer.MAX_VALUE, h);
    Rdl e = request.rdl();
    // the mirror's range, then the window's mirror cut to it (GreeTraversal on TimeMirror#request)
    long lo0 = 0;
    long hi0 = h - arrival;
    String path = "";
    Rdl.Atom atom;
    if (e instanceof Rdl.Atom a) {
      atom = a;
    } else if (e instanceof Rdl.Window w && w.expr() instanceof Rdl.Atom a) {
      long s = TimeMirror.reflectedStart(h, w);
      long f = TimeMirror.reflectedFinish(h, w);
      if (f <= s) return NO_FIT;
      lo0 = Math.max(lo0, s);
      hi0 = Math.min(hi0, f);
      path = Rdl.childPath(path, 0);
      atom = a;
    } else {
      return UNDECIDED;
    }
    if (atom.work() == 0) return UNDECIDED;
    int lo = (int) Math.max(0, lo0);
    int hi = (int) Math.min(horizon, hi0);
    if (hi <= lo) return NO_FIT;
    List<String> dims = plan.dimensions();
    Resources bundle = atom.bundle();
    if (AtomRoom.lacksDimension(bundle, dims)) return UNDECIDED;
    long[] need = new long[dims.size()];
    for (int d = 0; d < need.length; d++) need[d] = bundle.get(dims.get(d));
    long g = atom.gang();
    long l = atom.minLease();
    long q = atom.work() / g;
    long k = Math.min(atom.maxParallelism() / g, q / l);
    long[] want = k >= 1 ? AtomRoom.want(k * g, need, reserve) : null;
    if (want == null) return UNDECIDED;
    int last = horizon - 1;
    List<long[]> blocks = new ArrayList<>(2);
    long left =
        AtomScans.firstPass(
            g,
            l,
            q,
            k,
            lo,
            hi,
            want,
            (from, to, w, shortOnes) ->
                AtomRoom.mirroredLastStep(plan, last, from, to, w, shortOnes),
            blocks);
    if (left < 0) return NO_FIT;
    if (left > 0 || blocks.size() != 1) return UNDECIDED;
    long[] b = blocks.get(0);
    return new Outcome(TimeMirror.reflectedBlock(h, request.id(), path, bundle, b[0], b[1], b[2]));
  }
}
