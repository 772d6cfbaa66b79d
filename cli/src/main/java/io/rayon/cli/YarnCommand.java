package io.rayon.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.io.PlanFileIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.yarn.LiveDurations;
import io.rayon.yarn.SubmitOutcome;
import io.rayon.yarn.YarnPinnedTranslator;
import io.rayon.yarn.YarnRequests;
import io.rayon.yarn.YarnReservationTranslator;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnRestException;
import io.rayon.yarn.YarnSubmitter;
import io.rayon.yarn.YarnTranslation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon yarn …}: send a scenario's reservations to YARN's ReservationSystem, or export them.
 */
@Command(
    name = "yarn",
    mixinStandardHelpOptions = true,
    description =
        "Submit a scenario's reservations to YARN's ReservationSystem, or export them as YARN JSON.",
    subcommands = {
      YarnCommand.Submit.class,
      YarnCommand.Export.class,
      CommandLine.HelpCommand.class
    })
public final class YarnCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Options both sub-commands use to choose reservations and place them in time. */
  static final class Selection {
    @Option(
        names = "--reservation",
        paramLabel = "ID",
        description = "Only this reservation (repeatable; default: all).")
    List<String> ids;

    @Option(
        names = "--start",
        paramLabel = "TIME",
        description =
            "Wall-clock time of plan step 0: ISO instant or epoch ms (default: the next whole step from now).")
    String start;

    List<ReservationRequest> pick(Scenario s) {
      if (ids == null || ids.isEmpty()) return s.reservations();
      Set<String> want = new LinkedHashSet<>(ids);
      List<ReservationRequest> out = new ArrayList<>();
      for (ReservationRequest r : s.reservations()) if (want.remove(r.id())) out.add(r);
      if (!want.isEmpty()) {
        List<String> known = s.reservations().stream().map(ReservationRequest::id).toList();
        throw new CliSupport.BadInputException(
            "no reservation " + want + " in the scenario; it has " + known);
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
    if (s.stepSeconds() <= 0)
      throw new CliSupport.BadInputException("the scenario's stepSeconds must be positive");
    YarnReservationTranslator tr = new YarnReservationTranslator(s.stepSeconds(), s.horizonSteps());
    List<YarnTranslation> out = new ArrayList<>();
    for (ReservationRequest r : sel.pick(s)) out.add(tr.translate(r, origin, queue));
    return out;
  }

  @Command(
      name = "submit",
      mixinStandardHelpOptions = true,
      description = {
        "Submit a scenario's reservations to YARN, list them back and compare.",
        "Translates each reservation to a YARN reservation definition, submits it, lists it back and compares",
        "YARN's allocation with the request and with a local plan.",
        "Read-only unless --allow-write; --dry-run prints what would be sent.",
        "A redirect to another server (scheme, host, port) is not followed and a POST is never resent as a GET.",
        "JSON keys: url, queue, origin, stepSeconds, dryRun, outcomes[] (reservationId, status, yarnReservationId,"
            + " queue, message, notes, warnings, problems, submission, comparison).",
        "Exit codes: 0 all accepted (or previewed), 1 YARN rejected or cannot express something, 2 bad input."
      })
  static final class Submit implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO")
    Path scenario;

    @Option(
        names = "--url",
        description = "ResourceManager web address (not needed with --dry-run).")
    String url;

    @Option(
        names = "--queue",
        description = "Reservable queue (default: each reservation's own queue).")
    String queue;

    @Option(names = "--dry-run", description = "Only translate and print what would be sent.")
    boolean dryRun;

    @Option(
        names = "--allow-write",
        description = "Allow this connection to write (submit) to YARN.")
    boolean allowWrite;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(
        names = "--planner",
        defaultValue = "gree",
        paramLabel = "NAME",
        description =
            "Planner of the local plan YARN's allocations are compared with (default ${DEFAULT-VALUE}).")
    String planner;

    @Option(
        names = "--no-local-plan",
        description = "Do not plan locally; compare with the request only.")
    boolean noLocalPlan;

    @Mixin Selection selection;

    @Mixin YarnConnectionOptions conn;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      Scenario s = CliSupport.loadScenario(scenario);
      long origin = selection.origin(s);
      List<YarnTranslation> ts = translate(s, selection, queue, origin);
      List<SubmitOutcome> outcomes;
      if (dryRun) {
        outcomes = YarnSubmitter.preview(ts);
      } else {
        if (url == null)
          throw new CliSupport.BadInputException("--url is required unless --dry-run is given");
        if (!allowWrite) {
          throw new CliSupport.BadInputException(
              "the connection to "
                  + url
                  + " is read-only: nothing was submitted."
                  + " Add --allow-write to submit, or --dry-run to preview");
        }
        Map<String, Decision> local = noLocalPlan ? null : plan(s, planner);
        YarnRestClient client;
        try {
          client = new YarnRestClient(conn.connection(url, true, System.getenv()));
        } catch (YarnRestException e) {
          throw new CliSupport.BadInputException(e.getMessage(), e);
        }
        String server = client.connection().baseUrl().toString();
        client.onNotice(n -> err.println("rayon: " + server + ": note: " + n));
        outcomes = new YarnSubmitter(client, s.horizonSteps()).submit(ts, local);
        // the reason nothing (more) could be sent, once on stderr; each outcome repeats it
        outcomes.stream()
            .filter(o -> o.status() == SubmitOutcome.Status.NOT_SENT)
            .findFirst()
            .ifPresent(o -> err.println("rayon: " + server + ": " + o.message()));
        err.flush();
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
        boolean anySent =
            outcomes.stream()
                .anyMatch(
                    o ->
                        o.status() == SubmitOutcome.Status.ACCEPTED
                            || o.status() == SubmitOutcome.Status.REJECTED);
        out.println(
            (dryRun
                    ? "Dry run (nothing sent)"
                    : (anySent ? "Submitted to " : "Nothing submitted to ") + url)
                + ": step 0 = "
                + Instant.ofEpochMilli(origin)
                + ", step = "
                + s.stepSeconds()
                + " s");
        for (SubmitOutcome oc : outcomes) {
          out.println(
              oc.reservationId()
                  + ": "
                  + oc.status()
                  + (oc.yarnReservationId() == null ? "" : " as " + oc.yarnReservationId())
                  + " in queue "
                  + oc.queue()
                  + (oc.message() == null ? "" : " — " + oc.message())
                  + (oc.localDecision() == null
                      ? ""
                      : " (local plan: " + oc.localDecision() + ")"));
          for (String n : oc.notes()) out.println("    note: " + n);
          for (String w : oc.warnings()) out.println("    warning: " + w);
          for (YarnTranslation.Problem p : oc.problems()) out.println("    cannot express: " + p);
          if (dryRun && oc.submission() != null) out.println("    " + oc.submission());
        }
        out.flush();
      }
      return outcomes.stream().anyMatch(SubmitOutcome::isFailure)
          ? CliSupport.EXIT_FAILURE
          : CliSupport.EXIT_OK;
    }
  }

  @Command(
      name = "export",
      mixinStandardHelpOptions = true,
      description = {
        "Write one YARN submission JSON per reservation.",
        "Each file is the body of POST /ws/v1/cluster/reservation/submit without",
        "reservation-id (YARN hands that out with new-reservation). Files are",
        "written atomically.",
        "Default: each reservation's RDL becomes a YARN reservation definition that",
        "YARN plans itself. What YARN can hold only looser is exported with a",
        "warning naming the reservation and the atom: YARN has no parallelism cap,",
        "so an atom with h below w/l is sent with the cap relaxed (YARN may reserve",
        "more at once). Only what would change the meaning is refused, with why.",
        "--pinned exports the planned allocation instead: each run of constant",
        "allocation becomes one gang stage of an R_ORDER_NO_GAP reservation whose",
        "arrival and deadline are the allocation's ends, so YARN holds exactly the",
        "plan. The plan is read from --plan FILE (written by 'rayon plan --out'),",
        "or made here by --planner (default gree) on the whole scenario.",
        "JSON keys: out, origin, pinned, planner or plan (with --pinned),",
        "written[] (reservationId, file, warnings),",
        "notExpressible[] (reservationId, problems, warnings).",
        "Exit codes: 0 all written (warnings allowed), 1 some reservation not",
        "written, 2 bad input."
      })
  static final class Export implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO")
    Path scenario;

    @Option(
        names = "--out",
        required = true,
        description = "Folder to write into (created when missing).")
    Path outDir;

    @Option(
        names = "--queue",
        description = "Reservable queue (default: each reservation's own queue).")
    String queue;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(
        names = "--pinned",
        description = "Export the planned allocation itself (R_ORDER_NO_GAP of gang stages).")
    boolean pinned;

    @Option(
        names = "--plan",
        paramLabel = "FILE",
        description = "With --pinned: the plan file to pin (default: plan here).")
    Path planFile;

    @Option(
        names = "--planner",
        paramLabel = "NAME",
        description =
            "With --pinned and no --plan: the planner that makes the plan (default gree).")
    String planner;

    @Mixin Selection selection;

    @Override
    public Integer call() throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      if (!pinned && planFile != null)
        throw new CliSupport.BadInputException("--plan is used only with --pinned");
      if (!pinned && planner != null)
        throw new CliSupport.BadInputException("--planner is used only with --pinned");
      if (planFile != null && planner != null) {
        throw new CliSupport.BadInputException(
            "--plan and --planner exclude each other: pin a saved plan or plan here");
      }
      Scenario s = CliSupport.loadScenario(scenario);
      long origin = selection.origin(s);
      List<YarnTranslation> ts;
      if (pinned) {
        Map<String, Decision> plan =
            planFile != null ? readPlan(s) : plan(s, planner == null ? "gree" : planner);
        YarnPinnedTranslator tr = new YarnPinnedTranslator(s.stepSeconds());
        ts = new ArrayList<>();
        for (ReservationRequest r : selection.pick(s))
          ts.add(tr.pin(r, plan.get(r.id()), origin, queue));
      } else {
        ts = translate(s, selection, queue, origin);
      }
      var written = JsonNodeFactory.instance.arrayNode();
      var failed = JsonNodeFactory.instance.arrayNode();
      Set<String> names = new HashSet<>();
      int warned = 0;
      if (!ts.isEmpty()) createFolder(outDir);
      for (YarnTranslation t : ts) {
        if (!json)
          for (String w : t.warnings())
            err.println("rayon: " + t.reservationId() + ": warning: " + w);
        if (!t.warnings().isEmpty()) warned++;
        if (!t.ok()) {
          ObjectNode f = failed.addObject();
          f.put("reservationId", t.reservationId());
          f.set("problems", Json.mapper().valueToTree(t.problems()));
          f.set("warnings", Json.mapper().valueToTree(t.warnings()));
          if (!json)
            for (YarnTranslation.Problem p : t.problems())
              err.println("rayon: " + t.reservationId() + ": cannot export: " + p);
          continue;
        }
        String base = t.reservationId().replaceAll("[^A-Za-z0-9._-]", "_");
        String name = base + ".json";
        for (int i = 2; !names.add(name); i++) name = base + "-" + i + ".json";
        Path file = outDir.resolve(name);
        try {
          AtomicFiles.writeString(
              file,
              Json.mapper()
                      .writeValueAsString(YarnRequests.submission(null, t.queue(), t.definition()))
                  + "\n");
        } catch (IOException e) {
          throw new CliSupport.BadInputException("cannot write " + file + ": " + e.getMessage(), e);
        }
        ObjectNode w = written.addObject();
        w.put("reservationId", t.reservationId());
        w.put("file", file.toString());
        w.set("warnings", Json.mapper().valueToTree(t.warnings()));
        if (!json) out.println("wrote " + file);
      }
      if (json) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("out", outDir.toString());
        o.put("origin", Instant.ofEpochMilli(origin).toString());
        o.put("pinned", pinned);
        if (pinned && planFile != null) o.put("plan", planFile.toString());
        if (pinned && planFile == null) o.put("planner", planner == null ? "gree" : planner);
        o.set("written", written);
        o.set("notExpressible", failed);
        CliSupport.printJson(out, o);
      } else {
        out.println(
            "exported "
                + written.size()
                + " of "
                + ts.size()
                + " reservation(s) to "
                + outDir
                + (pinned ? " pinned to the plan" : "")
                + "; "
                + warned
                + " with warnings, "
                + failed.size()
                + " not exported");
      }
      out.flush();
      err.flush();
      return failed.isEmpty() ? CliSupport.EXIT_OK : CliSupport.EXIT_FAILURE;
    }

    /** The decisions of {@code --plan}, after checking it was made for this scenario. */
    private Map<String, Decision> readPlan(Scenario s) {
      PlanFile pf;
      try {
        pf = PlanFileIO.read(planFile);
      } catch (FormatException e) {
        throw new CliSupport.BadInputException(e.getMessage(), e);
      }
      if (pf.stepSeconds() != s.stepSeconds()) {
        throw new CliSupport.BadInputException(
            planFile
                + " at $.stepSeconds: "
                + pf.stepSeconds()
                + " differs from the scenario's step length "
                + s.stepSeconds()
                + "; was the plan made for another scenario?");
      }
      Set<String> known = new HashSet<>();
      for (ReservationRequest r : s.reservations()) known.add(r.id());
      Map<String, Decision> out = new LinkedHashMap<>();
      for (int i = 0; i < pf.decisions().size(); i++) {
        Decision d = pf.decisions().get(i);
        if (!known.contains(d.reservationId())) {
          throw new CliSupport.BadInputException(
              planFile
                  + " at $.decisions["
                  + i
                  + "].reservationId: no reservation '"
                  + d.reservationId()
                  + "' in scenario "
                  + scenario);
        }
        out.put(d.reservationId(), d);
      }
      return out;
    }
  }

  /**
   * The plan of the whole scenario (online, arrival order) by {@code planner}, by reservation id.
   */
  static Map<String, Decision> plan(Scenario s, String planner) {
    Planner pl;
    try {
      pl = Planners.byName(planner);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--planner: " + e.getMessage(), e);
    }
    PlanningRun run = PlanningRun.run(s, pl, s.sharingPolicy());
    Map<String, Decision> out = new LinkedHashMap<>();
    for (Decision d : run.decisions()) out.put(d.reservationId(), d);
    return out;
  }

  /**
   * --out's folder is created when missing, as its help says (file writes never create folders).
   */
  static void createFolder(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new CliSupport.BadInputException(
          "--out " + dir + ": cannot create the folder: " + e.getMessage(), e);
    }
  }
}
