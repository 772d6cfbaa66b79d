package io.rayon.engine.estimation;

import static io.rayon.engine.sim.SchedulerPolicy.CPU;
import static io.rayon.engine.sim.SchedulerPolicy.MEMORY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.estimation.EstimationPolicyTest.OneNode;
import org.junit.jupiter.api.Test;

/** Each availability formula pinned to values computed by hand. */
class AvailabilityTest {
  @Test
  void paperSimIsTheAllowanceMinusTheEstimate() {
    // §V: AR − EU = 28672 − 5120; ACU and NC play no part
    assertThat(Availability.PAPER_SIM.available(28_672, 2048, 32_768, 5120)).isEqualTo(23_552.0);
    assertThat(Availability.PAPER_SIM.available(28_672, 28_000, 32_768, 5120)).isEqualTo(23_552.0);
    // the estimate above the allowance: negative, the node offers nothing
    assertThat(Availability.PAPER_SIM.available(28, 20, 32, 30)).isEqualTo(-2.0);
  }

  @Test
  void yarnPrototypeIsTheSmallerOfEquationsFiveAndSix() {
    // eq. 5: 28672 − 2048 = 26624; eq. 6: 32768 − 5120 = 27648
    assertThat(Availability.YARN_PROTOTYPE.available(28_672, 2048, 32_768, 5120))
        .isEqualTo(26_624.0);
    // eq. 5: 28 − 20 = 8; eq. 6: 32 − 30 = 2 (the capacity bounds the estimate, not the allowance)
    assertThat(Availability.YARN_PROTOTYPE.available(28, 20, 32, 30)).isEqualTo(2.0);
    assertThat(NodeUsageEstimator.available(28, 27, 32, 10)).isEqualTo(1.0);
  }

  @Test
  void namesParseCaseInsensitivelyAndUnknownNamesSayWhatIsAccepted() {
    assertThat(Availability.parse("paper-sim")).isEqualTo(Availability.PAPER_SIM);
    assertThat(Availability.parse(" YARN-Prototype ")).isEqualTo(Availability.YARN_PROTOTYPE);
    assertThatThrownBy(() -> Availability.parse("min"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'min'")
        .hasMessageContaining("paper-sim|yarn-prototype");
  }

  @Test
  void theSimulatorsPolicyDefaultsToPaperSim() {
    EstimationPolicy p = new EstimationPolicy(0.5);
    assertThat(p.availability()).isEqualTo(Availability.PAPER_SIM);
    p.start(new OneNode());
    p.allocated(0, 8192, 4); // eq. 2: EU = 8192 / 4
    assertThat(p.available(0, MEMORY)).isEqualTo(28_672.0 - 8192);
    assertThat(p.available(0, CPU)).isEqualTo(18.0 - 4);
    p.heartbeat(
        0, 2048, 6); // EU = 0.5·8192 + 0.5·2048 = 5120; CPU 0.5·4 + 0.5·6 = 5 < 6 -> 6 (eq. 3)
    assertThat(p.available(0, MEMORY)).isEqualTo(23_552.0);
    assertThat(p.available(0, CPU)).isEqualTo(12.0);
    p.released(0, 8192, 4, 1); // eq. 4: EU = 5120 − 0.5¹·8192 = 1024; CPU max(0, 6 − 2) = 4
    assertThat(p.available(0, MEMORY)).isEqualTo(28_672.0 - 1024);
    assertThat(p.available(0, CPU)).isEqualTo(14.0);
  }

  @Test
  void withAlphaZeroYarnPrototypeSpendsTheSafetyMarginThatPaperSimKeeps() {
    EstimationPolicy sim = new EstimationPolicy(0, Availability.PAPER_SIM);
    EstimationPolicy yarn = new EstimationPolicy(0, Availability.YARN_PROTOTYPE);
    for (EstimationPolicy p : new EstimationPolicy[] {sim, yarn}) {
      p.start(new OneNode());
      p.allocated(0, 24_576, 6); // EU = 24576 (eq. 2)
      p.heartbeat(0, 6144, 3); // α = 0: EU stays 24576; ACU = 6144
    }
    // paper-sim: 28672 − 24576 = 4096 (the reservation model's answer)
    assertThat(sim.available(0, MEMORY)).isEqualTo(4096.0);
    // yarn-prototype: min(28672 − 6144, 32768 − 24576) = min(22528, 8192) = 8192: NC − AR more
    assertThat(yarn.available(0, MEMORY)).isEqualTo(8192.0);
    assertThat(yarn.available(0, MEMORY) - sim.available(0, MEMORY)).isEqualTo(32_768.0 - 28_672);
  }
}
