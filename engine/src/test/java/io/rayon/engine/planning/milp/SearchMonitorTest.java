package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The monitor's bound bookkeeping on a scripted sequence of node events (no solver): a node stays
 * open until both children are reported, an infeasible report counts only once another node was
 * solved after it, and the bound never falls.
 */
class SearchMonitorTest {
  private final MilpFormulation f =
      new MilpFormulation(
          aPlan(1, 8192, 4, 10),
          List.of(req("a", "atom(<1024,1>,1,4,1,12)")),
          MilpOptions.DEFAULT,
          null);
  private final double c = f.objectiveConstant();
  private final double[] rejectAll = f.warmStart(Map.of());

  private SearchMonitor monitor(double lpBound, boolean trustInfeasible) {
    return new SearchMonitor(
        f,
        rejectAll,
        lpBound,
        ProgressListener.NONE,
        CancellationToken.NEVER,
        () -> {},
        trustInfeasible,
        Deadline.NONE);
  }

  @Test
  void beforeTheRootIsSolvedTheBoundIsTheLpRelaxations() {
    SearchMonitor m = monitor(3.0, true);
    assertThat(m.bound()).isEqualTo(3.0);
    assertThat(m.bestObjective()).isEqualTo(c);
  }

  @Test
  void aNodeStaysOpenUntilBothChildrenAreReported() {
    SearchMonitor m = monitor(Double.NaN, true);
    m.nodeSolved(0, 0, 4 - c); // root, its own parent
    assertThat(m.bound()).isEqualTo(4.0);
    m.nodeSolved(1, 0, 6 - c); // first child: the root is still open
    assertThat(m.bound()).isEqualTo(4.0);
    m.nodeSolved(2, 0, 5 - c); // second child: the root closes, the open minimum is 5
    assertThat(m.bound()).isEqualTo(5.0);
  }

  @Test
  void anInfeasibleReportCountsOnlyOnceTheSolverGoesOn() {
    SearchMonitor m = monitor(Double.NaN, true);
    m.nodeSolved(0, 0, 4 - c);
    m.nodeSolved(1, 0, 6 - c);
    m.nodeInfeasible(2, 0); // could be an LP cut short by the time limit
    assertThat(m.bound()).isEqualTo(4.0);
    m.nodeSolved(3, 1, 7 - c); // the search went on: node 2 really was infeasible
    assertThat(m.bound()).isEqualTo(6.0);
  }

  @Test
  void withSeveralThreadsInfeasibleReportsNeverCloseANode() {
    SearchMonitor m = monitor(Double.NaN, false);
    m.nodeSolved(0, 0, 4 - c);
    m.nodeSolved(1, 0, 6 - c);
    m.nodeInfeasible(2, 0);
    m.nodeSolved(3, 1, 7 - c);
    assertThat(m.bound()).isEqualTo(4.0);
  }

  @Test
  void theBoundNeverFallsAndNeverExceedsTheIncumbent() {
    SearchMonitor m = monitor(2.0, true);
    m.nodeSolved(0, 0, 4 - c);
    m.nodeSolved(1, 0, 6 - c);
    m.nodeSolved(2, 0, 5 - c);
    assertThat(m.bound()).isEqualTo(5.0);
    // a later node with a lower value (solved without the root's presolve) keeps the bound at 5
    m.nodeSolved(3, 2, 3 - c);
    assertThat(m.bound()).isEqualTo(5.0);
    // nodes above the incumbent do not count: the bound is capped by it
    m.nodeSolved(4, 3, c + 10 - c);
    assertThat(m.bound()).isLessThanOrEqualTo(m.bestObjective());
  }
}
