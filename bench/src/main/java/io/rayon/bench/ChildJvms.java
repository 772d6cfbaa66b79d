package io.rayon.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code HadoopComparison --jvms N}: runs the comparison in N child JVMs one after another and
 * combines their figures ({@link JvmMedians}). Each child is the same java binary ({@code
 * java.home}) with the parent's JVM options (heap, collector: {@code
 * RuntimeMXBean.getInputArguments()}, less a debugger agent) and class path, and the parent's
 * arguments less {@code --jvms} and {@code --out} (and {@code --save-workloads} after the first
 * child: the workloads are the same), plus the hidden {@code --jvm-results FILE} that makes it
 * write its rows to a temp file ({@link JvmRun}). {@code --budget-seconds} applies to each child.
 * Every line a child prints is shown as it comes, prefixed "[jvm k/N]". A child that exits with a
 * code other than 0 or 1, or writes no results, fails the run with its exit code and its last
 * lines; a child that exits with 1 after writing its results (its time budget cut runs short, or a
 * plan of ours had violations: the table is still written, as in one JVM) makes the parent exit 1.
 * The temp files are removed in every case.
 */
final class ChildJvms {
  private ChildJvms() {}

  /** How many of a failed child's last lines the error shows. */
  static final int TAIL_LINES = 20;

  /** A child JVM that failed: its exit code, which one it was and its last lines. */
  static final class ChildFailed extends RuntimeException {
    final int exitCode;

    ChildFailed(int exitCode, String message) {
      super(message);
      this.exitCode = exitCode;
    }
  }

  /**
   * The command that starts a child JVM like this one, up to its main class: this JVM's java
   * binary, its JVM options (less a debugger agent, whose port would clash) and its class path.
   */
  static List<String> javaCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-agentlib:jdwp") || a.startsWith("-Xrunjdwp")) continue;
      cmd.add(a);
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(HadoopComparison.class.getName());
    return cmd;
  }

  /**
   * The arguments of child {@code k} (1-based): {@code args} less {@code --jvms N} and {@code --out
   * FILE}, less {@code --save-workloads DIR} unless {@code k == 1}, plus {@code --jvm-results
   * results}.
   */
  static List<String> childArgs(String[] args, Path results, int k) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--jvms") || a.equals("--out") || (k > 1 && a.equals("--save-workloads"))) {
        i++; // and its value
        continue;
      }
      out.add(a);
    }
    out.add("--jvm-results");
    out.add(results.toString());
    return out;
  }

  /** Runs the comparison in {@code o.jvms()} child JVMs and prints the combined table. */
  static int run(HadoopComparison.Options o, String[] args, PrintStream out) {
    return run(o, args, out, javaCommand(), Path.of(System.getProperty("java.io.tmpdir")));
  }

  /**
   * As above, each child started with {@code command} followed by its arguments, the temp files in
   * a new directory under {@code tempParent}.
   */
  static int run(
      HadoopComparison.Options o,
      String[] args,
      PrintStream out,
      List<String> command,
      Path tempParent) {
    int n = o.jvms();
    String loadBefore = Report.loadAverage();
    Path dir;
    try {
      dir = Files.createTempDirectory(tempParent, "hadoop-comparison-jvms");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp directory for the JVMs' results", e);
    }
    Process[] live = new Process[1];
    Thread cleanup =
        new Thread(
            () -> {
              Process p = live[0];
              if (p != null) p.destroyForcibly();
              deleteTree(dir);
            });
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      out.printf(
          Locale.ROOT,
          "Medians over %d JVMs, run one after another (--budget-seconds %d applies to each)%n",
          n,
          o.budgetSeconds());
      List<JvmRun> runs = new ArrayList<>();
      List<Double> walls = new ArrayList<>();
      int worst = 0;
      for (int k = 1; k <= n; k++) {
        Path results = dir.resolve("jvm-" + k + ".json");
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(childArgs(args, results, k));
        String prefix = "[jvm " + k + "/" + n + "] ";
        Deque<String> tail = new ArrayDeque<>();
        long t0 = System.nanoTime();
        int rc;
        try {
          Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
          live[0] = p;
          try (BufferedReader r =
              new BufferedReader(
                  new InputStreamReader(p.getInputStream(), Charset.defaultCharset()))) {
            for (String line; (line = r.readLine()) != null; ) {
              out.println(prefix + line);
              tail.addLast(line);
              if (tail.size() > TAIL_LINES) tail.removeFirst();
            }
          }
          rc = p.waitFor();
          live[0] = null;
        } catch (IOException e) {
          throw new ChildFailed(
              1, "JVM " + k + " of " + n + " could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ChildFailed(1, "interrupted while JVM " + k + " of " + n + " ran");
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        if ((rc != 0 && rc != 1) || !Files.isRegularFile(results)) {
          throw new ChildFailed(
              rc == 0 ? 1 : rc,
              "JVM "
                  + k
                  + " of "
                  + n
                  + " failed (exit code "
                  + rc
                  + (Files.isRegularFile(results) ? "" : ", no results written")
                  + "); its last lines:\n  "
                  + String.join("\n  ", tail));
        }
        try {
          runs.add(JvmRun.read(results));
        } catch (IOException e) {
          throw new ChildFailed(
              1, "JVM " + k + " of " + n + ": cannot read its results: " + e.getMessage());
        }
        walls.add(wall);
        worst = Math.max(worst, rc);
        out.printf(
            Locale.ROOT,
            "%swall time %.0f s, exit code %d, load average %s%n",
            prefix,
            wall,
            rc,
            Report.loadAverage());
      }
      JvmMedians.Combined c = JvmMedians.combine(runs);
      out.println();
      out.println("== medians over " + n + " JVMs");
      int ourViolations = 0;
      for (Result r : c.rows()) {
        JvmMedians.Spread s = c.spreadOf(r);
        out.println(
            r.line()
                + "  cpu over JVMs "
                + Report.timeRange(s)
                + (r.isOurs()
                    ? ", × "
                        + Report.ratioRange(s)
                        + " (median of the JVMs' own "
                        + Report.ratio(s.ratioMedian())
                        + ", "
                        + Report.atTarget(s, n)
                        + " at ≥ "
                        + Report.target()
                        + ")"
                    : ""));
        if (r.isOurs()) ourViolations += r.violations().size();
      }
      for (AcceptanceDiff d : c.diffs()) out.println(d.line());
      String table =
          Report.markdown(
              c, walls, o, LocalDate.now(ZoneOffset.UTC), loadBefore, Report.loadAverage());
      Workloads.TraceInput other = HadoopComparison.otherTrace(o);
      if (other != null) table = HadoopComparison.describe(other, o.trace()) + "\n\n" + table;
      out.println();
      out.println(table);
      if (o.out() != null) {
        HadoopComparison.writeTable(o.out(), table);
        out.println("table written to " + o.out());
      }
      if (worst != 0) out.println("note: a JVM exited with code 1; see its lines above");
      out.println("violations in our plans: " + ourViolations);
      return worst == 0 && ourViolations == 0 ? 0 : 1;
    } finally {
      deleteTree(dir);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException e) {
        // already shutting down: the hook runs
      }
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // best effort: a temp file left behind is no failure of the run
                }
              });
    } catch (IOException e) {
      // best effort, as above
    }
  }
}
