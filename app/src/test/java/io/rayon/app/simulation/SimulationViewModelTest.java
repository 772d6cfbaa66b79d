package io.rayon.app.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.SwfImporter;
import io.rayon.testsupport.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationViewModelTest {
  @TempDir Path dir;
  WorkspaceViewModel ws;
  CurrentThreadTaskExecutor executor;
  SimulationViewModel vm;

  @BeforeEach
  void setUp() throws Exception {
    Path swf = dir.resolve("t.swf");
    Files.writeString(
        swf,
        "1 0 0 600 8 -1 -1 8 900 -1 1 1 1 -1 -1 -1 -1 -1\n2 100 0 1200 4 -1 -1 4 1500 -1 1 1 1 -1 -1 -1 -1 -1\n");
    var workload = new SwfImporter().read(swf, ImportOptions.DEFAULT).workload();
    ws = new WorkspaceViewModel();
    ws.load(Fixtures.smallScenario().withWorkload(workload), null, false);
    executor = new CurrentThreadTaskExecutor();
    vm = new SimulationViewModel(ws, executor);
  }

  @Test
  void simulationRunsThroughTheExecutorAndFramesFeedTheHeatmap() {
    vm.frameIntervalProperty().set("60");
    vm.run();
    assertThat(executor.executedCount()).isEqualTo(1);
    assertThat(vm.resultProperty().get().finishedJobs()).isEqualTo(2);
    assertThat(vm.resultProperty().get().frames()).isNotEmpty();
    assertThat(vm.valuesProperty().get()).hasSize(4);
    vm.measureProperty().set("cpu");
    assertThat(vm.valuesProperty().get()).isSameAs(vm.resultProperty().get().frames().get(0).cpu());
    assertThat(vm.summaryProperty().get()).contains("2 of 2 jobs finished");
  }

  @Test
  void invalidDampingIsRefusedWithTheRange() {
    vm.dampingProperty().set("1.5");
    vm.run();
    assertThat(executor.executedCount()).isZero();
    assertThat(vm.problemProperty().get()).contains("damping=1.5").contains("from 0 to 1");
  }

  @Test
  void availabilityIsPaperSimByDefaultAndYarnPrototypeOnRequest() {
    assertThat(vm.availabilityProperty().get()).isEqualTo("paper-sim");
    assertThat(((EstimationPolicy) vm.policy()).availability()).isEqualTo(Availability.PAPER_SIM);
    assertThat(((EstimationPolicy) vm.policy()).damping())
        .isEqualTo(EstimationPolicy.DEFAULT_DAMPING);
    vm.availabilityProperty().set("yarn-prototype");
    assertThat(((EstimationPolicy) vm.policy()).availability())
        .isEqualTo(Availability.YARN_PROTOTYPE);
    vm.run();
    assertThat(vm.resultProperty().get().finishedJobs()).isEqualTo(2);
    assertThat(SimulationViewModel.AVAILABILITIES).containsExactly("paper-sim", "yarn-prototype");
  }

  @Test
  void schedulersAndTheirOptionsComeFromTheRegistry() {
    assertThat(SimulationViewModel.SCHEDULERS).containsExactlyElementsOf(Schedulers.names());
    assertThat(vm.schedulerOptions()).isEqualTo(Schedulers.plugin("estimation").options());
    vm.dampingProperty().set("0.5");
    assertThat(((EstimationPolicy) vm.policy()).damping()).isEqualTo(0.5);
    vm.schedulerProperty().set("reservation");
    assertThat(vm.schedulerOptions()).isEmpty();
    vm.run();
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.resultProperty().get().scheduler()).isEqualTo("reservation");
  }

  @Test
  void emptyWorkloadSaysHowToGetOne() {
    ws.load(Fixtures.smallScenario(), null, false);
    vm.run();
    assertThat(vm.problemProperty().get()).contains("Import trace");
  }
}
