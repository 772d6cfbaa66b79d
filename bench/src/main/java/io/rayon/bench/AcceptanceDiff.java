package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Why one planner accepts more than another on a workload: the requests that one of our planners
 * accepts and the better Hadoop agent ({@link Result#betterHadoop}) rejects, and the other way
 * round — how many, their total work and the median work of one (work = the request's total
 * bundle-steps, Σ w of its atoms) — plus how many both accept, and of the requests only ours
 * accepts, how many the agent refused because its own allocation would overcommit its plan ({@link
 * Refusal#OVER_CAPACITY}). Computed from the last timed run of each.
 */
record AcceptanceDiff(
    String workload,
    String ours,
    String hadoop,
    Side onlyOurs,
    Side onlyHadoop,
    int both,
    int onlyOursOverCapacity) {

  /** Requests accepted by one side only: count, total work, median work of one (NaN when none). */
  record Side(int count, long work, double medianWork) {
    static Side of(PreparedWorkload w, BitSet only) {
      long[] sizes = new long[only.cardinality()];
      long total = 0;
      int k = 0;
      for (int i = only.nextSetBit(0); i >= 0; i = only.nextSetBit(i + 1)) {
        long s = w.requests().get(i).rdl().totalWork();
        sizes[k++] = s;
        total += s;
      }
      Arrays.sort(sizes);
      double median =
          sizes.length == 0
              ? Double.NaN
              : sizes.length % 2 == 1
                  ? sizes[sizes.length / 2]
                  : (sizes[sizes.length / 2 - 1] + sizes[sizes.length / 2]) / 2.0;
      return new Side(sizes.length, total, median);
    }

    String text() {
      if (count == 0) return "0";
      return String.format(
          Locale.ROOT, "%d (%s work, median %s)", count, compact(work), compact(medianWork));
    }
  }

  static AcceptanceDiff of(PreparedWorkload w, Result ours, Result hadoop) {
    BitSet onlyOurs = (BitSet) ours.accepted().clone();
    onlyOurs.andNot(hadoop.accepted());
    BitSet onlyHadoop = (BitSet) hadoop.accepted().clone();
    onlyHadoop.andNot(ours.accepted());
    BitSet both = (BitSet) ours.accepted().clone();
    both.and(hadoop.accepted());
    int overCapacity = 0;
    Refusal[] why = hadoop.refusedWhy();
    for (int i = onlyOurs.nextSetBit(0); i >= 0; i = onlyOurs.nextSetBit(i + 1))
      if (i < why.length && why[i] == Refusal.OVER_CAPACITY) overCapacity++;
    return new AcceptanceDiff(
        w.label(),
        ours.planner(),
        hadoop.planner(),
        Side.of(w, onlyOurs),
        Side.of(w, onlyHadoop),
        both.cardinality(),
        overCapacity);
  }

  /**
   * For each of our rows of the workload, the difference against the better Hadoop agent; empty
   * when no agent ran.
   */
  static List<AcceptanceDiff> of(PreparedWorkload w, List<Result> rows) {
    List<AcceptanceDiff> out = new ArrayList<>();
    Result h = Result.betterHadoop(rows, w.label());
    if (h == null) return out;
    for (Result r : rows) if (r.isOurs() && r.workload().equals(w.label())) out.add(of(w, r, h));
    return out;
  }

  /** The net work: what ours alone accepts minus what the agent alone accepts (bundle-steps). */
  long netWork() {
    return onlyOurs.work() - onlyHadoop.work();
  }

  String line() {
    return String.format(
        Locale.ROOT,
        "  %s vs %s: only %s accepts %s (of which %d refused by the agent for its own allocation over"
            + " capacity); only %s accepts %s; both %d",
        ours,
        hadoop,
        ours,
        onlyOurs.text(),
        onlyOursOverCapacity,
        hadoop,
        onlyHadoop.text(),
        both);
  }

  /** 1234567 as 1.23 M, 45600 as 45.6 k; bundle-steps. */
  static String compact(double v) {
    if (Double.isNaN(v)) return "-";
    if (Math.abs(v) >= 1e6) return String.format(Locale.ROOT, "%.3g M", v / 1e6);
    if (Math.abs(v) >= 1e4) return String.format(Locale.ROOT, "%.3g k", v / 1e3);
    return String.format(Locale.ROOT, "%.0f", v);
  }
}
