package io.rayon.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.RumenImporter;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Workload;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Golden files: the Rumen sample (two TeraGen jobs, 192 maps with measured usage) on two small
 * nodes, so that CPU overload, memory crashes and the estimator all play a part. Any change of the
 * simulator's semantics shows up as a diff; after checking it is intended, regenerate with {@code
 * -Drayon.golden.update=true} (the files are written to {@code src/test/resources/golden/}).
 */
class SimulatorGoldenTest {

  private static Path sharedRumen() {
    return SampleScenarios.trace("sls/2jobs2min-rumen-jh.json");
  }

  private static void compare(String name, String actual) throws Exception {
    Path golden = Path.of("src/test/resources/golden").resolve(name);
    if (Boolean.getBoolean("rayon.golden.update")) Files.writeString(golden, actual);
    Path out = Path.of("target/golden-actual").resolve(name);
    Files.createDirectories(out.getParent());
    Files.writeString(out, actual);
    assertThat(actual)
        .as("golden %s (actual output in %s)", name, out)
        .isEqualTo(Files.readString(golden));
  }

  @Test
  void rumenSampleOnTwoSmallNodesMatchesTheGoldenFiles() throws Exception {
    // the golden files were recorded on the all-best-effort reading of the sample
    Workload w =
        new RumenImporter()
            .read(sharedRumen(), new ImportOptions(false, 1, Map.of("productionFraction", "0")))
            .workload();
    Cluster c =
        Cluster.of(
            "golden", new NodeGroup("n", 2, Resources.of(2048, 4), Resources.of(1536, 3), 1, null));
    SimulationConfig cfg =
        SimulationConfig.DEFAULT.withSeed(5).withSeriesInterval(6).withFrameInterval(0);
    SimulationResult est = Simulator.run(c, w, new EstimationPolicy(0.5), cfg);
    SimulationResult yarn =
        Simulator.run(c, w, new EstimationPolicy(0.5, Availability.YARN_PROTOTYPE), cfg);
    SimulationResult res = Simulator.run(c, w, new ReservationPolicy(), cfg);
    compare("rumen-estimation-jobs.csv", est.jobsCsv());
    compare("rumen-estimation-series.csv", est.series().toCsv());
    compare("rumen-estimation-yarn-prototype-jobs.csv", yarn.jobsCsv());
    compare("rumen-estimation-yarn-prototype-series.csv", yarn.series().toCsv());
    compare("rumen-reservation-jobs.csv", res.jobsCsv());
    assertThat(est.finishedTasks()).isEqualTo(192);
    assertThat(yarn.finishedTasks()).isEqualTo(192);
    assertThat(res.finishedTasks()).isEqualTo(192);
  }
}
