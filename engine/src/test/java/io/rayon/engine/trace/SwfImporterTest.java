package io.rayon.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.sim.UsageProfiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwfImporterTest {
  @TempDir Path tmp;

  private static final String HEADER = "; Version: 2.2\n; Computer: Test box\n; MaxProcs: 8\n";

  @Test
  void readsTheGzippedKthLogAndCreditsItsSource() throws Exception {
    ImportResult r =
        new SwfImporter()
            .read(Traces.shared("swf/KTH-SP2-1996-2.1-cln.swf.gz"), ImportOptions.DEFAULT);
    assertThat(r.skippedLines()).isZero();
    assertThat(r.workload().jobs()).hasSizeGreaterThan(28_000);
    assertThat(r.workload().source()).contains("Acknowledge: Lars Malinowsky");
    Job first = r.workload().jobs().get(0);
    // "15   599850 192180   3477    4  -1 -1  4  53940 -1  1  12  12 ..."
    assertThat(first.id()).isEqualTo("swf-15");
    assertThat(first.arrivalS()).isZero();
    assertThat(first.user()).isEqualTo("u12");
    TaskGroup g = first.tasks().get(0);
    assertThat(g.count()).isEqualTo(4);
    assertThat(g.durationS()).isEqualTo(3477);
    assertThat(g.request().memoryMB()).isEqualTo(1024);
    assertThat(g.request().vcores()).isEqualTo(1);
    assertThat(g.usage().get(0).usage().memoryMB()).isEqualTo(512);
    Job second = r.workload().jobs().get(1);
    assertThat(second.arrivalS()).isEqualTo(600022 - 599850);
  }

  @Test
  void readsPlainTextAndUsesMeasuredMemoryAndCpuTime() throws Exception {
    Path f = tmp.resolve("t.swf");
    Files.writeString(
        f,
        HEADER
            + "1 100 5 200 4 100 2048 4 300 4096 1 7 1 -1 2 -1 -1 -1\n"
            + "\n"
            + "2 160 0 50 2 -1 -1 2 60 -1 1 8 1 -1 -1 -1 -1 -1\n");
    ImportResult r = new SwfImporter().read(f, ImportOptions.DEFAULT);
    Job j = r.workload().jobs().get(0);
    TaskGroup g = j.tasks().get(0);
    assertThat(g.request().memoryMB()).isEqualTo(4);
    assertThat(g.usage()).hasSize(1);
    assertThat(g.usage().get(0).usage().memoryMB()).isEqualTo(2);
    assertThat(UsageProfiles.cpu(g.usage().get(0).usage())).isEqualTo(0.5);
    assertThat(j.queue()).isEqualTo("q2");
    assertThat(r.workload().jobs().get(1).arrivalS()).isEqualTo(60);
    assertThat(r.workload().source()).contains("Computer: Test box");
  }

  @Test
  void windowAndGroupingParametersApply() throws Exception {
    Path f = tmp.resolve("t.swf");
    Files.writeString(
        f,
        "1 0 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
            + "2 100 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
            + "3 200 0 10 7 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n");
    ImportResult r =
        new SwfImporter()
            .read(f, new ImportOptions(false, 1, Map.of("fromS", "50", "procsPerTask", "4")));
    assertThat(r.workload().jobs()).extracting(Job::id).containsExactly("swf-2", "swf-3");
    assertThat(r.workload().jobs().get(0).arrivalS()).isEqualTo(50);
    assertThat(r.workload().jobs().get(1).tasks().get(0).count()).isEqualTo(2);
    assertThat(r.workload().jobs().get(1).tasks().get(0).request().vcores()).isEqualTo(4);
  }

  @Test
  void aLineWithTooFewFieldsIsAnErrorNamingTheLine() throws Exception {
    Path f = tmp.resolve("bad.swf");
    Files.writeString(f, HEADER + "1 0 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1\n");
    assertThatThrownBy(() -> new SwfImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("bad.swf at line 4")
        .hasMessageContaining("expected 18")
        .hasMessageContaining("found 17");
  }

  @Test
  void lenientModeSkipsAndCountsMalformedLines() throws Exception {
    Path f = tmp.resolve("bad.swf");
    Files.writeString(
        f,
        "1 0 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
            + "2 x 0 10 8 -1 -1 8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
            + "3 5 0 10\n"
            + "4 9 0 -1 8 -1 -1 8 60 -1 5 1 1 -1 -1 -1 -1 -1\n");
    ImportResult r = new SwfImporter().read(f, new ImportOptions(true, 1, Map.of()));
    assertThat(r.skippedLines()).isEqualTo(2);
    assertThat(r.workload().jobs()).hasSize(1);
    assertThat(r.warnings())
        .anySatisfy(w -> assertThat(w).contains("line 2").contains("field 2 'x'"));
    assertThat(r.warnings())
        .anySatisfy(w -> assertThat(w).contains("line 4").contains("cancelled"));
  }

  @Test
  void aBadParameterIsReported() {
    assertThatThrownBy(
            () ->
                new SwfImporter()
                    .read(
                        Traces.shared("swf/NASA-iPSC-1993-3.1-cln.swf.gz"),
                        new ImportOptions(false, 1, Map.of("procsPerTask", "many"))))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("procsPerTask=many");
  }
}
