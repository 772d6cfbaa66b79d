package io.rayon.app.compare;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.plan.PlanDataMapper;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.io.AtomicFiles;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.plan.PlanData;
import io.rayon.views.plan.PlanDiff;
import io.rayon.views.plan.PlanSkylineView;
import io.rayon.views.validation.FieldValidation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The Compare tab: two runs side by side — the metrics table, the plan diff as a list (accepted by
 * one only, moved) and the two skylines coloured by kind of difference.
 */
public final class CompareTab implements WorkspaceTab {
  /** A row of the diff list. */
  public record DiffRow(String id, String kind) {}

  static final Color ONLY_A = Color.web("#e67e22");
  static final Color ONLY_B = Color.web("#2e86de");
  static final Color MOVED = Color.web("#8e44ad");
  static final Color SAME = Color.web("#95a5a6");

  private final WorkspaceViewModel ws;
  private final CompareViewModel vm;
  private final BorderPane root = new BorderPane();
  private final PlanSkylineView viewA = new PlanSkylineView();
  private final PlanSkylineView viewB = new PlanSkylineView();
  private final TableView<CompareViewModel.MetricRow> metrics = new TableView<>();
  private final TableView<DiffRow> diff = new TableView<>();
  private final Label diffSummary = new Label();
  private final Label labelA = new Label("A");
  private final Label labelB = new Label("B");
  private final VBox moreSkylines = new VBox(4);
  private final List<PlanSkylineView> moreViews = new ArrayList<>();
  private final Runnable chooseOther;
  private final FieldValidation validation = new FieldValidation();

  public CompareTab(WorkspaceViewModel ws, CompareViewModel vm, DialogService dialogs) {
    this(ws, vm, dialogs, null);
  }

  /**
   * @param executor where the HTML report is written (null: the report button writes on the spot)
   */
  public CompareTab(
      WorkspaceViewModel ws, CompareViewModel vm, DialogService dialogs, TaskExecutor executor) {
    this.ws = ws;
    this.vm = vm;
    ComboBox<String> a = new ComboBox<>(vm.planners());
    a.setId("compare-planner-a");
    a.valueProperty().bindBidirectional(vm.plannerAProperty());
    ComboBox<String> b = new ComboBox<>(vm.planners());
    b.setId("compare-planner-b");
    b.valueProperty().bindBidirectional(vm.plannerBProperty());
    b.disableProperty().bind(vm.otherScenarioProperty().isNotNull());
    TextField policy = new TextField();
    policy.setId("compare-policy");
    policy.setPrefColumnCount(16);
    policy.textProperty().bindBidirectional(vm.policyTextProperty());
    validation.check(
        policy,
        text -> {
          try {
            SharingPolicySpec.parse(text);
            return null;
          } catch (IllegalArgumentException e) {
            return e.getMessage();
          }
        });
    Button other = new Button("Other version…");
    other.setId("compare-other");
    chooseOther =
        () ->
            dialogs
                .chooseFileToOpen("Scenario version for run B", List.of(FileType.SCENARIO))
                .ifPresent(vm.otherScenarioProperty()::set);
    other.setOnAction(e -> chooseOther.run());
    Button same = new Button("Same scenario");
    same.setOnAction(e -> vm.otherScenarioProperty().set(null));
    same.disableProperty().bind(vm.otherScenarioProperty().isNull());
    Label otherLabel = new Label();
    otherLabel
        .textProperty()
        .bind(
            Bindings.createStringBinding(
                () ->
                    vm.otherScenarioProperty().get() == null
                        ? ""
                        : "B runs " + vm.otherScenarioProperty().get().getFileName(),
                vm.otherScenarioProperty()));
    Button run = new Button("Compare");
    run.setId("compare-run");
    run.setOnAction(e -> vm.run());
    run.disableProperty().bind(vm.runningProperty());
    Button cancel = new Button("Cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    ToolBar bar = new ToolBar(new Label("A"), a, new Label("B"), b, new Label("Policy"), policy);
    ComboBox<String> addPlanner = new ComboBox<>(vm.planners());
    addPlanner.setId("compare-add-planner");
    addPlanner.setValue(vm.planners().isEmpty() ? null : vm.planners().get(0));
    Button add = new Button("Add run");
    add.setId("compare-add-run");
    add.setTooltip(
        new Tooltip(
            "Another planner on the open scenario as run C, D, …: its metrics join the table, its plan the skylines"));
    add.setOnAction(
        e -> {
          if (addPlanner.getValue() != null) vm.morePlanners().add(addPlanner.getValue());
        });
    add.disableProperty().bind(vm.runningProperty());
    Label moreLabel = new Label();
    moreLabel.setId("compare-more-label");
    moreLabel
        .textProperty()
        .bind(
            Bindings.createStringBinding(
                () -> {
                  List<String> parts = new ArrayList<>();
                  for (int i = 0; i < vm.morePlanners().size(); i++)
                    parts.add(CompareResult.letter(i + 2) + ": " + vm.morePlanners().get(i));
                  return String.join(", ", parts);
                },
                vm.morePlanners()));
    Button clear = new Button("Remove added runs");
    clear.setId("compare-clear-runs");
    clear.setOnAction(e -> vm.morePlanners().clear());
    clear.disableProperty().bind(Bindings.isEmpty(vm.morePlanners()).or(vm.runningProperty()));
    Button report = new Button("HTML report…");
    report.setId("compare-report");
    report.disableProperty().bind(vm.resultProperty().isNull());
    report.setOnAction(e -> exportReport(dialogs, executor));
    ToolBar actions = new ToolBar(other, same, otherLabel, run, cancel, report);
    ToolBar moreBar = new ToolBar(new Label("More runs"), addPlanner, add, clear, moreLabel);
    Label problem = new Label();
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    metrics.setId("compare-metrics");
    metrics.setPlaceholder(
        new Label("Choose two planners (or another version of the scenario) and press Compare"));
    metrics.getColumns().add(col("Metric", 140, CompareViewModel.MetricRow::metric));
    TableColumn<CompareViewModel.MetricRow, String> ca =
        col("A", 80, CompareViewModel.MetricRow::a);
    TableColumn<CompareViewModel.MetricRow, String> cb =
        col("B", 80, CompareViewModel.MetricRow::b);
    metrics.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    diff.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    metrics.getColumns().add(ca);
    metrics.getColumns().add(cb);
    metrics.setItems(vm.rows());
    metrics.setPrefHeight(215);
    metrics.setMinHeight(215);

    diff.setId("compare-diff");
    diff.setPlaceholder(new Label("No differences yet"));
    diff.getColumns().add(col("Reservation", 120, DiffRow::id));
    diff.getColumns().add(col("Difference", 160, DiffRow::kind));
    diff.getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, x, y) -> {
              if (y != null) ws.selectionProperty().set(Selection.reservation(y.id()));
            });

    vm.resultProperty().addListener((o, x, r) -> show(r));
    ws.selectionProperty()
        .addListener(
            (o, x, s) -> {
              String id = s != null && s.kind() == Selection.Kind.RESERVATION ? s.id() : null;
              viewA.setSelectedReservation(id);
              viewB.setSelectedReservation(id);
              for (PlanSkylineView v : moreViews) v.setSelectedReservation(id);
            });
    viewA.setId("compare-skyline-a");
    viewB.setId("compare-skyline-b");
    viewA.rejectedPanelVisibleProperty().set(false);
    viewB.rejectedPanelVisibleProperty().set(false);
    viewA.visibleStartProperty().bindBidirectional(viewB.visibleStartProperty());
    viewA.visibleEndProperty().bindBidirectional(viewB.visibleEndProperty());

    VBox left = new VBox(6, title("Metrics"), metrics, title("Plan diff"), diffSummary, diff);
    VBox.setVgrow(diff, Priority.ALWAYS);
    left.setPadding(new Insets(4));
    moreSkylines.setId("compare-more-skylines");
    VBox right = new VBox(4, labelA, viewA, labelB, viewB, moreSkylines);
    VBox.setVgrow(viewA, Priority.ALWAYS);
    VBox.setVgrow(viewB, Priority.ALWAYS);
    VBox.setVgrow(moreSkylines, Priority.ALWAYS);
    viewA.setMinHeight(140);
    viewB.setMinHeight(140);
    right.setPadding(new Insets(4));
    ScrollPane rightScroll = new ScrollPane(right);
    rightScroll.setFitToWidth(true);
    rightScroll.setFitToHeight(true);
    rightScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
    SplitPane split = new SplitPane(left, rightScroll);
    split.setOrientation(Orientation.HORIZONTAL);
    split.setDividerPositions(0.38);
    root.setTop(new VBox(bar, actions, moreBar, problem));
    root.setCenter(split);
    root.setId("compare-tab");
  }

  private static Label title(String s) {
    Label l = new Label(s);
    l.getStyleClass().add("section-title");
    return l;
  }

  private static <R> TableColumn<R, String> col(String title, double w, Function<R, String> f) {
    TableColumn<R, String> c = new TableColumn<>(title);
    c.setPrefWidth(w);
    c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
    return c;
  }

  private void show(CompareResult r) {
    if (r == null) {
      viewA.setPlan(PlanData.empty());
      viewB.setPlan(PlanData.empty());
      diff.getItems().clear();
      diffSummary.setText("");
      labelA.setText("A");
      labelB.setText("B");
      setRunColumns(2);
      showMore(List.of(), null, null);
      return;
    }
    PlanData a = PlanDataMapper.of(r.a(), ws.getScenario());
    PlanData b = PlanDataMapper.of(r.b(), ws.getScenario());
    PlanDiff d = PlanDiff.of(a, b);
    Map<String, PlanDiff.Kind> kinds = d.kinds();
    Function<String, Color> colour = diffColours(kinds);
    viewA.setColorFunction(colour);
    viewB.setColorFunction(colour);
    viewA.setPlan(a);
    viewB.setPlan(b);
    labelA.setText("A: " + r.labelA() + " (orange: accepted by A only, purple: moved, grey: same)");
    labelB.setText("B: " + r.labelB() + " (blue: accepted by B only, purple: moved, grey: same)");
    diffSummary.setText(d.summary());
    List<DiffRow> rows = new ArrayList<>();
    for (String id : d.onlyInA()) rows.add(new DiffRow(id, "accepted by A only"));
    for (String id : d.onlyInB()) rows.add(new DiffRow(id, "accepted by B only"));
    for (String id : d.moved()) rows.add(new DiffRow(id, "moved"));
    diff.getItems().setAll(rows);
    setRunColumns(r.runs().size());
    showMore(r.more(), a, colour);
  }

  /** Each reservation's colour by how its plan differs between the two runs compared. */
  private static Function<String, Color> diffColours(Map<String, PlanDiff.Kind> kinds) {
    return id -> {
      PlanDiff.Kind k = kinds.get(id);
      if (k == null) return SAME;
      return switch (k) {
        case ONLY_IN_A -> ONLY_A;
        case ONLY_IN_B -> ONLY_B;
        case MOVED -> MOVED;
        case UNCHANGED -> SAME;
      };
    };
  }

  /** The metrics table's value columns: one per run, headed A, B, C, … */
  private void setRunColumns(int n) {
    metrics.getColumns().remove(1, metrics.getColumns().size());
    for (int i = 0; i < n; i++) {
      int k = i;
      metrics
          .getColumns()
          .add(
              col(
                  CompareResult.letter(i),
                  80,
                  row -> k < row.values().size() ? row.values().get(k) : ""));
    }
  }

  /** One skyline per further run, on A's time window, coloured by its difference from A. */
  private void showMore(List<CompareResult.Run> more, PlanData a, Function<String, Color> colourA) {
    for (PlanSkylineView v : moreViews) {
      v.visibleStartProperty().unbindBidirectional(viewA.visibleStartProperty());
      v.visibleEndProperty().unbindBidirectional(viewA.visibleEndProperty());
    }
    moreViews.clear();
    moreSkylines.getChildren().clear();
    for (int i = 0; i < more.size(); i++) {
      CompareResult.Run run = more.get(i);
      PlanData data = PlanDataMapper.of(run.state(), ws.getScenario());
      Map<String, PlanDiff.Kind> kinds = PlanDiff.of(a, data).kinds();
      PlanSkylineView v = new PlanSkylineView();
      v.setId("compare-skyline-" + CompareResult.letter(i + 2).toLowerCase(Locale.ROOT));
      v.rejectedPanelVisibleProperty().set(false);
      v.setMinHeight(140);
      v.setColorFunction(diffColours(kinds));
      v.setPlan(data);
      v.visibleStartProperty().bindBidirectional(viewA.visibleStartProperty());
      v.visibleEndProperty().bindBidirectional(viewA.visibleEndProperty());
      v.setSelectedReservation(viewA.getSelectedReservation());
      Label l =
          new Label(
              CompareResult.letter(i + 2)
                  + ": "
                  + run.label()
                  + " (blue: accepted here and not by A, purple: moved from A, grey: same)");
      moreSkylines.getChildren().addAll(l, v);
      VBox.setVgrow(v, Priority.ALWAYS);
      moreViews.add(v);
    }
  }

  private void exportReport(DialogService dialogs, TaskExecutor executor) {
    CompareResult r = vm.resultProperty().get();
    if (r == null) return;
    // drawn here, on the JavaFX thread (the skylines are controls); written in the background
    List<String> svgs = new ArrayList<>();
    List<PlanSkylineView> views = new ArrayList<>(List.of(viewA, viewB));
    views.addAll(moreViews);
    for (PlanSkylineView v : views) svgs.add(ChartExport.svg(v, 900, 260));
    String html =
        CompareReport.html(
            ws.documentName(), ws.getScenario(), vm.policyTextProperty().get(), r, vm.rows(), svgs);
    dialogs
        .chooseFileToSave("Comparison report", "comparison-report.html", List.of(FileType.HTML))
        .ifPresent(
            path -> {
              if (executor == null) {
                write(dialogs, path, html);
                return;
              }
              executor.execute(
                  BackgroundTask.of(
                          "Export " + path.getFileName(),
                          (p, c) -> {
                            AtomicFiles.writeString(path, html);
                            return path;
                          })
                      .onFailure(
                          x -> dialogs.showError("Export failed", path + ": " + x.getMessage())));
            });
  }

  private static void write(DialogService dialogs, Path path, String html) {
    try {
      AtomicFiles.writeString(path, html);
    } catch (IOException x) {
      dialogs.showError("Export failed", path + ": " + x.getMessage());
    }
  }

  public PlanSkylineView skylineA() {
    return viewA;
  }

  @Override
  public String id() {
    return "compare";
  }

  @Override
  public String title() {
    return "Compare";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public List<ChartSource> charts() {
    List<ChartSource> out = new ArrayList<>();
    out.add(new ChartSource("Plan A", viewA));
    out.add(new ChartSource("Plan B", viewB));
    for (int i = 0; i < moreViews.size(); i++) {
      out.add(new ChartSource("Plan " + CompareResult.letter(i + 2), moreViews.get(i)));
    }
    return out;
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Plan", "Co_mpare planners", "Shortcut+Shift+C", vm::run)
            .disabledWhen(vm.runningProperty()),
        AppCommand.of(
            "Plan",
            "Compare with another _version of the scenario…",
            "Shortcut+Shift+V",
            chooseOther),
        AppCommand.of(
            "Plan",
            "Compare on the _same scenario",
            null,
            () -> vm.otherScenarioProperty().set(null)),
        AppCommand.of("Plan", "Cancel comparison", null, vm::cancel)
            .disabledWhen(vm.runningProperty().not()));
  }

  @Override
  public void dispose() {
    vm.cancel();
  }
}
