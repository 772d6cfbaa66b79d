package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * GREE's two atom scans ({@link AtomScans}) on an empty plan, against an independent oracle: with
 * constant room of U units (gangs) over n steps an atom of q = w/g unit-steps and lease l fits iff
 * some k ≤ U has k·l ≤ q ≤ k·n. The stacked scan finds a placement exactly then (its Javadoc's
 * claim); the paper's scan never places an atom that does not fit, and may miss some that do. Every
 * block either scan returns is checked on its own: inside the range, whole gangs, at least l long,
 * never more than the room at any step, and the work exactly.
 */
class AtomScansPropertiesTest {

  /** True when some k ≤ units has k·l ≤ q ≤ k·n (the oracle, by enumeration). */
  static boolean fits(long units, long n, long q, long l) {
    if (q == 0) return true;
    for (long k = 1; k <= units; k++) if (k * l <= q && q <= k * n) return true;
    return false;
  }

  private static AtomRoom emptyRoom(Rdl.Atom atom, int nodes, int lo, int hi) {
    Plan plan = Fixtures.aPlan(nodes, 8192, 8, 64);
    TentativePlacement p =
        new TentativePlacement(
            plan, Fixtures.req("r", "atom(<1024,1>,1,1,1,1)"), PlanningContext.DEFAULT, null);
    return new AtomRoom(p, atom, lo, hi, false);
  }

  @Property(tries = 2000)
  void theStackedScanPlacesAnAtomOnAnEmptyPlanExactlyWhenItFits(
      @ForAll @IntRange(min = 1, max = 3) int nodes,
      @ForAll @IntRange(min = 1, max = 4) int gang,
      @ForAll @IntRange(min = 1, max = 6) int gangs,
      @ForAll @IntRange(min = 1, max = 8) int lease,
      @ForAll @IntRange(min = 0, max = 60) int unitSteps,
      @ForAll @IntRange(min = 0, max = 40) int lo,
      @ForAll @IntRange(min = 1, max = 24) int length) {
    int hi = Math.min(64, lo + length);
    Rdl.Atom atom =
        Rdl.atom(Resources.of(1024, 1), gang, gang * gangs, lease, (long) gang * unitSteps);
    // only atoms the planners would place: RdlChecks rejects the rest before any scan
    Assume.that(RdlChecks.validate(atom) == null);
    AtomRoom room = emptyRoom(atom, nodes, lo, hi);
    long units = Math.min(gangs, (8L * nodes) / gang);
    boolean fits = unitSteps == 0 || fits(units, hi - lo, unitSteps, lease);
    List<long[]> stacked = unitSteps == 0 ? List.of() : AtomScans.greeAtom(atom, room);
    assertThat(stacked != null).as("stacked scan places it").isEqualTo(fits);
    if (stacked != null) checkBlocks(stacked, atom, lo, hi, units);
    List<long[]> paper = unitSteps == 0 ? List.of() : AtomScans.greeAtomPaper(atom, room);
    if (paper != null) {
      assertThat(fits).as("the paper's scan placed an atom that does not fit").isTrue();
      checkBlocks(paper, atom, lo, hi, units);
    }
  }

  /**
   * The paper's scan misses an atom that fits (its Javadoc's example), the stacked one does not.
   */
  @Test
  void thePapersScanMissesTheJavadocsExample() {
    // room for 3 units over 3 steps, l = 2, q = 7: 2 units over 2 steps and one over 3 fit
    Rdl.Atom atom = Rdl.atom(Resources.of(1024, 1), 1, 3, 2, 7);
    AtomRoom room = emptyRoom(atom, 1, 10, 13);
    assertThat(fits(3, 3, 7, 2)).isTrue();
    assertThat(AtomScans.greeAtomPaper(atom, room)).isNull();
    List<long[]> stacked = AtomScans.greeAtom(atom, room);
    assertThat(stacked).isNotNull();
    checkBlocks(stacked, atom, 10, 13, 3);
  }

  private static void checkBlocks(List<long[]> blocks, Rdl.Atom atom, int lo, int hi, long units) {
    long g = atom.gang();
    long work = 0;
    long[] height = new long[hi - lo];
    for (long[] b : blocks) {
      assertThat(b[0]).as("block start").isGreaterThanOrEqualTo(lo);
      assertThat(b[1]).as("block end").isLessThanOrEqualTo(hi);
      assertThat(b[1] - b[0]).as("block length vs lease").isGreaterThanOrEqualTo(atom.minLease());
      assertThat(b[2]).as("whole gangs").isPositive();
      assertThat(b[2] % g).as("whole gangs").isZero();
      work += b[2] * (b[1] - b[0]);
      for (long t = b[0]; t < b[1]; t++) height[(int) (t - lo)] += b[2];
    }
    assertThat(work).as("work").isEqualTo(atom.work());
    for (long h : height) assertThat(h).as("height vs room").isLessThanOrEqualTo(units * g);
  }
}
