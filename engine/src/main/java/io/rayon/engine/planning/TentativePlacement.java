package io.rayon.engine.planning;

import io.rayon.engine.plan.Plan;
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
 * One reservation's placement in progress, shared by GREE ({@link GreeTraversal}) and GREE-L
 * ({@link GreeLTraversal}): a scratch overlay on a read-only plan holding the reservation's own
 * tentative blocks (a log, with marks to undo a failed {@code all} or {@code any} branch), GREE's
 * atom placement into it ({@link AtomScans}), the failure to report ({@link RejectionReasons}) and
 * the allocation built from the log. Used once, then thrown away; never changes the plan.
 */
final class TentativePlacement {
  /**
   * A traversal of the RDL tree that places the root within {@code [lo, hi)} into a placement's
   * log, true when it fits.
   */
  interface Traversal {
    boolean place(Rdl root, long lo, long hi);
  }

  /**
   * One tentative rectangle: {@code bundles} bundles of an atom over {@code [start, end)}; {@code
   * perDim} is what it holds of each plan dimension.
   */
  record Block(String path, Rdl.Atom atom, long start, long end, long bundles, long[] perDim) {}

  final PlanView plan;
  final ReservationRequest request;

  /** The sharing policy to respect, null for none. */
  final SharingPolicy policy;

  /**
   * True when the policy's headroom can bind tighter than the free capacity, so the search must
   * read it; false for no policy and for a 100% instantaneous cap ({@link
   * SharingPolicy#headroomCoversFree}), whose headroom never binds: the search then reads the free
   * capacity run by run, exactly as without a policy, and only the final {@code check} remains.
   */
  final boolean roomPolicy;

  final PlanningContext context;

  /**
   * The {@link Plan} under {@link #plan} when {@link #plan} is that plan, its {@link TimeMirror}
   * (then {@link #mirrored}), a {@link ReservedView} of it ({@link #reserve}) or the mirror of one;
   * else null. The atom scans read free capacity and runs from it directly, as the views would
   * answer (the view's step t is the plan's {@code last - t} when mirrored, and the reserve is
   * taken off), instead of through one or two views per read.
   */
  final Plan base;

  final boolean mirrored;

  /**
   * The reserve per dimension when {@link #base} is seen through a {@link ReservedView}, or null.
   */
  final long[] reserve;

  /** The last step of the horizon: the mirror's step t is the plan's {@code last - t}. */
  final int last;

  final String[] dims;
  final int horizon;
  final GreedyOptions options;
  private final List<Block> log = new ArrayList<>();
  private Rejection failure;
  private boolean reasons;

  /**
   * False when an atom's diagnosis is left out of the reason ({@link PlanningContext#diagnosed}).
   */
  private final boolean diagnosed;

  private boolean validated;
  private boolean aligned;
  private boolean fullWidth;

  /** The mirror to reflect the allocation back through ({@link #unmirroredBy}), or null. */
  private TimeMirror unmirror;

  TentativePlacement(
      PlanView plan, ReservationRequest request, PlanningContext context, GreedyOptions options) {
    this.options = options == null ? GreedyOptions.PAPER : options;
    this.plan = plan;
    this.request = request;
    this.context = context == null ? PlanningContext.DEFAULT : context;
    this.reasons = this.context.reasonsRead();
    this.diagnosed = this.context.diagnosed();
    this.policy = policyOf(this.context);
    this.roomPolicy = policy != null && !policy.headroomCoversFree();
    this.dims = plan.dimensions().toArray(new String[0]);
    this.horizon = (int) Math.min(Integer.MAX_VALUE, plan.horizon());
    PlanView v = plan;
    boolean m = false;
    if (v instanceof TimeMirror.View mv) {
      m = true;
      v = mv.reflected();
    }
    long[] r = null;
    if (v instanceof ReservedView rv) {
      r = rv.reserveByDimension();
      v = rv.base();
    }
    this.base = v instanceof Plan p && p.horizon() == plan.horizon() ? p : null;
    this.mirrored = m;
    this.reserve = r;
    this.last = horizon - 1;
  }

  /** The context's sharing policy to respect, null for none ({@link NoSharingPolicy} included). */
  static SharingPolicy policyOf(PlanningContext context) {
    SharingPolicy p = context.policy();
    return p == null || p instanceof NoSharingPolicy ? null : p;
  }

  /**
   * For a caller that throws a failed placement's reason away (greel-plus's early candidate; also
   * set by a context whose {@link PlanningContext#reasonsRead} is false): an atom that does not fit
   * is not diagnosed ({@link RejectionReasons#diagnose}, a scan of the range per dimension), nor is
   * the expression asked why it could never fit ({@link RdlChecks#infeasibility}): a rejection says
   * only "no placement found" (code {@code CAPACITY}). Decisions are unchanged.
   */
  TentativePlacement withoutReasons() {
    reasons = false;
    return this;
  }

  /**
   * For greel-plus's {@code aligned} candidate: every atom GREE's traversal meets is placed by
   * {@link AlignedScan} (Hadoop's low-cost aligned stage placement) instead of GREE's scan.
   */
  TentativePlacement alignedAtoms() {
    aligned = true;
    return this;
  }

  /**
   * For greel-plus's {@code early-shape=rigid}: GREE's stacked scan counts as room only the steps
   * where an atom's full width fits ({@link AtomScans#greeAtom(Rdl.Atom, AtomRoom, boolean)}), so
   * no atom is stretched thinner and longer than its shape; used with GREE's traversal.
   */
  TentativePlacement fullWidthAtoms() {
    fullWidth = true;
    return this;
  }

  /**
   * For greel-plus's early candidate, placed on {@code m}'s view of the plan: the accepted decision
   * carries the allocation reflected back to the plan ({@link TimeMirror#unmirror}), built once (a
   * single block straight from the log). The policy is not checked here ({@link #run} refuses to):
   * the caller checks the reflected allocation against the real plan.
   */
  TentativePlacement unmirroredBy(TimeMirror m) {
    unmirror = m;
    return this;
  }

  /**
   * For a caller that has already checked the request's expression ({@link RdlChecks#validate}
   * returned no rejection): {@link #run} does not check it again.
   */
  TentativePlacement validated() {
    validated = true;
    return this;
  }

  /**
   * Runs the whole placement from the request's arrival to the horizon: validation, the traversal,
   * the policy's check; returns the decision.
   */
  Decision run(Traversal traversal) {
    return run(traversal, Math.max(0, request.arrival()), horizon, true);
  }

  /**
   * The placement within the root range {@code [lo, hi)} (the request's arrival to the horizon for
   * GREE and GREE-L; the mirror's range for {@link GreelPlusPlanner}'s early candidate), with the
   * policy's final check when {@code checkPolicy} (the early candidate checks its reflected
   * allocation against the real plan instead).
   */
  Decision run(Traversal traversal, long lo, long hi, boolean checkPolicy) {
    Rejection invalid = validated ? null : RdlChecks.validate(request.rdl());
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
      ok = traversal.place(request.rdl(), lo, hi);
    } catch (CancelledException e) {
      return Decision.reject(
          request.id(), Rejection.of(Rejection.Code.STOPPED, "", "planning was cancelled"));
    }
    if (!ok) {
      // a caller that throws the reason away (withoutReasons, or a context whose caller reads none)
      // is not told the more fundamental one
      if (!reasons)
        return Decision.reject(
            request.id(), Rejection.of(Rejection.Code.CAPACITY, "", "no placement found"));
      Rejection r = RdlChecks.infeasibility(request.rdl());
      if (r == null)
        r =
            failure != null
                ? failure
                : Rejection.of(Rejection.Code.CAPACITY, "", "no placement found");
      return Decision.reject(request.id(), r);
    }
    if (unmirror != null) {
      if (checkPolicy)
        throw new IllegalStateException("an unmirrored placement's policy check is its caller's");
      if (log.size() == 1) {
        Block b = log.get(0);
        return Decision.accept(
            unmirror.unmirrorBlock(
                request.id(), b.path(), b.atom().bundle(), b.start(), b.end(), b.bundles()));
      }
      return Decision.accept(unmirror.unmirror(allocation()));
    }
    ReservationAllocation alloc = allocation();
    if (policy != null && checkPolicy) {
      // the log's blocks were each placed within the free capacity less the blocks before them
      var broken = policy.checkFitting(plan, request, alloc);
      if (broken.isPresent()) return Decision.reject(request.id(), broken.get());
    }
    return Decision.accept(alloc);
  }

  /** The reason of the last failure, null when none was recorded. */
  Rejection failure() {
    return failure;
  }

  void fail(Rejection reason) {
    failure = reason;
  }

  /**
   * The alternative of an {@code any} tried j-th of n: right to left (the paper), or as written
   * ({@code any-order=written}).
   */
  int anyIndex(int j, int n) {
    return options.anyWrittenOrder() ? j : n - 1 - j;
  }

  // ------------------------------------------------------------------ GREE's atom placement

  /**
   * GREE's placement of an atom in {@code [lo0, hi0)} (cut to the plan), by the scan {@code
   * atom-scan} names ({@link AtomScans#greeAtomPaper}, or {@link AtomScans#greeAtom} for {@code
   * stacked}); its blocks go into the log. When it does not fit and {@code explain}, the reason is
   * diagnosed ({@link RejectionReasons#diagnose}; {@link RejectionReasons#notDiagnosed} when the
   * context says the diagnosis is not read now); an empty range is always the failure.
   */
  boolean placeAtomGree(Rdl.Atom atom, String path, long lo0, long hi0, boolean explain) {
    if (atom.work() == 0) return true;
    int lo = (int) Math.max(0, lo0);
    int hi = (int) Math.min(horizon, hi0);
    if (hi <= lo) {
      failure = RejectionReasons.emptyRange(path, lo0, hi0, horizon);
      return false;
    }
    AtomRoom room = new AtomRoom(this, atom, lo, hi, roomPolicy);
    List<long[]> blocks = scan(atom, room);
    if (blocks == null) {
      if (explain && reasons)
        failure =
            diagnosed
                ? RejectionReasons.diagnose(this, atom, path, lo, hi)
                : RejectionReasons.notDiagnosed(path, lo, hi);
      return false;
    }
    for (long[] b : blocks) log.add(block(path, atom, b[0], b[1], b[2]));
    return true;
  }

  /** The atom scan of the options over {@code room}; the blocks, or null when it does not fit. */
  List<long[]> scan(Rdl.Atom atom, AtomRoom room) {
    if (aligned) return AlignedScan.place(atom, room, this);
    if (fullWidth) return AtomScans.greeAtom(atom, room, true);
    return options.stackedScan()
        ? AtomScans.greeAtom(atom, room)
        : AtomScans.greeAtomPaper(atom, room);
  }

  // ------------------------------------------------------------------ scratch overlay

  /** The tentative blocks so far, in the order placed (read only). */
  List<Block> blocks() {
    return log;
  }

  /** A mark to {@link #undo} to, and from which {@link #spanStart} looks. */
  int mark() {
    return log.size();
  }

  /** Adds a tentative block of {@code bundles} bundles of an atom over {@code [start, end)}. */
  void add(String path, Rdl.Atom atom, long start, long end, long bundles) {
    log.add(block(path, atom, start, end, bundles));
  }

  /** Drops the blocks logged since {@code mark}. */
  void undo(int mark) {
    for (int i = log.size() - 1; i >= mark; i--) log.remove(i);
  }

  /** First step used by the blocks logged since {@code mark}, or -1 when none. */
  long spanStart(int mark) {
    long s = Long.MAX_VALUE;
    for (int i = mark; i < log.size(); i++) s = Math.min(s, log.get(i).start());
    return s == Long.MAX_VALUE ? -1 : s;
  }

  /** What this reservation's tentative blocks hold of dimension d at step t. */
  long tentative(int d, int t) {
    long v = 0;
    for (int i = 0; i < log.size(); i++) {
      Block b = log.get(i);
      if (b.start() <= t && t < b.end()) v += b.perDim()[d];
    }
    return v;
  }

  /** {@link #tentative} over {@code [lo, hi)}. */
  long[] tentativeRange(int d, int lo, int hi) {
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

  // ------------------------------------------------------------------ the allocation

  /** The allocation the log holds: per atom path, its steps. */
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
