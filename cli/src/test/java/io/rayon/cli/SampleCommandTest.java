package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleCommandTest {

  @Test
  void swimSampleFromASmallTraceIsWrittenAndPassesTheCheck(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.tsv");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 100; i++)
      sb.append("job")
          .append(i)
          .append(' ')
          .append(i * 30)
          .append(" 30 500000000 100000000 1000\n");
    Files.writeString(trace, sb.toString());
    Path out = dir.resolve("s.json");
    CliRun r =
        CliRun.of(
            "sample",
            "swim",
            "--trace",
            trace.toString(),
            "--out",
            out.toString(),
            "--nodes",
            "16",
            "--production",
            "0.1");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("16 nodes, 100 jobs, 10 reservations");
    CliRun check = CliRun.of("scenario", "check", "--json", out.toString());
    assertThat(check.exit()).isZero();
    assertThat(check.json().get("reservations").asInt()).isEqualTo(10);
  }

  @Test
  void malformedTraceExitsTwoNamingTheLine(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.tsv");
    Files.writeString(trace, "job0 0 0 1 1 1\njob1 1 1 1 1\n");
    CliRun r =
        CliRun.of(
            "sample",
            "swim",
            "--trace",
            trace.toString(),
            "--out",
            dir.resolve("s.json").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("at line 2: expected 6 fields");
    CliRun lenient =
        CliRun.of(
            "sample",
            "swim",
            "--lenient",
            "--trace",
            trace.toString(),
            "--out",
            dir.resolve("s.json").toString());
    assertThat(lenient.exit()).isZero();
    assertThat(lenient.out()).contains("1 trace lines skipped");
  }
}
