package io.rayon.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.io.FormatException;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.testsupport.SampleScenarios;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SwimImporterTest {

  static ImportResult read(String text, ImportOptions o) throws Exception {
    return new SwimImporter().read(new StringReader(text), "t.tsv", o);
  }

  @Test
  void bytesBecomeMapsAndReducesByTheDocumentedModel() throws Exception {
    // 300 MB input -> 3 maps of 100 MB: 10 s + 100/20 = 15 s; 2.5 GB shuffle -> 3 reduces
    Job j =
        read("job7\t120\t5\t300000000\t2500000000\t600000000\n", ImportOptions.DEFAULT)
            .workload()
            .jobs()
            .get(0);
    assertThat(j.id()).isEqualTo("job7");
    assertThat(j.arrivalS()).isEqualTo(120);
    TaskGroup maps = j.tasks().get(0);
    assertThat(maps.count()).isEqualTo(3);
    assertThat(maps.durationS()).isEqualTo(15);
    assertThat(maps.usage()).hasSize(2);
    assertThat(maps.usage().get(0).durationS()).isEqualTo(10);
    assertThat(maps.usage().get(0).usage().memoryMB()).isEqualTo(409);
    assertThat(maps.usage().get(1).usage().memoryMB()).isEqualTo(1638);
    TaskGroup reduces = j.tasks().get(1);
    assertThat(reduces.count()).isEqualTo(3);
    // (2500 + 600) MB / 3 reduces / 20 MBps = 51.67 s + 10 s start-up -> 62 s
    assertThat(reduces.durationS()).isEqualTo(62);
    assertThat(reduces.after()).containsExactly("map");
  }

  @Test
  void mapOnlyJobsHaveNoReduces() throws Exception {
    Job j = read("a 0 0 0 0 0\n", ImportOptions.DEFAULT).workload().jobs().get(0);
    assertThat(j.tasks()).extracting(TaskGroup::name).containsExactly("map");
    assertThat(j.tasks().get(0).count()).isEqualTo(1);
    assertThat(j.tasks().get(0).durationS()).isEqualTo(10);
  }

  @Test
  void modelParametersAreSettable() throws Exception {
    ImportOptions o =
        new ImportOptions(
            false, 1, Map.of("mapInputMB", "64", "throughputMBps", "100", "startupS", "0"));
    Job j = read("a 0 0 128000000 0 0\n", o).workload().jobs().get(0);
    assertThat(j.tasks().get(0).count()).isEqualTo(2);
    assertThat(j.tasks().get(0).durationS()).isEqualTo(1);
    assertThat(j.tasks().get(0).usage()).hasSize(1);
  }

  @Test
  void malformedLinesNameTheLine() {
    assertThatThrownBy(() -> read("a 0 0 1 1 1\n\n# comment\nb 1 1 x 1 1\n", ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessage("t.tsv at line 4: map input bytes is not a whole number: 'x'");
    assertThatThrownBy(() -> read("a 0 0 1 1\n", ImportOptions.DEFAULT))
        .hasMessageContaining("line 1: expected 6 fields");
    assertThatThrownBy(() -> read("a -5 0 1 1 1\n", ImportOptions.DEFAULT))
        .hasMessageContaining("line 1: submit time (s) is negative");
    assertThatThrownBy(() -> read("a 0 0 1 1 99999999999999999999\n", ImportOptions.DEFAULT))
        .hasMessageContaining("reduce output bytes is not a whole number");
  }

  @Test
  void lenientModeSkipsAndCountsMalformedLines() throws Exception {
    ImportResult r =
        read(
            "a 0 0 1 1 1\nbad line\nb 1 1 x 1 1\nc 2 1 1 1 1\n",
            new ImportOptions(true, 1, Map.of()));
    assertThat(r.workload().jobs()).extracting(Job::id).containsExactly("a", "c");
    assertThat(r.skippedLines()).isEqualTo(2);
    assertThat(r.warnings())
        .containsExactly(
            "line 2 skipped: expected 6 fields (job id, submit s, gap s, map input bytes, shuffle bytes, reduce output bytes) or 7 (and the input path), found 2",
            "line 3 skipped: map input bytes is not a whole number: 'x'");
  }

  @Test
  void badModelParametersAreReported() {
    assertThatThrownBy(
            () -> read("a 0 0 1 1 1\n", new ImportOptions(false, 1, Map.of("throughputMBps", "0"))))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("throughputMBps must be a positive number");
  }

  @Test
  void missingFileIsAFormatException() {
    assertThatThrownBy(() -> new SwimImporter().read(Path.of("no/such.tsv"), ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("no such file");
  }

  @Test
  void readsTheFacebook2009SampleTrace() throws Exception {
    ImportResult r = new SwimImporter().read(SampleScenarios.swimTrace(), ImportOptions.DEFAULT);
    assertThat(r.skippedLines()).isZero();
    assertThat(r.workload().jobs()).hasSize(5894);
    assertThat(r.workload().jobs().get(0).id()).isEqualTo("job0");
    assertThat(r.workload().jobs().get(5893).arrivalS()).isEqualTo(86404);
    assertThat(r.workload().source()).startsWith("swim:" + SampleScenarios.SWIM_TRACE);
    for (Job j : r.workload().jobs()) {
      for (TaskGroup g : j.tasks()) {
        assertThat(g.count()).isPositive();
        assertThat(g.durationS()).isGreaterThanOrEqualTo(10);
      }
    }
  }
}
