package io.rayon.engine.estimation;

import static io.rayon.engine.sim.SchedulerPolicy.CPU;
import static io.rayon.engine.sim.SchedulerPolicy.MEMORY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.sim.ReservationPolicy;
import io.rayon.engine.sim.SimNodes;
import org.junit.jupiter.api.Test;

class EstimationPolicyTest {
  /** One node: NC = 32 GB / 24 vcores, AR = 28 GB / 18 vcores, with a settable reservation. */
  static final class OneNode implements SimNodes {
    double reservedMem;
    double reservedCpu;

    @Override
    public int count() {
      return 1;
    }

    @Override
    public double capacity(int node, int r) {
      return r == MEMORY ? 32_768 : 24;
    }

    @Override
    public double allowance(int node, int r) {
      return r == MEMORY ? 28_672 : 18;
    }

    @Override
    public double reserved(int node, int r) {
      return r == MEMORY ? reservedMem : reservedCpu;
    }
  }

  @Test
  void yarnPrototypeAvailableIsTheSmallerOfAllowanceMinusUsageAndCapacityMinusEstimate() {
    EstimationPolicy p = new EstimationPolicy(0.5, Availability.YARN_PROTOTYPE);
    p.start(new OneNode());
    p.allocated(0, 8192, 4); // eq. 2: EU = 8192; ACU' = 8192 until the next report
    assertThat(p.available(0, MEMORY)).isEqualTo(28_672 - 8192);
    p.heartbeat(
        0, 2048, 6); // EU = 0.5*8192 + 0.5*2048 = 5120; ACU = 2048; CPU: EU 5 < 6 -> 6 (eq. 3)
    assertThat(p.estimate(0, MEMORY)).isEqualTo(5120.0);
    assertThat(p.estimate(0, CPU)).isEqualTo(6.0);
    // min(28672 - 2048, 32768 - 5120) = 26624; CPU min(18 - 6, 24 - 6) = 12
    assertThat(p.available(0, MEMORY)).isEqualTo(26_624.0);
    assertThat(p.available(0, CPU)).isEqualTo(12.0);
  }

  @Test
  void tasksPlacedSinceTheLastReportCountAtTheirRequest() {
    EstimationPolicy p = new EstimationPolicy(1.0, Availability.YARN_PROTOTYPE);
    p.start(new OneNode());
    p.heartbeat(0, 0, 0);
    p.allocated(0, 10_000, 1);
    p.allocated(0, 10_000, 1);
    // the estimate alone would allow 32768 - 20000; the allowance term keeps us at 28672 - 20000
    assertThat(p.available(0, MEMORY)).isEqualTo(8672.0);
  }

  @Test
  void idleHeartbeatsDecayTheEstimateLikeZeroReports() {
    EstimationPolicy a = new EstimationPolicy(0.125);
    EstimationPolicy b = new EstimationPolicy(0.125);
    a.start(new OneNode());
    b.start(new OneNode());
    a.allocated(0, 4096, 2);
    b.allocated(0, 4096, 2);
    a.released(0, 4096, 2, 0);
    b.released(0, 4096, 2, 0);
    a.heartbeat(0, 300, 1);
    b.heartbeat(0, 300, 1);
    for (int i = 0; i < 20; i++) a.heartbeat(0, 0, 0);
    b.idle(20);
    assertThat(b.estimate(0, MEMORY)).isCloseTo(a.estimate(0, MEMORY), within(1e-9));
    assertThat(b.available(0, MEMORY)).isCloseTo(a.available(0, MEMORY), within(1e-9));
  }

  @Test
  void reservationModelOffersTheAllowanceMinusReservations() {
    OneNode n = new OneNode();
    ReservationPolicy p = new ReservationPolicy();
    p.start(n);
    n.reservedMem = 20_000;
    n.reservedCpu = 5;
    p.heartbeat(0, 100, 0.5); // ignored
    assertThat(p.available(0, MEMORY)).isEqualTo(8672.0);
    assertThat(p.available(0, CPU)).isEqualTo(13.0);
    assertThat(p.estimate(0, MEMORY)).isEqualTo(20_000.0);
  }
}
