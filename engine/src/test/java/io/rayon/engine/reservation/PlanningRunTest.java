package io.rayon.engine.reservation;

import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one orchestration every front-end plans through: whole runs, runs on top of a plan, tries.
 */
class PlanningRunTest {
  static final ReservationRequest A = req("a", "window(atom(<1024,1>,1,2,2,4),0,10)");
  static final ReservationRequest B = req("b", "window(atom(<1024,1>,1,2,3,6),0,10)");
  static final ReservationRequest BIG = req("big", "window(atom(<1024,1>,1,2,10,20),0,10)");

  static Scenario scenario(List<ReservationRequest> rs) {
    Cluster c = Cluster.of("c", NodeGroup.of("n", 2, Resources.of(1024, 1)));
    return new Scenario(
        Scenario.FORMAT_VERSION, "s", null, 60, 10, c, null, null, null, rs, null, null);
  }

  @Test
  void aRunOnTopOfAPlanKeepsWhatIsThereAndDecidesOnlyTheNewRequests() {
    Scenario s = scenario(List.of(A, B));
    PlanningRun first = PlanningRun.run(s, Planners.byName("gree"), SharingPolicySpec.NONE);
    assertThat(first.decisions()).extracting(Decision::accepted).containsExactly(true, true);

    Scenario more = scenario(List.of(A, B, BIG));
    Plan base = first.plan().copy();
    PlanningRun next =
        PlanningRun.place(
            more,
            base,
            List.of(BIG),
            Planners.byName("gree"),
            null,
            ProgressListener.NONE,
            CancellationToken.NEVER,
            Deadline.NONE,
            true);
    assertThat(next.decisions())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.reservationId()).isEqualTo("big");
              assertThat(d.accepted())
                  .as("2 nodes x 10 steps hold 20 bundle-steps, 10 already taken")
                  .isFalse();
            });
    assertThat(next.plan().reservationIds()).containsExactlyInAnyOrder("a", "b");
    assertThat(next.plan().allocationOf("a")).isEqualTo(first.plan().allocationOf("a"));
    assertThat(PlanValidator.validate(next.plan(), SharingPolicySpec.NONE)).isEmpty();
  }

  @Test
  void aTryCommitsNothingAndIgnoresTheRequestsOwnPreviousAllocation() {
    Scenario s = scenario(List.of(A));
    Plan plan = PlanningRun.run(s, Planners.byName("gree"), SharingPolicySpec.NONE).plan();
    var before = plan.allocationOf("a");
    // "a" grown to 18 of the 20 bundle-steps: it fits only without its own old allocation (4)
    ReservationRequest grownA = req("a", "window(atom(<1024,1>,1,2,1,18),0,10)");
    Decision d =
        PlanningRun.tryPlace(
            s, plan, grownA, Planners.byName("gree"), null, CancellationToken.NEVER);
    assertThat(d.accepted()).as(String.valueOf(d)).isTrue();
    assertThat(plan.allocationOf("a")).as("the plan is unchanged").isEqualTo(before);
    Decision tooBig =
        PlanningRun.tryPlace(
            s,
            plan,
            req("c", "window(atom(<1024,1>,1,2,1,18),0,10)"),
            Planners.byName("gree"),
            null,
            CancellationToken.NEVER);
    assertThat(tooBig.accepted()).isFalse();
  }
}
