package io.rayon.app.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushMetrics;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushSnapshot;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** What the RUSH view derives from a run, on hand-built runs whose answers are known. */
class RushPlaybackTest {
  static final double NAN = Double.NaN;

  static RushJobResult job(String id, double arrival, double completion, UtilityFunction u) {
    double latency = completion - arrival;
    return new RushJobResult(
        id,
        "t",
        "sensitive",
        u,
        4,
        arrival,
        completion,
        latency,
        u.value(latency),
        false,
        Double.POSITIVE_INFINITY,
        NAN,
        NAN,
        false);
  }

  /**
   * Two jobs: a arrives at 0 and finishes at 30; b arrives at 10, is hopeless at 20 and finishes at
   * 50. Snapshots at 0, 10, 20, 30, 50.
   */
  static RushRunResult twoJobs(String scheduler) {
    UtilityFunction ua = new UtilityFunction.Linear(1, 0.01, 20);
    UtilityFunction ub = new UtilityFunction.Linear(1, 0.1, 10);
    List<RushJobResult> jobs = List.of(job("a", 0, 30, ua), job("b", 10, 50, ub));
    List<RushSnapshot> s =
        List.of(
            new RushSnapshot(
                0,
                new int[] {2, 0},
                new double[] {25, NAN},
                new double[] {28, NAN},
                new boolean[] {false, false},
                new boolean[] {false, false}),
            new RushSnapshot(
                10,
                new int[] {1, 1},
                new double[] {25, 30},
                new double[] {29, 45},
                new boolean[] {false, false},
                new boolean[] {false, false}),
            new RushSnapshot(
                20,
                new int[] {1, 0},
                new double[] {28, 40},
                new double[] {30, 60},
                new boolean[] {false, true},
                new boolean[] {false, false}),
            new RushSnapshot(
                30,
                new int[] {0, 2},
                new double[] {30, 45},
                new double[] {30, 50},
                new boolean[] {false, true},
                new boolean[] {true, false}),
            new RushSnapshot(
                50,
                new int[] {0, 0},
                new double[] {30, 50},
                new double[] {30, 50},
                new boolean[] {false, true},
                new boolean[] {true, true}));
    return new RushRunResult(scheduler, "", jobs, s, RushMetrics.of(jobs));
  }

  @Test
  void rowsFollowTheSnapshotAndOnlyUnfinishedArrivedJobsAreRed() {
    RushRunResult r = twoJobs("rush");
    List<RushPlayback.JobRow> at0 = RushPlayback.rows(r, 0);
    assertThat(at0.get(0).state()).isEqualTo(RushPlayback.State.RUNNING);
    assertThat(at0.get(1).state()).isEqualTo(RushPlayback.State.NOT_ARRIVED);
    assertThat(at0.get(1).target()).isNaN();
    assertThat(at0.get(0).expectedUtility())
        .isCloseTo(r.jobs().get(0).utilityFunction().value(28), within(1e-12));

    List<RushPlayback.JobRow> at20 = RushPlayback.rows(r, 2);
    assertThat(at20.get(1).state()).isEqualTo(RushPlayback.State.WAITING);
    assertThat(at20.get(1).hopeless()).isTrue();
    assertThat(at20.get(1).projected()).isEqualTo(60);
    // U_b(60 - 10) = max(0.1 * (10 - 50) + 1, 0) = 0
    assertThat(at20.get(1).expectedUtility()).isZero();
    assertThat(RushPlayback.hopelessCount(r, 2)).isEqualTo(1);

    // at the end every job is finished: nothing red, final utilities shown
    List<RushPlayback.JobRow> end = RushPlayback.rows(r, 4);
    assertThat(end).allMatch(x -> x.state() == RushPlayback.State.FINISHED && !x.hopeless());
    assertThat(end.get(0).expectedUtility()).isEqualTo(r.jobs().get(0).utility());
    assertThat(RushPlayback.hopelessCount(r, 4)).isZero();
  }

  @Test
  void eventFramesAreWhereTheRedJobsChange() {
    RushRunResult r = twoJobs("rush");
    // b turns red at 20 and stays red until it finishes at 50
    assertThat(RushPlayback.hopelessChanges(r)).containsExactly(2, 4);
    assertThat(RushPlayback.snapshotTimes(r)).containsExactly(0, 10, 20, 30, 50);
  }

  @Test
  void snapshotAtFindsTheLastSnapshotNotAfterATime() {
    RushRunResult r = twoJobs("rush");
    assertThat(RushPlayback.snapshotAt(r, -1)).isZero();
    assertThat(RushPlayback.snapshotAt(r, 0)).isZero();
    assertThat(RushPlayback.snapshotAt(r, 19.9)).isEqualTo(1);
    assertThat(RushPlayback.snapshotAt(r, 30)).isEqualTo(3);
    assertThat(RushPlayback.snapshotAt(r, 1e9)).isEqualTo(4);
    assertThat(RushPlayback.timeOf(r, 99)).isEqualTo(50);
  }

  @Test
  void containersAreAStepLineThroughEverySnapshot() {
    RushRunResult r = twoJobs("rush");
    double[][] b = RushPlayback.containers(r, 1);
    assertThat(b[0]).containsExactly(0, 10, 10, 20, 20, 30, 30, 50, 50);
    assertThat(b[1]).containsExactly(0, 0, 1, 1, 0, 0, 2, 2, 0);
    double[][] total = RushPlayback.totalContainers(r);
    assertThat(total[0]).containsExactly(0, 10, 10, 20, 20, 30, 30, 50, 50);
    assertThat(total[1]).containsExactly(2, 2, 2, 2, 1, 1, 2, 2, 0);
  }

  @Test
  void curveCoversWhereTheUtilityReachesZeroAndTheMarks() {
    UtilityFunction u = new UtilityFunction.Linear(1, 0.1, 10); // zero at 20
    double span = RushPlayback.curveSpan(u, 5, NAN);
    assertThat(span).isGreaterThanOrEqualTo(20);
    assertThat(RushPlayback.curveSpan(u, 100)).isGreaterThanOrEqualTo(100);
    double[][] c = RushPlayback.utilityCurve(u, span, 50);
    assertThat(c[0][0]).isZero();
    assertThat(c[0][49]).isEqualTo(span);
    assertThat(c[1][0]).isEqualTo(u.maxValue());
    assertThat(c[1][49]).isZero();
    assertThat(RushPlayback.curveSpan(new UtilityFunction.Constant(1))).isPositive();
  }

  @Test
  void utilitiesMatchJobsByIdInTheFirstRunsOrder() {
    RushRunResult a = twoJobs("rush");
    UtilityFunction ub = new UtilityFunction.Linear(1, 0.1, 10);
    List<RushJobResult> other = List.of(job("b", 10, 15, ub), job("c", 0, 1, ub));
    RushRunResult b = new RushRunResult("edf", "", other, List.of(), RushMetrics.of(other));
    List<RushJobResult> third = List.of(job("c", 0, 1, ub));
    RushRunResult c = new RushRunResult("fifo", "", third, List.of(), RushMetrics.of(third));
    List<RushPlayback.JobUtilities> d = RushPlayback.utilities(List.of(a, b, c));
    assertThat(d)
        .extracting(RushPlayback.JobUtilities::id)
        .containsExactlyElementsOf(a.jobs().stream().map(RushJobResult::id).toList());
    RushPlayback.JobUtilities jb = d.get(1);
    assertThat(jb.id()).isEqualTo("b");
    assertThat(jb.runs()).isEqualTo(3);
    assertThat(jb.utility(0)).isEqualTo(a.jobs().get(1).utility());
    assertThat(jb.utility(1)).isEqualTo(ub.value(5));
    assertThat(jb.delta(1)).isEqualTo(jb.utility(1) - jb.utility(0)).isPositive();
    assertThat(jb.delta(2)).isNaN(); // the third run has no job b
    assertThat(jb.worseSomewhere()).isFalse();
    assertThat(d.get(0).utility(1)).isNaN(); // job a only in the first run
    assertThat(RushPlayback.utilities(List.of())).isEmpty();
  }

  /**
   * The CDF is a non-decreasing step line from 0 to 1 whose height at u is the share of jobs at
   * most u, checked by counting.
   */
  @Property(tries = 60)
  void cdfStepsCountTheJobsAtOrBelowEachUtility(
      @ForAll @IntRange(min = 1, max = 40) int n, @ForAll long seed) {
    Random rnd = new Random(seed);
    List<RushJobResult> jobs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      UtilityFunction u = new UtilityFunction.Linear(1 + rnd.nextInt(3), 0.05, 10);
      double arrival = rnd.nextInt(50);
      jobs.add(job("j" + i, arrival, arrival + rnd.nextInt(60), u));
    }
    RushRunResult r = new RushRunResult("rush", "", jobs, List.of(), RushMetrics.of(jobs));
    double[][] c = RushPlayback.utilityCdf(r);
    assertThat(c[0]).hasSize(2 * n);
    assertThat(c[1][c[1].length - 1]).isEqualTo(1.0);
    for (int k = 1; k < c[0].length; k++) {
      assertThat(c[0][k]).isGreaterThanOrEqualTo(c[0][k - 1]);
      assertThat(c[1][k]).isGreaterThanOrEqualTo(c[1][k - 1]);
    }
    // at the top of each step, the height is the fraction of jobs with a utility at most that value
    for (int k = 0; k < n; k++) {
      double x = c[0][2 * k + 1];
      long atMost = jobs.stream().filter(j -> j.utility() <= x).count();
      if (k == n - 1 || c[0][2 * k + 2] > x)
        assertThat(c[1][2 * k + 1]).isCloseTo((double) atMost / n, within(1e-12));
    }
    assertThat(r.metrics().cdfAt(c[0][c[0].length - 1])).isEqualTo(1.0);
  }
}
