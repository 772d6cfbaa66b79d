package io.rayon.engine.schedulers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.plugin.Registry;
import io.rayon.engine.sim.ReservationPolicy;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SimNodes;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scheduler registry and the one entry point that turns a name and options into a run. */
class SchedulersTest {

  @Test
  void registryOffersBothSchedulersWithThePapersDefaults() {
    assertThat(Schedulers.names())
        .containsExactly("reservation", "estimation", "rayon", "capacity");
    assertThat(Schedulers.plugin("reservation").options()).isEmpty();
    assertThat(Schedulers.plugin("estimation").options())
        .extracting(OptionSpec::name)
        .containsExactly("damping", "availability");
    EstimationPolicy e = (EstimationPolicy) Schedulers.create("estimation", Map.of());
    assertThat(e.damping()).isEqualTo(EstimationPolicy.DEFAULT_DAMPING);
    assertThat(e.availability()).isEqualTo(Availability.PAPER_SIM);
    EstimationPolicy y =
        (EstimationPolicy)
            Schedulers.create(
                "estimation", Map.of("damping", "0", "availability", "yarn-prototype"));
    assertThat(y.damping()).isZero();
    assertThat(y.availability()).isEqualTo(Availability.YARN_PROTOTYPE);
    assertThat(Schedulers.create("reservation", null)).isInstanceOf(ReservationPolicy.class);
  }

  @Test
  void badNamesAndOptionsAreRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> Schedulers.create("fifo", Map.of()))
        .hasMessageContaining("unknown scheduler 'fifo'")
        .hasMessageContaining("reservation, estimation");
    assertThatThrownBy(() -> Schedulers.create("estimation", Map.of("damping", "1.5")))
        .hasMessageContaining("damping=1.5")
        .hasMessageContaining("from 0 to 1");
    assertThatThrownBy(() -> Schedulers.create("estimation", Map.of("availability", "min")))
        .hasMessageContaining("paper-sim, yarn-prototype");
    assertThatThrownBy(
            () ->
                SimulationRun.of(
                    cluster(),
                    workload(),
                    "reservation",
                    Map.of("damping", "0.5"),
                    SimulationRun.Requests.RRU,
                    SimulationConfig.DEFAULT))
        .hasMessageContaining("no option 'damping'");
  }

  @Test
  void aRunIsTheSimulatorWithTheNamedSchedulerAndIsRepeatable() {
    SimulationConfig cfg =
        SimulationConfig.DEFAULT.withSeed(5).withSeriesInterval(6).withFrameInterval(0);
    Workload w = workload();
    SimulationRun run =
        SimulationRun.of(
            cluster(),
            w,
            "estimation",
            Map.of("damping", "0.5", "availability", "yarn-prototype"),
            SimulationRun.Requests.RRU,
            cfg);
    SimulationResult direct =
        Simulator.run(cluster(), w, new EstimationPolicy(0.5, Availability.YARN_PROTOTYPE), cfg);
    SimulationResult first = run.run();
    assertThat(first.jobsCsv()).isEqualTo(direct.jobsCsv());
    assertThat(first.series().toCsv()).isEqualTo(direct.series().toCsv());
    assertThat(run.run().jobsCsv()).as("a fresh scheduler per run").isEqualTo(first.jobsCsv());
    assertThat(run.describe())
        .isEqualTo(
            "estimation (damping 0.5), availability yarn-prototype (min(AR − ACU, NC − EU))");

    SimulationRun efr =
        SimulationRun.of(
            cluster(), w, "reservation", Map.of(), SimulationRun.Requests.parse("EFR"), cfg);
    assertThat(efr.describe()).isEqualTo("reservation");
    assertThat(efr.run().jobsCsv())
        .isEqualTo(
            Simulator.run(cluster(), WorkloadTransforms.extremeFit(w), new ReservationPolicy(), cfg)
                .jobsCsv());
    assertThatThrownBy(() -> SimulationRun.Requests.parse("peak"))
        .hasMessageContaining("rru or efr");
  }

  /**
   * A scheduler the simulator has never heard of: a node offers its whole capacity NC (not the
   * allowance AR) minus the requests of its tasks, scaled by an option.
   */
  static final class CapacityPolicy implements SchedulerPolicy {
    private final double share;
    private SimNodes nodes;

    CapacityPolicy(double share) {
      this.share = share;
    }

    @Override
    public String name() {
      return "capacity-test";
    }

    @Override
    public String settings() {
      return " (share " + share + ")";
    }

    @Override
    public void start(SimNodes n) {
      nodes = n;
    }

    @Override
    public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {}

    @Override
    public double available(int node, int r) {
      return share * nodes.capacity(node, r) - nodes.reserved(node, r);
    }

    @Override
    public void allocated(int node, double memoryMB, double cpu) {}

    @Override
    public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {}

    @Override
    public void idle(long heartbeats) {}

    @Override
    public double estimate(int node, int r) {
      return nodes.reserved(node, r);
    }
  }

  @Test
  void aNewSchedulerPlugsInThroughItsOwnPluginWithoutTouchingTheSimulator() {
    Plugin<SchedulerPolicy> capacity =
        new Plugin<>() {
          @Override
          public String name() {
            return "capacity-test";
          }

          @Override
          public String description() {
            return "test: offers the capacity, not the allowance";
          }

          @Override
          public List<OptionSpec> options() {
            return List.of(OptionSpec.decimal("share", 1, 0.1, 1, "share of the capacity offered"));
          }

          @Override
          public SchedulerPolicy create(Options o) {
            return new CapacityPolicy(o.decimal("share"));
          }
        };
    List<Plugin<SchedulerPolicy>> all = new ArrayList<>(Schedulers.REGISTRY.plugins());
    all.add(capacity);
    Registry<SchedulerPolicy> extended = Registry.of("scheduler", all);
    assertThat(extended.names())
        .containsExactly("reservation", "estimation", "rayon", "capacity", "capacity-test");
    SimulationConfig cfg =
        SimulationConfig.DEFAULT.withSeed(5).withSeriesInterval(6).withFrameInterval(0);
    SimulationResult full =
        Simulator.run(cluster(), workload(), extended.create("capacity-test", Map.of()), cfg);
    SimulationResult half =
        Simulator.run(
            cluster(), workload(), extended.create("capacity-test", Map.of("share", "0.5")), cfg);
    SimulationResult reservation =
        Simulator.run(cluster(), workload(), new ReservationPolicy(), cfg);
    assertThat(full.scheduler()).isEqualTo("capacity-test");
    assertThat(full.finishedTasks()).isEqualTo(192);
    assertThat(half.finishedTasks()).isEqualTo(192);
    // the decision is the plug-in's: what it offers changes the schedule
    assertThat(half.jobsCsv()).isNotEqualTo(full.jobsCsv());
    assertThat(full.jobsCsv()).isNotEqualTo(reservation.jobsCsv());
    assertThat(half.meanJobCompletionS()).isGreaterThan(full.meanJobCompletionS());
  }

  private static Cluster cluster() {
    return Cluster.of(
        "t", new NodeGroup("n", 2, Resources.of(2048, 4), Resources.of(1536, 3), 1, null));
  }

  private static Workload workload() {
    try {
      return new RumenImporter()
          .read(
              SampleScenarios.trace("sls/2jobs2min-rumen-jh.json"),
              new ImportOptions(false, 1, Map.of("productionFraction", "0")))
          .workload();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
