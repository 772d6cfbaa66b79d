package io.rayon.engine.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planning.Fixtures;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharingPoliciesTest {
  private static ReservationAllocation alloc(String id, long from, long to, long n) {
    return new ReservationAllocation(
        id, List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(from, to, n)))));
  }

  @Test
  void factoryBuildsEachKindAndConvertsTheWindowToSteps() {
    assertThat(SharingPolicies.from(SharingPolicySpec.NONE, 60)).isSameAs(NoSharingPolicy.INSTANCE);
    assertThat(SharingPolicies.from(SharingPolicySpec.parse("instantaneous:0.2"), 60))
        .isInstanceOf(InstantaneousPolicy.class);
    SharingPolicy p =
        SharingPolicies.from(SharingPolicySpec.parse("capacity-over-time:0.2,0.05,24h"), 60);
    assertThat(((CapacityOverTimePolicy) p).windowSteps()).isEqualTo(1440);
    assertThat(p.name()).isEqualTo("capacity-over-time:0.2,0.05,24h");
  }

  @Test
  void instantaneousHeadroomIsTheCapMinusWhatTheUserHolds() {
    Plan plan = Fixtures.aPlan(10, 8192, 8, 10);
    plan.add(Fixtures.req("a", "alice", "atom(<1024,1>,1,4,1,40)"), alloc("a", 0, 10, 4));
    InstantaneousPolicy p = new InstantaneousPolicy(0.2);
    assertThat(p.headroom(plan, "alice", 3)).isEqualTo(Resources.of(16384 - 4096, 12));
    assertThat(p.headroom(plan, "bob", 3)).isEqualTo(Resources.of(16384, 16));
    Rejection r =
        p.check(plan, Fixtures.req("b", "alice", "atom(<1024,1>,1,13,1,13)"), alloc("b", 2, 3, 13))
            .orElseThrow();
    assertThat(r.code()).isEqualTo(Rejection.Code.POLICY);
    assertThat(r.windowStart()).isEqualTo(2L);
    assertThat(r.resource()).isEqualTo("memoryMB");
  }

  @Test
  void theHeadroomOverARangeAgreesWithTheHeadroomAtEachStep() {
    Plan plan = Fixtures.aPlan(10, 8192, 8, 10);
    plan.add(Fixtures.req("a", "alice", "atom(<1024,1>,1,4,1,40)"), alloc("a", 2, 7, 4));
    for (SharingPolicy p :
        List.of(
            new InstantaneousPolicy(0.2),
            new CapacityOverTimePolicy(0.3, 0.1, 5, "cot"),
            NoSharingPolicy.INSTANCE)) {
      for (int d = 0; d < plan.dimensions().size(); d++) {
        long[] range = p.headroomRange(plan, "alice", d, 1, 9);
        for (int t = 1; t < 9; t++)
          assertThat(range[t - 1])
              .as(p.name() + " d=" + d + " t=" + t)
              .isEqualTo(p.headroom(plan, "alice", d, t));
      }
    }
  }

  @Test
  void averageCapChecksEverySlidingWindowThatTouchesTheProposal() {
    Plan plan = Fixtures.aPlan(10, 8192, 8, 100); // 80 vcores
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, 0.1, 10, "cot");
    // window of 10 steps may hold 0.1 * 80 * 10 = 80 vcore-steps
    assertThat(p.check(plan, Fixtures.req("a", "atom(<1024,1>,1,80,1,80)"), alloc("a", 50, 51, 80)))
        .isEmpty();
    assertThat(p.check(plan, Fixtures.req("a", "atom(<1024,1>,1,81,1,81)"), alloc("a", 50, 51, 81)))
        .isPresent();
    plan.add(Fixtures.req("a", "atom(<1024,1>,1,40,1,40)"), alloc("a", 50, 51, 40));
    Rejection r =
        p.check(plan, Fixtures.req("b", "atom(<1024,1>,1,41,1,41)"), alloc("b", 59, 60, 41))
            .orElseThrow();
    assertThat(r.windowStart()).isEqualTo(50L);
    assertThat(p.check(plan, Fixtures.req("b", "atom(<1024,1>,1,41,1,41)"), alloc("b", 60, 61, 41)))
        .isEmpty();
  }
}
