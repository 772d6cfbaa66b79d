package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rayon.testsupport.SampleScenarios;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Issue 14 ("Security and hostile input") items 3, 4, 5 (policy and overflow), 7 and 8 through the
 * command line: every attack ends in one clear line and exit 2 (or 1 for a found problem), never an
 * internal error (exit 3), never a hang, never a destroyed file.
 */
class HostileInputCliTest {
  @TempDir Path dir;

  static final Duration HANG_GUARD = Duration.ofSeconds(30);

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static Run guarded(Supplier<Run> r) {
    return assertTimeoutPreemptively(HANG_GUARD, r::get);
  }

  static void assertBadInput(Run r, String... mentions) {
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err())
        .doesNotContain("internal error")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    for (String m : mentions) assertThat(r.err()).contains(m);
  }

  Path fifo() throws Exception {
    Path f = dir.resolve("pipe");
    try {
      Process p = new ProcessBuilder("mkfifo", f.toString()).redirectErrorStream(true).start();
      assumeTrue(p.waitFor() == 0, "mkfifo failed");
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo here");
    }
    return f;
  }

  Path sparseGigabyte(String name) throws IOException {
    Path f = dir.resolve(name);
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(1L << 30);
    }
    return f;
  }

  Path scenario(String policy) throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(
        s,
        PlanAndValidateCommandTest.SCENARIO.replace(
            "\"sharingPolicy\": \"none\"", "\"sharingPolicy\": \"" + policy + "\""));
    return s;
  }

  // ------------------------------------------------------------------ item 3: memory and blocking

  @Test
  void devZeroEndsInOneLineForEveryReader() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/zero")));
    Path s = scenario("none");
    assertBadInput(
        guarded(() -> run("rdl", "check", "@/dev/zero")), "/dev/zero", "character device");
    assertBadInput(
        guarded(() -> run("scenario", "check", "/dev/zero")), "/dev/zero", "character device");
    assertBadInput(guarded(() -> run("validate", s.toString(), "/dev/zero")), "/dev/zero");
    for (String format : List.of("swf", "swim", "sls", "rumen", "alibaba-gpu")) {
      assertBadInput(
          guarded(
              () -> run("import", format, "/dev/zero", "--out", dir.resolve("o.json").toString())),
          "/dev/zero",
          "character device");
    }
    assertThat(dir.resolve("o.json")).doesNotExist();
  }

  @Test
  void aFifoBlocksNoCommand() throws Exception {
    Path pipe = fifo();
    Path s = scenario("none");
    assertBadInput(guarded(() -> run("rdl", "check", "@" + pipe)), "FIFO");
    assertBadInput(guarded(() -> run("scenario", "check", pipe.toString())), "FIFO");
    assertBadInput(guarded(() -> run("plan", pipe.toString())), "FIFO");
    assertBadInput(guarded(() -> run("validate", s.toString(), pipe.toString())), "FIFO");
    assertBadInput(
        guarded(() -> run("simulate", pipe.toString(), "--scheduler", "reservation")), "FIFO");
    assertBadInput(
        guarded(
            () -> run("import", "swf", pipe.toString(), "--out", dir.resolve("o.json").toString())),
        "FIFO");
    assertBadInput(
        guarded(() -> run("rdl", "check", "atom(<1,1>,1,1,1,1)", "--scenario", pipe.toString())),
        "FIFO");
  }

  @Test
  void aSparseGigabyteFileEndsInOneLine() throws Exception {
    Path big = sparseGigabyte("big.json");
    Path s = scenario("none");
    assertBadInput(
        guarded(() -> run("rdl", "check", "@" + big)), big.toString(), "input limit of 256 MB");
    assertBadInput(
        guarded(() -> run("validate", s.toString(), big.toString())),
        big.toString(),
        "input limit");
    assertBadInput(guarded(() -> run("scenario", "check", big.toString())), big.toString());
    assertBadInput(
        guarded(
            () -> run("import", "swf", big.toString(), "--out", dir.resolve("o.json").toString())),
        big.toString(),
        "longer than");
  }

  @Test
  void aTraceLineWithoutEndIsRefusedNamingTheLine() throws Exception {
    Path t = dir.resolve("t.swf");
    Files.writeString(t, "; header\n" + "1".repeat(17 * 1024 * 1024));
    assertBadInput(
        guarded(
            () -> run("import", "swf", t.toString(), "--out", dir.resolve("o.json").toString())),
        "line 2",
        "longer than");
  }

  @Test
  void invalidUtf8InATraceIsBadInputNotReplacedSilently() throws Exception {
    byte[] header = "; Computer: caf".getBytes(StandardCharsets.US_ASCII);
    byte[] rest =
        "\n1 0 0 100 4 -1 -1 4 -1 -1 1 1 1 -1 -1 -1 -1 -1\n".getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[header.length + 1 + rest.length];
    System.arraycopy(header, 0, all, 0, header.length);
    all[header.length] = (byte) 0xE9; // Latin-1 'é', not UTF-8
    System.arraycopy(rest, 0, all, header.length + 1, rest.length);
    Path t = Files.write(dir.resolve("t.swf"), all);
    assertBadInput(
        guarded(
            () -> run("import", "swf", t.toString(), "--out", dir.resolve("o.json").toString())),
        "UTF-8");
    assertThat(dir.resolve("o.json")).doesNotExist();
  }

  // ------------------------------------------------------------------ item 4: outputs

  @Test
  void importOntoItsOwnInputIsRefusedAndTheInputKept() throws Exception {
    Path t = Files.copy(SampleScenarios.swimTrace(), dir.resolve("T.tsv"));
    byte[] before = Files.readAllBytes(t);
    assertBadInput(run("import", "swim", t.toString(), "--out", t.toString()), "--out", "input");
    assertThat(Files.readAllBytes(t)).isEqualTo(before);
    // the same file under another name
    assertBadInput(
        run("import", "swim", t.toString(), "--out", dir.resolve(".").resolve("T.tsv").toString()),
        "--out");
    assertThat(Files.readAllBytes(t)).isEqualTo(before);
  }

  @Test
  void planOntoItsScenarioIsRefusedAndTheScenarioKept() throws Exception {
    Path s = scenario("none");
    String before = Files.readString(s);
    assertBadInput(run("plan", s.toString(), "--out", s.toString()), "--out", "input");
    assertBadInput(run("plan", s.toString(), "--csv", s.toString()), "--csv", "input");
    assertBadInput(
        run("simulate", s.toString(), "--scheduler", "reservation", "--jobs", s.toString()),
        "--jobs",
        "input");
    assertThat(s).hasContent(before);
  }

  @Test
  void theSameFileForBothOutputsIsRefused() throws Exception {
    Path s = scenario("none");
    Path p = dir.resolve("p");
    assertBadInput(
        run("plan", s.toString(), "--out", p.toString(), "--csv", p.toString()),
        "--csv",
        "--out",
        "same file");
    assertThat(p).doesNotExist();
  }

  @Test
  void aDeviceNodeIsNotReplaced() throws Exception {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull));
    Path s = scenario("none");
    assertBadInput(
        run("plan", s.toString(), "--out", devNull.toString()),
        "--out",
        "/dev/null",
        "character device");
    assertThat(Files.isRegularFile(devNull)).isFalse();
  }

  @Test
  void aFifoOutputIsNotReplacedAndNothingBlocks() throws Exception {
    Path pipe = fifo();
    Path s = scenario("none");
    assertBadInput(
        guarded(() -> run("plan", s.toString(), "--csv", pipe.toString())), "--csv", "FIFO");
    assertThat(Files.isRegularFile(pipe)).isFalse();
  }

  @Test
  void aSymlinkedOutputWritesItsTargetAndStaysALink() throws Exception {
    Path s = scenario("none");
    Path real = Files.writeString(dir.resolve("real.json"), "old");
    Path link = dir.resolve("link.json");
    try {
      Files.createSymbolicLink(link, real);
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "no symbolic links");
    }
    Run r = run("plan", s.toString(), "--out", link.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(real)).contains("\"decisions\"");
  }

  @Test
  void aMissingFolderIsNotCreated() throws Exception {
    Path s = scenario("none");
    Path out = dir.resolve("no/such/plan.json");
    assertBadInput(run("plan", s.toString(), "--out", out.toString()), "--out", "does not exist");
    assertThat(dir.resolve("no")).doesNotExist();
  }

  // ------------------------------------------------------------------ item 5: the validator

  @Test
  void validateChecksTheScenariosPolicyNotTheOneThePlanFileClaims() throws Exception {
    Path s = scenario("instantaneous:0.1");
    Path plan = dir.resolve("plan.json");
    // planned without the scenario's limits: the file honestly says "none"; a forger would write
    // the same
    Run p = run("plan", s.toString(), "--policy", "none", "--out", plan.toString());
    assertThat(p.exit()).as(p.err()).isZero();
    assertThat(Files.readString(plan)).contains("\"policy\" : \"none\"");
    Run v = run("validate", s.toString(), plan.toString());
    assertThat(v.exit()).as(v.out() + v.err()).isEqualTo(CliSupport.EXIT_FAILURE);
    assertThat(v.out()).contains("violation:").contains("note: the plan file names policy none");
    // checking against the planned policy is an explicit choice
    Run o = run("validate", s.toString(), plan.toString(), "--policy", "none");
    assertThat(o.exit()).as(o.out() + o.err()).isZero();
  }

  @Test
  void overflowingBundlesAreBadInputNotAnInternalError() throws Exception {
    Path s = scenario("none");
    Path plan = dir.resolve("plan.json");
    assertThat(run("plan", s.toString(), "--out", plan.toString()).exit()).isZero();
    Files.writeString(
        plan,
        Files.readString(plan)
            .replaceFirst("\"bundles\" : (\\d+)", "\"bundles\" : 4611686018427387904"));
    assertBadInput(run("validate", s.toString(), plan.toString()), plan.toString(), "too large");
  }

  // ------------------------------------------------------------------ items 6 and 7 through the
  // CLI

  @Test
  void rdlCheckReportsAnOverflowingWindowInfeasible() {
    Run r =
        run("rdl", "check", "window(atom(<1024,1>,1,1,1,9223372036854775806),1000,1807)", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"feasible\" : false").contains("TOO_LONG");
  }

  @Test
  void duplicateKeysInAScenarioAreBadInput() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(
        s,
        PlanAndValidateCommandTest.SCENARIO.replace(
            "\"count\": 4,", "\"count\": 8, \"count\": 1000000000,"));
    assertBadInput(run("scenario", "check", s.toString()), "Duplicate field 'count'", "line");
  }

  @Test
  void aCyclicScenarioIsRefusedBySimulate() throws Exception {
    Path s =
        Files.writeString(
            dir.resolve("fig9.json"),
            SampleScenarios.fig9Json()
                .replace(
                    "\"durationS\" : 14400 }",
                    "\"durationS\" : 14400, \"after\" : [ \"stage3\" ] }"));
    assertBadInput(run("simulate", s.toString(), "--scheduler", "reservation"), "cycle");
  }

  // ------------------------------------------------------------------ item 8: internal errors

  @Command(name = "boom")
  static final class Boom implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new IllegalStateException("a bug");
    }
  }

  @Test
  void anInternalErrorExitsThreeWithOneLineNamingTheLog() throws Exception {
    Path logs = dir.resolve("logs");
    String old = System.getProperty(CliSupport.LOG_DIR_PROPERTY);
    System.setProperty(CliSupport.LOG_DIR_PROPERTY, logs.toString());
    try {
      CommandLine cl = RayonCli.commandLine();
      cl.addSubcommand("boom", new Boom());
      StringWriter err = new StringWriter();
      cl.setErr(new PrintWriter(err, true));
      int code = cl.execute("boom");
      assertThat(code).isEqualTo(CliSupport.EXIT_INTERNAL).isEqualTo(3);
      assertThat(err.toString().strip().lines()).hasSize(1);
      assertThat(err.toString())
          .contains("internal error")
          .contains("please report")
          .contains(logs.toString());
      try (var files = Files.list(logs)) {
        Path log = files.findFirst().orElseThrow();
        assertThat(err.toString()).contains(log.toString());
        assertThat(Files.readString(log))
            .contains("IllegalStateException: a bug")
            .contains("\tat ")
            .contains("rayon boom");
      }
      // errors (not exceptions) too
      StringWriter e2 = new StringWriter();
      assertThat(
              CliSupport.internalError(
                  new StackOverflowError(), new String[] {"x"}, new PrintWriter(e2)))
          .isEqualTo(3);
      assertThat(e2.toString()).contains("please report");
    } finally {
      if (old == null) System.clearProperty(CliSupport.LOG_DIR_PROPERTY);
      else System.setProperty(CliSupport.LOG_DIR_PROPERTY, old);
    }
  }
}
