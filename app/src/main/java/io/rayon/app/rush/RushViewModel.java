package io.rayon.app.rush;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.BackgroundWork;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.engine.sim.rush.RushScheduler;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.engine.sim.rush.RushSimulator;
import io.rayon.model.io.FormatException;
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
import javafx.collections.ObservableList;

/**
 * The RUSH view's state: a RUSH scenario (opened, the bundled sample, or generated), a scheduler of
 * {@link RushSchedulers#REGISTRY} with a text value per option its plug-in describes, two run slots
 * A and B (run off the JavaFX thread with progress and cancel, so that two schedulers can be
 * compared), the run shown and its snapshot, and what the tables show at that snapshot. Properties
 * change on the JavaFX thread only.
 */
public final class RushViewModel {
  /** The schedulers of the registry, in its order ({@code rush, fifo, edf, rrh}). */
  public static final List<String> SCHEDULERS = RushSchedulers.REGISTRY.names();

  /** The bundled sample, in the samples directory. */
  public static final String SAMPLE = "rush-vb.json";

  /** One of the two run slots. */
  public enum Slot {
    A,
    B
  }

  private final TaskExecutor executor;
  private final Path samplesDir;
  private final ReadOnlyObjectWrapper<RushScenario> scenario =
      new ReadOnlyObjectWrapper<>(this, "scenario");
  private final StringProperty scheduler =
      new SimpleStringProperty(
          this, "scheduler", SCHEDULERS.contains("rush") ? "rush" : SCHEDULERS.get(0));
  private final Map<String, StringProperty> optionValues = new HashMap<>();
  private final ReadOnlyObjectWrapper<RushRunResult> runA =
      new ReadOnlyObjectWrapper<>(this, "runA");
  private final ReadOnlyObjectWrapper<RushRunResult> runB =
      new ReadOnlyObjectWrapper<>(this, "runB");
  private final ObjectProperty<Slot> shown = new SimpleObjectProperty<>(this, "shown", Slot.A);
  private final IntegerProperty snapshot = new SimpleIntegerProperty(this, "snapshot", 0);
  private final IntegerProperty selectedJob = new SimpleIntegerProperty(this, "selectedJob", -1);
  private final ObservableList<RushPlayback.JobRow> rows = FXCollections.observableArrayList();
  private final ObservableList<RushPlayback.Difference> differences =
      FXCollections.observableArrayList();
  private final ReadOnlyStringWrapper summary =
      new ReadOnlyStringWrapper(this, "summary", NO_SCENARIO);
  private final ReadOnlyStringWrapper runSummary =
      new ReadOnlyStringWrapper(this, "runSummary", "");
  private final ReadOnlyStringWrapper comparison =
      new ReadOnlyStringWrapper(this, "comparison", NO_COMPARISON);
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
  private TaskHandle handle;
  private long runId;

  static final String NO_SCENARIO =
      "No RUSH scenario yet: Open… a RUSH scenario file (\"kind\": \"rush\"; File → Open works too),"
          + " Open sample, or Generate one.";
  static final String NO_COMPARISON =
      "Run two schedulers, one as A and one as B, to compare their jobs' utilities here.";

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
    runA.set(null);
    runB.set(null);
    shown.set(Slot.A);
    snapshot.set(0);
    selectedJob.set(-1);
    summary.set(describe(s));
    runSummary.set("Choose a scheduler and press Run A; Run B runs a second one to compare.");
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
   * Runs the selected scheduler with its options on the scenario into {@code slot}, off the JavaFX
   * thread; the slot's previous run stays until the new one succeeds. Bad options or no scenario
   * set {@link #problemProperty() problem} and run nothing.
   */
  public void run(Slot slot) {
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
        "RUSH run " + slot + " (" + name + ")",
        "Running " + name + " on " + s.jobs().size() + " jobs as run " + slot + "…",
        (p, c) -> RushSimulator.run(s, sched, p, c),
        r -> {
          (slot == Slot.A ? runA : runB).set(r);
          if (shown.get() == slot) {
            snapshot.set(0);
            refreshRows();
          } else {
            shown.set(slot);
          }
          runSummary.set(slot + ": " + describe(r));
          refreshComparison();
        });
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
                .onSuccess(
                    r -> {
                      if (id != runId) return;
                      running.set(false);
                      done.accept(r);
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      running.set(false);
                      if (scenario.get() == null) summary.set(before);
                      else runSummary.set("");
                      problem.set(
                          e instanceof FormatException || e instanceof IllegalArgumentException
                              ? e.getMessage()
                              : title + " failed: " + e);
                    })
                .onCancelled(
                    () -> {
                      if (id != runId) return;
                      running.set(false);
                      if (scenario.get() == null) summary.set(before);
                      runSummary.set("Cancelled.");
                    }));
    progress.unbind();
    progress.bind(handle.progressProperty());
  }

  public void cancel() {
    if (handle != null) handle.cancel();
  }

  /** The run shown (A or B), or null when that slot has none. */
  public RushRunResult shownRun() {
    return result(shown.get());
  }

  /** The run in a slot, or null. */
  public RushRunResult result(Slot slot) {
    return slot == Slot.A ? runA.get() : runB.get();
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
    RushRunResult a = runA.get();
    RushRunResult b = runB.get();
    if (a == null || b == null) {
      differences.clear();
      comparison.set(NO_COMPARISON);
      return;
    }
    List<RushPlayback.Difference> d = RushPlayback.differences(a, b);
    differences.setAll(d);
    comparison.set(compare(a, b, d));
  }

  static String compare(RushRunResult a, RushRunResult b, List<RushPlayback.Difference> d) {
    int better = 0;
    int worse = 0;
    for (RushPlayback.Difference x : d) {
      if (x.delta() > 1e-9) better++;
      else if (x.delta() < -1e-9) worse++;
    }
    return String.format(
        Locale.ROOT,
        "A %s vs B %s: mean utility %.3f vs %.3f (B − A %+.3f), zero-utility jobs %d vs %d;"
            + " B is better for %d job%s, worse for %d, equal for %d",
        a.scheduler(),
        b.scheduler(),
        a.metrics().meanUtility(),
        b.metrics().meanUtility(),
        b.metrics().meanUtility() - a.metrics().meanUtility(),
        a.metrics().zeroUtilityJobs(),
        b.metrics().zeroUtilityJobs(),
        better,
        better == 1 ? "" : "s",
        worse,
        d.size() - better - worse);
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

  public ReadOnlyObjectProperty<RushRunResult> runAProperty() {
    return runA.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<RushRunResult> runBProperty() {
    return runB.getReadOnlyProperty();
  }

  public ObjectProperty<Slot> shownProperty() {
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

  /** Per-job utility of run A and run B, when both exist. */
  public ObservableList<RushPlayback.Difference> differences() {
    return differences;
  }

  public ReadOnlyStringProperty summaryProperty() {
    return summary.getReadOnlyProperty();
  }

  /** The last run's metrics, or what to do next. */
  public ReadOnlyStringProperty runSummaryProperty() {
    return runSummary.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty comparisonProperty() {
    return comparison.getReadOnlyProperty();
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
