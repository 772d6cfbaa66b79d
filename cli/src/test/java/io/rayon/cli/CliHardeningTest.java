package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Regression tests for bad input an operator gave the CLI during QA: one clear line, exit 2, no
 * stack trace.
 */
class CliHardeningTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path scenario() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(s, PlanAndValidateCommandTest.SCENARIO);
    return s;
  }

  private static void assertOneClearBadInputLine(Run r, String... mentions) {
    assertThat(r.exit()).as(r.err()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err())
        .doesNotContain("internal error")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    for (String m : mentions) assertThat(r.err()).contains(m);
  }

  @Test
  void planOutIntoADirectoryIsBadInputNamingTheOptionAndKeepsTheDirectory() throws Exception {
    Path target = Files.createDirectory(dir.resolve("plans"));
    Files.writeString(target.resolve("keep.txt"), "keep");
    Run r = run("plan", scenario().toString(), "--planner", "gree", "--out", target.toString());
    assertOneClearBadInputLine(r, "--out", target.toString());
    assertThat(target.resolve("keep.txt")).hasContent("keep");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void planCsvUnderAFileIsBadInputNamingTheOption() throws Exception {
    Path notADir = Files.writeString(dir.resolve("file.txt"), "x");
    Run r =
        run(
            "plan",
            scenario().toString(),
            "--planner",
            "greel",
            "--csv",
            notADir.resolve("plan.csv").toString());
    assertOneClearBadInputLine(r, "--csv");
    assertThat(notADir).hasContent("x");
  }

  private Path scenarioWithDuplicateReservationId() throws Exception {
    Path s = dir.resolve("dup.json");
    Files.writeString(
        s, PlanAndValidateCommandTest.SCENARIO.replace("{\"id\": \"b\"", "{\"id\": \"a\""));
    return s;
  }

  @Test
  void planRefusesAScenarioThatScenarioCheckRefuses() throws Exception {
    Path s = scenarioWithDuplicateReservationId();
    assertThat(run("scenario", "check", s.toString()).exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    Path out = dir.resolve("plan.json");
    Run r = run("plan", s.toString(), "--planner", "gree", "--out", out.toString());
    assertOneClearBadInputLine(r, s.toString(), "$.reservations[1].id", "duplicate");
    assertThat(out).doesNotExist();
  }

  @Test
  void validateAndSimulateRefuseAScenarioThatScenarioCheckRefuses() throws Exception {
    Path good = scenario();
    Path plan = dir.resolve("plan.json");
    assertThat(run("plan", good.toString(), "--planner", "gree", "--out", plan.toString()).exit())
        .isZero();
    Path bad = dir.resolve("bad-step.json");
    Files.writeString(
        bad,
        PlanAndValidateCommandTest.SCENARIO.replace("\"stepSeconds\": 60", "\"stepSeconds\": 0"));
    assertOneClearBadInputLine(run("validate", bad.toString(), plan.toString()), "$.stepSeconds");
    assertOneClearBadInputLine(
        run("simulate", bad.toString(), "--scheduler", "reservation"), "$.stepSeconds");
  }

  @Test
  void aMisspelledImportParameterIsBadInputListingTheKnownOnes() throws Exception {
    Path trace = Files.writeString(dir.resolve("t.tsv"), "");
    Path out = dir.resolve("s.json");
    Run r =
        run(
            "import",
            "swim",
            trace.toString(),
            "--out",
            out.toString(),
            "--param",
            "throughputMBPS=10");
    assertOneClearBadInputLine(r, "throughputMBPS", "throughputMBps");
    assertThat(out).doesNotExist();
    Run swf =
        run(
            "import",
            "swf",
            trace.toString(),
            "--out",
            out.toString(),
            "--param",
            "jitter=0.1",
            "--param",
            "from=0");
    assertOneClearBadInputLine(swf, "'from'", "fromS");
  }

  @Test
  void sampleSwimRefusesAMisspelledModelParameter() throws Exception {
    Path trace = Files.writeString(dir.resolve("t.tsv"), "");
    Path out = dir.resolve("s.json");
    Run r =
        run(
            "sample",
            "swim",
            "--trace",
            trace.toString(),
            "--out",
            out.toString(),
            "--param",
            "mapInputMb=64");
    assertOneClearBadInputLine(r, "mapInputMb", "mapInputMB");
    assertThat(out).doesNotExist();
  }

  @Test
  void simulatingAClusterTooLargeForTheHeapIsOneLineNotAStackTrace() throws Exception {
    Path s = dir.resolve("huge.json");
    Files.writeString(
        s,
        """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 100,
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 2000000000, "capacity": {"memoryMB": 1024, "vcores": 1}}]},
         "workload": {"jobs": [{"id": "j", "arrivalS": 0,
           "tasks": [{"name": "t", "count": 1, "request": {"memoryMB": 512, "vcores": 1}, "durationS": 10}]}]}}
        """);
    Run r = run("simulate", s.toString(), "--scheduler", "reservation");
    assertOneClearBadInputLine(r, s.toString(), "2000000000 nodes", "RAYON_JAVA_OPTS");
  }

  @Test
  void importNeverWritesAScenarioThatScenarioCheckWouldRefuse() throws Exception {
    Path trace =
        Files.writeString(
            dir.resolve("t.swf"), "; tiny SWF log\n1 0 0 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n");
    Path out = dir.resolve("s.json");
    Run ok = run("import", "swf", trace.toString(), "--out", out.toString());
    assertThat(ok.exit()).as(ok.err()).isZero();
    assertThat(run("scenario", "check", out.toString()).exit()).isZero();
    Files.delete(out);
    assertOneClearBadInputLine(
        run("import", "swf", trace.toString(), "--out", out.toString(), "--racks", "0"), "--racks");
    assertOneClearBadInputLine(
        run(
            "import",
            "swf",
            trace.toString(),
            "--out",
            out.toString(),
            "--node-memory",
            "4000000000000000000"),
        "too large");
    assertThat(out).doesNotExist();
  }
}
