package io.rayon.app.rush;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.rush.RushRunExport;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.engine.task.CancellationToken;
import io.rayon.model.io.Json;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RUSH view's state without a scene: open, run several schedulers, play back, compare, export,
 * bad input, cancel.
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
  void runsJoinTheListAndTheCheckedOnesAreComparedJobByJob() throws Exception {
    RushViewModel vm = vm();
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.summaryProperty().get()).startsWith("tight: 8 jobs, 4 containers");
    assertThat(vm.runSummaryProperty().get()).contains("press Run");

    vm.run();
    RushRunResult a = vm.shownRun();
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
    assertThat(vm.runs()).hasSize(1);
    assertThat(vm.runs().get(0).label()).startsWith("#1 rush");
    assertThat(vm.rows()).hasSize(8);
    assertThat(vm.runSummaryProperty().get()).startsWith("#1 rush: mean utility");
    assertThat(vm.comparisonProperty().get()).isEqualTo(RushViewModel.NO_COMPARISON);

    // scrub: the rows are the playback's rows at that snapshot
    int last = vm.snapshotCount() - 1;
    vm.snapshotProperty().set(last);
    assertThat(vm.rows()).isEqualTo(RushPlayback.rows(a, last));
    assertThat(vm.shownTime()).isEqualTo(a.snapshots().get(last).time());

    vm.schedulerProperty().set("edf");
    vm.run();
    vm.schedulerProperty().set("fifo");
    vm.run();
    assertThat(vm.runs())
        .extracting(r -> r.result().scheduler())
        .containsExactly("rush", "edf", "fifo");
    RushViewModel.Run fifo = vm.runs().get(2);
    assertThat(vm.shownProperty().get()).isSameAs(fifo);
    assertThat(vm.snapshotProperty().get()).isZero();
    assertThat(vm.comparedRuns()).containsExactlyElementsOf(vm.runs());
    assertThat(vm.comparison()).hasSize(8);
    assertThat(vm.comparison())
        .allSatisfy(
            d -> {
              assertThat(d.runs()).isEqualTo(3);
              for (int k = 0; k < 3; k++) {
                String id = d.id();
                double u =
                    vm.runs().get(k).result().jobs().stream()
                        .filter(j -> j.id().equals(id))
                        .findFirst()
                        .orElseThrow()
                        .utility();
                assertThat(d.utility(k)).isEqualTo(u);
              }
              assertThat(d.delta(2)).isEqualTo(d.utility(2) - d.utility(0));
            });
    assertThat(vm.comparisonProperty().get())
        .startsWith("#1 rush: mean utility")
        .contains("#2 edf", "#3 fifo", "vs #1");

    // uncheck the first: edf becomes the reference, in the list's order
    vm.setCompared(vm.runs().get(0), false);
    assertThat(vm.comparedRuns()).extracting(RushViewModel.Run::number).containsExactly(2, 3);
    assertThat(vm.comparison().get(0).runs()).isEqualTo(2);
    assertThat(vm.comparisonProperty().get()).startsWith("#2 edf").contains("vs #2");
    vm.setCompared(vm.runs().get(0), true);
    assertThat(vm.comparedRuns()).extracting(RushViewModel.Run::number).containsExactly(1, 2, 3);

    // remove the run shown: the last one left is shown
    vm.removeRun(fifo);
    assertThat(vm.runs()).hasSize(2);
    assertThat(vm.comparedRuns()).hasSize(2);
    assertThat(vm.shownProperty().get().number()).isEqualTo(2);
    vm.shownProperty().set(vm.runs().get(0));
    assertThat(vm.shownRun()).isSameAs(a);

    // a new scenario: its runs start again at #1
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("again.json")));
    assertThat(vm.runs()).isEmpty();
    assertThat(vm.shownRun()).isNull();
    vm.run();
    assertThat(vm.runs().get(0).number()).isEqualTo(1);
  }

  @Test
  void exportsTheRunShownAsCsvAndJsonAtomically() throws Exception {
    RushViewModel vm = vm();
    vm.export(dir.resolve("none.csv"), RushViewModel.ExportFormat.CSV);
    assertThat(vm.problemProperty().get()).startsWith("Nothing to export");
    vm.open(RushScenarios.write(RushScenarios.tight(), dir.resolve("tight.json")));
    vm.schedulerProperty().set("edf");
    vm.run();
    assertThat(vm.exportName(RushViewModel.ExportFormat.CSV)).isEqualTo("tight-run1-edf-jobs.csv");
    assertThat(vm.exportName(RushViewModel.ExportFormat.JSON)).isEqualTo("tight-run1-edf.json");
    Path csv = dir.resolve("run.csv");
    vm.export(csv, RushViewModel.ExportFormat.CSV);
    assertThat(Files.readString(csv)).isEqualTo(RushRunExport.csv(vm.shownRun()));
    assertThat(vm.runSummaryProperty().get()).contains("run.csv");
    Path json = dir.resolve("run.json");
    vm.export(json, RushViewModel.ExportFormat.JSON);
    JsonNode j = Json.mapper().readTree(Files.readString(json));
    assertThat(j.get("scheduler").asText()).isEqualTo("edf");
    assertThat(j.get("meanUtility").asDouble()).isEqualTo(vm.shownRun().metrics().meanUtility());
    assertThat(j.get("zeroUtilityJobs").asInt())
        .isEqualTo(vm.shownRun().metrics().zeroUtilityJobs());
    assertThat(j.get("deadlineMisses").asInt()).isEqualTo(vm.shownRun().metrics().deadlineMisses());
    assertThat(j.get("jobs")).hasSize(8);
    // a file that cannot be written: the problem names it, nothing half-written is left
    Path blocked = dir.resolve("dir-not-file");
    Files.createDirectory(blocked);
    vm.export(blocked, RushViewModel.ExportFormat.CSV);
    assertThat(vm.problemProperty().get()).contains("dir-not-file");
    assertThat(blocked).isDirectory();
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
    vm.run();
    assertThat(vm.shownRun()).isNull();
    assertThat(vm.problemProperty().get()).contains("theta");
    vm.optionProperty("rush", theta).set("0.5");
    vm.run();
    assertThat(vm.problemProperty().get()).isEmpty();
    assertThat(vm.shownRun()).isNotNull();
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
    vm.run();
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
    vm.run();
    assertThat(vm.runningProperty().get()).isTrue();
    manual.runNext();
    RushRunResult a = vm.shownRun();
    assertThat(a).isNotNull();
    vm.run();
    vm.cancel();
    manual.runNext();
    assertThat(vm.runningProperty().get()).isFalse();
    assertThat(vm.runSummaryProperty().get()).isEqualTo("Cancelled.");
    assertThat(vm.shownRun()).isSameAs(a);
  }
}
