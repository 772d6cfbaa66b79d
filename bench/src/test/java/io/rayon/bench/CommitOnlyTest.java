package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness's floor: greel-plus[repair=0]'s decisions replayed, nothing placed. */
class CommitOnlyTest {

  private static PreparedWorkload workload(long seed, int n) {
    SharingPolicySpec policy = SharingPolicySpec.parse("capacity-over-time:1,1,24h");
    return PreparedWorkload.of(
        "tiny", Workloads.shared(Workloads.randomOrders(seed, n, 12, 60), 3, policy));
  }

  @Test
  void itCommitsExactlyWhatItsSourceDecidedAndTheValidatorFindsNothing() {
    int refused = 0;
    for (long seed = 1; seed <= 12; seed++) {
      PreparedWorkload w = workload(seed, 300);
      RunOutcome source = RayonContender.named(CommitOnly.SOURCE).run(w);
      RayonContender floor = RayonContender.commitOnly();
      // twice: the decisions are computed once per workload and the second run reuses them
      for (int round = 0; round < 2; round++) {
        RunOutcome o = floor.run(w);
        assertThat(o.violations()).as("seed %d", seed).isEmpty();
        ReservationAllocation[] a = o.allocations();
        assertThat(a).as("seed %d", seed).containsExactly(source.allocations());
      }
      assertThat(source.acceptedCount()).as("seed %d", seed).isPositive();
      refused += 300 - source.acceptedCount();
    }
    // not a vacuous check: refusals are replayed too
    assertThat(refused).isPositive();
  }

  @Test
  void itServesEachWorkloadItsOwnDecisions() {
    PreparedWorkload a = workload(3, 40);
    PreparedWorkload b = workload(4, 40);
    RayonContender floor = RayonContender.commitOnly();
    RunOutcome onA = floor.run(a);
    RunOutcome onB = floor.run(b);
    assertThat(floor.run(a).allocations()).containsExactly(onA.allocations());
    assertThat(onB.allocations())
        .containsExactly(RayonContender.named(CommitOnly.SOURCE).run(b).allocations());
  }

  @Test
  void aRequestFromAnotherWorkloadIsAnErrorNotADecision() {
    CommitOnly c = (CommitOnly) RayonContender.commitOnly().planner();
    c.use(workload(5, 10));
    var stranger = workload(6, 10).requests().get(0);
    var renamed =
        new ReservationRequest(
            "not-" + stranger.id(),
            stranger.name(),
            stranger.user(),
            stranger.queue(),
            stranger.rdl(),
            stranger.priority(),
            stranger.arrival());
    assertThatThrownBy(() -> c.place(null, renamed, null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'not-" + stranger.id() + "' is not in the workload");
  }

  @Test
  void theHarnessTakesItByNameBesideTheAgentsAndGivesItARatio() {
    HadoopComparison.Options o =
        HadoopComparison.parse(
            new String[] {
              "--workloads", "i", "--planners", "greel-plus,commit-only,hadoop-greedy"
            });
    assertThat(HadoopComparison.contenders(o))
        .extracting(Contender::name)
        .containsExactly("greel-plus", "commit-only", "hadoop-greedy");
    // never a default contender
    assertThat(HadoopComparison.parse(new String[] {"--workloads", "i"}).planners())
        .doesNotContain(CommitOnly.NAME);
    PreparedWorkload w = workload(9, 40);
    List<Result> rows =
        Measure.measure(
            List.of(
                RayonContender.commitOnly(), new HadoopContender(HadoopPeer.Agent.GREEDY, true)),
            w,
            0,
            0,
            1,
            Long.MAX_VALUE);
    assertThat(rows.get(0).isOurs()).isTrue();
    assertThat(rows.get(0).violations()).isEmpty();
    assertThat(rows.get(0).speedup()).isPositive();
  }
}
