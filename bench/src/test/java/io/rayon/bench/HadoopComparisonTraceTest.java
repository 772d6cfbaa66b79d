package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code HadoopComparison --trace}: workloads (ii) and (iii) from traces other than SWIM. */
class HadoopComparisonTraceTest {

  static final Path KTH = RepoFiles.trace("swf/KTH-SP2-1996-2.1-cln.swf.gz");
  static final Path NASA = RepoFiles.trace("swf/NASA-iPSC-1993-3.1-cln.swf.gz");

  private static HadoopComparison.Options parse(String... args) {
    return HadoopComparison.parse(args);
  }

  @Test
  void theKthLogBuildsTheSweepAndTheBigWorkloadNamedAfterIt() {
    HadoopComparison.Options o =
        parse("--trace", KTH.toString(), "--workloads", "ii,iii", "--planners", "greel");
    assertThat(o.trace()).isEqualTo(KTH);
    assertThat(o.swim()).isNull();
    List<PreparedWorkload> ws = HadoopComparison.workloads(o);
    assertThat(ws)
        .extracting(PreparedWorkload::label)
        .containsExactly(
            "(ii) 100 KTH-SP2 jobs, 400 nodes",
            "(ii) 250 KTH-SP2 jobs, 1000 nodes",
            "(ii) 500 KTH-SP2 jobs, 2000 nodes",
            "(ii) 1000 KTH-SP2 jobs, 4000 nodes",
            "(iii) 10000 KTH-SP2 jobs, 4000 nodes");
    int[] sizes = {100, 250, 500, 1000, 10_000};
    int[] nodes = {400, 1000, 2000, 4000, 4000};
    for (int k = 0; k < ws.size(); k++) {
      Scenario s = ws.get(k).scenario();
      assertThat(ws.get(k).size()).isEqualTo(sizes[k]);
      assertThat(s.name()).isEqualTo("kth-sp2-atoms-" + sizes[k] + "x" + nodes[k]);
      assertThat(s.description()).startsWith(sizes[k] + " KTH-SP2 atom jobs on " + nodes[k]);
      assertThat(s.sharingPolicy()).isEqualTo(HadoopPeer.HADOOP_DEFAULT_POLICY);
      assertThat(s.users()).hasSize(10);
      assertThat(s.stepSeconds()).isEqualTo(60);
      assertFitsAlone(s, nodes[k]);
      // every request is a KTH job: swf-N is the log's job number
      assertThat(s.reservations()).allMatch(r -> r.id().matches("kth-sp2-\\d+-swf-\\d+"));
    }
  }

  /**
   * The same checks as for SWIM atoms, request by request: one atom of minimum containers, no wider
   * than 10% of the cluster, at most 3 h long, in a window inside the horizon at least twice its
   * length; so each fits an empty plan.
   */
  private static void assertFitsAlone(Scenario s, int nodes) {
    long containers = (long) nodes * 8;
    for (ReservationRequest r : s.reservations()) {
      Rdl.Window w = (Rdl.Window) r.rdl();
      Rdl.Atom atom = (Rdl.Atom) w.expr();
      assertThat(atom.gang()).isEqualTo(1);
      assertThat(atom.bundle()).isEqualTo(Workloads.BUNDLE);
      assertThat((long) atom.maxParallelism()).isBetween(1L, containers / 10);
      assertThat(atom.minLease()).isBetween(1L, 180L);
      assertThat(atom.work()).isEqualTo(atom.maxParallelism() * atom.minLease());
      assertThat(w.start()).isGreaterThanOrEqualTo(0);
      assertThat(w.finish()).isLessThanOrEqualTo(s.horizonSteps());
      assertThat(w.finish() - w.start()).isGreaterThanOrEqualTo(2 * atom.minLease());
    }
    assertThat(s.reservations())
        .isSortedAccordingTo((x, y) -> Long.compare(x.arrival(), y.arrival()));
  }

  @Test
  void eachRequestOfTheSmallestNasaWorkloadIsAcceptedAloneOnAnEmptyPlan() {
    HadoopComparison.Options o =
        parse("--trace", NASA.toString(), "--workloads", "ii", "--quick", "--planners", "greel");
    PreparedWorkload w = HadoopComparison.workloads(o).get(0);
    assertThat(w.label()).isEqualTo("(ii) 100 NASA-iPSC jobs, 400 nodes");
    Contender ours = RayonContender.named("greel");
    int accepted = 0;
    for (ReservationRequest r : w.requests()) {
      PreparedWorkload one = PreparedWorkload.of("one", w.scenario().withReservations(List.of(r)));
      accepted += ours.run(one).acceptedCount();
    }
    assertThat(accepted).isEqualTo(100);
    // and Hadoop's agent takes them too (a few: its set-up is the slow part)
    Contender agent = new HadoopContender(HadoopPeer.Agent.GREEDY, true);
    for (ReservationRequest r : w.requests().subList(0, 3)) {
      PreparedWorkload one = PreparedWorkload.of("one", w.scenario().withReservations(List.of(r)));
      assertThat(agent.run(one).acceptedCount()).as(r.id()).isEqualTo(1);
    }
  }

  @Test
  void withoutTraceTheSwimLabelsAreAsBefore() {
    HadoopComparison.Options o = parse("--workloads", "ii,iii", "--quick", "--planners", "greel");
    assertThat(o.trace()).isNull();
    assertThat(o.swim()).isEqualTo(HadoopComparison.findSwim());
    List<PreparedWorkload> ws = HadoopComparison.workloads(o);
    assertThat(ws)
        .extracting(PreparedWorkload::label)
        .containsExactly(
            "(ii) 100 SWIM jobs, 400 nodes",
            "(ii) 1000 SWIM jobs, 4000 nodes",
            "(iii) 10000 SWIM jobs, 4000 nodes");
    assertThat(ws.get(0).scenario().name()).isEqualTo("swim-atoms-100x400");
    assertThat(ws.get(0).scenario().description()).startsWith("100 SWIM atom jobs on 400 nodes");
    assertThat(ws.get(0).requests().get(0).id()).startsWith("swim-");
  }

  @Test
  void theSwimSampleGivenAsTraceGivesTheSameRequestsUnderItsFileName() {
    Path swim = HadoopComparison.findSwim();
    List<PreparedWorkload> asSwim =
        HadoopComparison.workloads(parse("--workloads", "ii", "--quick", "--swim", swim + ""));
    List<PreparedWorkload> asTrace =
        HadoopComparison.workloads(parse("--workloads", "ii", "--quick", "--trace", swim + ""));
    assertThat(asTrace.get(0).label()).isEqualTo("(ii) 100 FB jobs, 400 nodes");
    for (int k = 0; k < asSwim.size(); k++) {
      List<ReservationRequest> a = asSwim.get(k).requests();
      List<ReservationRequest> b = asTrace.get(k).requests();
      assertThat(b).hasSameSizeAs(a);
      for (int i = 0; i < a.size(); i++) {
        assertThat(b.get(i).rdl()).isEqualTo(a.get(i).rdl());
        assertThat(b.get(i).user()).isEqualTo(a.get(i).user());
        assertThat(b.get(i).id()).isEqualTo(a.get(i).id().replaceFirst("^swim-", "fb-"));
      }
    }
  }

  @Test
  void theTraceLineNamesTheFileTheImporterAndTheJobsUsed() {
    Workloads.TraceInput t = Workloads.readTrace(KTH);
    assertThat(t.name()).isEqualTo("KTH-SP2");
    assertThat(t.format()).isEqualTo("swf");
    assertThat(t.noTasks()).isZero();
    assertThat(t.workload().jobs()).hasSize(t.imported());
    String line = HadoopComparison.describe(t, KTH);
    assertThat(line)
        .startsWith("Trace of (ii) and (iii): KTH-SP2-1996-2.1-cln.swf.gz (KTH-SP2, read by")
        .contains("swf importer")
        .contains(t.imported() + " jobs imported, " + t.imported() + " used")
        .contains("records ignored in all")
        .doesNotContain("ignored line");
  }

  @Test
  void jobsLeftOutAndTheImportersSummaryAreInTheTraceLine() {
    Workload w = new Workload("t", List.of(job("a", 1, 60), job("b", 2, 60), job("c", 3, 60)));
    Workloads.TraceInput t =
        new Workloads.TraceInput(
            "X",
            "swf",
            w,
            5,
            2,
            List.of("ignored line 3: job 7 has no run time", "1 records ignored in all"));
    assertThat(HadoopComparison.describe(t, Path.of("dir/x.swf")))
        .isEqualTo(
            "Trace of (ii) and (iii): x.swf (X, read by the project's swf importer at its"
                + " defaults): 5 jobs imported, 3 used, 2 left out as they have no tasks;"
                + " importer: 1 records ignored in all.");
  }

  @Test
  void aShortRunWritesTheTableHeadedByTheTrace(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("table.md");
    HadoopComparison.Options o =
        parse(
            "--trace",
            KTH.toString(),
            "--workloads",
            "ii",
            "--quick",
            "--planners",
            "greel",
            "--repeats",
            "1",
            "--warmup",
            "0",
            "--warmup-seconds",
            "0",
            "--out",
            out.toString());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int rc = HadoopComparison.run(o, new PrintStream(printed, true, StandardCharsets.UTF_8));
    assertThat(rc).isZero();
    String table = Files.readString(out);
    assertThat(table)
        .startsWith("Trace of (ii) and (iii): KTH-SP2-1996-2.1-cln.swf.gz (KTH-SP2, read by")
        .contains("| (ii) 100 KTH-SP2 jobs, 400 nodes | greel |")
        .contains("| (ii) 1000 KTH-SP2 jobs, 4000 nodes | greel |");
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("== (ii) 100 KTH-SP2 jobs, 400 nodes: 100 KTH-SP2 atom jobs on 400 nodes")
        .contains("violations in our plans: 0");
  }

  static final Path ALIBABA = RepoFiles.trace("alibaba-gpu-2023/openb_pod_list_default.csv");

  @Test
  void anAlibabaPodBecomesOneTaskPerVcoreItAsksFor() {
    Job pod =
        new Job(
            "openb-pod-0001",
            null,
            null,
            null,
            JobKind.PRODUCTION,
            427,
            null,
            null,
            List.of(new TaskGroup("pod", 1, Resources.of(12288, 6), 900, List.of(), List.of())));
    Job read = Workloads.taskPerVcore(pod);
    assertThat(read.tasks()).hasSize(1);
    TaskGroup g = read.tasks().get(0);
    assertThat(g.count()).isEqualTo(6);
    assertThat(g.durationS()).isEqualTo(900);
    assertThat(g.request()).isEqualTo(Resources.of(2048, 1));
    assertThat(read.arrivalS()).isEqualTo(427);
    assertThat(read.id()).isEqualTo("openb-pod-0001");
    // a pod asking for no vcore still is one task; a hostile count is capped, not wrapped
    Job none = pod.withTasks(List.of(group(1, Resources.of(512, 0))));
    assertThat(Workloads.taskPerVcore(none).tasks().get(0).count()).isEqualTo(1);
    Job huge = pod.withTasks(List.of(group(3, Resources.of(1, Long.MAX_VALUE / 2))));
    assertThat(Workloads.taskPerVcore(huge).tasks().get(0).count()).isEqualTo(Integer.MAX_VALUE);
  }

  private static TaskGroup group(int count, Resources request) {
    return new TaskGroup("pod", count, request, 60, List.of(), List.of());
  }

  @Test
  void theAlibabaTraceIsReadByItsImporterWithOneTaskPerVcore() {
    Workloads.TraceInput t = Workloads.readTrace(ALIBABA);
    assertThat(t.name()).isEqualTo("Alibaba-GPU");
    assertThat(t.format()).isEqualTo("alibaba-gpu");
    // 8,152 pods; the importer ignores the one without a positive duration
    assertThat(t.imported()).isEqualTo(8151);
    assertThat(t.workload().jobs()).hasSize(8151);
    // openb-pod-0000 asks for 12 vcores (cpu_milli 12000): 12 tasks
    Job first =
        t.workload().jobs().stream()
            .filter(j -> j.id().equals("openb-pod-0000"))
            .findFirst()
            .orElseThrow();
    assertThat(first.taskCount()).isEqualTo(12);
    assertThat(HadoopComparison.describe(t, ALIBABA))
        .startsWith(
            "Trace of (ii) and (iii): openb_pod_list_default.csv (Alibaba-GPU, read by the"
                + " project's alibaba-gpu importer at its defaults): 8151 jobs imported, 8151"
                + " used, each pod read as one task per vcore it asks for");
    Scenario s =
        Workloads.swimAtoms(t.workload(), t.name(), 42, 100, 400, 60, Workloads.SwimModel.DEFAULT);
    assertThat(s.name()).isEqualTo("alibaba-gpu-atoms-100x400");
    assertThat(s.reservations()).hasSize(100);
  }

  @Test
  void shortNamesComeFromTheFileName() {
    assertThat(Workloads.traceName(Path.of("a/KTH-SP2-1996-2.1-cln.swf.gz"))).isEqualTo("KTH-SP2");
    assertThat(Workloads.traceName(Path.of("NASA-iPSC-1993-3.1-cln.swf"))).isEqualTo("NASA-iPSC");
    assertThat(Workloads.traceName(Path.of("FB-2009_samples_24_times_1hr_0.tsv"))).isEqualTo("FB");
    assertThat(Workloads.traceName(Path.of("2009-log.swf"))).isEqualTo("2009-log");
    assertThat(Workloads.traceFormat(Path.of("x.SWF.GZ"))).isEqualTo("swf");
    assertThat(Workloads.traceFormat(Path.of("x.tsv"))).isEqualTo("swim");
    assertThat(Workloads.traceFormat(Path.of("openb_pod_list_gpuspec33.csv")))
        .isEqualTo("alibaba-gpu");
    assertThat(Workloads.traceName(Path.of("t/openb_pod_list_default.csv")))
        .isEqualTo("Alibaba-GPU");
  }

  @Test
  void badTraceArgumentsAreRefusedNamingTheOptionAndTheFile(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> parse("--trace", "/nonexistent/log.swf"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--trace: no such file '/nonexistent/log.swf'");
    // a directory (as a FIFO or a device) exists but is never opened as a trace
    assertThatThrownBy(() -> parse("--trace", dir.toString()))
        .hasMessageContaining("--trace: '" + dir + "' is a directory, not a file");
    Path json = Files.writeString(dir.resolve("trace.json"), "{}");
    assertThatThrownBy(() -> parse("--trace", json.toString()))
        .hasMessageContaining("--trace: cannot tell the format of '" + json + "'")
        .hasMessageContaining(".swf");
    assertThatThrownBy(
            () -> parse("--trace", KTH.toString(), "--swim", HadoopComparison.findSwim() + ""))
        .hasMessageContaining("--swim and --trace both given");
    assertThatThrownBy(() -> parse("--trace")).hasMessageContaining("--trace needs a value");
    assertThatThrownBy(() -> parse("--help")).hasMessageContaining("--swim FILE | --trace FILE");

    // a malformed line: refused when the workloads are built, naming the file and the line
    Path bad = Files.writeString(dir.resolve("bad.swf"), "; a header\n1 2 3\n");
    HadoopComparison.Options o = parse("--trace", bad.toString(), "--workloads", "ii");
    assertThatThrownBy(() -> HadoopComparison.workloads(o))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--trace: " + bad + " at line 2: expected 18")
        .hasMessageNotContaining("--lenient");
    // only jobs cancelled before they started: nothing to draw from
    String cancelled = "1 0 10 -1 -1 -1 -1 4 3600 -1 0 1 1 1 1 -1 -1 -1\n";
    Path empty = Files.writeString(dir.resolve("empty.swf"), cancelled, StandardCharsets.UTF_8);
    HadoopComparison.Options e = parse("--trace", empty.toString(), "--workloads", "iii");
    assertThatThrownBy(() -> HadoopComparison.workloads(e))
        .hasMessageContaining("--trace: " + empty + ": no job with tasks in the trace");
    // workload (i) alone does not read the trace
    HadoopComparison.Options only = parse("--trace", bad.toString(), "--workloads", "i");
    assertThat(HadoopComparison.workloads(only)).hasSize(1);
  }

  @Property(tries = 20)
  void jobsWithoutTasksOrDurationAreLeftOutAndCountedNotDrawn(
      @ForAll @IntRange(min = 0, max = 5) int empty, @ForAll @IntRange(min = 1, max = 5) int real) {
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < real; i++) jobs.add(job("real-" + i, 1 + i, 60L * (i + 1)));
    for (int i = 0; i < empty; i++) jobs.add(job("none-" + i, i % 2, i % 2 == 0 ? 60 : 0));
    List<Job> kept = new ArrayList<>();
    for (Job j : jobs) if (Workloads.hasWork(j)) kept.add(j);
    assertThat(kept).extracting(Job::id).allMatch(id -> id.startsWith("real-"));
    assertThat(kept).hasSize(real);
    Scenario s =
        Workloads.swimAtoms(
            new Workload("test", kept), "T", 3, 40, 10, 60, Workloads.SwimModel.DEFAULT);
    assertThat(s.reservations()).allMatch(r -> r.id().matches("t-\\d+-real-\\d+"));
  }

  private static Job job(String id, int tasks, long seconds) {
    List<TaskGroup> groups =
        tasks == 0
            ? List.of()
            : List.of(
                new TaskGroup("t", tasks, Resources.of(1024, 1), seconds, List.of(), List.of()));
    return new Job(id, null, "u1", null, JobKind.BEST_EFFORT, 0, null, null, groups);
  }
}
