package io.rayon.app.rush;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.BackgroundWork;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.engine.sim.rush.RushRunExport;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.Json;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The RUSH view's state: a RUSH scenario (opened, the bundled sample, or generated), a scheduler of
 * {@link RushSchedulers#REGISTRY} with a text value per option its plug-in describes, the list of
 * runs made on the scenario (each run off the JavaFX thread with progress and cancel, numbered #1,
 * #2, … in the order they finished), the runs checked for comparison (their utility CDFs and a
 * per-job table with a column per run and the difference against the first checked), the run played
 * back and its snapshot, and what the tables show at that snapshot. The Simulation tab drives the
 * same state when a RUSH scheduler is chosen there. Properties change on the JavaFX thread only.
 */
public final class RushViewModel {
  /** The schedulers of the registry, in its order ({@code rush, fifo, edf, rrh}). */
  public static final List<String> SCHEDULERS = RushSchedulers.REGISTRY.names();

  /** The bundled sample, in the samples directory. */
  public static final String SAMPLE = "rush-vb.json";

  /** One finished run on the scenario: its number in the list and its result. */
  public static final class Run {
    private final int number;
    private final RushRunResult result;

    Run(int number, RushRunResult result) {
      this.number = number;
      this.result = result;
    }

    /** 1 for the first run on the scenario, then 2, … */
    public int number() {
      return number;
    }

    public RushRunResult result() {
      return result;
    }

    /** {@code #2 edf}, with the settings when there are any: {@code #1 rush (theta=0.9, …)}. */
    public String label() {
      return "#"
          + number
          + " "
          + result.scheduler()
          + (result.settings().isBlank() ? "" : " (" + result.settings() + ")");
    }

    @Override
    public String toString() {
      return label();
    }
  }

  private final TaskExecutor executor;
  private final Path samplesDir;
  private final ReadOnlyObjectWrapper<RushScenario> scenario =
      new ReadOnlyObjectWrapper<>(this, "scenario");
  private final StringProperty scheduler =
      new SimpleStringProperty(
          this, "scheduler", SCHEDULERS.contains("rush") ? "rush" : SCHEDULERS.get(0));
  private final Map<String, StringProperty> optionValues = new HashMap<>();
  private final ObservableList<Run> runs = FXCollections.observableArrayList();
  private final ObservableList<Run> compared = FXCollections.observableArrayList();
  // views of the two lists held here: an unmodifiable view listens to its list weakly
  private final ObservableList<Run> runsView = FXCollections.unmodifiableObservableList(runs);
  private final ObservableList<Run> comparedView =
      FXCollections.unmodifiableObservableList(compared);
  private final ObjectProperty<Run> shown = new SimpleObjectProperty<>(this, "shown");
  private final IntegerProperty snapshot = new SimpleIntegerProperty(this, "snapshot", 0);
  private final IntegerProperty selectedJob = new SimpleIntegerProperty(this, "selectedJob", -1);
  private final ObservableList<RushPlayback.JobRow> rows = FXCollections.observableArrayList();
  private final ObservableList<RushPlayback.JobUtilities> comparison =
      FXCollections.observableArrayList();
  private final ReadOnlyStringWrapper summary =
      new ReadOnlyStringWrapper(this, "summary", NO_SCENARIO);
  private final ReadOnlyStringWrapper runSummary =
      new ReadOnlyStringWrapper(this, "runSummary", "");
  private final ReadOnlyStringWrapper comparisonSummary =
      new ReadOnlyStringWrapper(this, "comparisonSummary", NO_COMPARISON);
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
  private TaskHandle handle;
  private long runId;
  private int runNumber;

  static final String NO_SCENARIO =
      "No RUSH scenario yet: Open… a RUSH scenario file (\"kind\": \"rush\"; File → Open works too),"
          + " Open sample, or Generate one.";
  static final String NO_COMPARISON =
      "Run two schedulers (or one with other options) and check them in the run list to compare"
          + " their jobs' utilities here.";

  /** A view model that finds the bundled sample in {@code samplesDir}. */
  public RushViewModel(TaskExecutor executor, Path samplesDir) {
    this.executor = executor;
    this.samplesDir = samplesDir;
    shown.addListener(
        (o, a, b) -> {
          snapshot.set(0);
          refreshRows();
        });
    snapshot.addListener((o, a, b) -> refreshRows());
    compared.addListener((ListChangeListener<Run>) c -> refreshComparison());
  }

  /**
   * The directory of the bundled samples: the system property {@code rayon.samples} (the installed
   * application sets it), else {@code sample-clusters} relative to the working directory.
   */
  public static Path defaultSamplesDir() {
    String dir = System.getProperty("rayon.samples");
    return dir == null || dir.isBlank() ? Path.of("sample-clusters") : Path.of(dir);
  }

  /** The bundled sample scenario's file. */
  public Path sampleFile() {
    return samplesDir.resolve(SAMPLE);
  }

  /** Reads a RUSH scenario off the JavaFX thread; runs of the previous scenario are dropped. */
  public void open(Path file) {
    start(
        "Open RUSH scenario",
        "Reading " + file.getFileName() + "…",
        (p, c) -> {
          p.progress(-1, "reading " + file.getFileName());
          return RushScenarioIO.read(file);
        },
        this::loaded);
  }

  /** Opens the bundled sample, or says where it was looked for. */
  public void openSample() {
    Path f = sampleFile();
    if (!Files.isRegularFile(f)) {
      problem.set(
          "The bundled sample "
              + SAMPLE
              + " is not in "
              + f.toAbsolutePath().getParent()
              + "; Open… a RUSH scenario file or Generate one.");
      return;
    }
    open(f);
  }

  /**
   * Generates a seeded scenario off the JavaFX thread ({@link RushGenerator}, the paper's §V.B
   * workload).
   */
  public void generate(RushGenerator.Params params) {
    start(
        "Generate RUSH scenario",
        "Generating " + params.jobs() + " jobs…",
        (p, c) -> RushGenerator.generate(params),
        this::loaded);
  }

  private void loaded(RushScenario s) {
    scenario.set(s);
    compared.clear();
    runs.clear();
    runNumber = 0;
    shown.set(null);
    snapshot.set(0);
    selectedJob.set(-1);
    summary.set(describe(s));
    runSummary.set(
        "Choose a scheduler and press Run; run others (or the same with other options) to compare.");
    refreshRows();
    refreshComparison();
  }

  static String describe(RushScenario s) {
    return String.format(
        Locale.ROOT,
        "%s: %d jobs, %d containers, %s s slots, seed %d",
        s.name(),
        s.jobs().size(),
        s.containers(),
        trim(s.slotSeconds()),
        s.seed());
  }

  /**
   * The text value of one option of one scheduler, starting at the option's default; the RUSH
   * view's generated controls edit it.
   */
  public StringProperty optionProperty(String schedulerName, OptionSpec spec) {
    return optionValues.computeIfAbsent(
        schedulerName + "/" + spec.name(),
        k ->
            new SimpleStringProperty(
                this, k, spec.defaultValue() == null ? "" : spec.defaultValue()));
  }

  /** The option specs of a scheduler, from the registry (empty for an unknown name). */
  public static List<OptionSpec> options(String schedulerName) {
    return schedulerName == null || !RushSchedulers.REGISTRY.contains(schedulerName)
        ? List.of()
        : RushSchedulers.REGISTRY.get(schedulerName).options();
  }

  /** The selected scheduler's options as text, non-blank values only. */
  Map<String, String> optionValues() {
    Map<String, String> m = new LinkedHashMap<>();
    for (OptionSpec spec : options(scheduler.get())) {
      String v = optionProperty(scheduler.get(), spec).get();
      if (v != null && !v.isBlank()) m.put(spec.name(), v.strip());
    }
    return m;
  }

  /**
   * What is wrong with a value of an option, or null when its spec accepts it (with the default,
   * the paper's).
   */
  public static String optionProblem(OptionSpec spec, String text) {
    try {
      spec.parse(text);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage() + " (default " + spec.defaultValue() + ")";
    }
  }

  /**
   * Runs the selected scheduler with its options on the scenario off the JavaFX thread; when it
   * finishes it joins the run list as the next number, checked for comparison, and is shown. Bad
   * options or no scenario set {@link #problemProperty() problem} and run nothing; a cancelled or
   * failed run adds nothing.
   */
  public void run() {
    RushScenario s = scenario.get();
    if (s == null) {
      problem.set("Nothing to run yet: " + NO_SCENARIO.substring(NO_SCENARIO.indexOf(':') + 2));
      return;
    }
    String name = scheduler.get();
    RushScheduler sched;
    try {
      sched = RushSchedulers.REGISTRY.create(name, optionValues());
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
      return;
    }
    start(
        "RUSH run (" + name + ")",
        "Running " + name + " on " + s.jobs().size() + " jobs as run #" + (runNumber + 1) + "…",
        (p, c) -> RushSimulator.run(s, sched, p, c),
        r -> {
          Run run = new Run(++runNumber, r);
          runs.add(run);
          compared.add(run);
          shown.set(run);
          runSummary.set(describeRun(run));
        });
  }

  /** Checks or unchecks a run for comparison; the checked keep the run list's order. */
  public void setCompared(Run run, boolean on) {
    if (on == compared.contains(run) || !runs.contains(run)) return;
    if (!on) {
      compared.remove(run);
      return;
    }
    int at = 0;
    for (Run r : runs) {
      if (r == run) break;
      if (compared.contains(r)) at++;
    }
    compared.add(at, run);
  }

  /** Removes a run from the list (and the comparison); the last one left is shown. */
  public void removeRun(Run run) {
    compared.remove(run);
    runs.remove(run);
    if (shown.get() == run) shown.set(runs.isEmpty() ? null : runs.get(runs.size() - 1));
  }

  /** The kind of file {@link #export} writes. */
  public enum ExportFormat {
    /** One row per job, {@link RushRunExport#csv}. */
    CSV,
    /** {@code rayon simulate RUSH-FILE --json}'s document, {@link RushRunExport#json}. */
    JSON
  }

  /**
   * Writes the run shown to {@code file} off the JavaFX thread, atomically (the previous file stays
   * whole if writing fails); says where it wrote or what went wrong.
   */
  public void export(Path file, ExportFormat format) {
    Run run = shown.get();
    RushScenario s = scenario.get();
    if (run == null || s == null) {
      problem.set("Nothing to export yet: run a scheduler first.");
      return;
    }
    RushRunResult r = run.result();
    executor.execute(
        BackgroundTask.of(
                "Export " + file.getFileName(),
                (p, c) -> {
                  String text =
                      format == ExportFormat.CSV
                          ? RushRunExport.csv(r)
                          : Json.mapper()
                                  .writerWithDefaultPrettyPrinter()
                                  .writeValueAsString(RushRunExport.json(s, r))
                              + "\n";
                  AtomicFiles.writeString(file, text);
                  return file;
                })
            .light()
            .onSuccess(
                f -> {
                  problem.set("");
                  runSummary.set("Wrote run " + run.label() + " to " + f.getFileName() + ".");
                })
            .onFailure(e -> problem.set("Cannot write " + file + ": " + e.getMessage())));
  }

  /** A file name for exporting the run shown: scenario, run number and scheduler. */
  public String exportName(ExportFormat format) {
    Run run = shown.get();
    RushScenario s = scenario.get();
    String base =
        (s == null ? "rush" : s.name().replaceAll("[^A-Za-z0-9._-]+", "-"))
            + (run == null ? "" : "-run" + run.number() + "-" + run.result().scheduler());
    return base + (format == ExportFormat.CSV ? "-jobs.csv" : ".json");
  }

  /** A run's number and metrics in words: {@code #2 edf: mean utility 0.512, …}. */
  public static String describeRun(Run run) {
    return "#" + run.number() + " " + describe(run.result());
  }

  static String describe(RushRunResult r) {
    var m = r.metrics();
    return String.format(
        Locale.ROOT,
        "%s: mean utility %.3f, min %.3f, %d job%s at zero utility, %d deadline miss%s, mean latency %.0f s, makespan %.0f s, %d snapshots",
        r.scheduler(),
        m.meanUtility(),
        m.minUtility(),
        m.zeroUtilityJobs(),
        m.zeroUtilityJobs() == 1 ? "" : "s",
        m.deadlineMisses(),
        m.deadlineMisses() == 1 ? "" : "es",
        m.meanLatency(),
        m.makespan(),
        r.snapshots().size());
  }

  private <T> void start(String title, String message, BackgroundWork<T> work, Consumer<T> done) {
    if (handle != null) handle.cancel();
    long id = ++runId;
    running.set(true);
    problem.set("");
    String before = summary.get();
    if (scenario.get() == null) summary.set(message);
    else runSummary.set(message);
    handle =
        executor.execute(
            BackgroundTask.of(title, work)
                // the outcome is in place before running turns false: whoever watches running
                // (the Simulation tab) sees it
                .onSuccess(
                    r -> {
                      if (id != runId) return;
                      done.accept(r);
                      running.set(false);
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      if (scenario.get() == null) summary.set(before);
                      else runSummary.set("");
                      problem.set(
                          e instanceof FormatException || e instanceof IllegalArgumentException
                              ? e.getMessage()
                              : title + " failed: " + e);
                      running.set(false);
                    })
                .onCancelled(
                    () -> {
                      if (id != runId) return;
                      if (scenario.get() == null) summary.set(before);
                      runSummary.set("Cancelled.");
                      running.set(false);
                    }));
    progress.unbind();
    progress.bind(handle.progressProperty());
  }

  public void cancel() {
    if (handle != null) handle.cancel();
  }

  /** The result of the run shown, or null when there is none. */
  public RushRunResult shownRun() {
    Run r = shown.get();
    return r == null ? null : r.result();
  }

  /** The number of snapshots of the run shown. */
  public int snapshotCount() {
    RushRunResult r = shownRun();
    return r == null ? 0 : r.snapshots().size();
  }

  /** The simulation time of the snapshot shown. */
  public double shownTime() {
    RushRunResult r = shownRun();
    return r == null ? 0 : RushPlayback.timeOf(r, snapshot.get());
  }

  private void refreshRows() {
    RushRunResult r = shownRun();
    rows.setAll(r == null ? List.of() : RushPlayback.rows(r, snapshot.get()));
  }

  private void refreshComparison() {
    if (compared.size() < 2) {
      comparison.setAll(
          compared.isEmpty()
              ? List.of()
              : RushPlayback.utilities(List.of(compared.get(0).result())));
      comparisonSummary.set(NO_COMPARISON);
      return;
    }
    List<RushRunResult> results = compared.stream().map(Run::result).toList();
    List<RushPlayback.JobUtilities> rows = RushPlayback.utilities(results);
    comparison.setAll(rows);
    comparisonSummary.set(compare(compared, rows));
  }

  /**
   * Each checked run's mean utility and zero-utility jobs, and for each run after the first, how it
   * differs from the first: the mean's difference and for how many jobs it is better or worse.
   */
  static String compare(List<Run> runs, List<RushPlayback.JobUtilities> rows) {
    StringBuilder sb = new StringBuilder();
    Run first = runs.get(0);
    for (int k = 0; k < runs.size(); k++) {
      Run r = runs.get(k);
      var m = r.result().metrics();
      if (k > 0) sb.append("; ");
      sb.append(
          String.format(
              Locale.ROOT,
              "#%d %s: mean utility %.3f, %d zero-utility job%s",
              r.number(),
              r.result().scheduler(),
              m.meanUtility(),
              m.zeroUtilityJobs(),
              m.zeroUtilityJobs() == 1 ? "" : "s"));
      if (k == 0) continue;
      int better = 0;
      int worse = 0;
      int equal = 0;
      for (RushPlayback.JobUtilities row : rows) {
        double d = row.delta(k);
        if (Double.isNaN(d)) continue;
        if (d > 1e-9) better++;
        else if (d < -1e-9) worse++;
        else equal++;
      }
      sb.append(
          String.format(
              Locale.ROOT,
              " (%+.3f vs #%d; better for %d job%s, worse for %d, equal for %d)",
              m.meanUtility() - first.result().metrics().meanUtility(),
              first.number(),
              better,
              better == 1 ? "" : "s",
              worse,
              equal));
    }
    return sb.toString();
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  public ReadOnlyObjectProperty<RushScenario> scenarioProperty() {
    return scenario.getReadOnlyProperty();
  }

  public StringProperty schedulerProperty() {
    return scheduler;
  }

  /** Every run on the scenario, in the order they finished. */
  public ObservableList<Run> runs() {
    return runsView;
  }

  /** The runs checked for comparison, in the run list's order; the first is the reference. */
  public ObservableList<Run> comparedRuns() {
    return comparedView;
  }

  /** The run played back, null when there is none. */
  public ObjectProperty<Run> shownProperty() {
    return shown;
  }

  public IntegerProperty snapshotProperty() {
    return snapshot;
  }

  /** The job picked in the table (index into the run's jobs), -1 for none. */
  public IntegerProperty selectedJobProperty() {
    return selectedJob;
  }

  /** The jobs of the run shown at the snapshot shown. */
  public ObservableList<RushPlayback.JobRow> rows() {
    return rows;
  }

  /**
   * Per job, its utility in each checked run ({@link #comparedRuns()}'s order) and the difference
   * of each against the first.
   */
  public ObservableList<RushPlayback.JobUtilities> comparison() {
    return comparison;
  }

  public ReadOnlyStringProperty summaryProperty() {
    return summary.getReadOnlyProperty();
  }

  /** The last run's metrics, or what to do next. */
  public ReadOnlyStringProperty runSummaryProperty() {
    return runSummary.getReadOnlyProperty();
  }

  /** The checked runs' summary and differences, or what to do to compare. */
  public ReadOnlyStringProperty comparisonProperty() {
    return comparisonSummary.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  /** The running task's progress, 0 to 1 (-1 when unknown). */
  public ReadOnlyDoubleProperty progressProperty() {
    return progress.getReadOnlyProperty();
  }
}
