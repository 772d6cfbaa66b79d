package io.rayon.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.io.FormatException;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 6 in the importers: a trace's numbers are checked, never wrapped into negative
 * counts or times.
 */
class TraceOverflowTest {
  @TempDir Path tmp;

  @Test
  void anSlsCountBeyondIntIsAMalformedRecordNotANegativeTaskCount() throws Exception {
    Path f = tmp.resolve("s.json");
    Files.writeString(
        f,
        "{\"job.id\":\"j1\",\"job.start.ms\":0,\"job.tasks\":[{\"container.start.ms\":0,"
            + "\"container.end.ms\":1000,\"container.type\":\"map\",\"count\":3000000000}]}");
    assertThatThrownBy(() -> new SlsImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("line 1 (job j1)")
        .hasMessageContaining("too large");
  }

  @Test
  void aJsonNumberBeyondLongIsRefusedNotWrapped() throws Exception {
    Path f = tmp.resolve("s.json");
    Files.writeString(
        f,
        "{\"job.id\":\"j1\",\"job.start.ms\":18446744073709551617,\"job.tasks\":[{\"container.start.ms\":0,"
            + "\"container.end.ms\":1000,\"container.type\":\"map\"}]}");
    assertThatThrownBy(() -> new SlsImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("job.start.ms")
        .hasMessageContaining("not a whole number in range");
  }

  @Test
  void anSlsContainerSpanThatOverflowsIsMalformed() throws Exception {
    Path f = tmp.resolve("s.json");
    Files.writeString(
        f,
        "{\"job.id\":\"j1\",\"job.start.ms\":0,\"job.tasks\":[{\"container.start.ms\":-9223372036854775807,"
            + "\"container.end.ms\":9223372036854775807,\"container.type\":\"map\"}]}");
    assertThatThrownBy(() -> new SlsImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("too large");
  }

  @Test
  void swfProcessorsNearTheLimitNeverGiveANegativeTaskCount() throws Exception {
    Path f = tmp.resolve("t.swf");
    Files.writeString(
        f,
        "; Computer: x\n"
            + "1 0 0 100 9223372036854775807 -1 -1 9223372036854775807 -1 -1 1 1 1 -1 -1 -1 -1 -1\n");
    ImportResult r =
        new SwfImporter().read(f, new ImportOptions(true, 1, Map.of("procsPerTask", "2")));
    for (Job j : r.workload().jobs())
      for (TaskGroup g : j.tasks()) assertThat(g.count()).isPositive();
  }
}
