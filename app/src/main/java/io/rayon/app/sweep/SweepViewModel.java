package io.rayon.app.sweep;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.schedulers.Schedulers;
import io.rayon.engine.sweep.Sweep;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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

/**
 * The Sweep tab's state: up to two swept parameters (name and comma-separated values, {@code |}
 * when values contain commas), the metric and the number of seeds; a run plans or simulates the
 * open scenario for every combination on every core ({@link Sweep#runAll}) in the background, and
 * leaves the per-combination summary (best first) and every run.
 */
public final class SweepViewModel {
  /** A finished sweep: the sweep, every run, and the summary per combination. */
  public record Result(Sweep sweep, List<Sweep.Row> rows, List<Sweep.Summary> summary) {}

  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final StringProperty param1 = new SimpleStringProperty(this, "param1", "planner");
  private final StringProperty values1 = new SimpleStringProperty(this, "values1", "");
  private final StringProperty param2 = new SimpleStringProperty(this, "param2", "");
  private final StringProperty values2 = new SimpleStringProperty(this, "values2", "");
  private final StringProperty metric = new SimpleStringProperty(this, "metric", "acceptance");
  private final IntegerProperty seeds = new SimpleIntegerProperty(this, "seeds", 1);
  private final ReadOnlyObjectWrapper<Result> result = new ReadOnlyObjectWrapper<>(this, "result");
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ObservableList<String> parameterNames = FXCollections.observableArrayList();
  private final ObservableList<String> metrics = FXCollections.observableArrayList();
  private TaskHandle handle;
  private long runId;

  public SweepViewModel(WorkspaceViewModel ws, TaskExecutor executor) {
    this.ws = ws;
    this.executor = executor;
    Set<String> names = new LinkedHashSet<>(List.of("planner", "policy", "scheduler", "requests"));
    for (String p : Planners.names())
      for (OptionSpec o : Planners.plugin(p).options()) names.add(o.name());
    for (String s : Schedulers.names())
      for (OptionSpec o : Schedulers.plugin(s).options()) names.add(o.name());
    parameterNames.setAll(names);
    metrics.setAll(Sweep.PLAN_METRICS);
    metrics.addAll(Sweep.SIMULATION_METRICS);
    values1.set(
        String.join(
            ",",
            Planners.names().stream()
                .filter(n -> !n.equals("milp") && !n.equals("hybrid"))
                .toList()));
    ws.loadsProperty().addListener((o, a, b) -> reset());
  }

  private void reset() {
    runId++;
    if (handle != null) handle.cancel();
    running.set(false);
    result.set(null);
    problem.set("");
  }

  /** The parameters as the sweep reads them; a blank second name means one parameter. */
  List<Sweep.Param> params() {
    List<Sweep.Param> out = new ArrayList<>();
    out.add(param(param1.get(), values1.get(), "first"));
    if (param2.get() != null && !param2.get().isBlank())
      out.add(param(param2.get(), values2.get(), "second"));
    return out;
  }

  private static Sweep.Param param(String name, String values, String which) {
    if (name == null || name.isBlank())
      throw new IllegalArgumentException("the " + which + " parameter needs a name");
    if (values == null || values.isBlank()) {
      throw new IllegalArgumentException(
          "parameter "
              + name.trim()
              + " needs values, e.g. 0.1,0.2 (| between values with commas)");
    }
    return Sweep.Param.parse(name.trim() + "=" + values.trim());
  }

  /** Checks the settings on the JavaFX thread (cheap) and starts the runs in the background. */
  public void run() {
    Scenario scenario = ws.getScenario();
    Sweep sweep;
    try {
      sweep = Sweep.of(scenario, params(), seeds.get(), metric.get(), null);
    } catch (IllegalArgumentException | ArithmeticException e) {
      problem.set(e.getMessage());
      return;
    }
    problem.set("");
    if (handle != null) handle.cancel();
    long id = ++runId;
    running.set(true);
    int threads = Runtime.getRuntime().availableProcessors();
    String m = metric.get();
    handle =
        executor.execute(
            BackgroundTask.of(
                    "Sweep of " + ws.documentName() + " (" + sweep.points().size() + " runs)",
                    (p, c) -> {
                      List<Sweep.Row> rows = sweep.runAll(threads, p, c);
                      return new Result(sweep, rows, Sweep.summarize(rows, m));
                    })
                .onSuccess(
                    r -> {
                      if (id != runId) return;
                      running.set(false);
                      result.set(r);
                      ws.setStatus(
                          "Sweep finished: "
                              + r.rows().size()
                              + " runs, best "
                              + m
                              + " "
                              + (r.summary().isEmpty()
                                  ? "-"
                                  : Sweep.number(r.summary().get(0).mean())));
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      running.set(false);
                      problem.set("Sweep failed: " + e.getMessage());
                    })
                .onCancelled(
                    () -> {
                      if (id == runId) running.set(false);
                    }));
  }

  /** The open document's name, as the window's title shows it. */
  public String documentName() {
    return ws.documentName();
  }

  /** The open scenario. */
  public Scenario scenario() {
    return ws.getScenario();
  }

  public void cancel() {
    if (handle != null) handle.cancel();
  }

  /** Every run of the last sweep as CSV, or null when there is none. */
  public String csv() {
    Result r = result.get();
    return r == null ? null : r.sweep().csv(r.rows());
  }

  public StringProperty param1Property() {
    return param1;
  }

  public StringProperty values1Property() {
    return values1;
  }

  public StringProperty param2Property() {
    return param2;
  }

  public StringProperty values2Property() {
    return values2;
  }

  public StringProperty metricProperty() {
    return metric;
  }

  public IntegerProperty seedsProperty() {
    return seeds;
  }

  public ObservableList<String> parameterNames() {
    return parameterNames;
  }

  public ObservableList<String> metrics() {
    return metrics;
  }

  public ReadOnlyObjectProperty<Result> resultProperty() {
    return result.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }
}
