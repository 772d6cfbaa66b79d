package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why Hadoop's agents refuse requests, and whether a request refused because the agent's own
 * allocation would overcommit the plan had room in it ({@link OverCapacityCheck}).
 */
class HadoopRefusalTest {

  /** One node of 8 containers, one-minute steps, Hadoop's default policy, the given requests. */
  private static PreparedWorkload oneNode(List<ReservationRequest> requests) {
    Scenario base = Workloads.randomOrders(1, 1, 1, 60);
    Scenario s =
        new Scenario(
            base.formatVersion(),
            "one-node",
            "one node of 8 containers",
            base.stepSeconds(),
            base.horizonSteps(),
            base.cluster(),
            base.rootQueue(),
            base.users(),
            SharingPolicySpec.parse("capacity-over-time:1,1,24h"),
            requests,
            base.workload(),
            base.settings());
    return PreparedWorkload.of("one node", s);
  }

  private static ReservationRequest atomIn(String id, int n, long lease, long from, long to) {
    return new ReservationRequest(
        id,
        id,
        "u1",
        "dedicated",
        Rdl.window(Rdl.atom(Workloads.BUNDLE, 1, n, lease, n * lease), from, to),
        0,
        from);
  }

  @Test
  void theEarlyGreedyAgentRefusesARequestThatFitsWhenItsOverlappingBatchesOvercommit() {
    // The plan keeps 1 container free at step 0 and 6 over [1, 10). The third request needs 10
    // containers for 3 steps each: the agent puts 1 at [0, 3), then, reading the free capacity it
    // read before that batch, 6 more at [1, 4), 7 where 6 are free; the plan refuses the
    // allocation. 6 at [1, 4) and 4 at [4, 7) would have fitted.
    PreparedWorkload w =
        oneNode(
            List.of(
                atomIn("a", 7, 1, 0, 1),
                atomIn("b", 2, 9, 1, 10),
                atomIn("c", 10, 3, 0, 20),
                atomIn("too-big", 100, 5, 0, 6)));
    RunOutcome o = new HadoopContender(HadoopPeer.Agent.GREEDY, true).run(w);
    assertThat(o.allocations()[0]).isNotNull();
    assertThat(o.allocations()[1]).isNotNull();
    assertThat(o.refusedWhy())
        .containsExactly(null, null, Refusal.OVER_CAPACITY, Refusal.NO_ALLOCATION);
    assertThat(o.refusals())
        .containsEntry(Refusal.OVER_CAPACITY, 1)
        .containsEntry(Refusal.NO_ALLOCATION, 1)
        .hasSize(2);
    // the over-capacity refusal had room; the request bigger than the cluster is not counted
    assertThat(OverCapacityCheck.fitted(w, o)).isEqualTo(1);
  }

  @Test
  void theDiffCountsTheRequestsOnlyOursAcceptsThatTheAgentRefusedOverCapacity() {
    PreparedWorkload w =
        oneNode(
            List.of(
                atomIn("a", 7, 1, 0, 1),
                atomIn("b", 2, 9, 1, 10),
                atomIn("c", 10, 3, 0, 20),
                atomIn("too-big", 100, 5, 0, 6)));
    List<Contender> cs =
        List.of(
            RayonContender.named("greel-plus"), new HadoopContender(HadoopPeer.Agent.GREEDY, true));
    List<Result> rows = Measure.measure(cs, w, 0, 0, 1, System.nanoTime() + 60_000_000_000L);
    List<AcceptanceDiff> diffs = AcceptanceDiff.of(w, rows);
    assertThat(diffs).hasSize(1);
    AcceptanceDiff d = diffs.get(0);
    // greel-plus places c (the agent refused it over capacity); nobody places the request bigger
    // than the cluster
    assertThat(d.onlyOurs().count()).isEqualTo(1);
    assertThat(d.onlyOursOverCapacity()).isEqualTo(1);
    assertThat(d.onlyHadoop().count()).isZero();
    assertThat(d.both()).isEqualTo(2);
    assertThat(d.line())
        .contains("of which 1 refused by the agent for its own allocation over capacity");
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(Report.markdown(rows, diffs, o, LocalDate.of(2026, 1, 1), "", ""))
        .contains("| 1 (30 work, median 30) | 1 | 0 | 2 |");
  }

  @Test
  void aRequestTheAgentPlacesInOneBatchIsAccepted() {
    // the same plan and a request of 6 containers for 3 steps: one batch at [1, 4), no overlap
    PreparedWorkload w =
        oneNode(
            List.of(atomIn("a", 7, 1, 0, 1), atomIn("b", 2, 9, 1, 10), atomIn("c", 6, 3, 1, 20)));
    RunOutcome o = new HadoopContender(HadoopPeer.Agent.GREEDY, true).run(w);
    assertThat(o.accepted().cardinality()).isEqualTo(3);
    assertThat(o.refusals()).isEmpty();
    assertThat(OverCapacityCheck.fitted(w, o)).isZero();
  }

  @Test
  void anOverCapacityRefusalWithNoRoomLeftIsNotCountedAsFitting() {
    // 19 containers for 3 steps in [0, 10): 57 container-steps where 1 + 6 × 9 = 55 are free. The
    // agent's batches (1 at [0, 3), then 6 at [1, 4), [4, 7) and [7, 10) from its stale read) add
    // up to 19 and overcommit [1, 3); the plan refuses them, and no allocation could have fitted.
    PreparedWorkload w =
        oneNode(
            List.of(atomIn("a", 7, 1, 0, 1), atomIn("b", 2, 9, 1, 10), atomIn("c", 19, 3, 0, 10)));
    RunOutcome o = new HadoopContender(HadoopPeer.Agent.GREEDY, true).run(w);
    assertThat(o.refusedWhy()[2]).isEqualTo(Refusal.OVER_CAPACITY);
    assertThat(OverCapacityCheck.fitted(w, o)).isZero();
  }
}
