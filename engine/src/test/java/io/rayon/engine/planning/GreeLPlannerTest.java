package io.rayon.engine.planning;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Step;
import io.rayon.model.scenario.SharingPolicySpec;
import org.junit.jupiter.api.Test;

class GreeLPlannerTest {
  private static ReservationSystem system(Plan plan, Planner p) {
    return new ReservationSystem(plan, p, SharingPolicySpec.NONE).setSelfChecking(true);
  }

  @Test
  void atomIsSpreadAsFlatAsPossibleOverItsInterval() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 100), new GreeLPlanner());
    Decision d = rs.create(req("r", "window(atom(<1024,1>,1,10,1,150),0,100)"));
    // 150 bundle-steps over 100 steps: 2 bundles for 75 steps, right-aligned
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(25, 100, 2));
  }

  @Test
  void orderStagesGetIntervalsProportionalToTheirMinimumDuration() {
    ReservationSystem rs = system(aPlan(10, 8192, 8, 1000), new GreeLPlanner());
    Decision d =
        rs.create(
            req(
                "r",
                "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),"
                    + "atom(<1024,1>,1,15,120,1800)),0,800)"));
    assertThat(d.accepted()).isTrue();
    AtomAllocation last = d.allocation().atoms().get(2);
    assertThat(last.steps()).containsExactly(new Step(600, 800, 9));
    assertThat(d.allocation().atoms().get(1).steps()).containsExactly(new Step(400, 600, 12));
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 400, 6));
  }

  @Test
  void flatAtomIsRejectedAsInThePaperAndFallsBackToGreeOnlyWithTheOption() {
    Plan plan = aPlan(1, 8192, 8, 100);
    ReservationSystem rs = system(plan, new GreeLPlanner());
    assertThat(rs.create(req("blocker", "window(atom(<8192,8>,1,1,50,50),0,50)")).accepted())
        .isTrue();
    // flat: 4 bundles over [0,100), but [0,50) is full
    Decision paper = rs.create(req("r", "atom(<1024,1>,1,8,1,400)"));
    assertThat(paper.accepted()).isFalse();
    assertThat(paper.rejection().message()).contains("flat-fallback=true").contains("[0,100)");
    ReservationSystem fb =
        system(
            aPlan(1, 8192, 8, 100), new GreeLPlanner(new GreedyOptions(false, false, false, true)));
    assertThat(fb.create(req("blocker", "window(atom(<8192,8>,1,1,50,50),0,50)")).accepted())
        .isTrue();
    Decision d = fb.create(req("r", "atom(<1024,1>,1,8,1,400)"));
    assertThat(d.accepted()).isTrue();
    assertThat(d.allocation().atoms().get(0).steps()).containsExactly(new Step(50, 100, 8));
  }

  /**
   * Hand-computed guessInterval of an all: two atoms of minimum duration 10 in [0,100). The paper
   * divides the interval: the right child gets [50,100) (half, by minimum duration), 2 bundles
   * flat; the left child the 50 steps left of it, 2 bundles over [0,50). Order-only: both share
   * [0,100) and are 1 bundle over all of it.
   */
  @Test
  void guessIntervalDividesAnAllsIntervalAsInThePaper() {
    String rdl = "window(all(atom(<1024,1>,1,10,1,100),atom(<1024,1>,1,10,1,100)),0,100)";
    Decision paper = system(aPlan(10, 8192, 8, 100), new GreeLPlanner()).create(req("r", rdl));
    assertThat(paper.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 50, 2));
    assertThat(paper.allocation().atoms().get(1).steps()).containsExactly(new Step(50, 100, 2));
    Decision ours =
        system(
                aPlan(10, 8192, 8, 100),
                new GreeLPlanner(new GreedyOptions(false, false, true, false)))
            .create(req("r", rdl));
    assertThat(ours.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 100, 1));
    assertThat(ours.allocation().atoms().get(1).steps()).containsExactly(new Step(0, 100, 1));
  }

  /**
   * Hand-computed guessInterval of an any: alternatives of minimum duration 10 and 30 in [0,100).
   * The paper tries the last first and gives it 30/(10+30) of the interval, [25,100): 300 flat is 4
   * bundles for 75 steps. Order-only: it gets the whole [0,100), 3 bundles for 100 steps.
   */
  @Test
  void guessIntervalDividesAnAnysIntervalAsInThePaper() {
    String rdl = "window(any(atom(<1024,1>,1,10,1,100),atom(<1024,1>,1,10,1,300)),0,100)";
    Decision paper = system(aPlan(10, 8192, 8, 100), new GreeLPlanner()).create(req("r", rdl));
    assertThat(paper.allocation().atoms())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.path()).isEqualTo("0.1");
              assertThat(a.steps()).containsExactly(new Step(25, 100, 4));
            });
    Decision ours =
        system(
                aPlan(10, 8192, 8, 100),
                new GreeLPlanner(new GreedyOptions(false, false, true, false)))
            .create(req("r", rdl));
    assertThat(ours.allocation().atoms().get(0).steps()).containsExactly(new Step(0, 100, 3));
  }

  @Test
  void greeLPreemptsLessThanGreeOnTheSameWorkload() {
    String[] rdls = {
      "window(atom(<1024,1>,1,40,1,400),0,100)",
      "window(order(atom(<1024,1>,1,20,5,200),atom(<1024,1>,1,20,5,200)),0,100)",
      "window(atom(<1024,1>,1,30,1,300),20,100)"
    };
    double[] preemption = new double[2];
    Planner[] ps = {new GreePlanner(), new GreeLPlanner()};
    for (int i = 0; i < 2; i++) {
      Plan plan = aPlan(10, 8192, 8, 100);
      ReservationSystem rs = system(plan, ps[i]);
      for (int j = 0; j < rdls.length; j++)
        assertThat(rs.create(req("r" + j, rdls[j])).accepted()).isTrue();
      preemption[i] = PlanMetrics.preemption(plan);
    }
    assertThat(preemption[1]).isLessThan(preemption[0]);
  }
}
