package io.rayon.engine.planning;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannersTest {
  @Test
  void registryKnowsGreeAndGreeLAndNamesThemWhenAskedForAnUnknownPlanner() {
    assertThat(Planners.names()).contains("gree", "greel");
    assertThat(Planners.byName("greel")).isInstanceOf(GreeLPlanner.class);
    assertThatThrownBy(() -> Planners.byName("nope")).hasMessageContaining("unknown planner 'nope'").hasMessageContaining("gree");
  }

  @Test
  void registeredPlannersReceiveTheirOptions() {
    List<String> seen = new ArrayList<>();
    Planners.register("test-echo", o -> {
      seen.add(o.get("grid", "none"));
      return new GreePlanner();
    });
    Planners.byName("test-echo", PlannerOptions.NONE.with("grid", "10"));
    assertThat(seen).containsExactly("10");
  }

  @Test
  void cancelledPlanningStopsWithAReason() {
    CancellationToken cancel = new CancellationToken();
    cancel.cancel();
    Decision d = new GreePlanner().place(aPlan(1, 8192, 8, 10), req("r", "atom(<1024,1>,1,1,1,1)"),
        new PlanningContext(null, ProgressListener.NONE, cancel));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.STOPPED);
    ReservationSystem rs = new ReservationSystem(aPlan(1, 8192, 8, 10), new GreePlanner(), SharingPolicySpec.NONE)
        .withTask(ProgressListener.NONE, cancel);
    assertThat(rs.submitAll(List.of(req("a", "atom(<1024,1>,1,1,1,1)")))).allMatch(x -> x.rejection().code() == Rejection.Code.STOPPED);
  }

  @Test
  void batchPlannersGetTheWholeListAndTheSystemStillChecksEachProposal() {
    BatchPlanner batch = new BatchPlanner() {
      @Override
      public String name() {
        return "batch";
      }

      @Override
      public Decision place(PlanView plan, ReservationRequest request, PlanningContext context) {
        return new GreePlanner().place(plan, request, context);
      }

      @Override
      public List<Decision> placeAll(PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
        // a careless batch planner: places each alone on the empty plan, so together they over-commit
        List<Decision> out = new ArrayList<>();
        for (ReservationRequest r : requests) out.add(place(plan, r, context));
        return out;
      }
    };
    ReservationSystem rs = new ReservationSystem(aPlan(1, 8192, 8, 10), batch, SharingPolicySpec.NONE).selfChecking(true);
    List<Decision> ds = rs.submitAll(List.of(req("a", "atom(<8192,8>,1,1,10,10)"), req("b", "atom(<8192,8>,1,1,10,10)")));
    assertThat(ds.get(0).accepted()).isTrue();
    assertThat(ds.get(1).rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(ds.get(1).rejection().message()).contains("does not fit");
  }

  @Test
  void greeLHandlesAllAndAnyLikeGree() {
    ReservationSystem rs = new ReservationSystem(aPlan(2, 8192, 8, 100), new GreeLPlanner(), SharingPolicySpec.NONE)
        .selfChecking(true);
    Decision all = rs.create(req("all", "all(atom(<1024,1>,1,4,1,100),atom(<2048,2>,1,2,1,50))"));
    assertThat(all.accepted()).isTrue();
    assertThat(all.allocation().atoms()).hasSize(2);
    Decision any = rs.create(req("any", "any(atom(<16384,16>,2,2,10,20),atom(<1024,1>,1,4,1,100))"));
    assertThat(any.accepted()).isTrue();
    assertThat(any.allocation().atoms()).singleElement().satisfies(a -> assertThat(a.path()).isEqualTo("1"));
  }
}
