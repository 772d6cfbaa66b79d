package io.rayon.app.compare;

import io.rayon.app.plan.PlanState;
import io.rayon.app.plan.PlanningService;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Compare tab's state: two runs (planner A and planner B on the open scenario, or planner A on
 * the open scenario and on another version of it read from a file), their metrics side by side
 * (acceptance, weighted acceptance, preemption, uniformity, runtime) and the plan diff; any number
 * of further runs (C, D, …: more planners on the open scenario) join the table and the skylines.
 * All runs go through the executor as one task, one after the other (the UI keeps the other core).
 */
public final class CompareViewModel {
  /** One row of the metrics table: the metric and its value for each run (A, B, C, …). */
  public record MetricRow(String metric, List<String> values) {
    public MetricRow {
      values = List.copyOf(values);
    }

    public String a() {
      return values.get(0);
    }

    public String b() {
      return values.get(1);
    }
  }

  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final ObservableList<String> planners =
      FXCollections.observableArrayList(Planners.names());
  private final StringProperty plannerA = new SimpleStringProperty(this, "plannerA");
  private final StringProperty plannerB = new SimpleStringProperty(this, "plannerB");

  /** Planners of the further runs C, D, … (each on the open scenario). */
  private final ObservableList<String> morePlanners = FXCollections.observableArrayList();

  private final StringProperty policyText = new SimpleStringProperty(this, "policyText", "none");

  /** Another version of the scenario for run B (null: the open scenario with planner B). */
  private final ObjectProperty<Path> otherScenario =
      new SimpleObjectProperty<>(this, "otherScenario");

  private final ReadOnlyObjectWrapper<CompareResult> result =
      new ReadOnlyObjectWrapper<>(this, "result");
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ObservableList<MetricRow> rows = FXCollections.observableArrayList();
  private TaskHandle handle;
  private long runId;

  public CompareViewModel(WorkspaceViewModel ws, TaskExecutor executor) {
    this.ws = ws;
    this.executor = executor;
    plannerA.set(planners.contains("gree") ? "gree" : planners.get(0));
    plannerB.set(planners.contains("greel") ? "greel" : planners.get(planners.size() - 1));
    policyText.set(ws.getScenario().sharingPolicy().toString());
    ws.loadsProperty().addListener((o, a, b) -> reset());
  }

  private void reset() {
    runId++;
    if (handle != null) handle.cancel();
    running.set(false);
    result.set(null);
    rows.clear();
    problem.set("");
    // "another version" was a version of the document that was open
    otherScenario.set(null);
    policyText.set(ws.getScenario().sharingPolicy().toString());
  }

  public void run() {
    SharingPolicySpec spec;
    try {
      spec = SharingPolicySpec.parse(policyText.get());
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
      return;
    }
    problem.set("");
    Scenario scenarioA = ws.getScenario();
    Path other = otherScenario.get();
    String pa = plannerA.get();
    String pb = other == null ? plannerB.get() : pa;
    String labelA = pa + (other == null ? "" : " on " + ws.documentName());
    String labelB = pb + (other == null ? "" : " on " + other.getFileName());
    List<String> more = List.copyOf(morePlanners);
    int n = 2 + more.size();
    if (handle != null) handle.cancel();
    long id = ++runId;
    running.set(true);
    handle =
        executor.execute(
            BackgroundTask.of(
                    "Compare "
                        + labelA
                        + " / "
                        + labelB
                        + (more.isEmpty() ? "" : " and " + more.size() + " more"),
                    (p, c) -> {
                      Scenario scenarioB = other == null ? scenarioA : ScenarioIO.read(other);
                      PlanState a =
                          PlanningService.replanAll(
                              new PlanningService.Request(scenarioA, pa, null, spec),
                              part(p, 0, n, labelA),
                              c);
                      c.throwIfCancelled();
                      PlanState b =
                          PlanningService.replanAll(
                              new PlanningService.Request(scenarioB, pb, null, spec),
                              part(p, 1, n, labelB),
                              c);
                      List<CompareResult.Run> runs = new ArrayList<>();
                      for (int i = 0; i < more.size(); i++) {
                        c.throwIfCancelled();
                        String label = more.get(i);
                        PlanState s =
                            PlanningService.replanAll(
                                new PlanningService.Request(scenarioA, more.get(i), null, spec),
                                part(p, 2 + i, n, label),
                                c);
                        runs.add(new CompareResult.Run(label, s, metrics(s, scenarioA)));
                      }
                      return new CompareResult(
                          labelA, a, metrics(a, scenarioA), labelB, b, metrics(b, scenarioB), runs);
                    })
                .onSuccess(
                    r -> {
                      if (id != runId) return;
                      running.set(false);
                      show(r);
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      running.set(false);
                      problem.set("Comparison failed: " + e.getMessage());
                    })
                .onCancelled(
                    () -> {
                      if (id == runId) running.set(false);
                    }));
  }

  /** Run {@code i} of {@code n}'s share of the progress bar. */
  private static ProgressListener part(ProgressListener p, int i, int n, String label) {
    return (f, m) -> p.progress(f < 0 ? -1 : (i + f) / n, label + ": " + m);
  }

  static PlanMetrics metrics(PlanState s, Scenario sc) {
    List<Decision> ds = new ArrayList<>(s.decisions().values());
    return PlanMetrics.of(s.plan(), sc.reservations(), ds);
  }

  private void show(CompareResult r) {
    result.set(r);
    List<CompareResult.Run> runs = r.runs();
    rows.setAll(
        row("accepted", runs, x -> Integer.toString(x.metrics().accepted())),
        row("rejected", runs, x -> Integer.toString(x.metrics().rejected())),
        row("acceptance", runs, x -> pct(x.metrics().acceptance())),
        row("weighted acceptance", runs, x -> pct(x.metrics().weightedAcceptance())),
        row("preemption", runs, x -> num(x.metrics().preemption())),
        row("uniformity", runs, x -> num(x.metrics().uniformity())),
        row("runtime (ms)", runs, x -> Long.toString(x.state().runtimeMs())));
    ws.setStatus(
        "Compared " + String.join(", ", runs.stream().map(CompareResult.Run::label).toList()));
  }

  private static MetricRow row(
      String metric, List<CompareResult.Run> runs, Function<CompareResult.Run, String> f) {
    return new MetricRow(metric, runs.stream().map(f).toList());
  }

  static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f%%", v * 100);
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  public void cancel() {
    if (handle != null) handle.cancel();
  }

  public ObservableList<String> planners() {
    return planners;
  }

  public StringProperty plannerAProperty() {
    return plannerA;
  }

  /** Planners of the further runs (C, D, …); edit the list to add or remove runs. */
  public ObservableList<String> morePlanners() {
    return morePlanners;
  }

  public StringProperty plannerBProperty() {
    return plannerB;
  }

  public StringProperty policyTextProperty() {
    return policyText;
  }

  public ObjectProperty<Path> otherScenarioProperty() {
    return otherScenario;
  }

  public ReadOnlyObjectProperty<CompareResult> resultProperty() {
    return result.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  public ObservableList<MetricRow> rows() {
    return FXCollections.unmodifiableObservableList(rows);
  }
}
