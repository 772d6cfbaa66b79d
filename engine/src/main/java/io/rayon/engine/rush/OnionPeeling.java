package io.rayon.engine.rush;

import io.rayon.model.rush.UtilityFunction;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Algorithm 3 (onion peeling, §III.B): target completion times that maximise the jobs' utilities in
 * lexicographic max-min order, layer by layer, each layer a bisection on the common utility level L
 * with the feasibility test (12).
 *
 * <p>Model. Every job j has {@code work} container-seconds still to schedule (its η minus what its
 * running tasks will still run) and may not complete before {@code earliest} (now, or later while
 * its own running tasks last). The cluster has {@code C} containers; containers busy with running
 * tasks are busy for their expected residual ρ_c, so the capacity free for scheduling by time t is
 * {@code Cap(t) = C·(t − now) − Σ_c min(ρ_c, t − now)}. Work is divisible between containers, as in
 * the paper's TAS problem (continuity is restored by Algorithm 4).
 *
 * <p>Feasibility of a level L (line 7 with the G of lines 1 and 15): each remaining job must end by
 * its deadline {@code D_j(L) = arrival_j + U_j⁻¹(L)}, each peeled job p by its target T_p. Sorting
 * the deadlines, L is feasible iff {@code D_j(L) >= earliest_j} for every remaining job and, at
 * every deadline t, the work of the remaining jobs due by t plus the work of the peeled jobs due by
 * t (G_t) fits in Cap(t): the earliest-deadline-first condition, which is exact for divisible work.
 * We test it at the remaining jobs' deadlines (as (12) does) <em>and</em> at the peeled jobs'
 * targets, where G jumps: without the latter a remaining job whose deadline moves before a peeled
 * job's target could overfill it unnoticed. Infinite deadlines (the utility never drops below L)
 * impose nothing. A check costs O(M log M) for M remaining jobs plus O(P) for P peeled ones.
 *
 * <p>Layers (readings of lines 2-16). The lower bound L_f starts at the smallest utility any job
 * can fall to (line 2, U at infinite latency) and carries over from layer to layer (levels never
 * decrease). The upper bound L_i of a layer is the largest utility a remaining job can still earn
 * (completing at {@code earliest}); if even that is feasible, all remaining jobs are peeled at it.
 * The bisection stops when {@code L_i − L_f <= Δ} with Δ = tolerance × the largest utility. Before
 * bisecting, the layer probes upward from L_f by doubling steps (L_f + Δ, + 2Δ, + 4Δ, ...) until a
 * probe fails, and bisects that bracket: the same result (a bracket of width Δ), but a layer whose
 * level is within Δ of the previous one costs one test instead of log₂(range/Δ). The bottleneck
 * jobs (line 13) are those the test rejects at the final L_i ("the infeasible jobs corresponding to
 * the last infeasible L"): a remaining job whose deadline falls before its earliest completion; the
 * remaining jobs whose deadline is a checkpoint where the work overflows; and the remaining jobs
 * that crossed such a checkpoint between L_f and L_i (a job whose utility is steep there, such as a
 * sigmoid near its weight, moves its deadline before another job's and overflows that job's
 * checkpoint; the overflow is its doing). Only the first overflowing checkpoint is examined: the
 * later ones follow from it, and their jobs, if they are bottlenecks too, fail again at the start
 * of the next layer (one test, thanks to the upward probing). Taken literally this rule also peels
 * jobs that fail only because an earlier bottleneck overflowed the capacity before them (a cascade:
 * a hopeless job first in deadline order makes every later checkpoint fail), which loses
 * lexicographic optimality; so when several jobs fail, we keep those that cannot rise to L_i alone
 * while every other remaining job stays at L_f (the saturation test of lexicographic max-min; one
 * extra check per candidate). They get their target {@code D_j(L_f)} (line 14) and their work
 * enters G from there on (line 15).
 *
 * <p>Ties ({@link TieRule}). When no candidate is blocked alone (a tie: every candidate could rise
 * alone, not all together), one of them must be held back at L_f so that the others can rise. The
 * paper's line 13 ("Locate the bottleneck job i") and its text ("the infeasible jobs corresponding
 * to the last infeasible L ... are clearly bottlenecks") assume the bottleneck is found; they do
 * not say which job to hold back when each could rise alone. Two rules, both ours:
 *
 * <ul>
 *   <li>{@code first} (the default, the behaviour before the option existed): the first candidate
 *       in deadline order. It does not always give the lexicographically best vector: in a
 *       5,000-instance run of OnionPeelingPropertyTest, trying every choice of the held-back job
 *       found a better sorted vector in 73 of the 191 instances with a tie.
 *   <li>{@code best}: each candidate in turn is held back in a copy of the solver's state, the rest
 *       of the onion is peeled from there (a tie met further on is searched the same way,
 *       recursively), and the outcome with the lexicographically largest sorted vector of levels is
 *       kept. Compared: first the number of hopeless jobs (fewer is better; their floor level is
 *       below every other level, so this is the exact lexicographic order there, where a comparison
 *       at Δ would take a job saved at a level just above Δ for a hopeless one), then the levels at
 *       Δ: a later candidate replaces an earlier one only if it is higher by more than Δ at the
 *       first sorted level where they differ by more than Δ, so equal outcomes keep the {@code
 *       first} choice. This is exact among the choices this layer offers, the candidates of line 13
 *       (it does not also try holding back a remaining job the test did not reject). We know no
 *       polynomial rule: which held-back job frees the capacity that matters shows only in later
 *       layers. The search is exponential in the number of ties, so it is bounded: a tie with more
 *       than {@link #BEST_MAX_TIED} candidates, and every tie met once {@link #BEST_MAX_BRANCHES}
 *       branches have been explored in one solve, is decided by {@code first}, and counted in
 *       {@link Result#tiesDecidedFirst()}. The branches are not memoised: two orders of holding
 *       back can reach the same remaining jobs, but with different peeled targets, so the states
 *       rarely coincide. In a 20,000-instance run of OnionPeelingPropertyTest (up to 5 jobs, Δ =
 *       10⁻⁸), of the 18,005 instances compared (the others have levels near zero), the sorted
 *       vector equalled the independent saturation method's optimum within 10⁻⁴ × the largest
 *       utility in 17,330 and was above it in 675 (a level lower by less than that tolerance at a
 *       sigmoid's steep end frees capacity), never below; in the 1,026 instances where the
 *       independent method met a tie, {@code best} beat {@code first} in 518.
 * </ul>
 *
 * <p>Flat utilities (a reading of the tolerance Δ; the paper stops the bisection within Δ and says
 * no more). A layer's level is found within Δ below the exact one, and where a utility is flat (a
 * sigmoid near its weight W, at latencies well before its budget) a level lower by less than Δ is a
 * deadline later by seconds or tens of seconds. The layers above use the capacity this frees, so
 * they may differ from the exact lexicographic max-min by far more than Δ, either way: in
 * OnionPeelingPropertyTest's seed 6438293 (Δ = 10⁻⁸ × the largest utility) a level 8·10⁻⁸ lower
 * moves a deadline 5.5 s later, the next layer rises by 1.6·10⁻⁵ and the last one falls from 8.99
 * to 8.62; with Δ = 10⁻¹⁰ the solver gives the exact vector. Every layer is still exact given the
 * layers below it, which is what the property test checks layer by layer.
 *
 * <p>A job peeled at a level below Δ is <em>hopeless</em>: it cannot keep a non-zero utility within
 * the tolerance. It is given the floor level of line 2 (0 for utilities that fall to 0) and no
 * deadline (target +∞), rather than the tiny level L_f: for a sigmoid utility, which never reaches
 * 0, a level of, say, 10⁻⁸ still means a finite deadline, and holding capacity for it would lower
 * the utilities of jobs that can still be saved, for a gain below the tolerance.
 *
 * <p>Computation (issue 16, item 9; the results are those of the straightforward implementation,
 * bit for bit, checked by OnionPeelingSameResultsTest against a copy of it). A layer typically asks
 * U⁻¹ at L_i, L_f and L_f + Δ; U_j⁻¹ is memoised per job for two levels (the last L_f found
 * feasible, and the last other level asked): on the solver benchmark's 1,000-job event, 50,522
 * calls instead of up to 136,372. The deadlines at L_f, whose feasibility is known, are computed
 * without the checkpoint sweep. When a test fails at a checkpoint and the bottleneck test of line
 * 13 follows at the same level with nothing changed, the latter reuses the first overflow instead
 * of sweeping again. Cap(t) walks the sorted busy residuals along the increasing checkpoints
 * instead of bisecting them at each one; each job's best utility U_j(earliest_j) is computed once
 * per solve rather than once per layer; job fields live in arrays and the failing jobs in an int
 * array (no boxing).
 */
public final class OnionPeeling {
  private OnionPeeling() {}

  /**
   * One job for onion peeling.
   *
   * @param utility U_j of latency
   * @param arrival absolute arrival time (latency is measured from it)
   * @param work container-seconds still to schedule, {@code >= 0}
   * @param earliest the earliest absolute completion time ({@code >= now})
   */
  public record Job(UtilityFunction utility, double arrival, double work, double earliest) {}

  /**
   * The targets, indexed like the input jobs.
   *
   * @param level the utility level L_f at which each job was peeled
   * @param targetCompletion absolute target completion time T_j (may be +∞)
   * @param targetUtility U_j at the target latency ({@code >= level})
   * @param hopeless peeled at a level below the tolerance Δ
   * @param layers the number of layers (peeling rounds)
   * @param ties how many layers met a tie (no candidate blocked alone), on the outcome's path
   * @param tiesDecidedFirst of those, how many were decided by the {@code first} rule: all of them
   *     under {@code first}, and under {@code best} those beyond its bounds
   */
  public record Result(
      double[] level,
      double[] targetCompletion,
      double[] targetUtility,
      boolean[] hopeless,
      int layers,
      int ties,
      int tiesDecidedFirst) {

    /** A result with no tie met (kept for the reference copy in the tests). */
    public Result(
        double[] level,
        double[] targetCompletion,
        double[] targetUtility,
        boolean[] hopeless,
        int layers) {
      this(level, targetCompletion, targetUtility, hopeless, layers, 0, 0);
    }
  }

  /**
   * How a layer picks the job to hold back at a tie (line 13 of Algorithm 3, "Locate the bottleneck
   * job i"; the paper does not say what to do when no candidate is a bottleneck alone). See the
   * class comment.
   */
  public enum TieRule {
    /** The first candidate in deadline order (the default; not always lexicographically best). */
    FIRST,
    /**
     * The candidate whose choice leads to the lexicographically largest sorted level vector, by an
     * exhaustive search over the choices at every tie, bounded by {@link #BEST_MAX_TIED} and {@link
     * #BEST_MAX_BRANCHES}; beyond either bound a tie falls back to {@link #FIRST}.
     */
    BEST;

    /** The option value: {@code first} or {@code best}. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** {@link TieRule#BEST} searches a tie only if it has at most this many candidates. */
  public static final int BEST_MAX_TIED = 6;

  /**
   * {@link TieRule#BEST} explores at most this many branches (continuations of the peeling after a
   * choice) per solve; the ties met after that are decided by {@link TieRule#FIRST}.
   */
  public static final int BEST_MAX_BRANCHES = 256;

  /**
   * Runs Algorithm 3.
   *
   * @param now the current time
   * @param capacity C, containers
   * @param busyResiduals the expected remaining seconds of every running container
   * @param tolerance Δ as a fraction of the largest utility
   */
  public static Result solve(
      double now, int capacity, double[] busyResiduals, List<Job> jobs, double tolerance) {
    return solve(now, capacity, busyResiduals, jobs, tolerance, TieRule.FIRST);
  }

  /**
   * Runs Algorithm 3 with the given tie rule.
   *
   * @param now the current time
   * @param capacity C, containers
   * @param busyResiduals the expected remaining seconds of every running container
   * @param tolerance Δ as a fraction of the largest utility
   * @param tieRule how a layer picks the job to hold back when no candidate is blocked alone
   */
  public static Result solve(
      double now,
      int capacity,
      double[] busyResiduals,
      List<Job> jobs,
      double tolerance,
      TieRule tieRule) {
    if (tieRule == null) throw new IllegalArgumentException("onion peeling: tie rule is missing");
    Solver s = new Solver(now, capacity, busyResiduals, jobs, tolerance);
    s.tieRule = tieRule;
    s.branchesLeft = new int[] {BEST_MAX_BRANCHES};
    return s.run();
  }

  private static final class Solver {
    /** No level asked yet (a NaN, which is never a level: U⁻¹ rejects it). */
    static final long NO_LEVEL = Double.doubleToRawLongBits(Double.NaN);

    final double now;
    final int n;
    final Job[] jobs;
    final UtilityFunction[] utility;
    final double[] arrival;
    final double[] work;
    final double[] earliest;
    final double[] earliestSlack; // earliest − 1e-9·max(1, |earliest|): the sweep's test
    final double[] bestUtility; // U_j(earliest_j − arrival_j), the most job j can still earn
    final double c;
    final double[] rho; // sorted busy residuals
    final double[] rhoPrefix;
    final double delta;
    // remaining jobs
    final int[] rem;
    int m;
    // peeled with finite targets, sorted by relative target
    final double[] pT;
    final double[] pX;
    int p;
    // scratch
    final double[] dl; // relative deadline per job at the level under test
    final double[] dlF; // relative deadline per job at L_f
    final double[] dlI; // relative deadline per job at L_i
    final int[] order;
    final int[] tmp;
    final int[] mark;
    int epoch;
    int[] failing;
    int failingCount;
    final double[] level;
    final double[] target;
    final boolean[] hopeless;
    final boolean[] out;
    double floor;
    // U_j⁻¹ memo (a pure function, so the same values as calling it again): the level L_f of the
    // last successful test, and the last other level asked
    // the first overflow of the last sweep, when it failed there without collecting: the checkpoint
    // t, and the deadline-sorted jobs order[overflowFrom, overflowTo) due at it
    boolean overflowKnown;
    long overflowLevel;
    int overflowFrom;
    int overflowTo;
    double overflowAt;
    final long[] memoFLevel; // raw bits of the level
    final double[] memoFLat;
    final long[] memoLevel;
    final double[] memoLat;
    // the peeling's progress: the level L_f, the layers so far, the ties met (and of those, the
    // ones decided by the first rule)
    double lf;
    int layers;
    int ties;
    int tiesFirst;
    TieRule tieRule = TieRule.FIRST;
    int[] branchesLeft = {0}; // shared by a search's copies

    /** A copy of a solver's state, for a branch of the tie search (immutable inputs shared). */
    Solver(Solver o) {
      now = o.now;
      n = o.n;
      jobs = o.jobs;
      utility = o.utility;
      arrival = o.arrival;
      work = o.work;
      earliest = o.earliest;
      earliestSlack = o.earliestSlack;
      bestUtility = o.bestUtility;
      c = o.c;
      rho = o.rho;
      rhoPrefix = o.rhoPrefix;
      delta = o.delta;
      rem = o.rem.clone();
      m = o.m;
      pT = o.pT.clone();
      pX = o.pX.clone();
      p = o.p;
      dl = o.dl.clone();
      dlF = o.dlF.clone();
      dlI = o.dlI.clone();
      order = o.order.clone();
      tmp = o.tmp.clone();
      mark = o.mark.clone();
      epoch = o.epoch;
      failing = o.failing.clone();
      failingCount = o.failingCount;
      level = o.level.clone();
      target = o.target.clone();
      hopeless = o.hopeless.clone();
      out = o.out.clone();
      floor = o.floor;
      overflowKnown = o.overflowKnown;
      overflowLevel = o.overflowLevel;
      overflowFrom = o.overflowFrom;
      overflowTo = o.overflowTo;
      overflowAt = o.overflowAt;
      memoFLevel = o.memoFLevel.clone();
      memoFLat = o.memoFLat.clone();
      memoLevel = o.memoLevel.clone();
      memoLat = o.memoLat.clone();
      lf = o.lf;
      layers = o.layers;
      ties = o.ties;
      tiesFirst = o.tiesFirst;
      tieRule = o.tieRule;
      branchesLeft = o.branchesLeft;
    }

    Solver(double now, int capacity, double[] busyResiduals, List<Job> jobList, double tolerance) {
      if (!Double.isFinite(now))
        throw new IllegalArgumentException("now must be finite, not " + now);
      if (capacity < 1)
        throw new IllegalArgumentException(
            "capacity must be at least 1 container, not " + capacity);
      this.now = now;
      this.n = jobList.size();
      this.jobs = jobList.toArray(new Job[0]);
      this.rho = busyResiduals.clone();
      Arrays.sort(rho);
      this.c = Math.max(capacity, rho.length);
      rhoPrefix = new double[rho.length + 1];
      for (int i = 0; i < rho.length; i++) rhoPrefix[i + 1] = rhoPrefix[i] + rho[i];
      utility = new UtilityFunction[n];
      arrival = new double[n];
      work = new double[n];
      earliest = new double[n];
      earliestSlack = new double[n];
      bestUtility = new double[n];
      double maxU = 0;
      for (int i = 0; i < n; i++) {
        Job j = jobs[i];
        if (!(j.work() >= 0) || !Double.isFinite(j.work()))
          throw new IllegalArgumentException("job work must be finite and >= 0, not " + j.work());
        if (!(j.earliest() >= now))
          throw new IllegalArgumentException(
              "a job's earliest completion " + j.earliest() + " is before now " + now);
        maxU = Math.max(maxU, j.utility().maxValue());
        utility[i] = j.utility();
        arrival[i] = j.arrival();
        work[i] = j.work();
        earliest[i] = j.earliest();
        earliestSlack[i] = j.earliest() - 1e-9 * Math.max(1, Math.abs(j.earliest()));
        bestUtility[i] = j.utility().value(j.earliest() - j.arrival());
      }
      this.delta = tolerance * Math.max(maxU, Double.MIN_NORMAL);
      rem = new int[n];
      for (int i = 0; i < n; i++) rem[i] = i;
      m = n;
      pT = new double[n];
      pX = new double[n];
      dl = new double[n];
      dlF = new double[n];
      dlI = new double[n];
      order = new int[n];
      tmp = new int[n];
      mark = new int[n];
      failing = new int[Math.max(4, n)];
      level = new double[n];
      target = new double[n];
      hopeless = new boolean[n];
      out = new boolean[n];
      memoFLevel = new long[n];
      memoFLat = new double[n];
      memoLevel = new long[n];
      memoLat = new double[n];
      Arrays.fill(memoFLevel, NO_LEVEL);
      Arrays.fill(memoLevel, NO_LEVEL);
    }

    Result run() {
      lf = Double.POSITIVE_INFINITY; // line 2: the smallest utility any job can fall to
      for (Job j : jobs) lf = Math.min(lf, j.utility().value(Double.MAX_VALUE));
      floor = lf;
      if (n == 0) return new Result(new double[0], new double[0], new double[0], new boolean[0], 0);
      layers = 0;
      // jobs that cannot reach the tolerance Δ even alone on the whole cluster are hopeless at any
      // level: peel them together first (one layer) instead of finding them one bisection at a time
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        double d = arrival[j] + utility[j].latestLatencyFor(delta) - now;
        if (!(now + d >= earliest[j])
            || (Double.isFinite(d) && work[j] > cap(d) + 1e-9 * Math.max(1, cap(d)))) addFailing(j);
      }
      if (failingCount > 0) {
        layers++;
        peel(lf, dl);
      }
      return peelRest();
    }

    /** The layers from the current state on, to the end. */
    private Result peelRest() {
      while (m > 0) {
        layers++;
        double li = Double.NEGATIVE_INFINITY; // line 4
        for (int k = 0; k < m; k++) li = Math.max(li, bestUtility[rem[k]]);
        if (li <= lf || feasible(li, false)) {
          double lv = Math.max(li, lf);
          deadlines(lv); // deadlines at the peeling level
          for (int k = 0; k < m; k++) addFailing(rem[k]);
          peel(lv, dl);
          continue;
        }
        deadlines(lf);
        copyDeadlines(dlF);
        // lines 5-12, searching upward from the last level first: probes L_f + Δ, + 2Δ, + 4Δ, ...
        // until one fails, then bisects that bracket (consecutive layers' levels are often close)
        for (double step = delta; li - lf > delta; step *= 2) {
          double probe = lf + step;
          if (probe >= li) break;
          if (feasible(probe, false)) {
            lf = probe;
            remember(probe);
            copyDeadlines(dlF);
          } else {
            li = probe;
            break;
          }
        }
        while (li - lf > delta) {
          double mid = 0.5 * (li + lf);
          if (mid <= lf || mid >= li) break;
          if (feasible(mid, false)) {
            lf = mid;
            remember(mid);
            copyDeadlines(dlF);
          } else {
            li = mid;
          }
        }
        feasible(li, true); // line 13: the bottleneck jobs of the last infeasible L
        int[] tie = keepBlocked();
        if (tie != null) {
          ties++;
          if (tieRule == TieRule.BEST
              && tie.length <= BEST_MAX_TIED
              && branchesLeft[0] >= tie.length) {
            return searchTie(tie);
          }
          tiesFirst++;
        }
        peel(lf, dlF);
      }
      double[] u = new double[n];
      for (int i = 0; i < n; i++) {
        double lat = target[i] - arrival[i];
        u[i] = utility[i].value(Double.isFinite(lat) ? lat : Double.MAX_VALUE);
      }
      return new Result(level, target, u, hopeless, layers, ties, tiesFirst);
    }

    /**
     * The tie rule {@code best}: holds back each candidate in turn, in a copy of this state, peels
     * the rest of the onion from there (ties further on searched the same way), and keeps the
     * outcome whose sorted level vector is lexicographically largest (the earlier candidate unless
     * a later one is better by more than Δ at the first level where they differ).
     */
    private Result searchTie(int[] tie) {
      branchesLeft[0] -= tie.length;
      Result best = null;
      for (int j : tie) {
        Solver s = new Solver(this);
        s.failingCount = 0;
        s.addFailing(j);
        s.peel(s.lf, s.dlF);
        Result r = s.peelRest();
        if (best == null || lexBetter(r, best, delta)) best = r;
      }
      return best;
    }

    /**
     * x's sorted levels are lexicographically larger than y's: fewer hopeless jobs (whose floor
     * level is below every other job's level, so this is the exact order there), else larger beyond
     * tol at the first level where they differ by more than tol.
     */
    static boolean lexBetter(Result x, Result y, double tol) {
      int hx = 0;
      int hy = 0;
      for (boolean h : x.hopeless()) if (h) hx++;
      for (boolean h : y.hopeless()) if (h) hy++;
      if (hx != hy) return hx < hy;
      double[] a = x.level().clone();
      double[] b = y.level().clone();
      Arrays.sort(a);
      Arrays.sort(b);
      for (int k = 0; k < a.length; k++) {
        if (a[k] > b[k] + tol) return true;
        if (a[k] < b[k] - tol) return false;
      }
      return false;
    }

    private void addFailing(int j) {
      if (failingCount == failing.length) failing = Arrays.copyOf(failing, 2 * failingCount);
      failing[failingCount++] = j;
    }

    /** dl → into, for the remaining jobs (the only entries ever read). */
    private void copyDeadlines(double[] into) {
      for (int k = 0; k < m; k++) into[rem[k]] = dl[rem[k]];
    }

    /** U_j⁻¹(L), memoised. */
    private double latestLatency(int j, double L) {
      long bits = Double.doubleToRawLongBits(L);
      if (memoFLevel[j] == bits) return memoFLat[j];
      if (memoLevel[j] == bits) return memoLat[j];
      double lat = utility[j].latestLatencyFor(L);
      memoLevel[j] = bits;
      memoLat[j] = lat;
      return lat;
    }

    /**
     * After a successful test at L (every remaining job's U⁻¹(L) is in the memo): keeps those
     * values as the L_f slot, asked again at the next layer's start.
     */
    private void remember(double L) {
      long bits = Double.doubleToRawLongBits(L);
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        if (memoFLevel[j] != bits) {
          memoFLevel[j] = bits;
          memoFLat[j] = memoLat[j];
        }
      }
    }

    /**
     * Keeps, of the candidates the test rejected at L_i, those that cannot rise to L_i alone while
     * every other remaining job stays at L_f; if none (a tie), the first candidate (in deadline
     * order), and returns all the candidates (each once, in that order); null when no tie.
     */
    private int[] keepBlocked() {
      if (failingCount == 0) { // cannot happen (L_i was infeasible); stay safe
        for (int k = 0; k < m; k++) addFailing(rem[k]);
        return null;
      }
      if (failingCount == 1) return null;
      int[] candidates = Arrays.copyOf(failing, failingCount);
      failingCount = 0;
      copyDeadlines(dlI);
      for (int k = 0; k < m; k++) dl[rem[k]] = dlF[rem[k]];
      int last = -1;
      for (int j : candidates) {
        if (out[j]) continue;
        dl[j] = dlI[j];
        if (!sweep(false, true)) {
          out[j] = true; // marks the job as kept; peel() sets it again
          addFailing(j);
        }
        dl[j] = dlF[j];
        last = j;
      }
      if (last >= 0) dl[last] = dlI[last]; // dl as a test of the last candidate leaves it
      for (int k = 0; k < failingCount; k++) out[failing[k]] = false;
      if (failingCount > 0) return null;
      addFailing(candidates[0]);
      int distinct = 0;
      for (int j : candidates) {
        boolean seen = false;
        for (int k = 0; k < distinct && !seen; k++) seen = candidates[k] == j;
        if (!seen) candidates[distinct++] = j;
      }
      return Arrays.copyOf(candidates, distinct);
    }

    /** Lines 14-16 for every job in {@code failing}, at level lv, with relative deadlines d. */
    private void peel(double lv, double[] d) {
      for (int f = 0; f < failingCount; f++) {
        int j = failing[f];
        if (out[j]) continue;
        out[j] = true;
        boolean lost = lv < delta;
        level[j] = lost ? floor : lv;
        double rel = lost ? Double.POSITIVE_INFINITY : d[j];
        target[j] = now + rel;
        hopeless[j] = lost;
        if (Double.isFinite(rel) && work[j] > 0) insertPeeled(rel, work[j]);
      }
      failingCount = 0;
      overflowKnown = false;
      int w = 0;
      for (int k = 0; k < m; k++) if (!out[rem[k]]) rem[w++] = rem[k];
      m = w;
      // out[] stays true for peeled jobs: they never return
    }

    private void insertPeeled(double t, double x) {
      int at = p;
      while (at > 0 && pT[at - 1] > t) at--;
      System.arraycopy(pT, at, pT, at + 1, p - at);
      System.arraycopy(pX, at, pX, at + 1, p - at);
      pT[at] = t;
      pX[at] = x;
      p++;
    }

    /** Cap(t) for t = now + s. */
    private double cap(double s) {
      int k = upperBound(rho, s); // residuals <= s
      return capAt(s, k);
    }

    /** Cap(t) for t = now + s, given k = the number of residuals {@code <= s}. */
    private double capAt(double s, int k) {
      double busy = rhoPrefix[k] + s * (rho.length - k);
      return c * s - busy;
    }

    private static int upperBound(double[] a, double v) {
      int lo = 0;
      int hi = a.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (a[mid] <= v) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }

    /**
     * The feasibility test of line 7 at level L; fills dl (relative deadlines of remaining jobs).
     * With collect, adds the failing jobs to {@link #failing} and scans all checkpoints.
     */
    private boolean feasible(double L, boolean collect) {
      long bits = Double.doubleToRawLongBits(L);
      if (collect && overflowKnown && overflowLevel == bits) {
        // the last test, at this very level, overflowed a checkpoint with nothing changed since:
        // its deadlines, job order and first overflow are what this test would find again
        overflowKnown = false;
        for (int k = overflowFrom; k < overflowTo; k++) addFailing(order[k]);
        for (int k = 0; k < overflowFrom; k++) if (dlF[order[k]] > overflowAt) addFailing(order[k]);
        return false;
      }
      boolean filled = fill(L, collect);
      if (!filled && !collect) return false;
      boolean ok = sweep(collect, true);
      if (!ok && !collect && overflowKnown) overflowLevel = bits;
      return ok && filled;
    }

    /**
     * The deadlines at level L only, where the test's answer is not needed: the same dl and
     * remaining-job order as {@link #feasible} with {@code collect = false} leaves, without the
     * checkpoint sweep.
     */
    private void deadlines(double L) {
      if (fill(L, false)) sweep(false, false);
    }

    /**
     * The first part of the test: dl for the remaining jobs in order, and each one's deadline
     * against its earliest completion; without collect, stops at the first job that fails it.
     * Returns false when a job failed it.
     */
    private boolean fill(double L, boolean collect) {
      overflowKnown = false;
      boolean ok = true;
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        double lat = latestLatency(j, L);
        dl[j] = arrival[j] + lat - now;
        if (!(arrival[j] + lat >= earliest[j])) { // includes -Infinity
          ok = false;
          if (!collect) return false;
          addFailing(j);
        }
      }
      return ok;
    }

    /**
     * The checkpoint sweep over the remaining jobs' deadlines in {@link #dl} and the peeled
     * targets; also checks each remaining job's earliest completion. Without {@code checkpoints}
     * only the ordering side effect is done (the deadline-sorted jobs first in {@link #rem}).
     */
    private boolean sweep(boolean collect, boolean checkpoints) {
      overflowKnown = false;
      boolean ok = true;
      int q = 0;
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        double d = dl[j];
        if (!(now + d >= earliestSlack[j])) {
          if (!collect) return false;
          ok = false; // already collected by fill()
          continue;
        }
        if (Double.isFinite(d) && work[j] > 0) order[q++] = j;
      }
      sortByKey(order, q, dl);
      keepOrder(q);
      if (!checkpoints) return ok;
      // sweep the merged checkpoints; r counts the busy residuals <= t (t only grows)
      int a = 0;
      int b = 0;
      int r = 0;
      double sum = 0;
      while (a < q || b < p) {
        double t =
            Math.min(
                a < q ? dl[order[a]] : Double.POSITIVE_INFINITY,
                b < p ? pT[b] : Double.POSITIVE_INFINITY);
        int a0 = a;
        while (a < q && dl[order[a]] <= t) sum += work[order[a++]];
        while (b < p && pT[b] <= t) sum += pX[b++];
        while (r < rho.length && rho[r] <= t) r++;
        double capT = capAt(t, r);
        if (sum > capT + 1e-9 * Math.max(1, capT)) {
          ok = false;
          if (!collect) {
            overflowKnown = true; // feasible() records the level
            overflowLevel = NO_LEVEL;
            overflowFrom = a0;
            overflowTo = a;
            overflowAt = t;
            return false;
          }
          for (int k = a0; k < a; k++) addFailing(order[k]); // the jobs whose deadline this is
          for (int k = 0; k < a0; k++)
            if (dlF[order[k]] > t) addFailing(order[k]); // and those that crossed it
          return false; // later overflows follow from this one; their jobs are examined in the next
          // layers
        }
      }
      return ok;
    }

    /**
     * Reorders the remaining jobs as the last sort left them (the sorted ones first), so that the
     * next test, whose deadlines have moved little, sorts an almost sorted array.
     */
    private void keepOrder(int q) {
      epoch++;
      for (int k = 0; k < q; k++) mark[order[k]] = epoch;
      int w = q;
      for (int k = 0; k < m; k++) if (mark[rem[k]] != epoch) tmp[w++] = rem[k];
      System.arraycopy(order, 0, rem, 0, q);
      System.arraycopy(tmp, q, rem, q, m - q);
    }

    /**
     * Sorts idx[0..len) by key[idx] ascending, ties by index: a merge sort (stable, deterministic).
     */
    private void sortByKey(int[] idx, int len, double[] key) {
      boolean sorted = true;
      for (int i = 1; i < len && sorted; i++)
        sorted =
            key[idx[i - 1]] < key[idx[i]]
                || (key[idx[i - 1]] == key[idx[i]] && idx[i - 1] < idx[i]);
      if (sorted) return;
      mergeSort(idx, tmp, 0, len, key);
    }

    private static boolean before(int x, int y, double[] key) {
      return key[x] < key[y] || (key[x] == key[y] && x < y);
    }

    private static void mergeSort(int[] a, int[] t, int lo, int hi, double[] key) {
      if (hi - lo <= 24) {
        for (int i = lo + 1; i < hi; i++) {
          int v = a[i];
          int k = i - 1;
          while (k >= lo && before(v, a[k], key)) {
            a[k + 1] = a[k];
            k--;
          }
          a[k + 1] = v;
        }
        return;
      }
      int mid = (lo + hi) >>> 1;
      mergeSort(a, t, lo, mid, key);
      mergeSort(a, t, mid, hi, key);
      if (!before(a[mid], a[mid - 1], key)) return;
      System.arraycopy(a, lo, t, lo, hi - lo);
      int i = lo;
      int k = mid;
      for (int o = lo; o < hi; o++) {
        if (k >= hi || (i < mid && !before(t[k], t[i], key))) a[o] = t[i++];
        else a[o] = t[k++];
      }
    }
  }
}
