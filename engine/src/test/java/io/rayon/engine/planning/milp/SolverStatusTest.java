package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.task.CancellationToken;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Optimisation;

/** How solver outcomes map to our statuses; assertions are on statuses, never on time. */
class SolverStatusTest {

  @Test
  void everyOjAlgoStateMapsToOneOfOurStatuses() {
    Map<Optimisation.State, SolverStatus> expected =
        Map.of(
            Optimisation.State.OPTIMAL, SolverStatus.OPTIMAL,
            Optimisation.State.DISTINCT, SolverStatus.OPTIMAL,
            Optimisation.State.FEASIBLE, SolverStatus.FEASIBLE,
            Optimisation.State.APPROXIMATE, SolverStatus.FEASIBLE,
            Optimisation.State.INFEASIBLE, SolverStatus.INFEASIBLE,
            Optimisation.State.UNBOUNDED, SolverStatus.UNBOUNDED,
            Optimisation.State.VALID, SolverStatus.FAILED,
            Optimisation.State.UNEXPLORED, SolverStatus.FAILED,
            Optimisation.State.INVALID, SolverStatus.FAILED,
            Optimisation.State.FAILED, SolverStatus.FAILED);
    for (Optimisation.State s : Optimisation.State.values()) {
      assertThat(OjAlgoSolver.map(s)).as(s.name()).isEqualTo(expected.get(s));
    }
  }

  @Test
  void withoutOverflowVariablesAnOverfullBatchIsInfeasible() {
    // two rigid gangs of 2 over the same 2 steps, 2 cores: only one fits
    MilpPlanner p =
        new MilpPlanner(
            MilpOptions.DEFAULT.withAllowRejection(false).withTimeLimit(Duration.ofSeconds(10)));
    MilpResult r =
        p.replan(
            aPlan(1, 8192, 2, 2),
            List.of(req("a", "atom(<1024,1>,2,2,2,4)"), req("b", "atom(<1024,1>,2,2,2,4)")),
            p.options());
    assertThat(r.solver().status()).isEqualTo(SolverStatus.INFEASIBLE);
    assertThat(r.decisions())
        .allSatisfy(
            d -> {
              assertThat(d.accepted()).isFalse();
              assertThat(d.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
            });
    // with overflow variables (the default) the same batch is solved: one accepted, proven optimal
    MilpResult ok =
        new MilpPlanner()
            .replan(
                aPlan(1, 8192, 2, 2),
                List.of(req("a", "atom(<1024,1>,2,2,2,4)"), req("b", "atom(<1024,1>,2,2,2,4)")),
                MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(10)));
    assertThat(ok.solver().status()).isEqualTo(SolverStatus.OPTIMAL);
    assertThat(ok.acceptedCount()).isEqualTo(1);
  }

  @Test
  void aTinyTimeLimitReturnsTheIncumbentAsFeasibleWithAGap() {
    // a fixed grid: the automatic grid refuses this model (408 integer variables) for a 1 ms limit
    MilpPlanner p =
        new MilpPlanner(MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(1)).withGrid(1));
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
            .setSelfChecking(true);
    List<ReservationRequest> batch = Instances.generate(7, 12);
    rs.submitAll(batch);
    SolverResult s = p.lastResult().solver();
    assertThat(s.status()).isEqualTo(SolverStatus.FEASIBLE);
    assertThat(s.objective()).isNotNaN();
    assertThat(p.lastResult().decisions()).hasSize(12);
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
    // rejections made because the solver stopped say so
    for (Decision d : p.lastResult().decisions()) {
      if (!d.accepted() && d.rejection().code() != Rejection.Code.INVALID) {
        assertThat(d.rejection().code()).isEqualTo(Rejection.Code.STOPPED);
        assertThat(d.rejection().message()).contains("time-limit");
      }
    }
  }

  @Test
  void cancellingBeforeTheSolveReturnsTheStartingSolutionAsCancelled() {
    CancellationToken cancel = new CancellationToken();
    cancel.cancel();
    MilpResult r =
        new MilpPlanner()
            .replan(
                aPlan(1, 8192, 4, 10),
                Instances.generate(3, 4),
                MilpOptions.DEFAULT,
                new PlanningContext(null, null, cancel),
                Map.of());
    assertThat(r.solver().status()).isEqualTo(SolverStatus.CANCELLED);
    assertThat(r.decisions()).allSatisfy(d -> assertThat(d.accepted()).isFalse());
  }

  @Test
  void cancellingWhileTheSolverRunsKeepsTheBestSolutionSoFarAndReportsProgress() {
    // the solver reports before the search (model size, starting incumbent, LP bound), during it
    // and after it; the listener cancels at the first report, so the solve stops with the best
    // solution so far (here the starting one) and says CANCELLED
    CancellationToken cancel = new CancellationToken();
    List<String> reports = new ArrayList<>();
    PlanningContext ctx =
        new PlanningContext(
            null,
            (f, m) -> {
              reports.add(m);
              cancel.cancel();
            },
            cancel);
    // a fixed grid: the automatic grid refuses this model (168 integer variables) for a 2 s limit
    MilpPlanner p =
        new MilpPlanner(MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(2)).withGrid(1));
    List<ReservationRequest> batch = new ArrayList<>(Instances.generate(11, 8));
    batch.add(
        req(
            "pipeline",
            "window(order(all(atom(<1024,1>,1,4,1,8),atom(<1024,1>,1,4,1,8)),atom(<1024,1>,4,4,2,8)),0,8)"));
    ReservationSystem rs =
        new ReservationSystem(aPlan(2, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
            .setSelfChecking(true)
            .setTask(ctx.progress(), cancel);
    rs.submitAll(batch);
    assertThat(p.lastResult().solver().status()).isEqualTo(SolverStatus.CANCELLED);
    assertThat(reports)
        .first()
        .asString()
        .contains("incumbent")
        .contains("bound")
        .contains("variables");
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }
}
