package io.rayon.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.rayon.engine.rdl.CompileResult;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.rdl.RdlProblem;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.io.Json;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rayon rdl ...}: work with RDL expressions. */
@Command(
    name = "rdl",
    mixinStandardHelpOptions = true,
    description = "Work with RDL (reservation definition language) expressions.",
    subcommands = {RdlCommand.Check.class})
public final class RdlCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code rayon rdl check EXPR|@FILE [--json] [--scenario FILE]}. */
  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Validate an RDL expression and print its normalized form, total work (bundle-steps), minimal duration (steps) and feasibility. Exit 0 when it parses (even if infeasible), 2 on a syntax error.")
  public static final class Check implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(
        index = "0",
        paramLabel = "EXPR|@FILE",
        description =
            "the expression, e.g. 'window(atom(<1024,1>,1,10,1,100),0,60)' or its JSON tree form, or @file to read it from a file")
    String input;

    @Option(
        names = "--json",
        description = "print {normalized, work, minDuration, feasible, problems} as JSON")
    boolean json;

    @Option(
        names = "--rigid-gangs",
        description =
            "also print the expression with every non-rigid gang atom rewritten into rigid ones (as the MILP uses it)")
    boolean rigidGangs;

    @Option(
        names = "--scenario",
        paramLabel = "FILE",
        description = "check bundles and gangs against this scenario's cluster")
    Path scenario;

    @Override
    public Integer call() {
      String source = "<expr>";
      String text = input;
      if (input.startsWith("@")) {
        Path file = Path.of(input.substring(1));
        source = file.toString();
        text = CliSupport.readText(file);
      }
      Rdl e = text.strip().startsWith("{") ? parseTree(text, source) : parseText(text, source);
      Cluster cluster = scenario == null ? null : CliSupport.loadScenario(scenario).cluster();
      CompileResult r = RdlCompiler.compile(e, cluster);
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("normalized", RdlPrinter.print(r.normalized()));
        m.put("work", r.work());
        m.put("minDuration", r.minDuration());
        m.put("feasible", r.feasible());
        List<Map<String, String>> ps = new ArrayList<>();
        for (RdlProblem p : r.problems()) {
          Map<String, String> pm = new LinkedHashMap<>();
          pm.put("code", p.code().name());
          pm.put("path", p.path());
          pm.put("message", p.message());
          ps.add(pm);
        }
        m.put("problems", ps);
        if (rigidGangs && r.valid())
          m.put("rigidGangs", RdlPrinter.print(RdlCompiler.rigidGangs(r.normalized())));
        CliSupport.printJson(out, m);
      } else {
        out.println("normalized:  " + RdlPrinter.print(r.normalized()));
        out.println("work:        " + r.work() + " bundle-steps");
        out.println(
            "minDuration: "
                + (r.minDuration() == Long.MAX_VALUE
                    ? "more than " + (Long.MAX_VALUE - 1) + " steps (too many to count)"
                    : r.minDuration() + " steps"));
        out.println(
            "feasible:    "
                + (r.feasible()
                    ? "yes"
                    : r.valid()
                        ? "no (the expression can never be satisfied)"
                        : "no (the expression is invalid)"));
        for (RdlProblem p : r.problems()) {
          out.println(
              "  "
                  + (p.path().isEmpty() ? "root" : "at " + p.path())
                  + ": "
                  + p.code()
                  + ": "
                  + p.message());
        }
        if (rigidGangs && r.valid())
          out.println("rigidGangs:  " + RdlPrinter.print(RdlCompiler.rigidGangs(r.normalized())));
        out.flush();
      }
      return CliSupport.EXIT_OK;
    }

    private static Rdl parseText(String text, String source) {
      try {
        return RdlParser.parse(text, source);
      } catch (RdlParseException ex) {
        throw new CliSupport.BadInputException(ex.getMessage(), ex);
      }
    }

    /** The JSON tree form, e.g. {"type":"atom","bundle":{"memoryMB":1024,"vcores":1},...}. */
    private static Rdl parseTree(String text, String source) {
      try {
        Rdl e = Json.mapper().readValue(text, Rdl.class);
        if (e == null)
          throw new CliSupport.BadInputException(
              source + ": expected an RDL expression, found null");
        return e;
      } catch (JsonProcessingException ex) {
        throw new CliSupport.BadInputException(Json.describe(source, ex).getMessage(), ex);
      } catch (IllegalArgumentException | NullPointerException ex) {
        throw new CliSupport.BadInputException(source + ": " + Json.problemOf(ex), ex);
      }
    }
  }
}
