package io.rayon.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.yarn.LiveDurations;
import io.rayon.yarn.SubmitOutcome;
import io.rayon.yarn.YarnRequests;
import io.rayon.yarn.YarnReservationTranslator;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnRestException;
import io.rayon.yarn.YarnSubmitter;
import io.rayon.yarn.YarnTranslation;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.Json;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rayon yarn …}: send a scenario's reservations to YARN's ReservationSystem, or export them. */
@Command(name = "yarn", mixinStandardHelpOptions = true,
    description = "Submit a scenario's reservations to YARN's ReservationSystem, or export them as YARN JSON.",
    subcommands = {YarnCommand.Submit.class, YarnCommand.Export.class, CommandLine.HelpCommand.class})
public final class YarnCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Options both sub-commands use to choose reservations and place them in time. */
  static final class Selection {
    @Option(names = "--reservation", paramLabel = "ID", description = "Only this reservation (repeatable; default: all).")
    List<String> ids;

    @Option(names = "--start", paramLabel = "TIME",
        description = "Wall-clock time of plan step 0: ISO instant or epoch ms (default: the next whole step from now).")
    String start;

    List<ReservationRequest> pick(Scenario s) {
      if (ids == null || ids.isEmpty()) return s.reservations();
      Set<String> want = new LinkedHashSet<>(ids);
      List<ReservationRequest> out = new ArrayList<>();
      for (ReservationRequest r : s.reservations()) if (want.remove(r.id())) out.add(r);
      if (!want.isEmpty()) {
        List<String> known = s.reservations().stream().map(ReservationRequest::id).toList();
        throw new CliSupport.BadInputException("no reservation " + want + " in the scenario; it has " + known);
      }
      return out;
    }

    long origin(Scenario s) {
      if (start != null) {
        try {
          return LiveDurations.parseInstant(start);
        } catch (IllegalArgumentException e) {
          throw new CliSupport.BadInputException("--start: " + e.getMessage(), e);
        }
      }
      return LiveDurations.nextStep(System.currentTimeMillis(), s.stepSeconds() * 1000);
    }
  }

  static List<YarnTranslation> translate(Scenario s, Selection sel, String queue, long origin) {
    if (s.stepSeconds() <= 0) throw new CliSupport.BadInputException("the scenario's stepSeconds must be positive");
    YarnReservationTranslator tr = new YarnReservationTranslator(s.stepSeconds(), s.horizonSteps());
    List<YarnTranslation> out = new ArrayList<>();
    for (ReservationRequest r : sel.pick(s)) out.add(tr.translate(r, origin, queue));
    return out;
  }

  @Command(name = "submit", mixinStandardHelpOptions = true,
      description = {"Submit a scenario's reservations to YARN, list them back and compare.",
          "Translates each reservation to a YARN reservation definition, submits it, lists it back and compares",
          "YARN's allocation with the request and with a local plan.",
          "Read-only unless --allow-write; --dry-run prints what would be sent.",
          "JSON keys: url, queue, origin, stepSeconds, dryRun, outcomes[] (reservationId, status, yarnReservationId,"
              + " queue, message, notes, problems, submission, comparison).",
          "Exit codes: 0 all accepted (or previewed), 1 YARN rejected or cannot express something, 2 bad input."})
  static final class Submit implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO") Path scenario;

    @Option(names = "--url", description = "ResourceManager web address (not needed with --dry-run).") String url;

    @Option(names = "--queue", description = "Reservable queue (default: each reservation's own queue).") String queue;

    @Option(names = "--dry-run", description = "Only translate and print what would be sent.") boolean dryRun;

    @Option(names = "--allow-write", description = "Allow this connection to write (submit) to YARN.") boolean allowWrite;

    @Option(names = "--json", description = "Print JSON.") boolean json;

    @Option(names = "--planner", defaultValue = "gree", paramLabel = "NAME",
        description = "Planner of the local plan YARN's allocations are compared with (default ${DEFAULT-VALUE}).")
    String planner;

    @Option(names = "--no-local-plan", description = "Do not plan locally; compare with the request only.")
    boolean noLocalPlan;

    @Mixin Selection selection;

    @Mixin YarnConnectionOptions conn;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      Scenario s = CliSupport.loadScenario(scenario);
      long origin = selection.origin(s);
      List<YarnTranslation> ts = translate(s, selection, queue, origin);
      List<SubmitOutcome> outcomes;
      if (dryRun) {
        outcomes = YarnSubmitter.preview(ts);
      } else {
        if (url == null) throw new CliSupport.BadInputException("--url is required unless --dry-run is given");
        if (!allowWrite) {
          throw new CliSupport.BadInputException("the connection to " + url + " is read-only: nothing was submitted."
              + " Add --allow-write to submit, or --dry-run to preview");
        }
        java.util.Map<String, io.rayon.model.plan.Decision> local = noLocalPlan ? null : localPlan(s);
        try {
          YarnRestClient client = new YarnRestClient(conn.connection(url, true, System.getenv()));
          outcomes = new YarnSubmitter(client, s.horizonSteps()).submit(ts, local);
        } catch (YarnRestException e) {
          throw new CliSupport.BadInputException(e.getMessage(), e);
        }
      }
      if (json) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        if (url != null) o.put("url", url);
        if (!dryRun && !noLocalPlan) o.put("planner", planner);
        if (queue != null) o.put("queue", queue);
        o.put("origin", Instant.ofEpochMilli(origin).toString());
        o.put("stepSeconds", s.stepSeconds());
        o.put("dryRun", dryRun);
        o.set("outcomes", Json.mapper().valueToTree(outcomes));
        CliSupport.printJson(out, o);
      } else {
        out.println((dryRun ? "Dry run (nothing sent)" : "Submitted to " + url) + ": step 0 = "
            + Instant.ofEpochMilli(origin) + ", step = " + s.stepSeconds() + " s");
        for (SubmitOutcome oc : outcomes) {
          out.println(oc.reservationId() + ": " + oc.status() + (oc.yarnReservationId() == null ? "" : " as " + oc.yarnReservationId())
              + " in queue " + oc.queue() + (oc.message() == null ? "" : " — " + oc.message())
              + (oc.localDecision() == null ? "" : " (local plan: " + oc.localDecision() + ")"));
          for (String n : oc.notes()) out.println("    note: " + n);
          for (YarnTranslation.Problem p : oc.problems()) out.println("    cannot express: " + p);
          if (dryRun && oc.submission() != null) out.println("    " + oc.submission());
        }
        out.flush();
      }
      return outcomes.stream().anyMatch(SubmitOutcome::isFailure) ? CliSupport.EXIT_FAILURE : CliSupport.EXIT_OK;
    }

    /** The local plan of the whole scenario (online, arrival order) by reservation id. */
    private java.util.Map<String, io.rayon.model.plan.Decision> localPlan(Scenario s) {
      io.rayon.engine.planning.Planner pl;
      try {
        pl = io.rayon.engine.planning.Planners.byName(planner);
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException("--planner: " + e.getMessage(), e);
      }
      var run = io.rayon.engine.reservation.PlanningRun.run(s, pl, s.sharingPolicy());
      java.util.Map<String, io.rayon.model.plan.Decision> out = new java.util.LinkedHashMap<>();
      for (io.rayon.model.plan.Decision d : run.decisions()) out.put(d.reservationId(), d);
      return out;
    }
  }

  @Command(name = "export", mixinStandardHelpOptions = true,
      description = {"Write one YARN submission JSON per reservation.",
          "Each file is the body of POST /ws/v1/cluster/reservation/submit without reservation-id (YARN hands",
          "that out with new-reservation). Files are written atomically.",
          "JSON keys: out, origin, written[] (reservationId, file), notExpressible[] (reservationId, problems).",
          "Exit codes: 0 all written, 1 some reservation cannot be expressed, 2 bad input."})
  static final class Export implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO") Path scenario;

    @Option(names = "--out", required = true, description = "Folder to write into (created when missing).") Path outDir;

    @Option(names = "--queue", description = "Reservable queue (default: each reservation's own queue).") String queue;

    @Option(names = "--json", description = "Print JSON.") boolean json;

    @Mixin Selection selection;

    @Override
    public Integer call() throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      Scenario s = CliSupport.loadScenario(scenario);
      long origin = selection.origin(s);
      List<YarnTranslation> ts = translate(s, selection, queue, origin);
      var written = JsonNodeFactory.instance.arrayNode();
      var failed = JsonNodeFactory.instance.arrayNode();
      Set<String> names = new java.util.HashSet<>();
      if (!ts.isEmpty()) createFolder(outDir);
      for (YarnTranslation t : ts) {
        if (!t.ok()) {
          ObjectNode f = failed.addObject();
          f.put("reservationId", t.reservationId());
          f.set("problems", Json.mapper().valueToTree(t.problems()));
          if (!json) for (YarnTranslation.Problem p : t.problems()) err.println("rayon: " + t.reservationId() + ": cannot express " + p);
          continue;
        }
        String base = t.reservationId().replaceAll("[^A-Za-z0-9._-]", "_");
        String name = base + ".json";
        for (int i = 2; !names.add(name); i++) name = base + "-" + i + ".json";
        Path file = outDir.resolve(name);
        try {
          AtomicFiles.writeString(file, Json.mapper().writeValueAsString(YarnRequests.submission(null, t.queue(), t.definition())) + "\n");
        } catch (IOException e) {
          throw new CliSupport.BadInputException("cannot write " + file + ": " + e.getMessage(), e);
        }
        ObjectNode w = written.addObject();
        w.put("reservationId", t.reservationId());
        w.put("file", file.toString());
        if (!json) out.println("wrote " + file);
      }
      if (json) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("out", outDir.toString());
        o.put("origin", Instant.ofEpochMilli(origin).toString());
        o.set("written", written);
        o.set("notExpressible", failed);
        CliSupport.printJson(out, o);
      }
      out.flush();
      err.flush();
      return failed.isEmpty() ? CliSupport.EXIT_OK : CliSupport.EXIT_FAILURE;
    }
  }

  /** --out's folder is created when missing, as its help says (file writes never create folders). */
  static void createFolder(Path dir) {
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (IOException e) {
      throw new CliSupport.BadInputException("--out " + dir + ": cannot create the folder: " + e.getMessage(), e);
    }
  }
}
