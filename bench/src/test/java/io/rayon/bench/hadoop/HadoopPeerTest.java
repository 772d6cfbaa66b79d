package io.rayon.bench.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationId;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.junit.jupiter.api.Test;

class HadoopPeerTest {
  static final Resources B = Resources.of(1024, 1);
  static final long STEP_MS = 60_000;

  @Test
  void orderOfAtomsInAWindowBecomesAnROrderDefinitionWithOneStagePerAtom() {
    ReservationRequest r =
        ReservationRequest.of(
            "r", Rdl.window(Rdl.order(Rdl.atom(B, 1, 4, 3, 12), Rdl.atom(B, 2, 6, 5, 30)), 10, 40));
    ReservationDefinition d = HadoopTranslation.toHadoop(r, STEP_MS, 100);
    assertThat(d.getArrival()).isEqualTo(10 * STEP_MS);
    assertThat(d.getDeadline()).isEqualTo(40 * STEP_MS);
    assertThat(d.getReservationRequests().getInterpreter())
        .isEqualTo(ReservationRequestInterpreter.R_ORDER);
    var stages = d.getReservationRequests().getReservationResources();
    assertThat(stages).hasSize(2);
    assertThat(stages.get(0).getNumContainers()).isEqualTo(4);
    assertThat(stages.get(0).getConcurrency()).isEqualTo(1);
    assertThat(stages.get(0).getDuration()).isEqualTo(3 * STEP_MS);
    assertThat(stages.get(1).getNumContainers()).isEqualTo(6);
    assertThat(stages.get(1).getConcurrency()).isEqualTo(2);
    assertThat(stages.get(1).getCapability().getMemorySize()).isEqualTo(1024);
    assertThat(stages.get(1).getCapability().getVirtualCores()).isEqualTo(1);
  }

  @Test
  void atomWhoseParallelismDiffersFromItsContainerCountIsRefusedWithItsPath() {
    ReservationRequest r =
        ReservationRequest.of("r", Rdl.window(Rdl.order(Rdl.atom(B, 1, 2, 3, 12)), 0, 40));
    assertThatThrownBy(() -> HadoopTranslation.toHadoop(r, STEP_MS, 100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("request r at path 0.0")
        .hasMessageContaining("max parallelism 2");
  }

  @Test
  void greedyAgentPlacesASimpleAtomLateInItsWindowAndTheAllocationMapsBackToBundles() {
    HadoopPeer peer =
        new HadoopPeer(
            HadoopPeer.Agent.GREEDY, Resources.of(8 * 1024, 8), STEP_MS, B, Resources.of(8192, 8));
    ReservationRequest r = ReservationRequest.of("r", Rdl.window(Rdl.atom(B, 1, 4, 5, 20), 0, 30));
    ReservationId id = peer.place(HadoopTranslation.toHadoop(r, STEP_MS, 30), "u1");
    assertThat(id).isNotNull();
    ReservationAllocation a = peer.allocationOf(id, "r", B);
    assertThat(a.work()).isEqualTo(20);
    // favor-early-allocation=false: as late as possible, all four containers at once.
    assertThat(a.atoms().get(0).steps()).containsExactly(new Step(25, 30, 4));
  }

  @Test
  void requestLargerThanTheClusterIsARejectionNotAnError() {
    HadoopPeer peer =
        new HadoopPeer(
            HadoopPeer.Agent.ALIGNED, Resources.of(8 * 1024, 8), STEP_MS, B, Resources.of(8192, 8));
    ReservationRequest r =
        ReservationRequest.of("r", Rdl.window(Rdl.atom(B, 1, 100, 5, 500), 0, 10));
    assertThat(peer.place(HadoopTranslation.toHadoop(r, STEP_MS, 10), "u1")).isNull();
  }
}
