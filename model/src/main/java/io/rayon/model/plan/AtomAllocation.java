package io.rayon.model.plan;

import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The bundles granted to one atom of a reservation over time, as a canonical run-length step
 * function: steps sorted, non-overlapping, each with at least one bundle, and adjacent steps with
 * equal counts merged. {@code path} is the atom's place in the reservation's RDL tree (see {@link
 * io.rayon.model.rdl.Rdl#at}).
 */
public record AtomAllocation(String path, Resources bundle, List<Step> steps) {
  public AtomAllocation {
    Objects.requireNonNull(bundle, "bundle");
    steps = canonical(steps);
  }

  /**
   * Sorts, drops zero steps, merges touching equal steps; rejects overlaps. Steps already canonical
   * (as every planner builds them) are only copied into an unmodifiable list (none when they are
   * one already): the same list as the full pass gives, without its sort and three copies.
   */
  public static List<Step> canonical(List<Step> in) {
    if (in != null && isCanonical(in)) return List.copyOf(in);
    List<Step> s = new ArrayList<>(in == null ? List.of() : in);
    for (int i = 0; i < s.size(); i++)
      if (s.get(i) == null) throw new IllegalArgumentException("steps[" + i + "] is null");
    s.removeIf(x -> x.bundles() == 0);
    s.sort(Comparator.comparingLong(Step::start));
    List<Step> out = new ArrayList<>(s.size());
    for (Step x : s) {
      if (!out.isEmpty()) {
        Step p = out.get(out.size() - 1);
        if (x.start() < p.end()) {
          throw new IllegalArgumentException("overlapping steps " + p + " and " + x);
        }
        if (x.start() == p.end() && x.bundles() == p.bundles()) {
          out.set(out.size() - 1, new Step(p.start(), x.end(), p.bundles()));
          continue;
        }
      }
      out.add(x);
    }
    return List.copyOf(out);
  }

  /**
   * True when {@code in} is canonical as it is: no null, no zero step, each step starting at or
   * after the end of the one before, and no two touching steps of equal counts.
   */
  private static boolean isCanonical(List<Step> in) {
    Step p = null;
    for (Step x : in) {
      if (x == null || x.bundles() == 0) return false;
      if (p != null
          && (x.start() < p.end() || (x.start() == p.end() && x.bundles() == p.bundles())))
        return false;
      p = x;
    }
    return true;
  }

  /** Bundle-steps granted in total. */
  public long work() {
    long w = 0;
    // indexed: the steps are an immutable list (canonical), and no iterator is made per call
    for (int i = 0; i < steps.size(); i++) {
      Step x = steps.get(i);
      w += x.bundles() * x.length();
    }
    return w;
  }

  public long bundlesAt(long t) {
    for (Step x : steps) {
      if (t < x.start()) return 0;
      if (t < x.end()) return x.bundles();
    }
    return 0;
  }

  /** First step with an allocation, or -1 when empty. */
  public long start() {
    return steps.isEmpty() ? -1 : steps.get(0).start();
  }

  /** One past the last step with an allocation, or -1 when empty. */
  public long end() {
    return steps.isEmpty() ? -1 : steps.get(steps.size() - 1).end();
  }

  public boolean isEmpty() {
    return steps.isEmpty();
  }
}
