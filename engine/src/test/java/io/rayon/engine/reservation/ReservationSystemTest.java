package io.rayon.engine.reservation;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReservationSystemTest {
  private static ReservationSystem system(Plan plan) {
    return new ReservationSystem(plan, new GreePlanner(), SharingPolicySpec.NONE)
        .setSelfChecking(true);
  }

  @Test
  void createListUpdateAndDeleteFollowThePapersApi() {
    ReservationSystem rs = system(aPlan(2, 8192, 8, 100));
    assertThat(rs.create(req("a", "alice", "atom(<1024,1>,1,4,1,40)")).accepted()).isTrue();
    assertThat(rs.create(req("b", "bob", "window(atom(<1024,1>,1,4,1,40),0,50)")).accepted())
        .isTrue();
    assertThat(rs.list(ReservationFilter.ofUser("alice")))
        .extracting(r -> r.request().id())
        .containsExactly("a");
    assertThat(rs.list(new ReservationFilter(null, null, 0L, 50L)))
        .extracting(r -> r.request().id())
        .containsExactly("b");
    Decision u = rs.update("a", req("a", "alice", "window(atom(<1024,1>,1,8,1,80),0,20)"));
    assertThat(u.accepted()).isTrue();
    assertThat(rs.plan().allocationOf("a").end()).isEqualTo(20);
    assertThat(rs.delete("b")).isTrue();
    assertThat(rs.delete("b")).isFalse();
    assertThat(rs.list(ReservationFilter.ALL))
        .extracting(r -> r.request().id())
        .containsExactly("a");
  }

  @Test
  void failedUpdateKeepsTheOldReservationExactly() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 100));
    rs.create(req("a", "atom(<1024,1>,1,4,1,40)"));
    ReservationAllocation before = rs.plan().allocationOf("a");
    Decision u = rs.update("a", req("a", "atom(<8192,8>,2,2,1,2)"));
    assertThat(u.accepted()).isFalse();
    assertThat(rs.plan().allocationOf("a")).isEqualTo(before);
    assertThat(rs.plan().requestOf("a").rdl().toString()).isEqualTo("atom(<1024,1>,1,4,1,40)");
  }

  @Test
  void duplicateIdAndUnknownUpdateAreRejectedAsInvalid() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 100));
    rs.create(req("a", "atom(<1024,1>,1,4,1,40)"));
    assertThat(rs.create(req("a", "atom(<1024,1>,1,4,1,40)")).rejection().code())
        .isEqualTo(Rejection.Code.INVALID);
    assertThat(rs.update("zz", req("zz", "atom(<1024,1>,1,4,1,40)")).rejection().code())
        .isEqualTo(Rejection.Code.INVALID);
  }

  @Test
  void onlineModePlacesInArrivalOrderAndReportsInGivenOrder() {
    ReservationSystem rs = system(aPlan(1, 8192, 8, 10));
    var late =
        new ReservationRequest(
            "late", null, "u", "q", Rdl.atom(Resources.of(8192, 8), 1, 1, 10, 10), 0, 0);
    var early =
        new ReservationRequest(
            "early", null, "u", "q", Rdl.atom(Resources.of(8192, 8), 1, 1, 10, 10), 0, 0);
    List<Decision> ds =
        rs.submitAll(
            List.of(new ReservationRequest("late", null, "u", "q", late.rdl(), 0, 5), early));
    assertThat(ds).extracting(Decision::reservationId).containsExactly("late", "early");
    assertThat(ds.get(1).accepted()).isTrue();
    assertThat(ds.get(0).accepted()).isFalse();
  }

  @Test
  void replanPlacesEverythingAnewAndKeepsWhatStillFits() {
    Plan plan = aPlan(2, 8192, 8, 100);
    ReservationSystem rs =
        new ReservationSystem(plan, new GreeLPlanner(), SharingPolicySpec.NONE)
            .setSelfChecking(true);
    rs.create(req("a", "atom(<1024,1>,1,8,1,400)"));
    rs.create(req("b", "atom(<1024,1>,1,8,1,400)"));
    List<Decision> ds = rs.replan();
    assertThat(ds).allMatch(Decision::accepted);
    assertThat(rs.plan().reservationIds()).containsExactly("a", "b");
  }

  @Test
  void selfCheckingModeCatchesAPlannerThatBreaksTheRdl() {
    Planner broken =
        new Planner() {
          @Override
          public String name() {
            return "broken";
          }

          @Override
          public Decision place(PlanView plan, ReservationRequest r, PlanningContext c) {
            // one bundle too many: total work 6 instead of 5
            return Decision.accept(
                new ReservationAllocation(
                    r.id(),
                    List.of(
                        new AtomAllocation(
                            "", Resources.of(1024, 1), List.of(new Step(0, 3, 2))))));
          }
        };
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 8, 10), broken, SharingPolicySpec.NONE)
            .setSelfChecking(true);
    assertThatThrownBy(() -> rs.create(req("r", "atom(<1024,1>,1,2,1,5)")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("work is 5");
  }

  @Test
  void adapterRejectsWhatNoLongerFitsAfterANodeFailureWithTheCause() {
    Plan plan = aPlan(2, 8192, 8, 10);
    ReservationSystem rs = system(plan);
    assertThat(rs.create(req("a", "atom(<8192,8>,1,1,10,10)")).accepted()).isTrue();
    assertThat(rs.create(req("b", "atom(<8192,8>,1,1,10,10)")).accepted()).isTrue();
    Adapter.Result r =
        new Adapter(rs)
            .onCapacityChange(new CapacityChange(0, Resources.of(-8192, -8), "node n-1 failed"));
    assertThat(r.replanned()).isTrue();
    assertThat(r.kept()).containsExactly("a");
    assertThat(r.rejected())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.reservationId()).isEqualTo("b");
              assertThat(d.rejection().message())
                  .contains("capacity change at step 0")
                  .contains("node n-1 failed");
            });
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }

  @Test
  void adapterMovesNothingWhenEverythingStillFits() {
    Plan plan = aPlan(4, 8192, 8, 10);
    ReservationSystem rs = system(plan);
    rs.create(req("a", "atom(<8192,8>,1,1,10,10)"));
    ReservationAllocation before = rs.plan().allocationOf("a");
    Adapter.Result r =
        new Adapter(rs).onCapacityChange(new CapacityChange(5, Resources.of(-8192, -8), "failure"));
    assertThat(r.replanned()).isFalse();
    assertThat(rs.plan().allocationOf("a")).isEqualTo(before);
    assertThat(rs.plan().capacityAt(5)).isEqualTo(Resources.of(3 * 8192, 24));
  }

  @Test
  void planFollowerGivesEachActiveReservationItsShareOfCapacity() {
    Plan plan = aPlan(4, 8192, 8, 10);
    ReservationSystem rs = system(plan);
    rs.create(req("a", "alice", "atom(<8192,8>,1,1,10,10)"));
    rs.create(req("b", "bob", "window(atom(<4096,2>,1,2,1,10),0,5)"));
    PlanFollower.Settings s = PlanFollower.settingsAt(rs.plan(), 2);
    assertThat(s.reservationQueues())
        .extracting(PlanFollower.QueueSetting::queue)
        .containsExactly("reservation-a", "reservation-b");
    assertThat(s.reservationQueues().get(0).guaranteedFraction()).isEqualTo(0.25);
    assertThat(s.reservationQueues().get(1).guaranteed()).isEqualTo(Resources.of(8192, 4));
    assertThat(s.unreservedFraction()).isEqualTo(0.5);
    assertThat(PlanFollower.settingsAt(rs.plan(), 7).reservationQueues()).hasSize(1);
  }
}
