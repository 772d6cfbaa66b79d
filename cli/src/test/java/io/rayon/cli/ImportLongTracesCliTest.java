package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.testsupport.SampleScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real traces of any length become scenarios that {@code plan} and {@code simulate} accept: a step
 * chosen for the horizon (or given), a window of the trace, reservations for the jobs the format's
 * rule names, repeated ids and SWIM's input-path variant, the same bytes on every run.
 */
class ImportLongTracesCliTest {
  @TempDir Path tmp;

  private static final Path KTH = SampleScenarios.trace("swf/KTH-SP2-1996-2.1-cln.swf.gz");

  private static JsonNode json(CliRun r) throws Exception {
    assertThat(r.exit()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out());
  }

  @Test
  void aYearLongSwfLogGetsAPlannableStepReservationsAndPlansAndSimulates() throws Exception {
    Path out = tmp.resolve("kth.json");
    CliRun imp =
        CliRun.of("import", "swf", KTH.toString(), "--out", out.toString(), "--nodes", "100");
    assertThat(imp.exit()).as(imp.err()).isZero();
    assertThat(imp.out()).contains("note: step 10m chosen");
    Scenario s = ScenarioIO.read(out);
    assertThat(s.stepSeconds()).isEqualTo(600);
    assertThat(s.horizonSteps()).isBetween(1L, 120_000L);
    assertThat(s.reservations()).hasSizeGreaterThan(1000);
    // the rule: jobs with a requested time they kept to, that ran at least an hour
    for (Job j : s.workload().jobs()) {
      if (j.kind() == JobKind.PRODUCTION) {
        assertThat(j.reservationId()).isNotNull();
        assertThat(j.tasks().get(0).durationS()).isGreaterThanOrEqualTo(3600);
      }
    }
    assertThat(CliRun.of("scenario", "check", out.toString()).exit()).isZero();
    JsonNode plan = json(CliRun.of("plan", out.toString(), "--planner", "greel", "--json"));
    assertThat(plan.get("accepted").asInt()).isPositive();
    CliRun sim =
        CliRun.of(
            "simulate", out.toString(), "--scheduler", "reservation", "--until", "20d", "--json");
    assertThat(sim.exit()).as(sim.err()).isZero();
  }

  @Test
  void stepAndWindowSliceTheTraceAndTimeStartsAtTheWindow() throws Exception {
    Path out = tmp.resolve("slice.json");
    JsonNode r =
        json(
            CliRun.of(
                "import",
                "swf",
                KTH.toString(),
                "--out",
                out.toString(),
                "--nodes",
                "100",
                "--step",
                "1m",
                "--window",
                "30d..31d",
                "--json"));
    assertThat(r.get("stepSeconds").asLong()).isEqualTo(60);
    Scenario s = ScenarioIO.read(out);
    assertThat(s.workload().jobs())
        .isNotEmpty()
        .allSatisfy(j -> assertThat(j.arrivalS()).isBetween(0L, 86_399L));
    assertThat(s.workload().jobs()).hasSize(r.get("jobs").asInt());
    assertThat(s.settings())
        .containsEntry("import.window", "30d..31d")
        .containsEntry("import.step", "1m");
    assertThat(r.get("notes").toString()).contains("submitted in the window");
    assertThat(CliRun.of("plan", out.toString()).exit()).isZero();
    assertThat(CliRun.of("simulate", out.toString(), "--scheduler", "estimation").exit()).isZero();
  }

  @Test
  void aWindowWithoutJobsAndBadStepsAreBadInput() {
    CliRun empty =
        CliRun.of(
            "import",
            "swf",
            KTH.toString(),
            "--out",
            tmp.resolve("e.json").toString(),
            "--window",
            "900d..901d");
    assertThat(empty.exit()).isEqualTo(2);
    assertThat(empty.err()).contains("no job is submitted in the window 900d..901d");
    assertThat(tmp.resolve("e.json")).doesNotExist();
    CliRun step =
        CliRun.of(
            "import",
            "swf",
            KTH.toString(),
            "--out",
            tmp.resolve("e.json").toString(),
            "--step",
            "1500ms");
    assertThat(step.exit()).isEqualTo(2);
    assertThat(step.err()).contains("--step 1500ms must be a whole number of seconds");
    CliRun window =
        CliRun.of(
            "import",
            "swf",
            KTH.toString(),
            "--out",
            tmp.resolve("e.json").toString(),
            "--window",
            "2d..1d");
    assertThat(window.exit()).isEqualTo(2);
    assertThat(window.err()).contains("is empty");
    CliRun syntax =
        CliRun.of(
            "import",
            "swf",
            KTH.toString(),
            "--out",
            tmp.resolve("e.json").toString(),
            "--window",
            "2d");
    assertThat(syntax.exit()).isEqualTo(2);
    assertThat(syntax.err()).contains("is not FROM..UNTIL");
  }

  @Test
  void importsAreDeterministicByteForByte() throws Exception {
    Path a = tmp.resolve("a.json");
    Path b = tmp.resolve("b.json");
    for (Path p : List.of(a, b)) {
      CliRun r =
          CliRun.of(
              "import",
              "swim",
              SampleScenarios.trace("swim/FB-2009_samples_24_times_1hr_0.tsv").toString(),
              "--out",
              p.toString(),
              "--param",
              "throughputMBps=30",
              "--param",
              "mapInputMB=256",
              "--param",
              "startupS=5",
              "--param",
              "productionFraction=0.1",
              "--seed",
              "7");
      assertThat(r.exit()).as(r.err()).isZero();
    }
    assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
    String text = Files.readString(a);
    assertThat(text.indexOf("import.file")).isLessThan(text.indexOf("import.format"));
    assertThat(text.indexOf("import.param.mapInputMB"))
        .isLessThan(text.indexOf("import.param.throughputMBps"));
  }

  @Test
  void everyCommittedTraceImportsWithReservations() throws Exception {
    record T(String format, String file, String[] extra) {}
    List<T> traces =
        List.of(
            new T(
                "swf",
                "swf/NASA-iPSC-1993-3.1-cln.swf.gz",
                new String[] {"--nodes", "128", "--window", "..10d"}),
            new T(
                "swim", "swim/FB-2009_samples_24_times_1hr_0.tsv", new String[] {"--nodes", "64"}),
            new T("rumen", "sls/2jobs2min-rumen-jh.json", new String[] {}),
            new T(
                "alibaba-gpu",
                "alibaba-gpu-2023/openb_pod_list_default.csv",
                new String[] {"--param", "maxPods=400"}));
    for (T t : traces) {
      Path out = tmp.resolve(t.format() + ".json");
      List<String> args =
          new ArrayList<>(
              List.of(
                  "import",
                  t.format(),
                  SampleScenarios.trace(t.file()).toString(),
                  "--out",
                  out.toString(),
                  "--json"));
      args.addAll(List.of(t.extra()));
      JsonNode r = json(CliRun.of(args.toArray(String[]::new)));
      assertThat(r.get("reservations").asInt()).as(t.file()).isPositive();
      assertThat(CliRun.of("plan", out.toString()).exit()).as(t.file()).isZero();
    }
  }

  @Test
  void rumenFoldedTracesWithRepeatedJobIdsGetOneIdPerOccurrence() throws Exception {
    String one = Files.readString(SampleScenarios.trace("sls/2jobs2min-rumen-jh.json"));
    Path folded = tmp.resolve("folded.json");
    Files.writeString(folded, one + "\n" + one + "\n" + one);
    Path out = tmp.resolve("f.json");
    CliRun r = CliRun.of("import", "rumen", folded.toString(), "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("4 jobs repeat an earlier job's id")
        .contains("job_1369942127770_1205 -> job_1369942127770_1205#2");
    Scenario s = ScenarioIO.read(out);
    Set<String> ids = new HashSet<>();
    for (Job j : s.workload().jobs()) assertThat(ids.add(j.id())).isTrue();
    assertThat(ids).hasSize(6).contains("job_1369942127770_1205#3");
  }

  @Test
  void swimWithInputPathsReadsThePathAndMakesRecurringJobsProduction() throws Exception {
    List<String> lines =
        Files.readAllLines(SampleScenarios.trace("swim/FB-2009_samples_24_times_1hr_0.tsv"))
            .subList(0, 300);
    List<String> seven = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      // every tenth job reads one of three recurring inputs; the others read their own
      String path =
          i % 10 == 0 ? "hdfs://warehouse/daily/part-" + (i / 10 % 3) : "hdfs://tmp/adhoc-" + i;
      seven.add(lines.get(i) + "\t" + path);
    }
    Path file = tmp.resolve("FB-2009_samples_24_times_1hr_withInputPaths_0.tsv");
    Files.write(file, seven);
    Path out = tmp.resolve("paths.json");
    JsonNode r =
        json(
            CliRun.of(
                "import",
                "swim",
                file.toString(),
                "--out",
                out.toString(),
                "--nodes",
                "64",
                "--json"));
    assertThat(r.get("jobs").asInt()).isEqualTo(300);
    assertThat(r.get("reservations").asInt()).isEqualTo(30);
    Scenario s = ScenarioIO.read(out);
    for (Job j : s.workload().jobs()) {
      assertThat(j.kind() == JobKind.PRODUCTION)
          .as(j.id())
          .isEqualTo(j.name().startsWith("hdfs://warehouse/daily/"));
    }
    assertThat(CliRun.of("plan", out.toString()).exit()).isZero();
  }
}
