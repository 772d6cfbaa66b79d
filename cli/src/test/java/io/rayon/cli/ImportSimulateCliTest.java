package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ImportSimulateCliTest {
  @TempDir Path tmp;

  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private static Path shared(String rel) {
    return SampleScenarios.trace(rel);
  }

  @Test
  void importsRumenThenSimulatesBothSchedulersWithTheDocumentedJsonKeys() throws Exception {
    Path scenario = tmp.resolve("rumen.json");
    Run imp =
        run(
            "import",
            "rumen",
            shared("sls/2jobs2min-rumen-jh.json").toString(),
            "--out",
            scenario.toString(),
            "--nodes",
            "4",
            "--node-memory",
            "8192",
            "--node-vcores",
            "8",
            "--allowance-memory",
            "7168",
            "--json");
    assertThat(imp.code()).as(imp.err()).isZero();
    JsonNode summary = new ObjectMapper().readTree(imp.out());
    assertThat(summary.get("jobs").asInt()).isEqualTo(2);
    assertThat(summary.get("tasks").asInt()).isEqualTo(192);
    Scenario s = ScenarioIO.read(scenario);
    assertThat(s.cluster().nodeCount()).isEqualTo(4);
    assertThat(s.cluster().nodeGroups().get(0).effectiveAllowance().memoryMB()).isEqualTo(7168);
    assertThat(s.settings()).containsEntry("import.format", "rumen");

    Path series = tmp.resolve("series.csv");
    Path jobs = tmp.resolve("jobs.csv");
    for (String scheduler : List.of("reservation", "estimation")) {
      Run sim =
          run(
              "simulate",
              scenario.toString(),
              "--scheduler",
              scheduler,
              "--seed",
              "3",
              "--until",
              "2h",
              "--heartbeat",
              "1s",
              "--series",
              series.toString(),
              "--jobs",
              jobs.toString(),
              "--json");
      assertThat(sim.code()).as(sim.err()).isZero();
      JsonNode r = new ObjectMapper().readTree(sim.out());
      List<String> keys = new ArrayList<>();
      r.fieldNames().forEachRemaining(keys::add);
      assertThat(keys)
          .containsExactly(
              "scheduler",
              "jobs",
              "tasks",
              "failedTasks",
              "failureRate",
              "makespanS",
              "meanJobCompletionS");
      assertThat(r.get("scheduler").asText()).isEqualTo(scheduler);
      assertThat(r.get("tasks").asInt()).isEqualTo(192);
      assertThat(r.get("makespanS").asDouble()).isPositive();
      assertThat(Files.readString(series)).startsWith("time_s,capacity_memory_mb,");
      assertThat(Files.readAllLines(jobs)).hasSize(3);
    }
  }

  @Test
  void humanOutputNamesTheSchedulerAndTheFailures() throws Exception {
    Path scenario = tmp.resolve("swf.json");
    assertThat(
            run(
                    "import",
                    "swf",
                    shared("swf/NASA-iPSC-1993-3.1-cln.swf.gz").toString(),
                    "--out",
                    scenario.toString(),
                    "--nodes",
                    "16",
                    "--param",
                    "maxJobs=200")
                .code())
        .isZero();
    Run sim =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "--damping",
            "0.25",
            "--requests",
            "efr");
    assertThat(sim.code()).as(sim.err()).isZero();
    assertThat(sim.out())
        .contains("estimation (damping 0.25)")
        .contains("task failures")
        .contains("makespan");
  }

  @Test
  void swimImportDispatchesToTheSwimImporter() throws Exception {
    Path scenario = tmp.resolve("swim.json");
    Run imp =
        run(
            "import",
            "swim",
            shared("swim/FB-2009_samples_24_times_1hr_0.tsv").toString(),
            "--out",
            scenario.toString(),
            "--json");
    assertThat(imp.code()).as(imp.err()).isZero();
    assertThat(new ObjectMapper().readTree(imp.out()).get("jobs").asInt()).isEqualTo(5894);
    assertThat(ScenarioIO.read(scenario).cluster().nodeCount()).isEqualTo(8);
  }

  @Test
  void alibabaImportUsesTheNodeListNextToThePods() throws Exception {
    Path scenario = tmp.resolve("ali.json");
    Run imp =
        run(
            "import",
            "alibaba-gpu",
            shared("alibaba-gpu-2023/openb_pod_list_default.csv").toString(),
            "--out",
            scenario.toString(),
            "--param",
            "maxPods=50");
    assertThat(imp.code()).as(imp.err()).isZero();
    assertThat(imp.out()).contains("onto 1523 nodes");
    assertThat(ScenarioIO.read(scenario).workload().jobs()).hasSize(50);
  }

  @Test
  void badInputGivesOneLineAndExitCodeTwo() throws Exception {
    Path bad = tmp.resolve("bad.swf");
    Files.writeString(bad, "1 2 3\n");
    Run imp = run("import", "swf", bad.toString(), "--out", tmp.resolve("x.json").toString());
    assertThat(imp.code()).isEqualTo(2);
    assertThat(imp.err()).contains("bad.swf at line 1").doesNotContain("Exception");
    Run empty =
        run(
            "import",
            "swf",
            bad.toString(),
            "--out",
            tmp.resolve("x.json").toString(),
            "--lenient");
    assertThat(empty.code()).as("an import that yields no job is an error").isEqualTo(2);
    assertThat(empty.err()).contains("not written: the trace holds no job");
    assertThat(tmp.resolve("x.json")).doesNotExist();
    Files.writeString(bad, "1 2 3\n1 0 0 50 4 -1 -1 4 60 -1 1 1 1 -1 1 -1 -1 -1\n");
    Run lenient =
        run(
            "import",
            "swf",
            bad.toString(),
            "--out",
            tmp.resolve("x.json").toString(),
            "--lenient");
    assertThat(lenient.code()).as(lenient.err()).isZero();
    assertThat(lenient.out()).contains("skipped 1 malformed");

    Run unknown = run("import", "excel", bad.toString(), "--out", tmp.resolve("x.json").toString());
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown trace format 'excel'");

    Run sched = run("simulate", tmp.resolve("x.json").toString(), "--scheduler", "magic");
    assertThat(sched.code()).isEqualTo(2);
    assertThat(sched.err()).contains("--scheduler 'magic'");

    Run until =
        run(
            "simulate",
            tmp.resolve("x.json").toString(),
            "--scheduler",
            "reservation",
            "--until",
            "soon");
    assertThat(until.code()).isEqualTo(2);
    assertThat(until.err()).contains("--until 'soon'");
  }
}
