package io.rayon.app.federation;

import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.BackgroundWork;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.engine.federation.Federation;
import io.rayon.engine.federation.FederationGenerator;
import io.rayon.engine.federation.FederationRun;
import io.rayon.engine.federation.FederationTimeline;
import io.rayon.engine.federation.Routing;
import io.rayon.engine.federation.SharePolicies;
import io.rayon.engine.federation.SharePolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.federation.FederationIO;
import io.rayon.model.federation.FederationSetup;
import io.rayon.model.io.FormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

/**
 * The Federation view's state: a setup (opened or generated), every share policy decided round by
 * round on it (off the JavaFX thread, with progress and cancel), the policy and round shown, and
 * the cell picked in the sub-clusters × queues matrix. Properties change on the JavaFX thread only.
 */
public final class FederationViewModel {
  /** At most this many leaf queues are drawn: those with the most demand. */
  public static final int MAX_ROWS = 60;

  private final TaskExecutor executor;
  private final ReadOnlyObjectWrapper<FederationSetup> setup =
      new ReadOnlyObjectWrapper<>(this, "setup");
  private final ReadOnlyObjectWrapper<FederationTimeline.Result> result =
      new ReadOnlyObjectWrapper<>(this, "result");
  private final StringProperty policy = new SimpleStringProperty(this, "policy", "gif");
  private final IntegerProperty round = new SimpleIntegerProperty(this, "round", 0);
  private final ObjectProperty<int[]> cell = new SimpleObjectProperty<>(this, "cell");
  private final ReadOnlyStringWrapper summary =
      new ReadOnlyStringWrapper(this, "summary", "Open a federation setup or generate one.");
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyStringWrapper cellDetail =
      new ReadOnlyStringWrapper(this, "cellDetail", "");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
  private TaskHandle handle;
  private long runId;

  public FederationViewModel(TaskExecutor executor) {
    this.executor = executor;
    policy.addListener((o, a, b) -> updateCell());
    round.addListener((o, a, b) -> updateCell());
    cell.addListener((o, a, b) -> updateCell());
  }

  /** Reads a setup file off the JavaFX thread, then runs every policy on it. */
  public void open(Path file) {
    start(
        "Open federation setup",
        (p, c) -> {
          FederationSetup s = FederationIO.read(file);
          return new Loaded(s, decide(s, p, c));
        },
        "Reading " + file.getFileName() + "…");
  }

  /** Generates a seeded setup off the JavaFX thread, then runs every policy on it. */
  public void generate(FederationGenerator.Params params) {
    start(
        "Generate federation",
        (p, c) -> {
          FederationSetup s = FederationGenerator.generate(params);
          return new Loaded(s, decide(s, p, c));
        },
        "Generating "
            + params.subClusters()
            + " sub-clusters, "
            + params.nodes()
            + " nodes, "
            + params.queues()
            + " queues…");
  }

  /** Decides again on the current setup (after a change of routing, for example). */
  public void rerun() {
    FederationSetup s = setup.get();
    if (s == null) return;
    start("Federation policies", (p, c) -> new Loaded(s, decide(s, p, c)), "Deciding…");
  }

  private record Loaded(FederationSetup setup, FederationTimeline.Result result) {}

  private static FederationTimeline.Result decide(
      FederationSetup s, ProgressListener p, CancellationToken c) {
    Map<String, SharePolicy> policies = new LinkedHashMap<>();
    for (String n : SharePolicies.REGISTRY.names()) policies.put(n, SharePolicies.create(n));
    // the app layer measures decision time with the wall clock; the engine only sees a ticker
    return FederationTimeline.run(
        s, Routing.DEFAULT, policies, Federation.rounds(s), System::nanoTime, p, c);
  }

  private void start(String title, BackgroundWork<Loaded> work, String message) {
    if (handle != null) handle.cancel();
    long id = ++runId;
    running.set(true);
    problem.set("");
    summary.set(message);
    handle =
        executor.execute(
            BackgroundTask.of(title, work)
                .onSuccess(
                    l -> {
                      if (id != runId) return;
                      running.set(false);
                      setup.set(l.setup());
                      result.set(l.result());
                      round.set(0);
                      cell.set(null);
                      summary.set(describe(l.setup(), l.result()));
                      updateCell();
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      running.set(false);
                      problem.set(
                          e instanceof FormatException || e instanceof IllegalArgumentException
                              ? e.getMessage()
                              : "Federation run failed: " + e);
                      summary.set("");
                    })
                .onCancelled(
                    () -> {
                      if (id != runId) return;
                      running.set(false);
                      summary.set("Cancelled.");
                    }));
    progress.unbind();
    progress.bind(handle.progressProperty());
  }

  /** The running task's progress, 0 to 1 (-1 when unknown). */
  public ReadOnlyDoubleProperty progressProperty() {
    return progress.getReadOnlyProperty();
  }

  public void cancel() {
    if (handle != null) handle.cancel();
  }

  static String describe(FederationSetup s, FederationTimeline.Result r) {
    Federation f = r.rounds().get(0).federation();
    return String.format(
        Locale.ROOT,
        "%s: %d sub-clusters, %,d nodes, %,d containers, %,d queues (%,d leaves), %,d jobs, %d round%s",
        s.name(),
        f.subClusterCount(),
        f.nodeCount(),
        f.totalCapacity(),
        f.tree().size(),
        f.tree().leafCount(),
        s.jobs().size(),
        r.rounds().size(),
        r.rounds().size() == 1 ? "" : "s");
  }

  /** The round shown, within the result. */
  public FederationTimeline.Round shownRound() {
    FederationTimeline.Result r = result.get();
    if (r == null) return null;
    return r.rounds().get(Math.max(0, Math.min(round.get(), r.rounds().size() - 1)));
  }

  /** The outcome of the chosen policy in the round shown. */
  public FederationRun.Outcome shownOutcome() {
    FederationTimeline.Round r = shownRound();
    return r == null ? null : r.outcomes().get(policy.get());
  }

  /**
   * Leaf indices drawn as rows: the {@value #MAX_ROWS} with the most total demand over all rounds,
   * in queue order.
   */
  public int[] rows() {
    FederationTimeline.Result r = result.get();
    if (r == null) return new int[0];
    Federation f = r.rounds().get(0).federation();
    int leaves = f.tree().leafCount();
    double[] d = new double[leaves];
    for (FederationTimeline.Round round : r.rounds())
      for (int q = 0; q < leaves; q++) d[q] += round.federation().leafDemand(q);
    Integer[] idx = new Integer[leaves];
    for (int q = 0; q < leaves; q++) idx[q] = q;
    Arrays.sort(idx, (a, b) -> Double.compare(d[b], d[a]));
    int n = Math.min(MAX_ROWS, leaves);
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) rows[i] = idx[i];
    Arrays.sort(rows);
    return rows;
  }

  /** The shown policy's placed containers of a leaf in a sub-cluster in the round shown. */
  public long allocation(int leaf, int sc) {
    FederationRun.Outcome o = shownOutcome();
    return o == null ? 0 : o.placement().placed()[leaf][sc];
  }

  /**
   * Picks a matrix cell: {@code leaf} and sub-cluster indices; its detail appears in {@link
   * #cellDetailProperty}.
   */
  public void select(int leaf, int sc) {
    cell.set(new int[] {leaf, sc});
  }

  private void updateCell() {
    int[] c = cell.get();
    FederationTimeline.Round r = shownRound();
    if (c == null || r == null) {
      cellDetail.set("");
      return;
    }
    Federation f = r.federation();
    int q = c[0];
    int j = c[1];
    FederationRun.Outcome o = r.outcomes().get(policy.get());
    double guarantee = f.tree().leafGuaranteedFraction(q) * f.capacity(j);
    cellDetail.set(
        String.format(
            Locale.ROOT,
            "%s in %s, round %d, %s: demand %.0f containers, guarantee %.1f (%.3f%% of the sub-cluster), share %.1f, allocation %d%s",
            f.tree().leafName(q),
            f.subClusterName(j),
            r.round(),
            policy.get(),
            f.demand(q, j),
            guarantee,
            100 * f.tree().leafGuaranteedFraction(q),
            o.shares()[q][j],
            o.placement().placed()[q][j],
            f.isDown(j) ? " (RM down)" : ""));
  }

  /** One row per policy for the round shown and the mean over rounds. */
  public List<PolicyRow> policyRows() {
    List<PolicyRow> rows = new ArrayList<>();
    FederationTimeline.Result r = result.get();
    FederationTimeline.Round shown = shownRound();
    if (r == null) return rows;
    for (var e : r.summary().entrySet()) {
      var m = shown.outcomes().get(e.getKey()).metrics();
      var s = e.getValue();
      rows.add(
          new PolicyRow(
              e.getKey(),
              m.utilization(),
              m.fairnessErrorPct(),
              s.utilization(),
              s.fairnessErrorPct(),
              s.nodeLocal(),
              s.rackLocal(),
              s.runtimeMs()));
    }
    return rows;
  }

  /** A row of the comparison table: the round shown, then means over rounds. */
  public record PolicyRow(
      String policy,
      double utilization,
      double fairnessErrorPct,
      double meanUtilization,
      double meanFairnessErrorPct,
      double nodeLocal,
      double rackLocal,
      double runtimeMs) {}

  public ReadOnlyObjectProperty<FederationSetup> setupProperty() {
    return setup.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<FederationTimeline.Result> resultProperty() {
    return result.getReadOnlyProperty();
  }

  public StringProperty policyProperty() {
    return policy;
  }

  public IntegerProperty roundProperty() {
    return round;
  }

  public ReadOnlyStringProperty summaryProperty() {
    return summary.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty cellDetailProperty() {
    return cellDetail.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  public int roundCount() {
    FederationTimeline.Result r = result.get();
    return r == null ? 0 : r.rounds().size();
  }
}
