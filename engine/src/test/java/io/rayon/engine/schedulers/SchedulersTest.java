package io.rayon.engine.schedulers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.ReservationPolicy;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.Simulator;
import io.rayon.engine.sim.WorkloadTransforms;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.RumenImporter;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Workload;
import io.rayon.testsupport.SampleScenarios;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scheduler registry and the one entry point that turns a name and options into a run. */
class SchedulersTest {

  @Test
  void registryOffersBothSchedulersWithThePapersDefaults() {
    assertThat(Schedulers.names()).containsExactly("reservation", "estimation");
    assertThat(Schedulers.plugin("reservation").options()).isEmpty();
    assertThat(Schedulers.plugin("estimation").options()).extracting(OptionSpec::name).containsExactly("damping", "availability");
    EstimationPolicy e = (EstimationPolicy) Schedulers.create("estimation", Map.of());
    assertThat(e.damping()).isEqualTo(EstimationPolicy.DEFAULT_DAMPING);
    assertThat(e.availability()).isEqualTo(Availability.PAPER_SIM);
    EstimationPolicy y = (EstimationPolicy) Schedulers.create("estimation", Map.of("damping", "0", "availability", "yarn-prototype"));
    assertThat(y.damping()).isZero();
    assertThat(y.availability()).isEqualTo(Availability.YARN_PROTOTYPE);
    assertThat(Schedulers.create("reservation", null)).isInstanceOf(ReservationPolicy.class);
  }

  @Test
  void badNamesAndOptionsAreRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> Schedulers.create("fifo", Map.of()))
        .hasMessageContaining("unknown scheduler 'fifo'").hasMessageContaining("reservation, estimation");
    assertThatThrownBy(() -> Schedulers.create("estimation", Map.of("damping", "1.5")))
        .hasMessageContaining("damping=1.5").hasMessageContaining("from 0 to 1");
    assertThatThrownBy(() -> Schedulers.create("estimation", Map.of("availability", "min")))
        .hasMessageContaining("paper-sim, yarn-prototype");
    assertThatThrownBy(() -> SimulationRun.of(cluster(), workload(), "reservation", Map.of("damping", "0.5"),
            SimulationRun.Requests.RRU, SimulationConfig.DEFAULT))
        .hasMessageContaining("no option 'damping'");
  }

  @Test
  void aRunIsTheSimulatorWithTheNamedSchedulerAndIsRepeatable() {
    SimulationConfig cfg = SimulationConfig.DEFAULT.withSeed(5).withSeriesInterval(6).withFrameInterval(0);
    Workload w = workload();
    SimulationRun run = SimulationRun.of(cluster(), w, "estimation", Map.of("damping", "0.5", "availability", "yarn-prototype"),
        SimulationRun.Requests.RRU, cfg);
    SimulationResult direct = Simulator.run(cluster(), w, new EstimationPolicy(0.5, Availability.YARN_PROTOTYPE), cfg);
    SimulationResult first = run.run();
    assertThat(first.jobsCsv()).isEqualTo(direct.jobsCsv());
    assertThat(first.series().toCsv()).isEqualTo(direct.series().toCsv());
    assertThat(run.run().jobsCsv()).as("a fresh scheduler per run").isEqualTo(first.jobsCsv());
    assertThat(run.describe()).isEqualTo("estimation (damping 0.5), availability yarn-prototype (min(AR − ACU, NC − EU))");

    SimulationRun efr = SimulationRun.of(cluster(), w, "reservation", Map.of(), SimulationRun.Requests.parse("EFR"), cfg);
    assertThat(efr.describe()).isEqualTo("reservation");
    assertThat(efr.run().jobsCsv())
        .isEqualTo(Simulator.run(cluster(), WorkloadTransforms.extremeFit(w), new ReservationPolicy(), cfg).jobsCsv());
    assertThatThrownBy(() -> SimulationRun.Requests.parse("peak")).hasMessageContaining("rru or efr");
  }

  private static Cluster cluster() {
    return Cluster.of("t", new NodeGroup("n", 2, Resources.of(2048, 4), Resources.of(1536, 3), 1, null));
  }

  private static Workload workload() {
    try {
      return new RumenImporter().read(SampleScenarios.trace("sls/2jobs2min-rumen-jh.json"),
          new ImportOptions(false, 1, Map.of("productionFraction", "0"))).workload();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
