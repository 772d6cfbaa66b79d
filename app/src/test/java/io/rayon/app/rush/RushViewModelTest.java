package io.rayon.app.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.rush.RushViewModel.Slot;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RUSH view's state without a scene: open, run A and B, play back, compare, bad input, cancel.
 */
class RushViewModelTest {
  @TempDir Path dir;

  private final CurrentThreadTaskExecutor executor = new CurrentThreadTaskExecutor();

  RushViewModel vm() {
    return new RushViewModel(executor, SampleScenarios.repoRoot().resolve("sample-clusters"));
  }

  @Test
  void offersTheRegistrysSchedulersWithRushFirstSelected() {
    assertThat(RushViewModel.SCHEDULERS).containsExactly("rush", "fifo", "edf", "rrh");
    RushViewModel vm = vm();
    assertThat(vm.schedulerProperty().get()).isEqualTo("rush");
    assertThat(RushViewModel.options("rush"))
        .extracting(OptionSpec::name)
        .contains("theta", "delta", "estimator");
    assertThat(vm.summaryProperty().get()).isEqualTo(RushViewModel.NO_SCENARIO);
    assertThat(vm.comparisonProperty().get()).isEqualTo(RushViewModel.NO_COMPARISON);
  }

  @Test
  void runsAAndBAndComparesThemJobByJob() throws Exception {
    RushViewModel vm = vm();
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.summaryProperty().get()).startsWith("tight: 8 jobs, 4 containers");
    assertThat(vm.runSummaryProperty().get()).contains("Run A");

    vm.run(Slot.A);
    RushRunResult a = vm.result(Slot.A);
    assertThat(a).isNotNull();
    assertThat(a.scheduler()).isEqualTo("rush");
    // the same run as the simulator gives for the same scenario and scheduler: the view adds
    // nothing of its own
    RushRunResult direct =
        RushSimulator.run(
            RushScenarios.tight(),
            RushSchedulers.REGISTRY.create("rush", Map.of()),
            (f, m) -> {},
            new CancellationToken());
    assertThat(a.metrics()).isEqualTo(direct.metrics());
    assertThat(vm.shownRun()).isSameAs(a);
    assertThat(vm.rows()).hasSize(8);
    assertThat(vm.runSummaryProperty().get()).startsWith("A: rush: mean utility");

    // scrub: the rows are the playback's rows at that snapshot
    int last = vm.snapshotCount() - 1;
    vm.snapshotProperty().set(last);
    assertThat(vm.rows()).isEqualTo(RushPlayback.rows(a, last));
    assertThat(vm.shownTime()).isEqualTo(a.snapshots().get(last).time());

    vm.schedulerProperty().set("edf");
    vm.run(Slot.B);
    RushRunResult b = vm.result(Slot.B);
    assertThat(b.scheduler()).isEqualTo("edf");
    assertThat(vm.shownProperty().get()).isEqualTo(Slot.B);
    assertThat(vm.snapshotProperty().get()).isZero();
    assertThat(vm.differences()).hasSize(8);
    assertThat(vm.differences()).allSatisfy(d -> assertThat(d.delta()).isEqualTo(d.b() - d.a()));
    assertThat(vm.comparisonProperty().get()).startsWith("A rush vs B edf: mean utility");
    // run A is still there
    assertThat(vm.result(Slot.A)).isSameAs(a);
    vm.shownProperty().set(Slot.A);
    assertThat(vm.shownRun()).isSameAs(a);
  }

  @Test
  void optionsAreCheckedBeforeARunAndPassedToTheScheduler() throws Exception {
    RushViewModel vm = vm();
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    OptionSpec theta =
        RushViewModel.options("rush").stream()
            .filter(o -> o.name().equals("theta"))
            .findFirst()
            .orElseThrow();
    assertThat(RushViewModel.optionProblem(theta, "0.9")).isNull();
    assertThat(RushViewModel.optionProblem(theta, "abc")).contains("theta").contains("default");
    vm.optionProperty("rush", theta).set("abc");
    vm.run(Slot.A);
    assertThat(vm.result(Slot.A)).isNull();
    assertThat(vm.problemProperty().get()).contains("theta");
    vm.optionProperty("rush", theta).set("0.5");
    vm.run(Slot.A);
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.result(Slot.A)).isNotNull();
  }

  @Test
  void aBadFileNamesThePlaceAndKeepsTheScenario() throws Exception {
    RushViewModel vm = vm();
    Path good = RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json"));
    vm.open(good);
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad, "{\"kind\": \"rush\", \"formatVersion\": 1, \"containers\": -3, \"jobs\": []}");
    vm.open(bad);
    assertThat(vm.problemProperty().get()).contains("bad.json");
    assertThat(vm.scenarioProperty().get().name()).isEqualTo("tight");
  }

  @Test
  void runBeforeAnyScenarioSaysWhatToDo() {
    RushViewModel vm = vm();
    vm.run(Slot.A);
    assertThat(vm.problemProperty().get()).startsWith("Nothing to run yet").contains("Open");
  }

  @Test
  void theBundledSampleOpensAndAMissingOneSaysWhereItWasLookedFor() {
    RushViewModel vm = vm();
    vm.openSample();
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.scenarioProperty().get()).isNotNull();
    RushViewModel elsewhere = new RushViewModel(executor, dir);
    elsewhere.openSample();
    assertThat(elsewhere.problemProperty().get())
        .contains(RushViewModel.SAMPLE)
        .contains("Generate");
  }

  @Test
  void aRunWaitsInTheExecutorAndCancelKeepsThePreviousRun() throws Exception {
    ManualTaskExecutor manual = new ManualTaskExecutor();
    RushViewModel vm = new RushViewModel(manual, dir);
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    manual.runNext();
    vm.run(Slot.A);
    assertThat(vm.runningProperty().get()).isTrue();
    manual.runNext();
    RushRunResult a = vm.result(Slot.A);
    assertThat(a).isNotNull();
    vm.run(Slot.A);
    vm.cancel();
    manual.runNext();
    assertThat(vm.runningProperty().get()).isFalse();
    assertThat(vm.runSummaryProperty().get()).isEqualTo("Cancelled.");
    assertThat(vm.result(Slot.A)).isSameAs(a);
  }
}
