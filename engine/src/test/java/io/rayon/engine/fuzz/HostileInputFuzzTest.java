package io.rayon.engine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.rayon.engine.rdl.CompileResult;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.TraceImporter;
import io.rayon.engine.trace.TraceImporters;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.text.Visible;
import io.rayon.testsupport.SampleScenarios;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile-input fuzzer (issue 14 item 9): seeded mutations of valid inputs fed to the RDL
 * parser and compiler, the scenario reader and checks, and each trace importer. Every input must
 * end either in a result or in a clean error ({@link FormatException}, {@link RdlParseException},
 * an {@link IOException} the command line reports as bad input); any other exception, and an
 * imported workload holding a wrapped number (a task count below 1, a negative time), is a crash,
 * an input still running after {@value #HANG_SECONDS} s a hang, and either fails the test.
 *
 * <p>The count is {@code -Drayon.fuzz.inputs=N} (default {@value #SMOKE_INPUTS}, a CI smoke of a
 * few seconds); {@code mvn -Pnightly} sets 100,000. The seed is {@code -Drayon.fuzz.seed} (default
 * 14). The counts are printed and written to {@code target/fuzz-report.txt}; docs/hostile-input.md
 * records a nightly run.
 */
class HostileInputFuzzTest {
  static final int SMOKE_INPUTS = 3000;
  static final long HANG_SECONDS = 20;

  @TempDir Path dir;

  enum Target {
    RDL_TEXT,
    RDL_JSON,
    SCENARIO,
    SWF,
    SWIM,
    SLS,
    RUMEN,
    ALIBABA_GPU
  }

  static final class Counts {
    long tried;
    long accepted;
    long cleanErrors;
    long crashes;
    long hangs;
    final List<String> examples = new ArrayList<>();
  }

  @Test
  void everyMutatedInputEndsInAResultOrACleanError() throws Exception {
    int inputs = Integer.getInteger("rayon.fuzz.inputs", SMOKE_INPUTS);
    long seed = Long.getLong("rayon.fuzz.seed", 14L);
    Map<Target, String> seeds = seeds();
    Map<Target, Counts> counts = new LinkedHashMap<>();
    for (Target t : Target.values()) counts.put(t, new Counts());
    SplittableRandom rnd = new SplittableRandom(seed);
    ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
    try {
      for (int i = 0; i < inputs; i++) {
        Target t = Target.values()[i % Target.values().length];
        String input = mutate(seeds.get(t), rnd.split());
        Counts c = counts.get(t);
        c.tried++;
        // every eighth round per target is gzipped, a quarter of those cut short
        int round = i / Target.values().length;
        Path file = dir.resolve("input-" + t.name().toLowerCase() + (round % 8 == 7 ? ".gz" : ""));
        int n = i;
        Future<Boolean> f = worker.submit(() -> run(t, input, file, n));
        try {
          if (f.get(HANG_SECONDS, TimeUnit.SECONDS)) c.accepted++;
          else c.cleanErrors++;
        } catch (TimeoutException e) {
          f.cancel(true);
          c.hangs++;
          example(c, t, "hang", input);
          worker.shutdownNow();
          worker = Executors.newSingleThreadExecutor(daemon());
        } catch (ExecutionException e) {
          c.crashes++;
          example(c, t, String.valueOf(e.getCause()), input);
        }
      }
    } finally {
      worker.shutdownNow();
    }
    String report = report(inputs, seed, counts);
    System.out.println(report);
    Path target = Path.of("target");
    if (Files.isDirectory(target)) Files.writeString(target.resolve("fuzz-report.txt"), report);
    long crashes = counts.values().stream().mapToLong(x -> x.crashes).sum();
    long hangs = counts.values().stream().mapToLong(x -> x.hangs).sum();
    assertThat(crashes + hangs).as(report).isZero();
  }

  private static ThreadFactory daemon() {
    return r -> {
      Thread th = new Thread(r, "fuzz-worker");
      th.setDaemon(true);
      return th;
    };
  }

  private static void example(Counts c, Target t, String what, String input) {
    if (c.examples.size() < 5) {
      c.examples.add(
          t
              + ": "
              + what
              + " on "
              + Visible.show(input.length() > 300 ? input.substring(0, 300) + "..." : input));
    }
  }

  static String report(int inputs, long seed, Map<Target, Counts> counts) {
    StringBuilder sb =
        new StringBuilder("hostile-input fuzz: " + inputs + " inputs, seed " + seed + "\n");
    sb.append(
        String.format(
            "%-12s %8s %8s %8s %8s %8s%n",
            "target", "tried", "accepted", "errors", "crashes", "hangs"));
    for (Map.Entry<Target, Counts> e : counts.entrySet()) {
      Counts c = e.getValue();
      sb.append(
          String.format(
              "%-12s %8d %8d %8d %8d %8d%n",
              e.getKey().name().toLowerCase(),
              c.tried,
              c.accepted,
              c.cleanErrors,
              c.crashes,
              c.hangs));
      for (String x : c.examples) sb.append("  ").append(x).append('\n');
    }
    return sb.toString();
  }

  /** True when the input was accepted, false for a clean error; anything else thrown is a crash. */
  static boolean run(Target t, String input, Path file, int i) throws Exception {
    try {
      switch (t) {
        case RDL_TEXT -> compile(RdlParser.parse(input, "fuzz.rdl"));
        case RDL_JSON -> {
          Rdl e;
          try {
            e = Json.mapper().readValue(input, Rdl.class);
          } catch (JsonProcessingException ex) {
            Json.describe("fuzz.json", ex).getMessage();
            return false;
          } catch (IllegalArgumentException | NullPointerException ex) {
            // what 'rdl check' reports as bad input for the JSON form (a record's refusal)
            Json.problemOf(ex);
            return false;
          }
          if (e == null) return false; // 'rdl check' says "expected an RDL expression, found null"
          compile(e);
        }
        case SCENARIO -> {
          var s = ScenarioIO.parse(input, "fuzz.json");
          try {
            ScenarioChecks.check(s);
          } catch (ArithmeticException overflow) {
            // 'scenario check' and every command that loads a scenario report this as bad input
            return false;
          }
        }
        default -> {
          byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
          if (file.toString().endsWith(".gz")) {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            try (var gz = new GZIPOutputStream(bo)) {
              gz.write(bytes);
            }
            bytes = bo.toByteArray();
            if ((i / Target.values().length) % 32 == 7)
              bytes = Arrays.copyOf(bytes, Math.max(2, bytes.length / 2));
          }
          Files.write(file, bytes);
          TraceImporter imp =
              TraceImporters.forFormat(
                  switch (t) {
                    case SWF -> "swf";
                    case SWIM -> "swim";
                    case SLS -> "sls";
                    case RUMEN -> "rumen";
                    default -> "alibaba-gpu";
                  });
          try {
            var result = imp.read(file, new ImportOptions(i % 3 == 0, i, Map.of()));
            for (var j : result.workload().jobs()) {
              for (var g : j.tasks()) {
                if (g.count() < 1 || g.durationS() < 0 || j.arrivalS() < 0) {
                  throw new IllegalStateException(
                      "a wrapped number reached the workload: job "
                          + j.id()
                          + " group "
                          + g.name()
                          + " count "
                          + g.count()
                          + ", duration "
                          + g.durationS()
                          + ", arrival "
                          + j.arrivalS());
                }
              }
            }
          } catch (NumberFormatException e) {
            throw e; // a raw Java message ("For input string") would reach the user: a crash
          } catch (IllegalArgumentException e) {
            // 'import' reports an importer's refusal as bad input naming the file
            return false;
          }
        }
      }
      return true;
    } catch (FormatException | RdlParseException | IOException e) {
      return false;
    }
  }

  private static void compile(Rdl e) {
    CompileResult r = RdlCompiler.compile(e);
    RdlPrinter.print(r.normalized());
    RdlCompiler.work(e);
    RdlCompiler.minDuration(e);
    if (r.valid()) RdlPrinter.print(RdlCompiler.rigidGangs(r.normalized()));
  }

  // ------------------------------------------------------------------ inputs

  static Map<Target, String> seeds() throws IOException {
    Map<Target, String> m = new LinkedHashMap<>();
    m.put(
        Target.RDL_TEXT,
        "window(order(atom(<1024,1>,1,10,240,2400),any(atom(<2048,2,gpu=1>,2,8,5,80),"
            + "all(atom(<1,1>,1,1,1,1),atom(<1,1>,1,2,1,2)))),0,800)");
    m.put(
        Target.RDL_JSON,
        "{\"type\":\"window\",\"expr\":{\"type\":\"atom\",\"bundle\":{\"memoryMB\":1024,\"vcores\":1},"
            + "\"gang\":1,\"maxParallelism\":10,\"minLease\":1,\"work\":100},\"start\":0,\"finish\":60}");
    m.put(Target.SCENARIO, SampleScenarios.fig9Json());
    m.put(Target.SWF, head(SampleScenarios.trace("swf/KTH-SP2-1996-2.1-cln.swf.gz"), 40));
    m.put(Target.SWIM, head(SampleScenarios.swimTrace(), 30));
    m.put(
        Target.SLS,
        "{\"job.id\":\"j1\",\"job.user\":\"u\",\"job.queue.name\":\"q\",\"job.start.ms\":0,\"job.end.ms\":60000,"
            + "\"job.tasks\":[{\"container.start.ms\":0,\"container.end.ms\":30000,\"container.type\":\"map\","
            + "\"container.memory\":1024,\"container.vcores\":1,\"count\":2},{\"container.start.ms\":30000,"
            + "\"container.end.ms\":60000,\"container.type\":\"reduce\"}]}\n");
    String rumen = Files.readString(SampleScenarios.trace("sls/2jobs2min-rumen-jh.json"));
    m.put(
        Target.RUMEN,
        rumen.length() > 6000 ? rumen.substring(0, rumen.indexOf("\n}", 0) + 2) : rumen);
    m.put(
        Target.ALIBABA_GPU,
        head(SampleScenarios.trace("alibaba-gpu-2023/openb_pod_list_default.csv"), 30));
    return m;
  }

  static String head(Path p, int lines) throws IOException {
    var in = Files.newInputStream(p);
    var stream = p.toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      StringBuilder sb = new StringBuilder();
      String line;
      for (int i = 0; i < lines && (line = r.readLine()) != null; i++) sb.append(line).append('\n');
      return sb.toString();
    }
  }

  static final String[] TOKENS = {
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "4611686018427387904",
    "2147483647",
    "2147483648",
    "-1",
    "-0",
    "0",
    "1e308",
    "NaN",
    "1.5",
    "null",
    "true",
    "\"\"",
    "[]",
    "{}",
    "[",
    "{",
    "]",
    "}",
    ",",
    ":",
    "\"",
    "\\",
    "\uFEFF",
    "\u200B",
    "\u0000",
    "\n",
    "\t",
    "(",
    ")",
    "<",
    ">",
    "atom(",
    "any(",
    "all(",
    "order(",
    "window(",
    "\"count\":1,",
    "\"after\":[\"x\"],",
    "é",
    "\uD83D\uDE00",
    "\uFFFD",
    "#",
    ";",
    "gpu=",
    "<-0,1>"
  };

  /** 1 to 4 random edits: replace, insert, delete or repeat a span, or plant a hostile token. */
  static String mutate(String seed, SplittableRandom rnd) {
    StringBuilder s = new StringBuilder(seed);
    int edits = 1 + rnd.nextInt(4);
    for (int k = 0; k < edits; k++) {
      int len = s.length();
      int at = len == 0 ? 0 : rnd.nextInt(len + 1);
      switch (rnd.nextInt(9)) {
        case 0 -> { // plant a token
          s.insert(at, TOKENS[rnd.nextInt(TOKENS.length)]);
        }
        case 1 -> { // replace a number by a boundary value
          int d = indexOfDigit(s, at);
          if (d >= 0) {
            int e = d;
            while (e < s.length() && Character.isDigit(s.charAt(e))) e++;
            s.replace(d, e, TOKENS[rnd.nextInt(8)]);
          }
        }
        case 2 -> { // delete a span
          if (len > 0) s.delete(Math.min(at, len - 1), Math.min(len, at + 1 + rnd.nextInt(20)));
        }
        case 3 -> { // repeat a span
          if (len > 0) {
            int from = Math.min(at, len - 1);
            String span = s.substring(from, Math.min(len, from + 1 + rnd.nextInt(40)));
            s.insert(from, span.repeat(1 + rnd.nextInt(3)));
          }
        }
        case 4 -> { // truncate
          s.setLength(at);
        }
        case 5 -> { // random character
          s.insert(at, (char) rnd.nextInt(rnd.nextBoolean() ? 128 : 0x3000));
        }
        case 6 -> { // deep nesting
          String open = rnd.nextBoolean() ? "[" : "all(";
          s.insert(at, open.repeat(50 + rnd.nextInt(400)));
        }
        case 7 -> { // swap two characters
          if (len > 1) {
            int a = rnd.nextInt(len);
            int b = rnd.nextInt(len);
            char ca = s.charAt(a);
            s.setCharAt(a, s.charAt(b));
            s.setCharAt(b, ca);
          }
        }
        default -> { // duplicate a JSON key or field
          int q = s.indexOf("\"", at);
          if (q >= 0) {
            int q2 = s.indexOf("\"", q + 1);
            int colon = q2 < 0 ? -1 : s.indexOf(",", q2);
            if (q2 > 0 && colon > q2) s.insert(colon + 1, s.substring(q, colon + 1));
          }
        }
      }
    }
    return s.toString();
  }

  private static int indexOfDigit(CharSequence s, int from) {
    for (int i = from; i < s.length(); i++)
      if (Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) return i;
    return -1;
  }
}
