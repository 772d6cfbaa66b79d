package io.rayon.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.sim.UsageProfiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonImportersTest {
  @TempDir Path tmp;

  @Test
  void rumenSampleGivesTwoTeraGenJobsWithMeasuredUsagePhases() throws Exception {
    ImportResult r =
        new RumenImporter()
            .read(Traces.shared("sls/2jobs2min-rumen-jh.json"), ImportOptions.DEFAULT);
    assertThat(r.workload().jobs()).hasSize(2);
    Job j = r.workload().jobs().get(0);
    assertThat(j.id()).isEqualTo("job_1369942127770_1205");
    assertThat(j.user()).isEqualTo("jenkins");
    assertThat(j.queue()).isEqualTo("sls_queue_1");
    assertThat(j.arrivalS()).isZero();
    assertThat(j.taskCount()).isEqualTo(96);
    TaskGroup m0 = j.tasks().get(0);
    assertThat(m0.name()).isEqualTo("m_0");
    assertThat(m0.request().memoryMB()).isEqualTo(1024);
    // attempt 1371222061163 -> 1371222078206: 17.043 s
    assertThat(m0.durationS()).isEqualTo(17);
    assertThat(m0.usage().stream().mapToLong(UsagePhase::durationS).sum()).isEqualTo(17);
    // physMemKbytes rises from 24766 KB to a peak of 310604 KB = 303 MB: a low start-up, then more
    assertThat(m0.usage().get(0).usage().memoryMB()).isLessThan(100);
    assertThat(m0.peakUsage().memoryMB()).isEqualTo(303);
    assertThat(UsageProfiles.cpu(m0.usage().get(0).usage())).isBetween(0.7, 0.9);
    assertThat(r.workload().jobs().get(1).arrivalS()).isPositive();
  }

  @Test
  void rumenJobWithoutSubmitTimeIsAnErrorNamingLineAndJob() throws Exception {
    Path f = tmp.resolve("r.json");
    Files.writeString(
        f,
        "{\"jobID\":\"job_a\",\"submitTime\":1000,\"mapTasks\":[]}\n{\n \"jobID\":\"job_b\",\n \"mapTasks\":[]}\n");
    assertThatThrownBy(() -> new RumenImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("line 2 (job job_b)")
        .hasMessageContaining("submitTime");
    ImportResult r = new RumenImporter().read(f, new ImportOptions(true, 1, Map.of()));
    assertThat(r.skippedLines()).isEqualTo(1);
    assertThat(r.workload().jobs()).extracting(Job::id).containsExactly("job_a");
  }

  @Test
  void brokenJsonIsAnErrorWithLineAndColumnEvenWhenLenient() throws Exception {
    Path f = tmp.resolve("r.json");
    Files.writeString(f, "{\"jobID\":\"job_a\",\n\"submitTime\": 10,,\n}");
    assertThatThrownBy(() -> new RumenImporter().read(f, new ImportOptions(true, 1, Map.of())))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("line 2, column")
        .hasMessageContaining("malformed JSON");
  }

  @Test
  void slsJobsFoldIdenticalContainersAndPutReducesAfterMaps() throws Exception {
    ImportResult r =
        new SlsImporter().read(Traces.resource("sls-two-jobs.json"), ImportOptions.DEFAULT);
    assertThat(r.workload().jobs()).hasSize(2);
    Job a = r.workload().jobs().get(0);
    assertThat(a.id()).isEqualTo("job_1");
    assertThat(a.user()).isEqualTo("alice");
    assertThat(a.arrivalS()).isZero();
    assertThat(a.tasks()).extracting(TaskGroup::name).containsExactly("map-0", "reduce-0");
    assertThat(a.tasks().get(0).count()).isEqualTo(2);
    assertThat(a.tasks().get(0).durationS()).isEqualTo(20);
    assertThat(a.tasks().get(1).request().memoryMB()).isEqualTo(2048);
    assertThat(a.tasks().get(1).request().vcores()).isEqualTo(2);
    assertThat(a.tasks().get(1).after()).containsExactly("map-0");
    // usage model: 5 s start-up then about half the request
    assertThat(a.tasks().get(0).usage()).hasSize(2);
    assertThat(a.tasks().get(0).usage().get(0).durationS()).isEqualTo(5);
    Job b = r.workload().jobs().get(1);
    assertThat(b.arrivalS()).isEqualTo(60);
    assertThat(b.tasks().get(0).count()).isEqualTo(5);
  }

  @Test
  void slsUsageModelParametersAreSettable() throws Exception {
    ImportResult r =
        new SlsImporter()
            .read(
                Traces.resource("sls-two-jobs.json"),
                new ImportOptions(
                    false,
                    1,
                    Map.of(
                        "startupS",
                        "0",
                        "memoryUsage",
                        "0.25",
                        "jitter",
                        "0",
                        "memoryMB",
                        "4096")));
    TaskGroup map = r.workload().jobs().get(0).tasks().get(0);
    assertThat(map.request().memoryMB()).isEqualTo(4096);
    assertThat(map.usage()).hasSize(1);
    assertThat(map.usage().get(0).usage().memoryMB()).isEqualTo(1024);
  }

  @Test
  void slsTaskWithBadTypeIsReportedWithItsJob() throws Exception {
    Path f = tmp.resolve("s.json");
    Files.writeString(
        f,
        "{\"job.id\":\"j1\",\"job.start.ms\":0,\"job.tasks\":[{\"container.start.ms\":0,\"container.end.ms\":10,\"container.type\":\"shuffle\"}]}");
    assertThatThrownBy(() -> new SlsImporter().read(f, ImportOptions.DEFAULT))
        .hasMessageContaining("line 1 (job j1)")
        .hasMessageContaining("shuffle");
  }

  @Test
  void slsEntryOfNoContainerAddsNoTaskAndANegativeCountIsMalformed() throws Exception {
    String map0 =
        "{\"container.start.ms\":0,\"container.end.ms\":30000,\"container.type\":\"map\","
            + "\"container.memory\":1024,\"container.vcores\":1,\"count\":%s}";
    String reduce =
        "{\"container.start.ms\":30000,\"container.end.ms\":60000,\"container.type\":\"reduce\"}";
    Path f = tmp.resolve("zero.json");
    Files.writeString(
        f,
        "{\"job.id\":\"j1\",\"job.start.ms\":0,\"job.tasks\":["
            + String.format(map0, "-0")
            + ","
            + reduce
            + "]}\n"
            + "{\"job.id\":\"j2\",\"job.start.ms\":0,\"job.tasks\":["
            + String.format(map0, "0")
            + "]}\n");
    ImportResult r = new SlsImporter().read(f, ImportOptions.DEFAULT);
    Job j1 = r.workload().jobs().get(0);
    // the reduce alone: no group of no task, and no map for it to wait for
    assertThat(j1.tasks()).extracting(TaskGroup::name).containsExactly("reduce-0");
    assertThat(j1.tasks().get(0).count()).isEqualTo(1);
    assertThat(j1.tasks().get(0).after()).isEmpty();
    assertThat(r.workload().jobs().get(1).tasks()).isEmpty();

    Path neg = tmp.resolve("negative.json");
    Files.writeString(
        neg,
        "{\"job.id\":\"j3\",\"job.start.ms\":0,\"job.tasks\":[" + String.format(map0, "-2") + "]}");
    assertThatThrownBy(() -> new SlsImporter().read(neg, ImportOptions.DEFAULT))
        .hasMessageContaining("line 1 (job j3)")
        .hasMessageContaining("count must not be negative, got -2");
  }
}
