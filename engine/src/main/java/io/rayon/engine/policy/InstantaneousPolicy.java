package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * At every step one user's reservations together hold at most {@code fraction} of the capacity at
 * that step, in every dimension (the cap is rounded down to whole MB, vcores, ...).
 *
 * <p>At a 100% cap the check reads a proposal's segments run by run against the free capacity first
 * (exact: what fits the free capacity is within the cap) and step by step only where that fails, so
 * it costs the plan's runs, not the proposal's steps. Where it reads a segment step by step (below
 * 100%, or where the free capacity falls short), a segment with few runs of the user's holdings and
 * the capacity (one per {@value #STEPS_PER_RUN_INSTANT} steps or fewer, {@link PlanView#runCount})
 * is read run by run instead: the test is the same at every step of such a run, so it is made at
 * the run's first step in the segment, the step the scan would name. {@link #checkByScan} reads
 * every step; property tests check that both give the same verdict and reason.
 */
public class InstantaneousPolicy implements SharingPolicy {
  protected final double fraction;

  public InstantaneousPolicy(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException(
          "instantaneous cap must be a fraction in (0, 1], got " + fraction);
    }
    this.fraction = fraction;
  }

  public double fraction() {
    return fraction;
  }

  @Override
  public String name() {
    return "instantaneous:" + fraction;
  }

  /**
   * A cap of 100% (or more) never binds beyond the free capacity: the headroom is capacity minus
   * what the user holds, the free capacity is capacity minus what everybody holds, and a user holds
   * part of what everybody holds.
   */
  @Override
  public boolean headroomCoversFree() {
    return fraction >= 1.0;
  }

  /** The cap of one user at the step. */
  public Resources cap(PlanView plan, long step) {
    return plan.capacityAt(step).scale(fraction);
  }

  @Override
  public final Resources headroom(PlanView plan, String user, long step) {
    return cap(plan, step).minus(plan.userAllocatedAt(user, step));
  }

  @Override
  public final long headroom(PlanView plan, String user, int dim, long step) {
    return (long) Math.floor(plan.capacity(dim, step) * fraction)
        - plan.userAllocated(user, dim, step);
  }

  /** The instantaneous cap over a range, read in bulk from the plan's indexes. */
  @Override
  public final long[] headroomRange(PlanView plan, String user, int dim, long from, long to) {
    long[] caps = plan.capacityRange(dim, from, to);
    long[] held = plan.userAllocatedRange(user, dim, from, to);
    long[] out = new long[caps.length];
    for (int i = 0; i < out.length; i++) out[i] = (long) Math.floor(caps[i] * fraction) - held[i];
    return out;
  }

  @Override
  public Optional<Rejection> check(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return Optional.ofNullable(checkInstantaneous(plan, request, proposal));
  }

  /**
   * At a 100% cap ({@link #headroomCoversFree}) a proposal that fits the free capacity passes
   * without reading the plan (the user holds part of what the plan holds: held + need ≤ allocated +
   * free = capacity at every step); below it, {@link #check}.
   */
  @Override
  public Optional<Rejection> checkFitting(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return headroomCoversFree() ? Optional.empty() : check(plan, request, proposal);
  }

  /**
   * The straightforward check, step by step, with no shortcut; {@link #check} gives the same answer
   * (the reference for the property test).
   */
  public Optional<Rejection> checkByScan(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return Optional.ofNullable(checkInstantaneous(plan, request, proposal, false));
  }

  protected final Rejection checkInstantaneous(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return checkInstantaneous(plan, request, proposal, true);
  }

  /**
   * The first step over the cap, or null; {@code shortcut}: settle segments that fit the free
   * capacity at a 100% cap.
   */
  protected final Rejection checkInstantaneous(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal, boolean shortcut) {
    return checkInstantaneous(
        plan, request, proposal, shortcut, shortcut ? STEPS_PER_RUN_INSTANT : -1);
  }

  /**
   * {@link #check}'s instantaneous test with every segment read run by run, however many runs: for
   * tests, which compare it with {@link #checkByScan}.
   */
  final Optional<Rejection> checkInstantaneousByRuns(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    return Optional.ofNullable(checkInstantaneous(plan, request, proposal, true, 0));
  }

  /**
   * As above; a segment is read run by run when it has at most one run per {@code stepsPerRun}
   * steps (never when negative).
   */
  private Rejection checkInstantaneous(
      PlanView plan,
      ReservationRequest request,
      ReservationAllocation proposal,
      boolean shortcut,
      long stepsPerRun) {
    List<String> dims = plan.dimensions();
    TreeMap<Long, Resources> sky = proposal.skyline();
    Long from = null;
    Resources cur = Resources.ZERO;
    boolean full = shortcut && fraction >= 1.0;
    for (Map.Entry<Long, Resources> e : sky.entrySet()) {
      if (from != null && !cur.isZero() && !(full && fitsFree(plan, dims, cur, from, e.getKey()))) {
        boolean byRuns =
            stepsPerRun >= 0
                && plan.runCount(request.user(), from, e.getKey()) * stepsPerRun
                    <= e.getKey() - from;
        for (int d = 0; d < dims.size(); d++) {
          long need = cur.get(dims.get(d));
          if (need <= 0) continue;
          if (byRuns) {
            Rejection r = firstOverCapByRuns(plan, request, d, need, from, e.getKey());
            if (r != null) return r;
            continue;
          }
          long[] caps = plan.capacityRange(d, from, e.getKey());
          long[] held = plan.userAllocatedRange(request.user(), d, from, e.getKey());
          for (long t = from; t < e.getKey(); t++) {
            long cap = (long) Math.floor(caps[(int) (t - from)] * fraction);
            long total = held[(int) (t - from)] + need;
            if (total > cap) return instantRejection(request, dims.get(d), t, total, cap);
          }
        }
      }
      from = e.getKey();
      cur = e.getValue();
    }
    return null;
  }

  /**
   * The run-by-run reading is used for a segment when it holds at most one run per {@value
   * #STEPS_PER_RUN_INSTANT} steps ({@link PlanView#runCount}); else the step-by-step reading. Both
   * give the same answer: the choice is only about speed.
   */
  static final long STEPS_PER_RUN_INSTANT = 8;

  /**
   * The first step of {@code [from, to)} where the user would hold more than the cap of dimension
   * {@code d} with {@code need} more, read run by run: over a run of equal holdings and capacity
   * ({@link PlanView#userRunEnd}, {@link PlanView#capacityRunEnd}) the test is the same at every
   * step, so it is made once, at the run's first step in the range, which is the step the scan
   * would name.
   */
  private Rejection firstOverCapByRuns(
      PlanView plan, ReservationRequest request, int d, long need, long from, long to) {
    String user = request.user();
    for (long t = from; t < to; ) {
      long cap = (long) Math.floor(plan.capacity(d, t) * fraction);
      long total = plan.userAllocated(user, d, t) + need;
      if (total > cap) return instantRejection(request, plan.dimensions().get(d), t, total, cap);
      long e = Math.min(plan.userRunEnd(user, t), plan.capacityRunEnd(t));
      t = Math.max(t, e) + 1;
    }
    return null;
  }

  private Rejection instantRejection(
      ReservationRequest request, String dim, long t, long total, long cap) {
    return new Rejection(
        Rejection.Code.POLICY,
        "",
        t,
        t + 1,
        dim,
        "instantaneous:" + fraction,
        "user '"
            + request.user()
            + "' would hold "
            + total
            + " "
            + dim
            + " at step "
            + t
            + ", above the instantaneous cap of "
            + percent(fraction)
            + " of capacity ("
            + cap
            + "); maybe lower the parallelism or widen the window");
  }

  /**
   * True when {@code need} fits the plan's free capacity at every step of {@code [from, to)} (read
   * run by run). At a 100% cap that settles the segment exactly: the user holds part of what the
   * plan holds, so what they would hold is at most the capacity; when it does not fit, the caller
   * reads the segment step by step to name the step.
   */
  private static boolean fitsFree(
      PlanView plan, List<String> dims, Resources need, long from, long to) {
    long[] want = new long[dims.size()];
    for (int d = 0; d < want.length; d++) {
      long n = need.get(dims.get(d));
      want[d] = n > 0 ? n : -1;
    }
    return plan.fitsEverywhere(want, from, to);
  }

  static String percent(double f) {
    double p = f * 100;
    return (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p)) + "%";
  }
}
