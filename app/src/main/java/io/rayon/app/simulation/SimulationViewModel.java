package io.rayon.app.simulation;

import io.rayon.app.rush.RushViewModel;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.estimation.Availability;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.Frame;
import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.NodeOutage;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SchedulerReport.AllocationSample;
import io.rayon.engine.sim.SimEvent;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.rush.RushSchedulers;
import io.rayon.model.resources.Resources;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.Workload;
import io.rayon.views.plan.PlanSkylineView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.paint.Color;

/**
 * The Simulation tab's state: the scheduler, one of {@link Schedulers#REGISTRY}, with a text value
 * per option its plug-in describes ({@link #optionProperty}; for the estimation scheduler its
 * damping α and its availability formula, {@link Availability}), the heartbeat and the frame
 * interval (validated here), the run through the executor ({@link SimulationRun}), and the frame
 * being shown. The simulator records per-node frames; the view animates them.
 *
 * <p>The scheduler list also offers the RUSH schedulers ({@link RushSchedulers#REGISTRY}), under a
 * heading of their own: they schedule the RUSH scenario open in the RUSH view (a RUSH file is its
 * own kind, not the open cluster scenario), and Simulate then runs it through that view's state
 * ({@link #attachRush}) so that the run joins the RUSH view's run list, with its charts. Opening a
 * RUSH scenario selects a RUSH scheduler here, opening a cluster scenario a cluster one, so the
 * selection fits the scenario opened last; {@link #targetProperty()} says which one Simulate runs.
 */
public final class SimulationViewModel {
  /** The schedulers of the registry, in its order. */
  public static final List<String> SCHEDULERS = Schedulers.names();

  /** The RUSH schedulers ({@link RushSchedulers#REGISTRY}), for RUSH scenarios. */
  public static final List<String> RUSH_SCHEDULERS = RushSchedulers.names();

  /** The heading over the cluster schedulers in the scheduler list (not a scheduler). */
  public static final String CLUSTER_HEADING = "Cluster scenario";

  /** The heading over the RUSH schedulers in the scheduler list (not a scheduler). */
  public static final String RUSH_HEADING = "RUSH scenario";

  /**
   * What the scheduler list offers, in order: {@link #CLUSTER_HEADING}, the cluster schedulers,
   * {@link #RUSH_HEADING}, the RUSH schedulers.
   */
  public static final List<String> CHOICES = choices();

  private static List<String> choices() {
    List<String> c = new ArrayList<>();
    c.add(CLUSTER_HEADING);
    c.addAll(SCHEDULERS);
    c.add(RUSH_HEADING);
    for (String r : RUSH_SCHEDULERS) if (!SCHEDULERS.contains(r)) c.add(r);
    return List.copyOf(c);
  }

  public static final List<String> MEASURES = List.of("memory", "cpu", "cpu demand");

  /**
   * The estimation scheduler's availability formulas ({@link Availability}), the paper's
   * simulator's first.
   */
  public static final List<String> AVAILABILITIES =
      Arrays.stream(Availability.values()).map(Availability::id).toList();

  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final StringProperty scheduler =
      new SimpleStringProperty(this, "scheduler", "estimation");
  private final Map<String, StringProperty> optionValues = new HashMap<>();
  private final StringProperty heartbeat = new SimpleStringProperty(this, "heartbeat", "3");
  private final StringProperty frameInterval =
      new SimpleStringProperty(this, "frameInterval", "300");
  private final StringProperty measure = new SimpleStringProperty(this, "measure", "memory");
  private final IntegerProperty frame = new SimpleIntegerProperty(this, "frame", 0);
  private final ReadOnlyObjectWrapper<SimulationResult> result =
      new ReadOnlyObjectWrapper<>(this, "result");
  private final ReadOnlyObjectWrapper<float[]> values = new ReadOnlyObjectWrapper<>(this, "values");
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyStringWrapper summary =
      new ReadOnlyStringWrapper(
          this, "summary", "No simulation yet: choose a scheduler and press Simulate.");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  // Rayon end to end (rayon and capacity schedulers): node failures to inject, and during playback
  // the
  // planned and actual allocation of the reservations, the run's events and the SLA jobs at risk
  private final StringProperty failNodes = new SimpleStringProperty(this, "failNodes", "");
  private final ReadOnlyObjectWrapper<double[][]> planVersusActual =
      new ReadOnlyObjectWrapper<>(this, "planVersusActual");
  private final ObservableList<String> events = FXCollections.observableArrayList();
  private final ObservableList<String> slaAtRisk = FXCollections.observableArrayList();
  private Workload simulated;
  private TaskHandle handle;
  private long runId;
  // RUSH: the RUSH view's state once attached, the option values the controls here edit (bound to
  // that state's), whether the RUSH run in flight was started here and how many runs it had then
  private RushViewModel rush;
  private Runnable showRush = () -> {};
  private final Map<String, StringProperty> rushOptionValues = new HashMap<>();
  private final ReadOnlyBooleanWrapper rushScenarioOpen =
      new ReadOnlyBooleanWrapper(this, "rushScenarioOpen");
  private final ReadOnlyStringWrapper clusterHeading =
      new ReadOnlyStringWrapper(this, "clusterHeading", CLUSTER_HEADING);
  private final ReadOnlyStringWrapper rushHeading =
      new ReadOnlyStringWrapper(this, "rushHeading", RUSH_HEADING + ": none open");
  private final ReadOnlyStringWrapper target = new ReadOnlyStringWrapper(this, "target", "");
  private boolean rushRunHere;
  private int rushRunsBefore;
  private String lastCluster = "estimation";

  public SimulationViewModel(WorkspaceViewModel ws, TaskExecutor executor) {
    this.ws = ws;
    this.executor = executor;
    frame.addListener((o, a, b) -> showFrame());
    measure.addListener((o, a, b) -> showFrame());
    ws.loadsProperty()
        .addListener(
            (o, a, b) -> {
              runId++;
              if (handle != null) handle.cancel();
              running.set(false);
              result.set(null);
              frame.set(0);
              values.set(null);
              planVersusActual.set(null);
              events.clear();
              slaAtRisk.clear();
              problem.set("");
              summary.set("No simulation yet: choose a scheduler and press Simulate.");
              // a cluster scenario was opened: its schedulers fit it
              if (isRush(scheduler.get())) scheduler.set(lastCluster);
              describeTarget();
            });
    scheduler.addListener(
        (o, a, b) -> {
          if (b != null && SCHEDULERS.contains(b)) lastCluster = b;
          if (isRush(b) && rush != null) rush.schedulerProperty().set(b);
          describeTarget();
        });
    describeTarget();
  }

  /**
   * Connects the RUSH view's state: the RUSH schedulers then run its open scenario, their option
   * controls here edit its option values, and {@code showRushView} (selecting the RUSH tab) runs
   * when a run started here has finished.
   */
  public void attachRush(RushViewModel rushViewModel, Runnable showRushView) {
    this.rush = rushViewModel;
    this.showRush = showRushView == null ? () -> {} : showRushView;
    for (Map.Entry<String, StringProperty> e : rushOptionValues.entrySet()) bindRushOption(e);
    rush.scenarioProperty()
        .addListener(
            (o, a, sc) -> {
              // a RUSH scenario was opened: its schedulers fit it
              if (sc != null && !isRush(scheduler.get()))
                scheduler.set(rush.schedulerProperty().get());
              describeTarget();
            });
    rush.runningProperty()
        .addListener(
            (o, was, now) -> {
              if (!now && rushRunHere) rushRunEnded();
            });
    describeTarget();
  }

  private void bindRushOption(Map.Entry<String, StringProperty> e) {
    String name = e.getKey().substring(0, e.getKey().indexOf('/'));
    String option = e.getKey().substring(e.getKey().indexOf('/') + 1);
    for (OptionSpec spec : RushViewModel.options(name)) {
      if (spec.name().equals(option))
        e.getValue().bindBidirectional(rush.optionProperty(name, spec));
    }
  }

  /** Whether {@code name} is a RUSH scheduler (and not a cluster one). */
  public static boolean isRush(String name) {
    return name != null && RUSH_SCHEDULERS.contains(name) && !SCHEDULERS.contains(name);
  }

  /** Whether an entry of {@link #CHOICES} is a heading rather than a scheduler. */
  public static boolean isHeading(String choice) {
    return CLUSTER_HEADING.equals(choice) || RUSH_HEADING.equals(choice);
  }

  /**
   * The text value of one option of a RUSH scheduler; once {@link #attachRush attached}, the RUSH
   * view's value of it (editing either edits both).
   */
  public StringProperty rushOptionProperty(String schedulerName, OptionSpec spec) {
    String key = schedulerName + "/" + spec.name();
    StringProperty p = rushOptionValues.get(key);
    if (p == null) {
      p =
          new SimpleStringProperty(
              this, key, spec.defaultValue() == null ? "" : spec.defaultValue());
      rushOptionValues.put(key, p);
      if (rush != null) bindRushOption(Map.entry(key, p));
    }
    return p;
  }

  /** The heading's text for a heading of {@link #CHOICES}: which scenario its schedulers run. */
  public ReadOnlyStringProperty headingProperty(String heading) {
    return RUSH_HEADING.equals(heading)
        ? rushHeading.getReadOnlyProperty()
        : clusterHeading.getReadOnlyProperty();
  }

  /** Whether a RUSH scenario is open in the RUSH view (the RUSH schedulers have one to run). */
  public ReadOnlyBooleanProperty rushScenarioOpenProperty() {
    return rushScenarioOpen.getReadOnlyProperty();
  }

  /** Which scenario Simulate runs with the selected scheduler, in words. */
  public ReadOnlyStringProperty targetProperty() {
    return target.getReadOnlyProperty();
  }

  private void describeTarget() {
    RushScenario rs = rush == null ? null : rush.scenarioProperty().get();
    rushScenarioOpen.set(rs != null);
    clusterHeading.set(CLUSTER_HEADING + ": " + ws.documentName());
    rushHeading.set(
        RUSH_HEADING + ": " + (rs == null ? "none open (File → Open… a RUSH file)" : rs.name()));
    if (isRush(scheduler.get())) {
      target.set(
          rs == null
              ? "No RUSH scenario is open: File → Open… a RUSH scenario file (\"kind\": \"rush\")"
                  + " or open one in the RUSH tab, then Simulate runs "
                  + scheduler.get()
                  + " on it."
              : String.format(
                  Locale.ROOT,
                  "Simulate runs %s on the RUSH scenario %s (%d jobs, %d containers); the run joins"
                      + " the RUSH tab's run list, where it plays back and compares.",
                  scheduler.get(),
                  rs.name(),
                  rs.jobs().size(),
                  rs.containers()));
    } else {
      target.set(
          "Simulate runs "
              + scheduler.get()
              + " on the cluster scenario "
              + ws.documentName()
              + ".");
    }
  }

  /** The configuration, or null with {@link #problemProperty() problem} set. */
  SimulationConfig config() {
    try {
      double hb = positive("heartbeat", heartbeat.get());
      double fi = positive("frame interval", frameInterval.get());
      return new SimulationConfig(
          hb,
          Double.POSITIVE_INFINITY,
          1L,
          Math.max(hb, 60),
          fi,
          SimulationConfig.DEFAULT_MAX_ATTEMPTS);
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
      return null;
    }
  }

  /**
   * The text value of one option of one scheduler, starting at the option's default; the Simulation
   * tab's generated controls edit it.
   */
  public StringProperty optionProperty(String schedulerName, OptionSpec spec) {
    return optionValues.computeIfAbsent(
        schedulerName + "/" + spec.name(),
        k ->
            new SimpleStringProperty(
                this, k, spec.defaultValue() == null ? "" : spec.defaultValue()));
  }

  /**
   * The option specs of the selected scheduler, from the registry (empty when none is selected).
   */
  public List<OptionSpec> schedulerOptions() {
    return options(scheduler.get());
  }

  /** The option specs of a scheduler, from the registry (empty for an unknown name). */
  public static List<OptionSpec> options(String schedulerName) {
    return schedulerName == null || !Schedulers.REGISTRY.contains(schedulerName)
        ? List.of()
        : Schedulers.plugin(schedulerName).options();
  }

  /** The selected scheduler's options as text, non-blank values only. */
  Map<String, String> optionValues() {
    Map<String, String> m = new LinkedHashMap<>();
    for (OptionSpec spec : schedulerOptions()) {
      String v = optionProperty(scheduler.get(), spec).get();
      if (v != null && !v.isBlank()) m.put(spec.name(), v.strip());
    }
    return m;
  }

  /**
   * A new scheduler as configured, or an {@link IllegalArgumentException} naming the bad option.
   */
  SchedulerPolicy policy() {
    return Schedulers.create(scheduler.get(), optionValues());
  }

  /**
   * What is wrong with a value of an option, or null when its spec accepts it: the spec's message
   * (option, value, allowed values) and the default (the paper's).
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
   * What is wrong with a number of seconds for {@code what}, or null when it is positive and
   * finite.
   */
  public static String positiveProblem(String what, String text) {
    try {
      positive(what, text);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  private static double positive(String what, String text) {
    try {
      double v = Double.parseDouble(text.trim());
      if (!(v > 0) || Double.isInfinite(v)) throw new NumberFormatException();
      return v;
    } catch (NumberFormatException | NullPointerException e) {
      throw new IllegalArgumentException(
          what + " must be a positive number of seconds, got '" + text + "'");
    }
  }

  public void run() {
    if (isHeading(scheduler.get())) {
      problem.set("Choose a scheduler under one of the headings.");
      return;
    }
    if (isRush(scheduler.get())) {
      runRush();
      return;
    }
    SimulationConfig cfg = config();
    if (cfg == null) return;
    Scenario s = ws.getScenario();
    SimulationRun sim;
    try {
      sim =
          SimulationRun.of(s, scheduler.get(), optionValues(), SimulationRun.Requests.RRU, cfg)
              .withOutages(outages(failNodes.get()));
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
      return;
    }
    problem.set("");
    if (s.workload().jobs().isEmpty()) {
      problem.set("The scenario has no workload to simulate; File → Import trace… first.");
      return;
    }
    String name = sim.scheduler();
    if (handle != null) handle.cancel();
    long id = ++runId;
    running.set(true);
    summary.set(
        "Simulating " + s.workload().jobs().size() + " jobs with the " + name + " scheduler…");
    handle =
        executor.execute(
            BackgroundTask.of("Simulate (" + name + ")", (p, c) -> sim.run(p, c))
                .onSuccess(
                    r -> {
                      if (id != runId) return;
                      running.set(false);
                      simulated = sim.workload();
                      planVersusActual.set(planVersusActual(r));
                      result.set(r);
                      summary.set(describe(r));
                      frame.set(0);
                      showFrame();
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      running.set(false);
                      problem.set("Simulation failed: " + e.getMessage());
                    })
                .onCancelled(
                    () -> {
                      if (id != runId) return;
                      running.set(false);
                      summary.set("Simulation cancelled.");
                    }));
  }

  /**
   * Runs the selected RUSH scheduler on the RUSH view's scenario, through the RUSH view's state
   * (off the JavaFX thread, with its progress; {@link #cancel} cancels it).
   */
  private void runRush() {
    String name = scheduler.get();
    if (rush == null) {
      problem.set("The RUSH view is not available, so " + name + " has nothing to run.");
      return;
    }
    RushScenario rs = rush.scenarioProperty().get();
    if (rs == null) {
      problem.set(target.get());
      return;
    }
    problem.set("");
    if (handle != null) handle.cancel();
    runId++;
    rush.schedulerProperty().set(name);
    rushRunsBefore = rush.runs().size();
    rush.run();
    if (!rush.runningProperty().get()) {
      // bad options: the RUSH view's message names the option
      problem.set(rush.problemProperty().get());
      return;
    }
    rushRunHere = true;
    running.set(true);
    summary.set(
        "Simulating "
            + rs.jobs().size()
            + " jobs of the RUSH scenario "
            + rs.name()
            + " with the "
            + name
            + " scheduler…");
  }

  private void rushRunEnded() {
    rushRunHere = false;
    if (rush.runs().size() > rushRunsBefore) {
      RushViewModel.Run r = rush.runs().get(rush.runs().size() - 1);
      summary.set(
          RushViewModel.describeRun(r) + "; it is in the RUSH tab's run list, shown there now.");
      running.set(false);
      showRush.run();
    } else if (!rush.problemProperty().get().isEmpty()) {
      problem.set("Simulation failed: " + rush.problemProperty().get());
      running.set(false);
    } else {
      summary.set("Simulation cancelled.");
      running.set(false);
    }
  }

  static String describe(SimulationResult r) {
    return String.format(
        Locale.ROOT,
        "%s: %d of %d jobs finished, %d task failures (rate %.4f), makespan %.0f s, %d frames",
        r.scheduler(),
        r.finishedJobs(),
        r.jobs(),
        r.failedTasks(),
        r.failureRate(),
        r.makespanS(),
        r.frames().size());
  }

  private void showFrame() {
    SimulationResult r = result.get();
    if (r == null || r.frames().isEmpty()) {
      values.set(null);
      if (r != null) {
        events.setAll(eventsUntil(r, r.endS()));
        slaAtRisk.setAll(slaAtRisk(simulated, r, r.endS()));
      }
      return;
    }
    int i = Math.max(0, Math.min(frame.get(), r.frames().size() - 1));
    Frame f = r.frames().get(i);
    events.setAll(eventsUntil(r, f.timeS()));
    slaAtRisk.setAll(slaAtRisk(simulated, r, f.timeS()));
    values.set(
        switch (measure.get()) {
          case "cpu" -> f.cpu();
          case "cpu demand" -> f.cpuDemand();
          default -> f.memory();
        });
  }

  /**
   * The node failures typed as {@code N@TIME[+DURATION]}, separated by commas or spaces (none when
   * blank).
   */
  static List<NodeOutage> outages(String text) {
    List<NodeOutage> out = new ArrayList<>();
    if (text == null) return out;
    for (String part : text.trim().split("[,\\s]+")) {
      if (!part.isEmpty()) out.add(NodeOutage.parse(part));
    }
    return out;
  }

  /** What is wrong with the node failures typed, or null when they parse. */
  public static String outagesProblem(String text) {
    try {
      outages(text);
      return null;
    } catch (IllegalArgumentException e) {
      return "fail nodes: " + e.getMessage();
    }
  }

  /**
   * The reservations' planned and actual allocation over time, summed over the active reservations
   * at each plan step (vcores): rows time (h), planned, actual; null when the scheduler follows no
   * plan.
   */
  static double[][] planVersusActual(SimulationResult r) {
    List<AllocationSample> samples = r.report().samples();
    if (samples.isEmpty()) return null;
    Map<Long, double[]> byStep = new TreeMap<>();
    for (AllocationSample a : samples) {
      double[] v = byStep.computeIfAbsent(a.step(), k -> new double[] {a.timeS(), 0, 0});
      v[1] += a.planned().vcores();
      v[2] += a.used().vcores();
    }
    double[][] out = new double[3][byStep.size()];
    int i = 0;
    for (double[] v : byStep.values()) {
      out[0][i] = v[0] / 3600;
      out[1][i] = v[1];
      out[2][i] = v[2];
      i++;
    }
    return out;
  }

  /**
   * What the reservations actually received in the run, summed per plan step (every dimension), as
   * a line the plan view draws over the planned stack; null when the scheduler follows no plan.
   */
  public static PlanSkylineView.Overlay actualOverlay(SimulationResult r) {
    if (r == null) return null;
    List<AllocationSample> samples = r.report().samples();
    if (samples.isEmpty()) return null;
    Map<Long, Resources> byStep = new TreeMap<>();
    for (AllocationSample a : samples) byStep.merge(a.step(), a.used(), Resources::plus);
    long[] steps = byStep.keySet().stream().mapToLong(Long::longValue).toArray();
    return new PlanSkylineView.Overlay(
        "actual (simulated)", steps, List.copyOf(byStep.values()), Color.web("#27ae60"));
  }

  /** The run's events up to {@code timeS}, newest first, as lines for people. */
  static List<String> eventsUntil(SimulationResult r, double timeS) {
    List<String> out = new ArrayList<>();
    for (SimEvent e : r.events()) {
      if (e.timeS() <= timeS)
        out.add(0, String.format(Locale.ROOT, "%.0f s  %s: %s", e.timeS(), e.kind(), e.text()));
    }
    return out;
  }

  /**
   * The SLA jobs at risk at {@code timeS}: production jobs with a deadline that have arrived, have
   * not finished by then and will miss their deadline, or whose reservation was rejected after a
   * failure.
   */
  static List<String> slaAtRisk(Workload w, SimulationResult r, double timeS) {
    List<String> out = new ArrayList<>();
    if (w == null) return out;
    Object rej = r.report().values().get("rejectedAfterFailureIds");
    List<?> rejected = rej instanceof List<?> l ? l : List.of();
    for (int i = 0; i < w.jobs().size() && i < r.jobOutcomes().size(); i++) {
      Job j = w.jobs().get(i);
      JobOutcome o = r.jobOutcomes().get(i);
      if (j.kind() != JobKind.PRODUCTION || j.deadlineS() == null || j.arrivalS() > timeS) continue;
      if (o.finished() && o.finishS() <= timeS) continue;
      boolean lostReservation = j.reservationId() != null && rejected.contains(j.reservationId());
      if (lostReservation) {
        out.add(j.id() + " (reservation " + j.reservationId() + " rejected after a failure)");
      } else if (Boolean.FALSE.equals(o.deadlineMet())) {
        out.add(
            j.id()
                + " (due at "
                + j.deadlineS()
                + " s, will finish "
                + (o.finished()
                    ? String.format(Locale.ROOT, "at %.0f s", o.finishS())
                    : "after the run")
                + ")");
      }
    }
    return out;
  }

  public StringProperty failNodesProperty() {
    return failNodes;
  }

  public ReadOnlyObjectProperty<double[][]> planVersusActualProperty() {
    return planVersusActual.getReadOnlyProperty();
  }

  public ObservableList<String> events() {
    return events;
  }

  public ObservableList<String> slaAtRisk() {
    return slaAtRisk;
  }

  public void cancel() {
    if (rushRunHere && rush != null) rush.cancel();
    else if (handle != null) handle.cancel();
  }

  public StringProperty schedulerProperty() {
    return scheduler;
  }

  /** The estimation scheduler's damping α, its {@code damping} option. */
  public StringProperty dampingProperty() {
    return estimationOption("damping");
  }

  /**
   * {@code paper-sim} (AR − EU, the paper's simulator) or {@code yarn-prototype} (min(AR − ACU, NC
   * − EU)).
   */
  public StringProperty availabilityProperty() {
    return estimationOption("availability");
  }

  private StringProperty estimationOption(String name) {
    for (OptionSpec spec : options(Schedulers.ESTIMATION))
      if (spec.name().equals(name)) return optionProperty(Schedulers.ESTIMATION, spec);
    throw new IllegalStateException("the estimation scheduler describes no option " + name);
  }

  public StringProperty heartbeatProperty() {
    return heartbeat;
  }

  public StringProperty frameIntervalProperty() {
    return frameInterval;
  }

  public StringProperty measureProperty() {
    return measure;
  }

  public IntegerProperty frameProperty() {
    return frame;
  }

  public ReadOnlyObjectProperty<SimulationResult> resultProperty() {
    return result.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<float[]> valuesProperty() {
    return values.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty summaryProperty() {
    return summary.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }
}
