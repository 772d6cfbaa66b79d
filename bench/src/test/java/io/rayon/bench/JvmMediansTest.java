package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --jvms N}: combining N JVMs' rows, their file format, the options and the child runs. */
class JvmMediansTest {

  private static final String W = "(ii) 100 SWIM jobs, 400 nodes";
  private static final String W2 = "(iii) 10000 SWIM jobs, 4000 nodes";

  @Test
  void aRowsTimedFiguresAreTheMedianOverAnOddNumberOfJvmsWithMinAndMax() {
    List<JvmRun> runs =
        List.of(
            run(ours(W, 5_000, 4), agent(W, 500_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 300_000, 3)),
            run(ours(W, 3_000, 4), agent(W, 600_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    assertThat(c.jvms()).isEqualTo(3);
    Result o = c.rows().get(0);
    assertThat(o.cpuNanos()).isEqualTo(3_000);
    // the wall figures too (each row's wall figures are its cpu times 2, 3 and 4 in these rows)
    assertThat(o.meanNanos()).isEqualTo(6_000);
    assertThat(o.p50Nanos()).isEqualTo(9_000);
    assertThat(o.p99Nanos()).isEqualTo(12_000);
    JvmMedians.Spread s = c.spreadOf(o);
    assertThat(s.cpuMin()).isEqualTo(1_000);
    assertThat(s.cpuMax()).isEqualTo(5_000);
    assertThat(c.rows().get(1).cpuNanos()).isEqualTo(500_000);
    // the warm figure: its own median over the JVMs, and its ratio from the warm medians
    assertThat(o.warmCpuNanos()).isEqualTo(WARM * 3_000);
    assertThat(c.rows().get(1).warmCpuNanos()).isEqualTo(WARM * 500_000);
    assertThat(o.warmSpeedup()).isCloseTo(500_000 / 3_000.0, Offset.offset(1e-9));
    assertThat(Double.isNaN(c.rows().get(1).warmSpeedup())).isTrue();
  }

  @Test
  void withAnEvenNumberOfJvmsTheMedianIsTheMeanOfTheMiddleTwo() {
    List<JvmRun> runs =
        List.of(
            run(ours(W, 1_000, 4), agent(W, 100_000, 3)),
            run(ours(W, 10_000, 4), agent(W, 100_000, 3)),
            run(ours(W, 2_000, 4), agent(W, 100_000, 3)),
            run(ours(W, 4_000, 4), agent(W, 100_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    assertThat(c.rows().get(0).cpuNanos()).isEqualTo(3_000);
    assertThat(c.rows().get(0).speedup()).isCloseTo(100_000 / 3_000.0, Offset.offset(1e-9));
    assertThat(c.spreadOf(c.rows().get(0)).cpuMax()).isEqualTo(10_000);
  }

  @Test
  void theRatioComesFromTheMediansAndTheFasterAgentIsTheOneWithTheLowerMedian() {
    // agent A is the faster in JVM 1 only; by its median (300 µs) it is the slower one
    List<JvmRun> runs =
        List.of(
            run(
                ours(W, 1_000, 4),
                agent(W, "hadoop-greedy", 100_000, 3),
                agent(W, "hadoop-aligned", 200_000, 3)),
            run(
                ours(W, 2_000, 4),
                agent(W, "hadoop-greedy", 300_000, 3),
                agent(W, "hadoop-aligned", 200_000, 3)),
            run(
                ours(W, 4_000, 4),
                agent(W, "hadoop-greedy", 300_000, 3),
                agent(W, "hadoop-aligned", 200_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    Result o = c.rows().get(0);
    assertThat(o.cpuNanos()).isEqualTo(2_000);
    assertThat(o.speedup()).isCloseTo(200_000 / 2_000.0, Offset.offset(1e-9)); // 100×, not 150×
    // within each JVM: 100 / 1 = 100×, 200 / 2 = 100×, 200 / 4 = 50×
    JvmMedians.Spread s = c.spreadOf(o);
    assertThat(s.ratioMin()).isCloseTo(50, Offset.offset(1e-9));
    assertThat(s.ratioMax()).isCloseTo(100, Offset.offset(1e-9));
    // the median of the per-JVM ratios (100, 100, 50) and how many reach the 100× target
    assertThat(s.ratioMedian()).isCloseTo(100, Offset.offset(1e-9));
    assertThat(s.jvmsAtTarget()).isEqualTo(2);
    assertThat(Double.isNaN(c.rows().get(1).speedup())).isTrue();
    JvmMedians.Spread agent = c.spreadOf(c.rows().get(1));
    assertThat(Double.isNaN(agent.ratioMin())).isTrue();
    assertThat(Double.isNaN(agent.ratioMedian())).isTrue();
    assertThat(agent.jvmsAtTarget()).isZero();
  }

  @Test
  void theMedianOfThePerJvmRatiosCanDifferFromTheRatioOfTheMedians() {
    // ours 1, 2, 3 µs and the agent 100, 300, 400 µs: the medians give 300 / 2 = 150×, while the
    // JVMs themselves measured 100×, 150× and 133.3×, whose median is 133.3×
    List<JvmRun> runs =
        List.of(
            run(ours(W, 1_000, 4), agent(W, 100_000, 3)),
            run(ours(W, 2_000, 4), agent(W, 300_000, 3)),
            run(ours(W, 3_000, 4), agent(W, 400_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    Result o = c.rows().get(0);
    assertThat(o.speedup()).isCloseTo(150, Offset.offset(1e-9));
    JvmMedians.Spread s = c.spreadOf(o);
    assertThat(s.ratioMedian()).isCloseTo(400 / 3.0, Offset.offset(1e-9));
    assertThat(s.jvmsAtTarget()).isEqualTo(3);
    // an even number of JVMs: the mean of the middle two ratios
    List<JvmRun> four =
        List.of(
            run(ours(W, 1_000, 4), agent(W, 50_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 80_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 120_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 200_000, 3)));
    JvmMedians.Spread s4 = JvmMedians.combine(four).spreadOf(o);
    assertThat(s4.ratioMedian()).isCloseTo(100, Offset.offset(1e-9));
    assertThat(s4.jvmsAtTarget()).isEqualTo(2);
  }

  @Test
  void ratiosArePerWorkload() {
    List<JvmRun> runs =
        List.of(
            run(ours(W, 1_000, 4), agent(W, 10_000, 3), ours(W2, 1_000, 4), agent(W2, 500_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 10_000, 3), ours(W2, 1_000, 4), agent(W2, 500_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    assertThat(c.rows()).extracting(Result::workload).containsExactly(W, W, W2, W2);
    assertThat(c.rows().get(0).speedup()).isCloseTo(10, Offset.offset(1e-9));
    assertThat(c.rows().get(2).speedup()).isCloseTo(500, Offset.offset(1e-9));
  }

  @Test
  void jvmsThatAcceptDifferentCountsAreABugNamingTheWorkloadAndContender() {
    List<JvmRun> runs =
        List.of(
            run(ours(W, 1_000, 4), agent(W, 10_000, 3)),
            run(ours(W, 1_000, 4), agent(W, 10_000, 2)));
    assertThatThrownBy(() -> JvmMedians.combine(runs))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("hadoop-greedy on " + W)
        .hasMessageContaining("accepted 3 of 6 requests in JVM 1 but 2 in JVM 2 of 2");
    List<JvmRun> otherRows =
        List.of(run(ours(W, 1_000, 4), agent(W, 10_000, 3)), run(ours(W, 1_000, 4)));
    assertThatThrownBy(() -> JvmMedians.combine(otherRows))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("JVM 2 of 2 ran different rows")
        .hasMessageContaining("hadoop-greedy on " + W);
  }

  @Test
  void oneJvmGivesItsOwnRowsAndTodaysReport() {
    Result a = ours(W, 1_234, 4);
    Result h = agent(W, 98_765, 3);
    List<Result> measured = Result.withRatios(List.of(a, h));
    JvmRun one = run(measured.toArray(new Result[0]));
    JvmMedians.Combined c = JvmMedians.combine(List.of(one));
    assertThat(c.rows()).isEqualTo(measured);
    assertThat(c.diffs()).isEqualTo(one.diffs());
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    assertThat(o.jvms()).isEqualTo(1);
    LocalDate d = LocalDate.of(2026, 11, 27);
    assertThat(Report.markdown(c.rows(), c.diffs(), o, d, "1 1 1", "2 2 2"))
        .isEqualTo(Report.markdown(measured, one.diffs(), o, d, "1 1 1", "2 2 2"))
        .doesNotContain("JVMs");
  }

  @Test
  void theTableOverSeveralJvmsSaysSoWithEachJvmsWallTimeAndTheSpread() {
    List<JvmRun> runs =
        List.of(
            run(ours(W, 2_000, 4), agent(W, 200_000, 3)),
            run(ours(W, 4_000, 4), agent(W, 300_000, 3)),
            run(ours(W, 3_000, 4), agent(W, 330_000, 3)));
    JvmMedians.Combined c = JvmMedians.combine(runs);
    HadoopComparison.Options o = HadoopComparison.parse(new String[] {"--workloads", "i"});
    String md = Report.markdown(c, List.of(61.2, 70.0, 65.0), o, LocalDate.of(2026, 1, 1), "", "");
    assertThat(md)
        .contains("**Medians over 3 JVMs**")
        .contains("JVM 1: 61 s, JVM 2: 70 s, JVM 3: 65 s")
        .contains("CPU time/request (min–max over 3 JVMs)")
        // median 3 µs; 300 / 3 = 100×; within each JVM 100×, 75×, 110×
        .contains(
            "| "
                + W
                + " | greel-plus | 66.7% | 66.7% | 3.00 µs | 2.00–4.00 µs | 100.0× | 75.0–110.0× |"
                + " 100.0× | 2 of 3 |")
        .contains(
            "| " + W + " | hadoop-greedy | 50.0% | 50.0% | 300 µs | 200–330 µs | — | — | — | — |")
        .contains("× faster (median of each JVM's own ratio) | JVMs at ≥ 100× |")
        .contains("Every figure (timed figures: medians over 3 JVMs)");
  }

  @Test
  void aRunRoundTripsThroughItsFileExactly(@TempDir Path dir) throws Exception {
    Result a = ours(W, 1_234.5678901234, 4).withSpeedup(81.23456789);
    Result h =
        withRefusals(
            agent(W, 98_765.4321, 3),
            new Refusal[] {null, Refusal.OVER_CAPACITY, null, Refusal.QUOTA, null, Refusal.OTHER});
    AcceptanceDiff d =
        new AcceptanceDiff(
            W,
            "greel-plus",
            "hadoop-greedy",
            new AcceptanceDiff.Side(2, 62_700L, 31_350.5),
            new AcceptanceDiff.Side(0, 0, Double.NaN),
            98,
            1);
    JvmRun r = new JvmRun(List.of(a, h), List.of(d));
    Path f = dir.resolve("jvm-1.json");
    r.write(f);
    JvmRun back = JvmRun.read(f);
    assertThat(back.diffs()).containsExactly(d);
    assertThat(back.rows()).hasSize(2);
    for (int i = 0; i < 2; i++) {
      Result x = r.rows().get(i);
      Result y = back.rows().get(i);
      assertThat(Arrays.equals(y.refusedWhy(), x.refusedWhy())).isTrue();
      // the rest field for field (the record's equals compares the refusal arrays by identity)
      assertThat(withRefusals(y, x.refusedWhy())).isEqualTo(x);
    }
    assertThat(Double.isNaN(back.rows().get(1).speedup())).isTrue();
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s).containsExactly(f); // no temp file left
    }
    Files.writeString(f, "{\"rows\":[{\"workload\":\"x\"}],\"diffs\":[]}");
    assertThatThrownBy(() -> JvmRun.read(f))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(f.toString())
        .hasMessageContaining("row 1: missing field 'stats'");
  }

  @Test
  void jvmsIsParsedAndBadValuesAreRefusedNamingTheOption() {
    assertThat(HadoopComparison.parse(new String[] {"--workloads", "i", "--jvms", "3"}).jvms())
        .isEqualTo(3);
    assertThat(HadoopComparison.parse(new String[] {"--workloads", "i", "--jvms", "20"}).jvms())
        .isEqualTo(20);
    for (String bad : List.of("0", "21", "-1")) {
      assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--jvms", bad}))
          .hasMessageContaining("--jvms must be in [1, 20]")
          .hasMessageContaining("got " + bad);
    }
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--jvms", "three"}))
        .hasMessageContaining("--jvms needs a whole number, got 'three'");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--jvms"}))
        .hasMessageContaining("--jvms needs a value");
    assertThatThrownBy(() -> HadoopComparison.parse(new String[] {"--help"}))
        .hasMessageContaining("--jvms N (1 to 20")
        .hasMessageContaining("--budget-seconds applies to each JVM");
  }

  @Test
  void aChildGetsTheSameArgumentsLessJvmsAndOutPlusItsResultsFile() {
    String[] args = {
      "--jvms",
      "3",
      "--workloads",
      "ii",
      "--out",
      "/tmp/t.md",
      "--save-workloads",
      "/tmp/w",
      "--quick"
    };
    Path res = Path.of("/tmp/x/jvm-1.json");
    assertThat(ChildJvms.childArgs(args, res, 1))
        .containsExactly(
            "--workloads",
            "ii",
            "--save-workloads",
            "/tmp/w",
            "--quick",
            "--jvm-results",
            res.toString());
    assertThat(ChildJvms.childArgs(args, res, 2))
        .containsExactly("--workloads", "ii", "--quick", "--jvm-results", res.toString());
    List<String> cmd = ChildJvms.javaCommand();
    assertThat(cmd.get(0)).endsWith("java");
    assertThat(cmd).contains("-cp", HadoopComparison.class.getName());
    assertThat(cmd).noneMatch(a -> a.startsWith("-agentlib:jdwp"));
  }

  @Test
  void aFailingChildFailsTheRunWithItsExitCodeAndLastLinesAndLeavesNoTempFiles(@TempDir Path tmp) {
    assumeThat(Files.isExecutable(Path.of("/bin/sh"))).isTrue();
    String[] args = {"--workloads", "i", "--jvms", "2"};
    HadoopComparison.Options o = HadoopComparison.parse(args);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    List<String> child = List.of("/bin/sh", "-c", "echo starting; echo broken >&2; exit 3", "sh");
    assertThatThrownBy(() -> ChildJvms.run(o, args, out, child, tmp))
        .isInstanceOfSatisfying(
            ChildJvms.ChildFailed.class, e -> assertThat(e.exitCode).isEqualTo(3))
        .hasMessageContaining("JVM 1 of 2 failed (exit code 3, no results written)")
        .hasMessageContaining("starting")
        .hasMessageContaining("broken");
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("[jvm 1/2] starting")
        .contains("[jvm 1/2] broken")
        .doesNotContain("[jvm 2/2]");
    assertThat(tmp.toFile().list()).isEmpty();
  }

  @Test
  void childrenThatWriteTheirResultsAreCombinedIntoTheOutTable(@TempDir Path tmp) throws Exception {
    assumeThat(Files.isExecutable(Path.of("/bin/sh"))).isTrue();
    Path fixtures = Files.createDirectory(tmp.resolve("fixtures"));
    Path temps = Files.createDirectory(tmp.resolve("temps"));
    double[] oursCpu = {2_000, 4_000, 3_000};
    double[] agentCpu = {200_000, 300_000, 330_000};
    for (int k = 0; k < 3; k++) {
      List<Result> rows =
          Result.withRatios(List.of(ours(W, oursCpu[k], 4), agent(W, agentCpu[k], 3)));
      new JvmRun(rows, List.of()).write(fixtures.resolve("jvm-" + (k + 1) + ".json"));
    }
    Path table = tmp.resolve("table.md");
    String[] args = {"--workloads", "i", "--jvms", "3", "--out", table.toString()};
    HadoopComparison.Options o = HadoopComparison.parse(args);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    // a stand-in child: prints its arguments, then copies its fixture to --jvm-results FILE
    String script =
        "echo \"args: $*\"; for a; do last=$a; done; cp \""
            + fixtures
            + "/$(basename \"$last\")\" \"$last\"";
    int rc = ChildJvms.run(o, args, out, List.of("/bin/sh", "-c", script, "sh"), temps);
    assertThat(rc).isZero();
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertThat(printed)
        .contains("[jvm 1/3] args: --workloads i --jvm-results ")
        .contains("[jvm 3/3] wall time")
        .doesNotContain("--out")
        .contains(
            "cpu over JVMs 2.00–4.00 µs, × 75.0–110.0× (median of the JVMs' own 100.0×, 2 of 3 at"
                + " ≥ 100×)");
    assertThat(Files.readString(table))
        .contains("**Medians over 3 JVMs**")
        .contains(
            "| "
                + W
                + " | greel-plus | 66.7% | 66.7% | 3.00 µs | 2.00–4.00 µs | 100.0× | 75.0–110.0× |");
    assertThat(temps.toFile().list()).isEmpty();
    // written atomically, with the permissions any new file gets (not a temp file's owner-only)
    Path plain = Files.writeString(tmp.resolve("plain.md"), "x");
    assertThat(Files.getPosixFilePermissions(table))
        .isEqualTo(Files.getPosixFilePermissions(plain));
    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("fixtures", "temps", "table.md", "plain.md");
    }
  }

  // ---- rows

  private static JvmRun run(Result... rows) {
    List<Result> l = new ArrayList<>(List.of(rows));
    // as Measure does: ratios within the JVM, per workload
    List<Result> out = new ArrayList<>();
    for (String w : l.stream().map(Result::workload).distinct().toList())
      out.addAll(Result.withRatios(l.stream().filter(r -> r.workload().equals(w)).toList()));
    return new JvmRun(out, List.of());
  }

  private static Result ours(String workload, double cpu, int accepted) {
    return row(workload, "greel-plus", true, cpu, accepted);
  }

  private static Result agent(String workload, double cpu, int accepted) {
    return row(workload, "hadoop-greedy", false, cpu, accepted);
  }

  private static Result agent(String workload, String name, double cpu, int accepted) {
    return row(workload, name, false, cpu, accepted);
  }

  private static Result row(String workload, String name, boolean ours, double cpu, int accepted) {
    BitSet b = new BitSet();
    b.set(0, accepted);
    PlanStats stats = new PlanStats(accepted, accepted / 6.0, accepted / 6.0, 0.5, 0.25);
    return new Result(
        workload,
        name,
        ours,
        6,
        stats,
        cpu,
        2 * cpu,
        3 * cpu,
        4 * cpu,
        2,
        3,
        List.of(),
        Double.NaN,
        b,
        ours ? -1 : 1,
        new Refusal[0],
        WARM * cpu,
        Double.NaN);
  }

  /** Each row's warm figure is this share of its timed CPU figure in these rows. */
  private static final double WARM = 0.75;

  private static Result withRefusals(Result r, Refusal[] why) {
    return ResultCopies.with(r, r.stats(), r.violations(), why);
  }
}
