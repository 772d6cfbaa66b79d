package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.model.reservation.ReservationRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The automatic grid: large models are solved on a coarser grid, and the result says so. */
class AutoGridTest {
  private static final MilpOptions ONE_SECOND =
      MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(1));

  @Test
  void budgetGrowsSlowlyWithTheTimeLimitFromAFloor() {
    assertThat(MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(1)).integerBudget())
        .isEqualTo(MilpOptions.MIN_INTEGER_BUDGET);
    assertThat(MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(60)).integerBudget())
        .isEqualTo(MilpOptions.MIN_INTEGER_BUDGET + 60 * MilpOptions.INTEGERS_PER_SECOND);
  }

  @Test
  void integerVariablesAreCountedWithoutBuildingTheModel() {
    Plan plan = aPlan(1, 8192, 4, 20);
    List<ReservationRequest> rs =
        List.of(
            req("a", "window(order(atom(<1024,1>,1,2,1,4),atom(<1024,1>,1,2,1,4)),0,10)"),
            req("b", "any(atom(<1024,1>,1,2,1,4),atom(<1024,1>,1,2,1,4))"));
    for (int g : new int[] {1, 2, 5}) {
      MilpOptions o = MilpOptions.DEFAULT.withGrid(g);
      MilpFormulation built = new MilpFormulation(plan, rs, o, null);
      assertThat(MilpFormulation.integerVariables(plan, rs, o))
          .as("grid %d", g)
          .isEqualTo(built.integerCount());
    }
  }

  @Test
  void aModelAboveTheBudgetIsSolvedOnACoarserGridAndTheNotesSaySo() {
    // one atom with a 400-step window: 401 integer variables on the plan's grid, above the
    // budget of 160 that a 10 s limit gives (10 s, not 1 s: the solve must not depend on how busy
    // the machine is; the atom is solved to optimality in well under that)
    MilpOptions tenSeconds = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(10));
    Plan plan = aPlan(1, 8192, 4, 400);
    ReservationRequest r = req("long", "window(atom(<1024,1>,1,4,1,40),0,400)");
    int grid = MilpPlanner.chooseGrid(plan, List.of(r), tenSeconds);
    assertThat(grid).isGreaterThan(1);
    assertThat(MilpFormulation.integerVariables(plan, List.of(r), tenSeconds.withGrid(grid)))
        .isLessThanOrEqualTo(tenSeconds.integerBudget());
    assertThat(MilpFormulation.integerVariables(plan, List.of(r), tenSeconds.withGrid(grid - 1)))
        .isGreaterThan(tenSeconds.integerBudget());

    MilpResult res = MilpPlannerTest.solve(plan, tenSeconds, r);
    assertThat(res.decisions().get(0).accepted()).as("%s %s", res.solver(), res.notes()).isTrue();
    assertThat(res.notes())
        .anySatisfy(n -> assertThat(n).contains("automatic grid").contains("grid " + grid));
    assertThat(MilpPlanner.report(res)).containsKey("solverNotes");
  }

  @Test
  void aFixedGridIsNeverChanged() {
    Plan plan = aPlan(1, 8192, 4, 400);
    ReservationRequest r = req("long", "window(atom(<1024,1>,1,4,1,40),0,400)");
    assertThat(MilpPlanner.chooseGrid(plan, List.of(r), ONE_SECOND.withGrid(1))).isEqualTo(1);
    MilpResult res =
        new MilpPlanner(ONE_SECOND.withGrid(1)).replan(plan, List.of(r), ONE_SECOND.withGrid(1));
    assertThat(res.notes()).noneSatisfy(n -> assertThat(n).contains("automatic grid"));
  }

  @Test
  void theAutomaticGridKeepsAtLeastFourModelStepsInTheShortestWindow() {
    Plan plan = aPlan(1, 8192, 4, 2000);
    List<ReservationRequest> rs =
        List.of(
            req("long", "window(atom(<1024,1>,1,4,1,40),0,2000)"),
            req("short", "window(atom(<1024,1>,1,4,1,8),100,112)"));
    // the budget would need a grid of about 14, but the 12-step window allows at most 3
    assertThat(MilpPlanner.chooseGrid(plan, rs, ONE_SECOND)).isEqualTo(3);
  }

  @Test
  void gridOptionTakesAWholeNumberOrAuto() {
    assertThat(MilpOptions.from(new PlannerOptions(Map.of("grid", "5"))))
        .satisfies(
            o -> {
              assertThat(o.grid()).isEqualTo(5);
              assertThat(o.autoGrid()).isFalse();
            });
    assertThat(MilpOptions.from(new PlannerOptions(Map.of("grid", "auto"))).autoGrid()).isTrue();
    assertThat(MilpOptions.DEFAULT.autoGrid()).isTrue();
  }
}
