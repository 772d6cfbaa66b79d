package io.rayon.views.plan;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.resources.Resources;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The drawing model of a plan skyline for one resource dimension, with level of detail.
 *
 * <p>Each reservation's skyline is flattened once into runs {@code (start, end, value)}. The time
 * axis is cut into buckets of {@code B} steps, {@code B} the smallest power of two at least as
 * large as the steps one pixel covers; a bucket holds, in stacking order, each reservation's
 * <em>average</em> level over the bucket (so what is narrower than a pixel is aggregated and area
 * is preserved). Buckets are computed lazily and cached per {@code B}, so panning only computes the
 * buckets that come into view. A reservation's index is its position in {@link
 * PlanData#allocations()}.
 */
final class SkylineModel {
  final PlanData plan;
  final String dimension;
  final String[] ids;
  final Map<String, Integer> indexOf = new HashMap<>();
  private final int runCount;
  private final int[] runRes;
  private final long[] runStart;
  private final long[] runEnd;
  private final double[] runValue;

  /** Largest of capacity and total allocation over the horizon; the value axis goes to it. */
  final double maxLevel;

  /**
   * The highest total allocation (0 when nothing is allocated): the top when the value axis fits
   * the data.
   */
  final double dataMax;

  private int cacheB = -1;
  private Bucket[] cache = new Bucket[0];
  private int cached;

  /** One bucket: reservations (stacking order) with their average level in it. */
  static final class Bucket {
    int n;
    int[] res = new int[4];
    float[] val = new float[4];
    double total;

    void add(int r, double v) {
      if (n > 0 && res[n - 1] == r) {
        val[n - 1] += (float) v;
      } else {
        if (n == res.length) {
          res = Arrays.copyOf(res, n * 2);
          val = Arrays.copyOf(val, n * 2);
        }
        res[n] = r;
        val[n] = (float) v;
        n++;
      }
      total += v;
    }
  }

  SkylineModel(PlanData plan, String dimension) {
    this.plan = plan;
    this.dimension = dimension;
    int n = plan.allocations().size();
    ids = new String[n];
    int cap = 16;
    int[] rr = new int[cap];
    long[] rs = new long[cap];
    long[] re = new long[cap];
    double[] rv = new double[cap];
    int k = 0;
    TreeMap<Long, Double> totalDelta = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      ReservationAllocation a = plan.allocations().get(i);
      ids[i] = a.reservationId();
      indexOf.putIfAbsent(a.reservationId(), i);
      TreeMap<Long, Resources> sky = a.skyline();
      Map.Entry<Long, Resources> prev = null;
      for (Map.Entry<Long, Resources> e : sky.entrySet()) {
        if (prev != null) {
          double v = prev.getValue().get(dimension);
          if (v != 0) {
            if (k == rr.length) {
              cap = k * 2;
              rr = Arrays.copyOf(rr, cap);
              rs = Arrays.copyOf(rs, cap);
              re = Arrays.copyOf(re, cap);
              rv = Arrays.copyOf(rv, cap);
            }
            rr[k] = i;
            rs[k] = prev.getKey();
            re[k] = e.getKey();
            rv[k] = v;
            k++;
            totalDelta.merge(prev.getKey(), v, Double::sum);
            totalDelta.merge(e.getKey(), -v, Double::sum);
          }
        }
        prev = e;
      }
    }
    runCount = k;
    runRes = rr;
    runStart = rs;
    runEnd = re;
    runValue = rv;
    double max = 0;
    double cur = 0;
    for (double d : totalDelta.values()) {
      cur += d;
      max = Math.max(max, cur);
    }
    dataMax = max;
    for (Resources r : plan.capacity().values()) max = Math.max(max, r.get(dimension));
    maxLevel = max <= 0 ? 1 : max;
  }

  int reservationCount() {
    return ids.length;
  }

  int runCount() {
    return runCount;
  }

  /** Smallest power of two no smaller than {@code stepsPerPixel} (at least 1). */
  static int bucketSize(double stepsPerPixel) {
    int b = 1;
    while (b < stepsPerPixel && b < (1 << 30)) b <<= 1;
    return b;
  }

  /** Buckets {@code [b0, b1)} at size {@code B}, computing the missing ones. */
  Bucket[] buckets(int B, long b0, long b1) {
    long count = (plan.horizon() + B - 1) / B;
    if (B != cacheB || cached > 50_000) {
      cacheB = B;
      cache = new Bucket[(int) Math.min(count, Integer.MAX_VALUE - 8)];
      cached = 0;
    }
    long lo = Math.max(0, b0);
    long hi = Math.min(count, b1);
    long m0 = -1;
    for (long b = lo; b <= hi; b++) {
      boolean missing = b < hi && cache[(int) b] == null;
      if (missing && m0 < 0) m0 = b;
      if (!missing && m0 >= 0) {
        compute(B, (int) m0, (int) b);
        m0 = -1;
      }
    }
    return cache;
  }

  private void compute(int B, int m0, int m1) {
    for (int b = m0; b < m1; b++) cache[b] = new Bucket();
    cached += m1 - m0;
    long t0 = (long) m0 * B;
    long t1 = (long) m1 * B;
    long horizon = plan.horizon();
    for (int i = 0; i < runCount; i++) {
      long s = runStart[i];
      long e = runEnd[i];
      if (e <= t0 || s >= t1) continue;
      long bs = Math.max(m0, s / B);
      long be = Math.min(m1 - 1, (e - 1) / B);
      double v = runValue[i];
      int r = runRes[i];
      for (long b = bs; b <= be; b++) {
        long lo = b * B;
        long hi = Math.min(lo + B, horizon);
        long ov = Math.min(e, hi) - Math.max(s, lo);
        if (ov <= 0) continue;
        cache[(int) b].add(r, v * ov / Math.max(1, hi - lo));
      }
    }
  }

  /** The level of reservation {@code r} at exactly {@code step}. */
  double levelAt(int r, long step) {
    ReservationAllocation a = plan.allocations().get(r);
    Map.Entry<Long, Resources> e = a.skyline().floorEntry(step);
    return e == null ? 0 : e.getValue().get(dimension);
  }

  /** Capacity in this dimension at a step. */
  double capacityAt(long step) {
    return plan.capacityAt(step).get(dimension);
  }
}
