package io.rayon.cli;

import io.rayon.engine.sweep.Sweep;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon sweep}: one scenario planned or simulated over every combination of one or more
 * parameters' values (and seeds), one metric compared; the engine's {@link Sweep} does the work on
 * every core.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Plan or simulate SCENARIO once for every combination of the --param values (and every seed),",
      "and compare one metric across them, best first. The metric decides the kind of run:",
      "plan metrics: accepted, rejected, acceptance, weightedAcceptance, preemption, uniformity;",
      "simulation metrics: finishedJobs, failedTasks, failureRate, makespanS, meanJobCompletionS, deadlinesMet.",
      "Plan parameters: planner, policy, and any -O option of the planner (see rayon plan --help).",
      "Simulation parameters: scheduler (required), requests, and any -O option of the scheduler",
      "(see rayon simulate --help). Values containing commas (policies) are separated by |, e.g.",
      "A RUSH scenario file (\"kind\": \"rush\") is simulated by the RUSH simulator: parameters scheduler",
      "(rush, fifo, edf, rrh; required) and their -O options (theta, delta, ...); seed k draws the task",
      "runtimes; RUSH metrics: meanUtility, minUtility, zeroUtilityJobs, deadlineMisses, meanLatencyS, makespanS.",
      "  rayon sweep s.json --param planner=gree,greel --param 'policy=none|capacity-over-time:0.2,0.05,24h' --metric acceptance",
      "  rayon sweep s.json --param scheduler=estimation --param damping=0,0.125,0.3 --seeds 5 --metric makespanS",
      "  rayon sweep rush-vb.json --param scheduler=rush,edf,fifo --param theta=0.8,0.9 --seeds 3 --metric meanUtility"
    })
public final class SweepCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
  Path scenario;

  @Option(
      names = "--param",
      required = true,
      paramLabel = "NAME=V1,V2,...",
      description = "a swept parameter and its values (repeatable; one value fixes a setting)")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--seeds",
      defaultValue = "1",
      paramLabel = "N",
      description =
          "simulation sweeps: run every combination with seeds 1..N and report the spread (default ${DEFAULT-VALUE})")
  int seeds;

  @Option(
      names = "--metric",
      required = true,
      paramLabel = "M",
      description = "the metric compared across runs")
  String metric;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "runs at the same time (default: one per core)")
  Integer threads;

  @Option(
      names = "--out",
      paramLabel = "results.csv",
      description = "write every run (parameters, seed, all metrics) as CSV")
  Path out;

  @Option(names = "--json", description = "print every run and the summary as JSON")
  boolean json;

  @Override
  public Integer call() {
    CliSupport.checkOutputs(List.of(scenario), "--out", out);
    List<Sweep.Param> ps = new ArrayList<>();
    for (String p : params) {
      try {
        ps.add(Sweep.Param.parse(p));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException("--param " + p + ": " + e.getMessage(), e);
      }
    }
    try {
      Sweep.kindOf(metric);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--metric: " + e.getMessage(), e);
    }
    if (threads != null && threads < 1)
      throw new CliSupport.BadInputException("--threads must be at least 1, got " + threads);
    Sweep sweep;
    try {
      if (RushScenarioIO.isRushFile(scenario)) {
        RushScenario rs;
        try {
          rs = RushScenarioIO.read(scenario);
        } catch (FormatException e) {
          throw new CliSupport.BadInputException(e.getMessage(), e);
        }
        sweep = Sweep.ofRush(rs, ps, seeds, metric);
      } else {
        sweep = Sweep.of(CliSupport.loadValidScenario(scenario), ps, seeds, metric, null);
      }
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    } catch (ArithmeticException e) {
      throw new CliSupport.BadInputException("the sweep has too many combinations to count", e);
    }
    PrintWriter err = spec.commandLine().getErr();
    ProgressListener progress =
        json
            ? ProgressListener.NONE
            : (f, m) -> {
              synchronized (err) {
                err.println("progress: " + m);
                err.flush();
              }
            };
    int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    List<Sweep.Row> rows;
    try {
      rows = sweep.runAll(n, progress, new CancellationToken());
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(scenario + ": " + e.getMessage(), e);
    } catch (ArithmeticException e) {
      throw CliSupport.tooLarge(scenario.toString(), e);
    }
    if (out != null) {
      try {
        AtomicFiles.writeString(out, sweep.csv(rows));
      } catch (IOException e) {
        throw new CliSupport.BadInputException(
            "--out " + out + ": cannot write: " + e.getMessage(), e);
      }
    }
    List<Sweep.Summary> summary = Sweep.summarize(rows, metric);
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("scenario", scenario.toString());
      m.put("kind", sweep.kind().id());
      m.put("metric", metric);
      m.put("higherIsBetter", Sweep.higherIsBetter(metric));
      m.put("seeds", seeds);
      Map<String, Object> pm = new LinkedHashMap<>();
      for (Sweep.Param p : sweep.params()) pm.put(p.name(), p.values());
      m.put("params", pm);
      List<Object> runs = new ArrayList<>();
      for (Sweep.Row r : rows) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("settings", r.point().settings());
        one.put("seed", r.point().seed());
        Map<String, Object> mm = new LinkedHashMap<>();
        r.metrics().forEach((k, v) -> mm.put(k, Double.isNaN(v) ? null : v));
        one.put("metrics", mm);
        runs.add(one);
      }
      m.put("runs", runs);
      List<Object> sum = new ArrayList<>();
      for (Sweep.Summary x : summary) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("settings", x.settings());
        one.put("runs", x.runs());
        one.put("mean", nullIfNaN(x.mean()));
        one.put("min", nullIfNaN(x.min()));
        one.put("max", nullIfNaN(x.max()));
        one.put("sd", nullIfNaN(x.sd()));
        sum.add(one);
      }
      m.put("summary", sum);
      CliSupport.printJson(w, m);
      return CliSupport.EXIT_OK;
    }
    List<String> names = sweep.params().stream().map(Sweep.Param::name).toList();
    List<String> header = new ArrayList<>(names);
    header.add(metric + (seeds > 1 ? " mean" : ""));
    if (seeds > 1) header.addAll(List.of("min", "max", "sd"));
    List<List<String>> table = new ArrayList<>();
    table.add(header);
    for (Sweep.Summary x : summary) {
      List<String> row = new ArrayList<>();
      for (String nme : names) row.add(x.settings().getOrDefault(nme, "-"));
      row.add(cell(x.mean()));
      if (seeds > 1) {
        row.add(cell(x.min()));
        row.add(cell(x.max()));
        row.add(cell(x.sd()));
      }
      table.add(row);
    }
    int[] width = new int[header.size()];
    for (List<String> r : table)
      for (int i = 0; i < r.size(); i++) width[i] = Math.max(width[i], r.get(i).length());
    w.printf(
        Locale.ROOT,
        "%s sweep of %s: %d runs, %s (%s is better), best first%n",
        sweep.kind().id(),
        scenario,
        rows.size(),
        metric,
        Sweep.higherIsBetter(metric) ? "higher" : "lower");
    for (List<String> r : table) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r.size(); i++) {
        String c = r.get(i);
        boolean numeric = i >= names.size();
        String pad = " ".repeat(width[i] - c.length());
        b.append(i == 0 ? "" : "  ").append(numeric ? pad + c : c + pad);
      }
      w.println(b.toString().stripTrailing());
    }
    w.flush();
    return CliSupport.EXIT_OK;
  }

  private static Object nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  private static String cell(double v) {
    return Double.isNaN(v) ? "-" : Sweep.number(v);
  }
}
