package io.rayon.engine.planners;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.BatchPlanner;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.GreedyOptions;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.milp.MilpPlanner;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannersTest {
  @Test
  void registryKnowsGreeAndGreeLAndNamesThemWhenAskedForAnUnknownPlanner() {
    assertThat(Planners.names()).contains("gree", "greel");
    assertThat(Planners.byName("greel")).isInstanceOf(GreeLPlanner.class);
    assertThatThrownBy(() -> Planners.byName("nope"))
        .hasMessageContaining("unknown planner 'nope'")
        .hasMessageContaining("gree");
  }

  @Test
  void everyPlannerIsAPluginWhoseOptionsReachThePlanner() {
    assertThat(Planners.names()).containsExactly("greel-plus", "gree", "greel", "milp", "hybrid");
    assertThat(((GreePlanner) Planners.byName("gree")).options()).isEqualTo(GreedyOptions.PAPER);
    GreePlanner g =
        (GreePlanner)
            Planners.byName(
                "gree",
                PlannerOptions.NONE.with("atom-scan", "stacked").with("any-order", "written"));
    assertThat(g.options()).isEqualTo(new GreedyOptions(true, true, false, false));
    GreeLPlanner l =
        (GreeLPlanner)
            Planners.byName(
                "greel",
                PlannerOptions.NONE
                    .with("flat-fallback", "true")
                    .with("guess-interval", "order-only"));
    assertThat(l.options()).isEqualTo(new GreedyOptions(false, false, true, true));
    MilpPlanner m =
        (MilpPlanner)
            Planners.byName(
                "milp", PlannerOptions.NONE.with("grid", "10").with("time-limit", "2s"));
    assertThat(m.options().grid()).isEqualTo(10);
    assertThat(m.options().autoGrid()).isFalse();
    assertThat(m.options().timeLimit()).isEqualTo(Duration.ofSeconds(2));
    assertThat(
            ((MilpPlanner) Planners.byName("milp", PlannerOptions.NONE.with("time-limit", "500ms")))
                .options()
                .timeLimit())
        .isEqualTo(Duration.ofMillis(500));
    // the one duration grammar (Durations), also for the MILP's time limit: no second, ISO-8601
    // grammar
    assertThat(
            ((MilpPlanner) Planners.byName("milp", PlannerOptions.NONE.with("time-limit", "1m30s")))
                .options()
                .timeLimit())
        .isEqualTo(Duration.ofSeconds(90));
    assertThatThrownBy(
            () -> Planners.byName("milp", PlannerOptions.NONE.with("time-limit", "PT2S")))
        .hasMessageContaining("time-limit=PT2S")
        .hasMessageContaining("90s");
  }

  @Test
  void badOptionsNameTheOptionAndWhatIsAllowed() {
    assertThatThrownBy(() -> Planners.byName("gree", PlannerOptions.NONE.with("atom-scan", "late")))
        .hasMessageContaining("atom-scan=late")
        .hasMessageContaining("paper, stacked");
    assertThatThrownBy(
            () -> Planners.byName("gree", PlannerOptions.NONE.with("flat-fallback", "true")))
        .hasMessageContaining("planner gree has no option 'flat-fallback'")
        .hasMessageContaining("atom-scan, any-order");
    assertThatThrownBy(
            () -> Planners.byName("greel", PlannerOptions.NONE.with("flat-fallback", "maybe")))
        .hasMessageContaining("flat-fallback=maybe")
        .hasMessageContaining("true or false");
    assertThatThrownBy(() -> Planners.byName("milp", PlannerOptions.NONE.with("grid", "0")))
        .hasMessageContaining("grid=0")
        .hasMessageContaining("auto or a whole number");
    assertThatThrownBy(() -> Planners.byName("milp", PlannerOptions.NONE.with("threads", "0")))
        .hasMessageContaining("threads=0")
        .hasMessageContaining("from 1 to 256");
  }

  @Test
  void everyOptionDescribesItselfAndItsDefaultIsThePapers() {
    for (var p : Planners.REGISTRY.plugins()) {
      assertThat(p.description()).isNotBlank();
      for (OptionSpec s : p.options())
        assertThat(s.help()).as(p.name() + " " + s.name()).isNotBlank();
    }
    assertThat(Planners.plugin("greel").options())
        .extracting(OptionSpec::name)
        .containsExactly("guess-interval", "flat-fallback", "any-order", "atom-scan");
    assertThat(Planners.plugin("greel").options())
        .extracting(OptionSpec::defaultValue)
        .containsExactly("all-operators", "false", "reverse", "paper");
  }

  @Test
  void cancelledPlanningStopsWithAReason() {
    CancellationToken cancel = new CancellationToken();
    cancel.cancel();
    Decision d =
        new GreePlanner()
            .place(
                aPlan(1, 8192, 8, 10),
                req("r", "atom(<1024,1>,1,1,1,1)"),
                new PlanningContext(null, ProgressListener.NONE, cancel));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.STOPPED);
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 8, 10), new GreePlanner(), SharingPolicySpec.NONE)
            .setTask(ProgressListener.NONE, cancel);
    assertThat(rs.submitAll(List.of(req("a", "atom(<1024,1>,1,1,1,1)"))))
        .allMatch(x -> x.rejection().code() == Rejection.Code.STOPPED);
  }

  @Test
  void batchPlannersGetTheWholeListAndTheSystemStillChecksEachProposal() {
    BatchPlanner batch =
        new BatchPlanner() {
          @Override
          public String name() {
            return "batch";
          }

          @Override
          public Decision place(
              PlanView plan, ReservationRequest request, PlanningContext context) {
            return new GreePlanner().place(plan, request, context);
          }

          @Override
          public List<Decision> placeAll(
              PlanView plan, List<ReservationRequest> requests, PlanningContext context) {
            // a careless batch planner: places each alone on the empty plan, so together they
            // over-commit
            List<Decision> out = new ArrayList<>();
            for (ReservationRequest r : requests) out.add(place(plan, r, context));
            return out;
          }
        };
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 8, 10), batch, SharingPolicySpec.NONE)
            .setSelfChecking(true);
    List<Decision> ds =
        rs.submitAll(
            List.of(req("a", "atom(<8192,8>,1,1,10,10)"), req("b", "atom(<8192,8>,1,1,10,10)")));
    assertThat(ds.get(0).accepted()).isTrue();
    assertThat(ds.get(1).rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(ds.get(1).rejection().message()).contains("does not fit");
  }

  @Test
  void greeLHandlesAllAndAnyLikeGree() {
    ReservationSystem rs =
        new ReservationSystem(aPlan(2, 8192, 8, 100), new GreeLPlanner(), SharingPolicySpec.NONE)
            .setSelfChecking(true);
    Decision all = rs.create(req("all", "all(atom(<1024,1>,1,4,1,100),atom(<2048,2>,1,2,1,50))"));
    assertThat(all.accepted()).isTrue();
    assertThat(all.allocation().atoms()).hasSize(2);
    Decision any =
        rs.create(req("any", "any(atom(<16384,16>,2,2,10,20),atom(<1024,1>,1,4,1,100))"));
    assertThat(any.accepted()).isTrue();
    assertThat(any.allocation().atoms())
        .singleElement()
        .satisfies(a -> assertThat(a.path()).isEqualTo("1"));
  }
}
