package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.assertj.core.data.Offset;

/**
 * Onion peeling (Algorithm 3) and the slot mapping (Algorithm 4) on generated small instances,
 * checked against an independent lexicographic max-min computation.
 */
class OnionPeelingPropertyTest {

  /** A generated instance; busy containers belong to jobs and delay their earliest completion. */
  record Instance(
      double now,
      int capacity,
      double[] busy,
      List<OnionPeeling.Job> jobs,
      double[] runtime,
      int[] owner) {}

  static UtilityFunction randomUtility(Random r) {
    double w = 1 + r.nextInt(5) + r.nextDouble();
    double budget = 10 + r.nextDouble() * 190;
    return switch (r.nextInt(5)) {
      case 0, 1 -> new UtilityFunction.Sigmoid(w, 0.01 + r.nextDouble() * 0.5, budget);
      case 2, 3 -> new UtilityFunction.Linear(w, 0.005 + r.nextDouble() * 0.2, budget);
      default -> new UtilityFunction.Constant(w);
    };
  }

  static Instance randomInstance(long seed, int maxJobs) {
    Random r = new Random(seed);
    int n = 2 + r.nextInt(maxJobs - 1);
    int c = 1 + r.nextInt(3);
    double now = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 100;
    int busyCount = r.nextInt(c);
    double[] busy = new double[busyCount];
    int[] owner = new int[busyCount];
    double[] earliest = new double[n];
    Arrays.fill(earliest, now);
    for (int b = 0; b < busyCount; b++) {
      busy[b] = r.nextDouble() * 40;
      owner[b] = r.nextInt(n);
      earliest[owner[b]] = Math.max(earliest[owner[b]], now + busy[b]);
    }
    List<OnionPeeling.Job> jobs = new ArrayList<>();
    double[] runtime = new double[n];
    for (int j = 0; j < n; j++) {
      double work = r.nextInt(6) == 0 ? 0 : 1 + r.nextDouble() * 120;
      jobs.add(
          new OnionPeeling.Job(randomUtility(r), now - r.nextDouble() * 60, work, earliest[j]));
      runtime[j] = 1 + r.nextDouble() * 30;
    }
    return new Instance(now, c, busy, jobs, runtime, owner);
  }

  // ---------------------------------------------------------------- independent method

  static double cap(Instance in, double t) {
    double s = t - in.now();
    double v = in.capacity() * s;
    for (double b : in.busy()) v -= Math.min(b, s);
    return v;
  }

  /** Feasibility by Hall-type subset conditions: every set of jobs fits by its latest deadline. */
  static boolean feasible(Instance in, double[] levels) {
    return feasible(in, levels, 1e-12);
  }

  static boolean feasible(Instance in, double[] levels, double slack) {
    int n = in.jobs().size();
    double[] d = new double[n];
    for (int j = 0; j < n; j++) {
      OnionPeeling.Job job = in.jobs().get(j);
      d[j] = job.arrival() + job.utility().latestLatencyFor(levels[j]);
      if (!(d[j] >= job.earliest())) return false;
    }
    for (int mask = 1; mask < (1 << n); mask++) {
      double work = 0;
      double latest = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < n; j++) {
        if ((mask & (1 << j)) != 0) {
          work += in.jobs().get(j).work();
          latest = Math.max(latest, d[j]);
        }
      }
      if (Double.isFinite(latest) && work > cap(in, latest) + slack * Math.max(1, cap(in, latest)))
        return false;
    }
    return true;
  }

  /**
   * Lexicographic max-min by saturation: raise all unfixed jobs to the highest common level, then
   * fix every job that cannot rise alone any further; repeat. When no job is blocked alone (every
   * job could rise alone but not all together: utility levels are not a convex set), the saturation
   * rule does not say which job to hold back; the method then tries each one in turn and keeps the
   * assignment whose sorted level vector is lexicographically largest (holding back one job is
   * never worse than holding back several: the others are then free to rise, and a second job that
   * cannot is held back by the next layer). So this is the lexicographic max-min optimum of the
   * sorted vector, ties or not.
   */
  static double[] lexMaxMin(Instance in) {
    return lexMaxMin(in, new boolean[1]);
  }

  /** As above; sets ambiguous[0] when some layer had to choose the job to hold back. */
  static double[] lexMaxMin(Instance in, boolean[] ambiguous) {
    return lexMaxMin(in, ambiguous, new ArrayList<>());
  }

  /**
   * As above; also collects into {@code outcomes} the level vector of every choice of held-back
   * jobs (one vector when there are no ties).
   */
  static double[] lexMaxMin(Instance in, boolean[] ambiguous, List<double[]> outcomes) {
    int n = in.jobs().size();
    double lo = Double.POSITIVE_INFINITY;
    for (OnionPeeling.Job j : in.jobs()) lo = Math.min(lo, j.utility().value(Double.MAX_VALUE));
    return saturate(in, new double[n], new boolean[n], lo, ambiguous, outcomes);
  }

  private static double[] saturate(
      Instance in,
      double[] level,
      boolean[] fixed,
      double lo,
      boolean[] ambiguous,
      List<double[]> outcomes) {
    int n = in.jobs().size();
    double maxU = 0;
    for (OnionPeeling.Job j : in.jobs()) maxU = Math.max(maxU, j.utility().maxValue());
    double eps = 1e-7 * maxU;
    double zero = 1e-8 * maxU; // the onion's tolerance: a level below it cannot be told from 0
    int left = 0;
    for (boolean f : fixed) if (!f) left++;
    while (left > 0) {
      double hi = 0;
      for (int j = 0; j < n; j++) {
        if (!fixed[j])
          hi =
              Math.max(
                  hi,
                  in.jobs()
                      .get(j)
                      .utility()
                      .value(in.jobs().get(j).earliest() - in.jobs().get(j).arrival()));
      }
      double[] trial = level.clone();
      setUnfixed(trial, fixed, hi);
      if (feasible(in, trial)) {
        for (int j = 0; j < n; j++)
          if (!fixed[j]) {
            level[j] = hi;
            fixed[j] = true;
            left--;
          }
        continue;
      }
      double a = lo;
      double b = hi;
      for (int it = 0; it < 200 && b - a > 1e-13 * Math.max(1, maxU); it++) {
        double mid = 0.5 * (a + b);
        setUnfixed(trial, fixed, mid);
        if (feasible(in, trial)) a = mid;
        else b = mid;
      }
      double lambda = a < zero ? lo : a;
      lo = lambda;
      List<Integer> blocked = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        if (fixed[j]) continue;
        setUnfixed(trial, fixed, lambda);
        trial[j] = lambda + eps;
        if (!feasible(in, trial)) blocked.add(j);
      }
      if (blocked.isEmpty()) {
        ambiguous[0] = true;
        double[] best = null;
        for (int j = 0; j < n; j++) {
          if (fixed[j]) continue;
          double[] l = level.clone();
          boolean[] f = fixed.clone();
          l[j] = lambda;
          f[j] = true;
          double[] got = saturate(in, l, f, lambda, ambiguous, outcomes);
          if (best == null || lexGreater(got, best, 1e-9 * Math.max(1, maxU))) best = got;
        }
        return best;
      }
      for (int j : blocked) {
        level[j] = lambda;
        fixed[j] = true;
        left--;
      }
    }
    outcomes.add(level);
    return level;
  }

  /** x's sorted levels are lexicographically larger than y's (beyond tol). */
  static boolean lexGreater(double[] x, double[] y, double tol) {
    double[] a = x.clone();
    double[] b = y.clone();
    Arrays.sort(a);
    Arrays.sort(b);
    for (int k = 0; k < a.length; k++) {
      if (a[k] > b[k] + tol) return true;
      if (a[k] < b[k] - tol) return false;
    }
    return false;
  }

  static void setUnfixed(double[] levels, boolean[] fixed, double v) {
    for (int j = 0; j < levels.length; j++) if (!fixed[j]) levels[j] = v;
  }

  // ---------------------------------------------------------------- properties

  @Property(tries = 400)
  void onionPeelingMatchesTheIndependentLexicographicMaxMin(
      @ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
    Instance in = randomInstance(seed, 5);
    OnionPeeling.Result got =
        OnionPeeling.solve(in.now(), in.capacity(), in.busy(), in.jobs(), 1e-8);
    boolean[] ambiguous = new boolean[1];
    List<double[]> outcomes = new ArrayList<>();
    double[] expected = lexMaxMin(in, ambiguous, outcomes);
    double maxU = 0;
    for (OnionPeeling.Job j : in.jobs()) maxU = Math.max(maxU, j.utility().maxValue());
    double[] a = got.level().clone();
    double[] b = expected.clone();
    Arrays.sort(a);
    Arrays.sort(b);
    // the onion's levels are feasible (within the solver's relative slack of 1e-9)
    assertThat(feasible(in, got.level(), 1e-9)).as("seed %d: onion levels feasible", seed).isTrue();
    double tol = 1e-4 * maxU;
    // the max-min level (first layer) is exact
    assertThat(a[0])
        .as(
            "seed %d: max-min level, onion %s vs independent %s",
            seed, Arrays.toString(got.level()), Arrays.toString(expected))
        .isCloseTo(b[0], Offset.offset(tol));
    // A job near zero is a tail of its utility (a sigmoid never reaches 0): at the tolerance's
    // scale "which job keeps 1e-7 and which one 0" flips with the method's thresholds, and the rest
    // of the vector with it (a tiny level is a finite deadline that holds capacity); compare the
    // vectors only when both methods have as many jobs near zero and none keeps a tiny positive
    // level.
    for (int k = 0; k < a.length; k++) {
      if ((a[k] < tol) != (b[k] < tol) || (a[k] > 0 && a[k] < tol) || (b[k] > 0 && b[k] < tol)) {
        Statistics.label("sorted vector").collect("not compared (levels near zero)");
        return;
      }
    }
    boolean optimal = !lexGreater(b, a, tol);
    if (!ambiguous[0]) {
      // no ties: the saturation method's outcome is the lexicographic max-min optimum, and the
      // onion's sorted vector is lexicographically at least as large
      Statistics.label("sorted vector").collect("no ties: compared with the optimum");
      for (int k = 0; k < a.length; k++) {
        if (a[k] > b[k] + tol) break; // onion strictly better from here on
        assertThat(a[k])
            .as(
                "seed %d, sorted level %d: onion %s vs independent %s",
                seed, k, Arrays.toString(got.level()), Arrays.toString(expected))
            .isGreaterThanOrEqualTo(b[k] - tol);
      }
      return;
    }
    // ties (a layer where every job could rise alone but not all together): which job to hold
    // back is a choice. The onion holds back the first one in deadline order, a rule that does
    // not always reach the lexicographic optimum: the independent method tries every choice and,
    // in a 5,000-try run of this property, found a better sorted vector in 73 of the 191 tie cases
    // (the independent method's search over the held-back jobs is exponential in the number of
    // jobs; we know no cheaper exact rule for the onion). Asserted instead: the onion's sorted
    // vector is the
    // outcome of one of those choices (every layer a correct saturation step), and it is never
    // lexicographically better than the optimum.
    Statistics.label("sorted vector")
        .collect(optimal ? "ties: the optimum" : "ties: another choice's outcome");
    boolean isAnOutcome = false;
    for (double[] o : outcomes) {
      double[] c = o.clone();
      Arrays.sort(c);
      boolean same = true;
      for (int k = 0; k < a.length && same; k++) same = Math.abs(a[k] - c[k]) <= tol;
      isAnOutcome |= same;
    }
    assertThat(isAnOutcome)
        .as(
            "seed %d: onion %s is one of the saturation outcomes with ties (best %s)",
            seed, Arrays.toString(got.level()), Arrays.toString(expected))
        .isTrue();
    assertThat(lexGreater(a, b, tol))
        .as(
            "seed %d: onion %s beats the optimum %s",
            seed, Arrays.toString(got.level()), Arrays.toString(expected))
        .isFalse();
  }

  /**
   * With {@code tie-rule=best} the onion's sorted level vector is the lexicographic max-min optimum
   * of the independent method, ties or not (the instances have at most 5 jobs, so no tie exceeds
   * the search's bound of {@link OnionPeeling#BEST_MAX_TIED} candidates), and it is never
   * lexicographically worse than the {@code first} rule's.
   */
  @Property(tries = 1000)
  void bestTieRuleReachesTheIndependentLexicographicOptimum(
      @ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
    Instance in = randomInstance(seed, 5);
    OnionPeeling.Result got =
        OnionPeeling.solve(
            in.now(), in.capacity(), in.busy(), in.jobs(), 1e-8, OnionPeeling.TieRule.BEST);
    OnionPeeling.Result first =
        OnionPeeling.solve(
            in.now(), in.capacity(), in.busy(), in.jobs(), 1e-8, OnionPeeling.TieRule.FIRST);
    boolean[] ambiguous = new boolean[1];
    double[] expected = lexMaxMin(in, ambiguous);
    double maxU = 0;
    for (OnionPeeling.Job j : in.jobs()) maxU = Math.max(maxU, j.utility().maxValue());
    double tol = 1e-4 * maxU;
    assertThat(feasible(in, got.level(), 1e-9)).as("seed %d: onion levels feasible", seed).isTrue();
    assertThat(got.tiesDecidedFirst()).as("seed %d: every tie searched", seed).isZero();
    double[] a = got.level().clone();
    double[] b = expected.clone();
    Arrays.sort(a);
    Arrays.sort(b);
    // levels near zero: see the property above
    for (int k = 0; k < a.length; k++) {
      if ((a[k] < tol) != (b[k] < tol) || (a[k] > 0 && a[k] < tol) || (b[k] > 0 && b[k] < tol)) {
        Statistics.label("best").collect("not compared (levels near zero)");
        return;
      }
    }
    // never worse than the first rule, compared as the search compares (at a fine scale: a gain
    // of more than that at a lower level outweighs any loss above it, as lexicographic order says)
    double finer = 1e-6 * maxU;
    assertThat(lexGreater(first.level(), got.level(), finer))
        .as(
            "seed %d: first %s beats best %s",
            seed, Arrays.toString(first.level()), Arrays.toString(got.level()))
        .isFalse();
    boolean equal = true;
    for (int k = 0; k < a.length; k++) equal &= Math.abs(a[k] - b[k]) <= tol;
    Statistics.label("best")
        .collect(
            (!ambiguous[0] ? "no ties" : "ties")
                + (equal ? ": the optimum" : ": better than the independent method")
                + (lexGreater(got.level(), first.level(), tol) ? ", better than first" : ""));
    // the sorted vector is the independent optimum, or lexicographically larger: at a sigmoid's
    // steep end, a level lower by less than the tolerance is a much later deadline, and the onion
    // (whose bisection stops within Δ) can use the capacity it frees where the independent method
    // (tighter) cannot. So a level more than 1e-6 × max utility above the independent one counts
    // as better (the search compares at Δ = 1e-8 × max utility), and one more than tol below it as
    // worse: the onion may trade less than tol at one level for more than 1e-6 at the next one
    for (int k = 0; k < a.length; k++) {
      if (a[k] > b[k] + finer) break; // onion strictly better from here on
      assertThat(a[k])
          .as(
              "seed %d, sorted level %d: onion (best) %s vs independent %s",
              seed, k, Arrays.toString(got.level()), Arrays.toString(expected))
          .isGreaterThanOrEqualTo(b[k] - tol);
    }
  }

  @Property(tries = 400)
  void slotMappingEndsEveryJobWithinTargetPlusOneTaskRuntime(
      @ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
    Instance in = randomInstance(seed, 12);
    OnionPeeling.Result peel =
        OnionPeeling.solve(in.now(), in.capacity(), in.busy(), in.jobs(), 1e-6);
    int n = in.jobs().size();
    double[] work = new double[n];
    int[] maxNow = new int[n];
    for (int j = 0; j < n; j++) {
      work[j] = in.jobs().get(j).work();
      maxNow[j] = 1000;
    }
    SlotMapping.Result map =
        SlotMapping.map(
            in.now(),
            in.capacity(),
            peel.targetCompletion(),
            work,
            in.runtime(),
            maxNow,
            in.owner(),
            in.busy());
    int nowTotal = 0;
    for (int j = 0; j < n; j++) {
      double t = peel.targetCompletion()[j];
      if (Double.isFinite(t)) {
        assertThat(map.projectedCompletion()[j])
            .as("seed %d job %d (Theorem 3)", seed, j)
            .isLessThanOrEqualTo(t + in.runtime()[j] + 1e-6 * Math.max(1, Math.abs(t)));
      }
      nowTotal += map.containersNow()[j];
    }
    assertThat(nowTotal).isLessThanOrEqualTo(Math.max(in.capacity(), in.busy().length));
  }
}
