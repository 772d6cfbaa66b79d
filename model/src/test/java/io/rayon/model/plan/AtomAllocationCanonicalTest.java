package io.rayon.model.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link AtomAllocation#canonical} takes a shortcut for steps that are canonical already; on any
 * input it gives what the full pass (sort, drop zero steps, merge touching equal steps, refuse
 * overlaps) gives, written out here as the reference.
 */
class AtomAllocationCanonicalTest {

  /** The full pass, as canonical was before its shortcut. */
  private static List<Step> reference(List<Step> in) {
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

  /** Steps left to right, with gaps, touching neighbours, zero counts and repeats, as drawn. */
  private static List<Step> draw(Random rnd) {
    int n = rnd.nextInt(7);
    List<Step> out = new ArrayList<>(n);
    long t = rnd.nextInt(5);
    for (int i = 0; i < n; i++) {
      long len = 1 + rnd.nextInt(4);
      long bundles = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(3);
      out.add(new Step(t, t + len, bundles));
      int gap = rnd.nextInt(4);
      // gap 0: touching; sometimes step back to make an overlap
      t = t + len + (gap == 3 ? -1 : gap == 2 ? 1 + rnd.nextInt(3) : 0);
    }
    if (rnd.nextInt(4) == 0) Collections.shuffle(out, rnd);
    if (n > 0 && rnd.nextInt(40) == 0) out.set(rnd.nextInt(n), null);
    return out;
  }

  @Test
  void givesWhatTheFullPassGivesOnSeededInputs() {
    Random rnd = new Random(20261127L);
    int shortcut = 0;
    for (int k = 0; k < 20_000; k++) {
      List<Step> in = draw(rnd);
      List<Step> expected;
      try {
        expected = reference(in);
      } catch (IllegalArgumentException e) {
        assertThatThrownBy(() -> AtomAllocation.canonical(in))
            .as("input %s", in)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage(e.getMessage());
        continue;
      }
      List<Step> got = AtomAllocation.canonical(in);
      assertThat(got).as("input %s", in).isEqualTo(expected);
      assertThatThrownBy(() -> got.add(new Step(0, 1, 1)))
          .isInstanceOf(UnsupportedOperationException.class);
      if (got.equals(in)) shortcut++;
    }
    // the inputs reach both paths: canonical ones (the shortcut) and the others
    assertThat(shortcut).isBetween(2_000, 18_000);
  }

  @Test
  void aCanonicalInputIsKeptAndACopyOfAMutableOneIsTaken() {
    List<Step> fixed = List.of(new Step(0, 2, 1), new Step(2, 4, 2), new Step(6, 7, 2));
    assertThat(AtomAllocation.canonical(fixed)).isSameAs(fixed);
    List<Step> mutable = new ArrayList<>(fixed);
    List<Step> got = AtomAllocation.canonical(mutable);
    mutable.clear();
    assertThat(got).isEqualTo(fixed);
    assertThat(AtomAllocation.canonical(null)).isEmpty();
  }
}
