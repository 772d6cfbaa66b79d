package io.rayon.engine.policy;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * YARN's CapacityOverTimePolicy semantics (Rayon §5.2): an {@link InstantaneousPolicy} cap at every
 * step, plus an integral cap: over every sliding window of {@code windowSteps} consecutive steps,
 * the resource-steps a user holds are at most {@code average} times the capacity-steps of that
 * window, in every dimension. Windows may stick out of the plan: there the user holds nothing and
 * the capacity is taken to continue the value at the nearest edge of the horizon, so a short plan
 * is judged like a long one with the same capacity.
 *
 * <p>{@link #headroom} reports the instantaneous part only; {@link #check} covers both and names
 * the window that breaks the average.
 *
 * <p>Speed. The integral test, read step by step ({@link #checkByScan}), costs the proposal's
 * length plus twice the window per dimension, whatever the plan holds (2 × 1,440 steps at
 * one-minute steps, 2 × 86,400 at one-second steps, for a 24-hour window). {@link #check} skips it
 * exactly where it cannot fail: when the average cap is 100% of the capacity (so the instantaneous
 * cap is too) and the plan is nowhere over capacity ({@link PlanView#knownWithinCapacity}), every
 * step of every window holds at most its capacity once the instantaneous test passed, so no
 * window's sum can exceed the capacity's. That is Hadoop's default policy (100%/100%, 24 h).
 *
 * <p>Below 100% (or on a plan over capacity after a loss), {@link #check} reads the integral test
 * run by run when the range of windows holds few runs: a run is a stretch of steps over which the
 * user's holdings, the proposal and the capacity stay the same ({@link PlanView#runCount}, {@link
 * PlanView#userRunEnd}, {@link PlanView#capacityRunEnd}). The window sums are linear in the
 * window's start between the places where its first or last step crosses the start of a run, so the
 * first window that breaks the average is solved for piece by piece and confirmed by the scan's own
 * test at the found window and the one before; the cost follows the number of runs, not the range's
 * length. Where the test rounds (an average that is no whole number over a power of two, as 80%),
 * the few windows near the solved crossing are read one by one with the exact test. The run-by-run
 * reading costs about ten times more per run than the scan per step (measured on the SWIM workloads
 * at one-minute steps: break-even near one run per 12 steps), so {@link #check} takes it only at
 * one run per {@value #STEPS_PER_RUN} steps or fewer and scans otherwise; both readings give the
 * same verdict and reason, which property tests check against {@link #checkByScan} on generated
 * plans (caps below 100%, windows from one step to beyond the horizon, proposals at both edges,
 * capacity gains and losses, users at exactly the cap).
 *
 * <p>Readings the paper leaves open, as this class reads them: windows that stick out of the plan
 * (above); the cap of a window is {@code average} times its capacity-steps in double precision,
 * compared with the whole resource-steps held ({@code used > average * capSum}), and the message
 * reports the limit rounded down.
 */
public final class CapacityOverTimePolicy extends InstantaneousPolicy {
  private final double average;
  private final long windowSteps;
  private final String label;

  /**
   * When the average cap is a whole number over a small power of two ({@code average == avgNum /
   * 2^avgShift}, as 50%, 75% and 100% are), the average test is settled in whole numbers; else
   * {@code avgShift} is -1.
   */
  private final long avgNum;

  private final int avgShift;

  public CapacityOverTimePolicy(
      double instantaneous, double average, long windowSteps, String label) {
    super(instantaneous);
    if (!(average > 0 && average <= instantaneous)) {
      throw new IllegalArgumentException(
          "average cap must be in (0, instantaneous cap " + instantaneous + "], got " + average);
    }
    if (windowSteps < 1)
      throw new IllegalArgumentException("averaging window must be at least one step");
    this.average = average;
    this.windowSteps = windowSteps;
    this.label = label;
    int shift = -1;
    long num = 0;
    for (int k = 0; k <= 20 && shift < 0; k++) {
      double scaled = Math.scalb(average, k);
      if (scaled == Math.rint(scaled)) {
        shift = k;
        num = (long) scaled;
      }
    }
    this.avgShift = shift;
    this.avgNum = num;
  }

  public double average() {
    return average;
  }

  public long windowSteps() {
    return windowSteps;
  }

  @Override
  public String name() {
    return label;
  }

  @Override
  public Optional<Rejection> check(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal);
    if (r != null) return Optional.of(r);
    if (averageImpliedByInstantaneous(plan)) return Optional.empty();
    return Optional.ofNullable(firstAverageViolationFastest(plan, request, proposal));
  }

  /**
   * {@link #check} of a proposal that fits the free capacity: at a 100% instantaneous cap the
   * instantaneous test cannot fail ({@link InstantaneousPolicy#checkFitting}) and is not read; the
   * average test is {@link #check}'s (none at all when the average is 100% and the plan is within
   * its capacity).
   */
  @Override
  public Optional<Rejection> checkFitting(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    if (!headroomCoversFree()) return check(plan, request, proposal);
    if (averageImpliedByInstantaneous(plan)) return Optional.empty();
    return Optional.ofNullable(firstAverageViolationFastest(plan, request, proposal));
  }

  /**
   * The straightforward check, step by step, with no shortcut: the instantaneous test, then every
   * window that touches the proposal. {@link #check} gives the same answer (the reference for the
   * property test).
   */
  @Override
  public Optional<Rejection> checkByScan(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal, false);
    if (r != null) return Optional.of(r);
    return Optional.ofNullable(firstAverageViolation(plan, request, proposal));
  }

  /**
   * True when, once the instantaneous test passed, no window can break the average: the average cap
   * is at least 100% and no step of the plan holds more than its capacity. Then at every in-horizon
   * step of a window the user holds at most the capacity (at the proposal's steps the instantaneous
   * test said so; elsewhere the user holds part of what the plan holds), outside the horizon
   * nothing, so the window's sum is at most its capacity-steps, exactly, in whole numbers.
   */
  private boolean averageImpliedByInstantaneous(PlanView plan) {
    return average >= 1.0 && plan.knownWithinCapacity();
  }

  /** The first window that breaks the average, or null. */
  private Rejection firstAverageViolation(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    long start = proposal.start();
    if (start < 0) return null;
    long end = proposal.end();
    long h = plan.horizon();
    long w = windowSteps;
    // windows [t, t+w) that touch the proposal: t in [start-w+1, end-1]; values needed on [a, b)
    long a = start - w + 1;
    long b = end - 1 + w;
    long lo = Math.max(0, a);
    long hi = Math.min(h, b);
    List<String> dims = plan.dimensions();
    int n = (int) (b - a);
    int dn = dims.size();
    long[][] use = new long[dn][];
    long[][] cap = new long[dn][];
    TreeMap<Long, Resources> sky = proposal.skyline();
    for (int d = 0; d < dn; d++) {
      String dim = dims.get(d);
      long edgeLo = plan.capacity(d, 0);
      long edgeHi = plan.capacity(d, h - 1);
      long[] c = plan.capacityRange(d, a, b);
      for (long t = a; t < lo; t++) c[(int) (t - a)] = edgeLo;
      for (long t = Math.max(a, h); t < b; t++) c[(int) (t - a)] = edgeHi;
      cap[d] = c;
      use[d] = plan.userAllocatedRange(request.user(), d, a, b);
      Long prev = null;
      long val = 0;
      for (Map.Entry<Long, Resources> e : sky.entrySet()) {
        if (prev != null && val != 0) {
          for (long t = Math.max(prev, Math.max(a, 0));
              t < Math.min(e.getKey(), Math.min(b, h));
              t++) use[d][(int) (t - a)] += val;
        }
        prev = e.getKey();
        val = e.getValue().get(dim);
      }
    }
    for (int d = 0; d < dn; d++) {
      long used = 0;
      long capSum = 0;
      for (int i = 0; i < n; i++) {
        used += use[d][i];
        capSum += cap[d][i];
        if (i >= w) {
          used -= use[d][(int) (i - w)];
          capSum -= cap[d][(int) (i - w)];
        }
        if (i >= w - 1 && used > average * (double) capSum) {
          long ws = a + i - w + 1;
          return averageRejection(request, dims.get(d), ws, used, capSum);
        }
      }
    }
    return null;
  }

  private Rejection averageRejection(
      ReservationRequest request, String dim, long ws, long used, long capSum) {
    return new Rejection(
        Rejection.Code.POLICY,
        "",
        ws,
        ws + windowSteps,
        dim,
        label,
        "user '"
            + request.user()
            + "' would hold "
            + used
            + " "
            + dim
            + "-steps in the window ["
            + ws
            + ","
            + (ws + windowSteps)
            + "), above the average cap of "
            + percent(average)
            + " of capacity (limit "
            + (long) Math.floor(average * capSum)
            + "); maybe move the reservation or reduce its work");
  }

  /** The test of one window, exactly as the step-by-step scan writes it. */
  private boolean over(long used, long capSum) {
    return used > average * (double) capSum;
  }

  /**
   * The run-by-run reading is used when the range holds at most one run per {@value #STEPS_PER_RUN}
   * steps on average ({@link PlanView#runCount}, plus the proposal's changes); else the
   * step-by-step scan, cheaper per step, is used. Both give the same answer: the choice is only
   * about speed.
   */
  static final long STEPS_PER_RUN = 16;

  /**
   * The average test as {@link #check} makes it: {@link #firstAverageViolationByRuns} when the
   * windows' range has few runs, else {@link #firstAverageViolation}.
   */
  private Rejection firstAverageViolationFastest(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    long start = proposal.start();
    if (start < 0) return null;
    long a = start - windowSteps + 1;
    long b = proposal.end() - 1 + windowSteps;
    TreeMap<Long, Resources> sky = proposal.skyline();
    long most = plan.runCount(request.user(), a, b) + sky.size() + 3;
    if (most > (b - a) / STEPS_PER_RUN) return firstAverageViolation(plan, request, proposal);
    Runs runs = runs(plan, request.user(), sky, a, b);
    return firstAverageViolationByRuns(plan, request, proposal, runs);
  }

  /**
   * {@link #check} with the average test always read run by run, however many runs: for tests,
   * which compare it with {@link #checkByScan}.
   */
  Optional<Rejection> checkByRuns(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal) {
    Rejection r = checkInstantaneous(plan, request, proposal);
    if (r != null) return Optional.of(r);
    if (averageImpliedByInstantaneous(plan)) return Optional.empty();
    long start = proposal.start();
    if (start < 0) return Optional.empty();
    long a = start - windowSteps + 1;
    long b = proposal.end() - 1 + windowSteps;
    Runs runs = runs(plan, request.user(), proposal.skyline(), a, b);
    return Optional.ofNullable(firstAverageViolationByRuns(plan, request, proposal, runs));
  }

  /**
   * The runs of {@code [a, b)}: {@code at[j]} is where run j starts ({@code at[0] == a}), {@code
   * at[count - 1] == b} marks the end; over each run the user's holdings, the proposal's ({@code
   * proposal[j]}) and the capacity stay the same.
   */
  private record Runs(long[] at, Resources[] proposal, int count) {}

  /**
   * The runs of {@code [a, b)}, cut where the user's holdings ({@link PlanView#userRunEnd}), the
   * capacity ({@link PlanView#capacityRunEnd}) or the proposal's skyline may change and at the
   * horizon's edges, read in order (three sorted streams merged).
   */
  private static Runs runs(
      PlanView plan, String user, TreeMap<Long, Resources> sky, long a, long b) {
    long h = plan.horizon();
    long lo = Math.max(0, a);
    long hi = Math.min(h, b);
    long[] at = new long[32];
    Resources[] prop = new Resources[32];
    int n = 0;
    at[n] = a;
    prop[n++] = Resources.ZERO;
    if (lo < hi) {
      Map.Entry<Long, Resources> f = sky.floorEntry(lo);
      Resources cur = f == null ? Resources.ZERO : f.getValue();
      Map.Entry<Long, Resources> next = sky.higherEntry(lo);
      long nextUser = lo;
      long nextCap = lo;
      long x = lo;
      while (x < hi) {
        if (x == a) {
          prop[0] = cur;
        } else {
          if (n + 1 >= at.length) {
            at = Arrays.copyOf(at, 2 * at.length);
            prop = Arrays.copyOf(prop, 2 * prop.length);
          }
          at[n] = x;
          prop[n++] = cur;
        }
        if (x == nextUser) nextUser = Math.max(x, plan.userRunEnd(user, x)) + 1;
        if (x == nextCap) nextCap = Math.max(x, plan.capacityRunEnd(x)) + 1;
        long nextKey = next == null ? Long.MAX_VALUE : next.getKey();
        x = Math.min(Math.min(nextUser, nextCap), Math.min(nextKey, hi));
        if (x == nextKey) {
          cur = next.getValue();
          next = sky.higherEntry(x);
        }
      }
      if (hi < b) {
        if (n + 1 >= at.length) {
          at = Arrays.copyOf(at, at.length + 2);
          prop = Arrays.copyOf(prop, prop.length + 2);
        }
        at[n] = hi;
        prop[n++] = Resources.ZERO;
      }
    }
    if (n >= at.length) {
      at = Arrays.copyOf(at, n + 1);
      prop = Arrays.copyOf(prop, n + 1);
    }
    at[n] = b;
    prop[n++] = Resources.ZERO;
    return new Runs(at, prop, n);
  }

  /**
   * {@link #firstAverageViolation} read run by run: the same windows, the same order (dimension by
   * dimension, earliest window first), the same test and the same reason, at a cost proportional to
   * the runs in {@code [start-w+1, end-1+w)} rather than to its length.
   *
   * <p>The window sums U(t) (held) and C(t) (capacity) of the window [t, t+w) change by {@code
   * f(t+w) - f(t)} from t to t+1, so both are linear in t while neither t nor t+w crosses the start
   * of a run: on each such piece {@link #firstOver} finds the first window that breaks the average,
   * and the next piece starts from the sums carried over exactly in whole numbers.
   */
  private Rejection firstAverageViolationByRuns(
      PlanView plan, ReservationRequest request, ReservationAllocation proposal, Runs r) {
    long end = proposal.end();
    long h = plan.horizon();
    long w = windowSteps;
    long a = proposal.start() - w + 1;
    long last = end - 1; // the last window start
    if (last < a) return null;
    String user = request.user();
    long[] cut = r.at();
    int runs = r.count();
    List<String> dims = plan.dimensions();
    long[] u = new long[runs];
    long[] c = new long[runs];
    for (int d = 0; d < dims.size(); d++) {
      String dim = dims.get(d);
      long edgeCapLo = plan.capacity(d, 0);
      long edgeCapHi = plan.capacity(d, h - 1);
      for (int j = 0; j + 1 < runs; j++) {
        long x = cut[j];
        if (x < 0) {
          u[j] = 0;
          c[j] = edgeCapLo;
        } else if (x >= h) {
          u[j] = 0;
          c[j] = edgeCapHi;
        } else {
          u[j] = plan.userAllocated(user, d, x) + r.proposal()[j].get(dim);
          c[j] = plan.capacity(d, x);
        }
      }
      u[runs - 1] = 0;
      c[runs - 1] = 0;
      // the sums of the first window [a, a+w), and the runs holding t and t+w
      long used = 0;
      long capSum = 0;
      int j2 = 0;
      for (; j2 + 1 < runs && cut[j2 + 1] <= a + w; j2++) {
        long len = cut[j2 + 1] - cut[j2];
        used += u[j2] * len;
        capSum += c[j2] * len;
      }
      if (cut[j2] < a + w) {
        long len = a + w - cut[j2];
        used += u[j2] * len;
        capSum += c[j2] * len;
      }
      int j1 = 0;
      long t = a;
      while (t <= last) {
        long pe = Math.min(last, cut[j1 + 1] - 1);
        if (j2 + 1 < runs) pe = Math.min(pe, cut[j2 + 1] - 1 - w);
        long du = u[j2] - u[j1];
        long dc = c[j2] - c[j1];
        long k = firstOver(used, du, capSum, dc, pe - t);
        if (k >= 0) {
          return averageRejection(request, dim, t + k, used + du * k, capSum + dc * k);
        }
        long len = pe + 1 - t;
        used += du * len;
        capSum += dc * len;
        t = pe + 1;
        while (j1 + 1 < runs && cut[j1 + 1] <= t) j1++;
        while (j2 + 1 < runs && cut[j2 + 1] <= t + w) j2++;
      }
    }
    return null;
  }

  /**
   * The first k in [0, n] at which the window with sums {@code used + du*k} held and {@code capSum
   * + dc*k} capacity breaks the average ({@link #over}), or -1.
   *
   * <p>The exact reading, {@code used > average * (double) capSum}, rounds; its answer is found in
   * three ways. When the sums do not change, it is the answer at k = 0. When the average is a whole
   * number over a power of two and the sums are small enough for the double product to be exact,
   * the test is {@code used * 2^s > num * capSum} in whole numbers, linear in k: solved exactly by
   * one division, then confirmed at the found k and k-1. Otherwise the difference {@code used -
   * average * capSum} is linear in k up to rounding far below a margin of 2^-40 of the sums: the
   * steps where it is within the margin of zero (where rounding might matter) are read one by one
   * with the exact test, and the rest follow the sign of the linear function. Whenever a
   * confirmation fails (never seen in the tests) the piece is read step by step.
   */
  private long firstOver(long used, long du, long capSum, long dc, long n) {
    if (over(used, capSum)) return 0;
    if (n == 0 || (du == 0 && dc == 0)) return -1;
    long usedN = used + du * n;
    long capN = capSum + dc * n;
    long maxUsed = Math.max(Math.abs(used), Math.abs(usedN));
    long maxCap = Math.max(Math.abs(capSum), Math.abs(capN));
    if (avgShift >= 0 && maxUsed < (1L << (52 - avgShift)) && maxCap < (1L << 52) / avgNum) {
      // exact: over <=> g(k) = (used << s) - num * capSum + k * slope > 0, with g(0) <= 0
      long g0 = (used << avgShift) - avgNum * capSum;
      long slope = (du << avgShift) - avgNum * dc;
      if (slope <= 0) return -1;
      long k = -g0 / slope + 1;
      if (k > n) return -1;
      if (over(used + du * k, capSum + dc * k) && !over(used + du * (k - 1), capSum + dc * (k - 1)))
        return k;
      return scan(used, du, capSum, dc, 1, n);
    }
    double g0 = used - average * (double) capSum;
    double slope = du - average * (double) dc;
    double margin = Math.scalb((double) maxUsed + average * (double) maxCap + 1, -40);
    if (slope <= 0) {
      // g does not grow: only the first steps, while g > -margin, can break the average
      if (g0 <= -margin) return -1;
      long until = slope == 0 ? n : clamp(Math.floor((g0 + margin) / -slope) + 2, n);
      return scan(used, du, capSum, dc, 1, until);
    }
    // g grows: it passes -margin at about `from` and +margin (sure to break it) at about `sure`
    long from = clamp(Math.ceil((-margin - g0) / slope) - 2, n);
    long sure = clamp(Math.ceil((margin - g0) / slope) + 2, n);
    long k = scan(used, du, capSum, dc, Math.max(1, from), sure);
    return k >= 0 || sure >= n ? k : scan(used, du, capSum, dc, sure + 1, n);
  }

  /** The first k in [from, until] at which the window breaks the average, else -1. */
  private long scan(long used, long du, long capSum, long dc, long from, long until) {
    for (long k = from; k <= until; k++) if (over(used + du * k, capSum + dc * k)) return k;
    return -1;
  }

  private static long clamp(double k, long n) {
    return k <= 0 ? 0 : k >= n ? n : (long) k;
  }
}
