package io.rayon.engine.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The onion peeling of Algorithm 3 exactly as it was before the speed work of issue 16 item 9
 * (commit dc3ee87): kept in test code as the slow reference that {@link OnionPeeling} must match
 * bit for bit (targets, levels, utilities, hopeless flags, layers). Not to be changed: it is the
 * definition of the results the faster solver has to reproduce.
 */
final class OnionPeelingReference {
  private OnionPeelingReference() {}

  /**
   * Runs Algorithm 3.
   *
   * @param now the current time
   * @param capacity C, containers
   * @param busyResiduals the expected remaining seconds of every running container
   * @param tolerance Δ as a fraction of the largest utility
   */
  static OnionPeeling.Result solve(
      double now,
      int capacity,
      double[] busyResiduals,
      List<OnionPeeling.Job> jobs,
      double tolerance) {
    return new Solver(now, capacity, busyResiduals, jobs, tolerance).run();
  }

  private static final class Solver {
    final double now;
    final int n;
    final OnionPeeling.Job[] jobs;
    final double c;
    final double[] rho; // sorted busy residuals
    final double[] rhoPrefix;
    final double delta;
    // remaining jobs
    int[] rem;
    int m;
    // peeled with finite targets, sorted by relative target
    double[] pT;
    double[] pX;
    int p;
    // scratch
    final double[] dl; // relative deadline per job at the level under test
    final double[] dlF; // relative deadline per job at L_f
    final double[] dlI; // relative deadline per job at L_i
    int[] order;
    int[] tmp;
    final List<Integer> failing = new ArrayList<>();
    final double[] level;
    final double[] target;
    final boolean[] hopeless;
    final boolean[] out;
    double floor;

    Solver(
        double now,
        int capacity,
        double[] busyResiduals,
        List<OnionPeeling.Job> jobList,
        double tolerance) {
      if (!Double.isFinite(now))
        throw new IllegalArgumentException("now must be finite, not " + now);
      if (capacity < 1)
        throw new IllegalArgumentException(
            "capacity must be at least 1 container, not " + capacity);
      this.now = now;
      this.n = jobList.size();
      this.jobs = jobList.toArray(new OnionPeeling.Job[0]);
      this.rho = busyResiduals.clone();
      Arrays.sort(rho);
      this.c = Math.max(capacity, rho.length);
      rhoPrefix = new double[rho.length + 1];
      for (int i = 0; i < rho.length; i++) rhoPrefix[i + 1] = rhoPrefix[i] + rho[i];
      double maxU = 0;
      for (OnionPeeling.Job j : jobs) {
        if (!(j.work() >= 0) || !Double.isFinite(j.work()))
          throw new IllegalArgumentException("job work must be finite and >= 0, not " + j.work());
        if (!(j.earliest() >= now))
          throw new IllegalArgumentException(
              "a job's earliest completion " + j.earliest() + " is before now " + now);
        maxU = Math.max(maxU, j.utility().maxValue());
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
      level = new double[n];
      target = new double[n];
      hopeless = new boolean[n];
      out = new boolean[n];
    }

    OnionPeeling.Result run() {
      double lf = Double.POSITIVE_INFINITY; // line 2: the smallest utility any job can fall to
      for (OnionPeeling.Job j : jobs) lf = Math.min(lf, j.utility().value(Double.MAX_VALUE));
      floor = lf;
      if (n == 0)
        return new OnionPeeling.Result(
            new double[0], new double[0], new double[0], new boolean[0], 0);
      int layers = 0;
      // jobs that cannot reach the tolerance Δ even alone on the whole cluster are hopeless at any
      // level: peel them together first (one layer) instead of finding them one bisection at a time
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        OnionPeeling.Job job = jobs[j];
        double d = job.arrival() + job.utility().latestLatencyFor(delta) - now;
        if (!(now + d >= job.earliest())
            || (Double.isFinite(d) && job.work() > cap(d) + 1e-9 * Math.max(1, cap(d))))
          failing.add(j);
      }
      if (!failing.isEmpty()) {
        layers++;
        peel(lf, dl);
      }
      while (m > 0) {
        layers++;
        double li = Double.NEGATIVE_INFINITY; // line 4
        for (int k = 0; k < m; k++) {
          OnionPeeling.Job j = jobs[rem[k]];
          li = Math.max(li, j.utility().value(j.earliest() - j.arrival()));
        }
        if (li <= lf || feasible(li, false)) {
          double lv = Math.max(li, lf);
          feasible(lv, false); // deadlines at the peeling level
          for (int k = 0; k < m; k++) failing.add(rem[k]);
          peel(lv, dl);
          continue;
        }
        feasible(lf, false);
        System.arraycopy(dl, 0, dlF, 0, n);
        // lines 5-12, searching upward from the last level first: probes L_f + Δ, + 2Δ, + 4Δ, ...
        // until one fails, then bisects that bracket (consecutive layers' levels are often close)
        for (double step = delta; li - lf > delta; step *= 2) {
          double probe = lf + step;
          if (probe >= li) break;
          if (feasible(probe, false)) {
            lf = probe;
            System.arraycopy(dl, 0, dlF, 0, n);
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
            System.arraycopy(dl, 0, dlF, 0, n);
          } else {
            li = mid;
          }
        }
        feasible(li, true); // line 13: the bottleneck jobs of the last infeasible L
        keepBlocked();
        peel(lf, dlF);
      }
      double[] u = new double[n];
      for (int i = 0; i < n; i++) {
        double lat = target[i] - jobs[i].arrival();
        u[i] = jobs[i].utility().value(Double.isFinite(lat) ? lat : Double.MAX_VALUE);
      }
      return new OnionPeeling.Result(level, target, u, hopeless, layers);
    }

    /**
     * Keeps, of the candidates the test rejected at L_i, those that cannot rise to L_i alone while
     * every other remaining job stays at L_f; if none, the first candidate (in deadline order).
     */
    private void keepBlocked() {
      if (failing.isEmpty()) { // cannot happen (L_i was infeasible); stay safe
        for (int k = 0; k < m; k++) failing.add(rem[k]);
        return;
      }
      if (failing.size() == 1) return;
      List<Integer> candidates = new ArrayList<>(failing);
      failing.clear();
      System.arraycopy(dl, 0, dlI, 0, n);
      for (int j : candidates) {
        if (out[j]) continue;
        System.arraycopy(dlF, 0, dl, 0, n);
        dl[j] = dlI[j];
        if (!sweep(false)) {
          out[j] = true; // marks the job as kept; peel() sets it again
          failing.add(j);
        }
      }
      for (int j : failing) out[j] = false;
      if (failing.isEmpty()) failing.add(candidates.get(0));
    }

    /** Lines 14-16 for every job in {@code failing}, at level lv, with relative deadlines d. */
    private void peel(double lv, double[] d) {
      for (int j : failing) {
        if (out[j]) continue;
        out[j] = true;
        boolean lost = lv < delta;
        level[j] = lost ? floor : lv;
        double rel = lost ? Double.POSITIVE_INFINITY : d[j];
        target[j] = now + rel;
        hopeless[j] = lost;
        if (Double.isFinite(rel) && jobs[j].work() > 0) insertPeeled(rel, jobs[j].work());
      }
      failing.clear();
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
      boolean ok = true;
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        OnionPeeling.Job job = jobs[j];
        double lat = job.utility().latestLatencyFor(L);
        double d = job.arrival() + lat - now;
        dl[j] = d;
        if (!(job.arrival() + lat >= job.earliest())) { // includes -Infinity
          ok = false;
          if (!collect) return false;
          failing.add(j);
          continue;
        }
      }
      return sweep(collect) && ok;
    }

    /**
     * The checkpoint sweep over the remaining jobs' deadlines in {@link #dl} and the peeled
     * targets; also checks each remaining job's earliest completion.
     */
    private boolean sweep(boolean collect) {
      boolean ok = true;
      int q = 0;
      for (int k = 0; k < m; k++) {
        int j = rem[k];
        double d = dl[j];
        if (!(now + d >= jobs[j].earliest() - 1e-9 * Math.max(1, Math.abs(jobs[j].earliest())))) {
          if (!collect) return false;
          ok = false; // already collected by feasible()
          continue;
        }
        if (Double.isFinite(d) && jobs[j].work() > 0) order[q++] = j;
      }
      sortByKey(order, q, dl);
      keepOrder(q);
      // sweep the merged checkpoints
      int a = 0;
      int b = 0;
      double sum = 0;
      while (a < q || b < p) {
        double t =
            Math.min(
                a < q ? dl[order[a]] : Double.POSITIVE_INFINITY,
                b < p ? pT[b] : Double.POSITIVE_INFINITY);
        int a0 = a;
        while (a < q && dl[order[a]] <= t) sum += jobs[order[a++]].work();
        while (b < p && pT[b] <= t) sum += pX[b++];
        double capT = cap(t);
        if (sum > capT + 1e-9 * Math.max(1, capT)) {
          ok = false;
          if (!collect) return false;
          for (int k = a0; k < a; k++) failing.add(order[k]); // the jobs whose deadline this is
          for (int k = 0; k < a0; k++)
            if (dlF[order[k]] > t) failing.add(order[k]); // and those that crossed it
          return false; // later overflows follow from this one; their jobs are examined in the next
          // layers
        }
      }
      return ok;
    }

    private int[] mark = new int[0];
    private int epoch;

    /**
     * Reorders the remaining jobs as the last sort left them (the sorted ones first), so that the
     * next test, whose deadlines have moved little, sorts an almost sorted array.
     */
    private void keepOrder(int q) {
      if (mark.length < n) mark = new int[n];
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
