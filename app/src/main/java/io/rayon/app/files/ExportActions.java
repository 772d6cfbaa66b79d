package io.rayon.app.files;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.plan.PlanState;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.metrics.PlanFileMetrics;
import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.TraceImporters;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.io.PlanFileIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Workload;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.draw.Drawable;
import io.rayon.yarn.LiveDurations;
import io.rayon.yarn.YarnRequests;
import io.rayon.yarn.YarnReservationTranslator;
import io.rayon.yarn.YarnTranslation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * File → Import and File → Export: a trace into the scenario's workload (one undoable edit), the
 * plan as JSON (the plan-file format) and CSV, the selected tab's chart as PNG or SVG, and the
 * reservations as YARN reservation-submission JSON. Reading and writing run through the executor;
 * problems come back as dialogs that name the file and the place.
 */
public final class ExportActions {
  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final DialogService dialogs;
  private final Supplier<PlanState> plan;
  private final Supplier<List<ChartSource>> charts;
  private Supplier<SimulationResult> simulation = () -> null;

  public ExportActions(
      WorkspaceViewModel ws,
      TaskExecutor executor,
      DialogService dialogs,
      Supplier<PlanState> plan,
      Supplier<List<ChartSource>> charts) {
    this.ws = ws;
    this.executor = executor;
    this.dialogs = dialogs;
    this.plan = plan;
    this.charts = charts;
  }

  /** Where the simulation exports find the last simulation's result (null: none yet). */
  public ExportActions withSimulation(Supplier<SimulationResult> result) {
    this.simulation = result;
    return this;
  }

  private SimulationResult simulationOrSay() {
    SimulationResult r = simulation.get();
    if (r == null)
      dialogs.showError(
          "No simulation to export", "Run a simulation first (Simulation → Simulate).");
    return r;
  }

  /**
   * The last simulation's cluster time series as CSV (the columns of {@code rayon simulate
   * --series}).
   */
  public void exportSimulationSeriesCsv() {
    SimulationResult r = simulationOrSay();
    if (r == null) return;
    dialogs
        .chooseFileToSave(
            "Export simulation series as CSV", base() + "-series.csv", List.of(FileType.CSV))
        .ifPresent(
            f ->
                write(
                    "Export " + f.getFileName(),
                    f,
                    () -> AtomicFiles.writeString(f, r.series().toCsv())));
  }

  /**
   * The last simulation's jobs (arrival, finish, completion, deadline) as CSV (as {@code rayon
   * simulate --jobs}).
   */
  public void exportSimulationJobsCsv() {
    SimulationResult r = simulationOrSay();
    if (r == null) return;
    dialogs
        .chooseFileToSave(
            "Export simulation jobs as CSV", base() + "-jobs.csv", List.of(FileType.CSV))
        .ifPresent(
            f ->
                write(
                    "Export " + f.getFileName(), f, () -> AtomicFiles.writeString(f, r.jobsCsv())));
  }

  /** The last simulation's full result as JSON ({@link SimulationExport}). */
  public void exportSimulationJson() {
    SimulationResult r = simulationOrSay();
    if (r == null) return;
    dialogs
        .chooseFileToSave(
            "Export simulation run as JSON", base() + "-simulation.json", List.of(FileType.JSON))
        .ifPresent(
            f ->
                write(
                    "Export " + f.getFileName(),
                    f,
                    () -> AtomicFiles.writeString(f, SimulationExport.json(r))));
  }

  private String base() {
    String n = ws.documentName();
    return n.endsWith(".json") ? n.substring(0, n.length() - 5) : n;
  }

  /** The plan file of the current plan, or null (with a dialog) when there is no plan yet. */
  PlanFile planFile() {
    PlanState st = plan.get();
    if (st == null) {
      dialogs.showError("No plan to export", "Run a planner first (Plan → Re-plan all).");
      return null;
    }
    Scenario s = ws.getScenario();
    List<Decision> ds = new ArrayList<>(st.decisions().values());
    PlanMetrics m = PlanMetrics.of(st.plan(), new ArrayList<>(st.decidedRequests().values()), ds);
    Map<String, Object> metrics = PlanFileMetrics.of(st.planner(), m, st.runtimeMs(), st.report());
    return new PlanFile(
        PlanFile.FORMAT_VERSION,
        s.name(),
        st.planner(),
        st.policy().toString(),
        st.plan().stepSeconds(),
        st.plan().horizon(),
        metrics,
        ds);
  }

  public void exportPlanJson() {
    PlanFile pf = planFile();
    if (pf == null) return;
    dialogs
        .chooseFileToSave("Export plan as JSON", base() + "-plan.json", List.of(FileType.JSON))
        .ifPresent(f -> write("Export plan " + f.getFileName(), f, () -> PlanFileIO.write(pf, f)));
  }

  public void exportPlanCsv() {
    PlanFile pf = planFile();
    if (pf == null) return;
    dialogs
        .chooseFileToSave("Export plan as CSV", base() + "-plan.csv", List.of(FileType.CSV))
        .ifPresent(
            f -> write("Export plan " + f.getFileName(), f, () -> PlanFileIO.writeCsv(pf, f)));
  }

  private Optional<ChartSource> pickChart() {
    List<ChartSource> cs = charts.get();
    if (cs.isEmpty()) {
      dialogs.showError(
          "No chart here",
          "The selected tab has no chart to export; switch to the Plan, Compare or Reservations tab.");
      return Optional.empty();
    }
    if (cs.size() == 1) return Optional.of(cs.get(0));
    List<String> names = cs.stream().map(ChartSource::name).toList();
    return dialogs
        .choose("Export chart", "Which chart?", names)
        .flatMap(n -> cs.stream().filter(c -> c.name().equals(n)).findFirst());
  }

  /** Writes the chart as on screen (a snapshot), on the JavaFX thread. */
  public void exportChartPng() {
    pickChart()
        .ifPresent(
            c ->
                dialogs
                    .chooseFileToSave(
                        "Export chart as PNG",
                        base() + "-" + slug(c.name()) + ".png",
                        List.of(FileType.PNG))
                    .ifPresent(
                        f -> {
                          try {
                            ChartExport.writePng(c.control(), f);
                            ws.setStatus("Wrote " + f.getFileName());
                          } catch (IOException e) {
                            dialogs.showError(
                                "Cannot write " + f.getFileName(), f + ": " + e.getMessage());
                          }
                        }));
  }

  /**
   * Draws the chart into SVG with the same drawing calls as on screen; the file is written in the
   * background.
   */
  public void exportChartSvg() {
    pickChart()
        .ifPresent(
            c -> {
              Drawable d = c.drawable();
              if (d == null) {
                dialogs.showError(
                    "SVG not available", c.name() + " cannot be drawn as SVG; export it as PNG.");
                return;
              }
              dialogs
                  .chooseFileToSave(
                      "Export chart as SVG",
                      base() + "-" + slug(c.name()) + ".svg",
                      List.of(FileType.SVG))
                  .ifPresent(
                      f -> {
                        double w = Math.max(1, c.control().getWidth());
                        double h = Math.max(1, c.control().getHeight());
                        String svg = ChartExport.svg(d, w, h);
                        write(
                            "Export chart " + f.getFileName(),
                            f,
                            () -> AtomicFiles.writeString(f, svg));
                      });
            });
  }

  static String slug(String s) {
    return s.toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }

  /**
   * Writes the selected reservation (or all when none is selected) as a JSON array of YARN
   * reservation-submission bodies. Expressions YARN cannot express are named in a dialog with the
   * construct and its RDL path; nothing is written unless every chosen reservation translates.
   */
  public void exportYarn() {
    Scenario s = ws.getScenario();
    List<ReservationRequest> chosen =
        ws.selectedReservation().map(List::of).orElse(s.reservations());
    if (chosen.isEmpty()) {
      dialogs.showError("No reservations", "The scenario has no reservations to export.");
      return;
    }
    YarnReservationTranslator tr =
        new YarnReservationTranslator(Math.max(1, s.stepSeconds()), s.horizonSteps());
    long origin = LiveDurations.nextStep(System.currentTimeMillis(), tr.stepMs());
    List<YarnTranslation> ts = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (ReservationRequest r : chosen) {
      YarnTranslation t = tr.translate(r, origin, null);
      ts.add(t);
      if (!t.ok())
        for (YarnTranslation.Problem p : t.problems())
          problems.add(r.id() + ": YARN cannot express the " + p);
    }
    if (!problems.isEmpty()) {
      dialogs.showError("Cannot export to YARN", String.join("\n", problems));
      return;
    }
    String name = chosen.size() == 1 ? chosen.get(0).id() + "-yarn.json" : base() + "-yarn.json";
    dialogs
        .chooseFileToSave("Export YARN reservation requests", name, List.of(FileType.JSON))
        .ifPresent(
            f -> {
              var array = Json.mapper().createArrayNode();
              for (YarnTranslation t : ts)
                array.add(YarnRequests.submission(null, t.queue(), t.definition()));
              write(
                  "Export YARN " + f.getFileName(),
                  f,
                  () -> AtomicFiles.writeString(f, Json.mapper().writeValueAsString(array) + "\n"));
              // what YARN holds more loosely than the RDL asks (a relaxed parallelism cap, a longer
              // last gang)
              List<String> warnings = new ArrayList<>();
              for (YarnTranslation t : ts)
                for (String w : t.warnings()) warnings.add(t.reservationId() + ": " + w);
              if (!warnings.isEmpty()) {
                int shown = Math.min(warnings.size(), 20);
                dialogs.showInfo(
                    "Exported with relaxations",
                    warnings.size()
                        + " relaxation(s) YARN needs; the file holds what YARN can express:\n"
                        + String.join("\n", warnings.subList(0, shown))
                        + (warnings.size() > shown
                            ? "\n… and " + (warnings.size() - shown) + " more"
                            : ""));
              }
            });
  }

  /** Reads a trace with one of the importers and makes it the scenario's workload (undoable). */
  public void importTrace() {
    Optional<String> format =
        dialogs.choose("Import trace", "Trace format", TraceImporters.formats());
    if (format.isEmpty()) return;
    dialogs
        .chooseFileToOpen("Import " + format.get() + " trace", List.of(FileType.ANY))
        .ifPresent(f -> importTrace(format.get(), f));
  }

  public void importTrace(String format, Path file) {
    importTrace(format, file, false);
  }

  /**
   * Imports in the background. A malformed line stops a strict import with a dialog naming the
   * line; the user may then import again in lenient mode, which skips malformed lines and counts
   * them.
   */
  public void importTrace(String format, Path file, boolean lenient) {
    ImportOptions options = new ImportOptions(lenient, ImportOptions.DEFAULT.seed(), Map.of());
    executor.execute(
        BackgroundTask.of(
                "Import " + file.getFileName(),
                (p, c) -> {
                  p.progress(-1, "reading " + file.getFileName());
                  return TraceImporters.forFormat(format).read(file, options);
                })
            .onSuccess(r -> applyImport(file, r))
            .onFailure(
                e -> {
                  if (e instanceof FormatException fe && !lenient) {
                    if (dialogs.confirm(
                        "Cannot import " + file.getFileName(),
                        fe.getMessage()
                            + "\nThe current workspace is unchanged.\nImport again, skipping malformed lines?")) {
                      importTrace(format, file, true);
                    }
                  } else {
                    dialogs.showError(
                        "Cannot import " + file.getFileName(),
                        (e instanceof FormatException
                                ? e.getMessage()
                                : file + ": " + e.getMessage())
                            + "\nThe current workspace is unchanged.");
                  }
                }));
  }

  private void applyImport(Path file, ImportResult r) {
    Workload before = ws.getScenario().workload();
    Workload after = r.workload();
    ws.edit(
        "Import " + file.getFileName(), s -> s.withWorkload(after), s -> s.withWorkload(before));
    ws.setStatus(
        "Imported "
            + after.jobs().size()
            + " jobs from "
            + file.getFileName()
            + (r.skippedLines() > 0 ? ", skipped " + r.skippedLines() + " lines" : "")
            + (r.warnings().isEmpty() ? "" : "; " + r.warnings().get(0)));
  }

  @FunctionalInterface
  private interface IoWork {
    void run() throws Exception;
  }

  private void write(String title, Path f, IoWork w) {
    executor.execute(
        BackgroundTask.of(
                title,
                (p, c) -> {
                  w.run();
                  return f;
                })
            .light()
            .onSuccess(x -> ws.setStatus("Wrote " + x.getFileName()))
            .onFailure(
                e ->
                    dialogs.showError(
                        "Cannot write " + f.getFileName(), f + ": " + e.getMessage())));
  }
}
