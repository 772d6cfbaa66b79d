package io.rayon.app.compare;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.plan.PlanDataMapper;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.views.plan.PlanData;
import io.rayon.views.plan.PlanDiff;
import io.rayon.views.plan.PlanSkylineView;
import io.rayon.views.validation.FieldValidation;
import java.util.ArrayList;
import java.util.List;
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
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
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
  private final Runnable chooseOther;
  private final FieldValidation validation = new FieldValidation();

  public CompareTab(WorkspaceViewModel ws, CompareViewModel vm, DialogService dialogs) {
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
    validation.check(policy, text -> {
      try {
        SharingPolicySpec.parse(text);
        return null;
      } catch (IllegalArgumentException e) {
        return e.getMessage();
      }
    });
    Button other = new Button("Other version…");
    other.setId("compare-other");
    chooseOther = () -> dialogs.chooseFileToOpen("Scenario version for run B", List.of(FileType.SCENARIO)).ifPresent(vm.otherScenarioProperty()::set);
    other.setOnAction(e -> chooseOther.run());
    Button same = new Button("Same scenario");
    same.setOnAction(e -> vm.otherScenarioProperty().set(null));
    same.disableProperty().bind(vm.otherScenarioProperty().isNull());
    Label otherLabel = new Label();
    otherLabel.textProperty().bind(Bindings.createStringBinding(
        () -> vm.otherScenarioProperty().get() == null ? "" : "B runs " + vm.otherScenarioProperty().get().getFileName(),
        vm.otherScenarioProperty()));
    Button run = new Button("Compare");
    run.setId("compare-run");
    run.setOnAction(e -> vm.run());
    run.disableProperty().bind(vm.runningProperty());
    Button cancel = new Button("Cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    ToolBar bar = new ToolBar(new Label("A"), a, new Label("B"), b, new Label("Policy"), policy);
    ToolBar actions = new ToolBar(other, same, otherLabel, run, cancel);
    Label problem = new Label();
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    metrics.setId("compare-metrics");
    metrics.setPlaceholder(new Label("Choose two planners (or another version of the scenario) and press Compare"));
    metrics.getColumns().add(col("Metric", 140, CompareViewModel.MetricRow::metric));
    TableColumn<CompareViewModel.MetricRow, String> ca = col("A", 80, CompareViewModel.MetricRow::a);
    TableColumn<CompareViewModel.MetricRow, String> cb = col("B", 80, CompareViewModel.MetricRow::b);
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
    diff.getSelectionModel().selectedItemProperty().addListener((o, x, y) -> {
      if (y != null) ws.selectionProperty().set(Selection.reservation(y.id()));
    });

    vm.resultProperty().addListener((o, x, r) -> show(r));
    ws.selectionProperty().addListener((o, x, s) -> {
      String id = s != null && s.kind() == Selection.Kind.RESERVATION ? s.id() : null;
      viewA.setSelectedReservation(id);
      viewB.setSelectedReservation(id);
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
    VBox right = new VBox(4, labelA, viewA, labelB, viewB);
    VBox.setVgrow(viewA, Priority.ALWAYS);
    VBox.setVgrow(viewB, Priority.ALWAYS);
    right.setPadding(new Insets(4));
    SplitPane split = new SplitPane(left, right);
    split.setOrientation(Orientation.HORIZONTAL);
    split.setDividerPositions(0.38);
    root.setTop(new VBox(bar, actions, problem));
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
      return;
    }
    PlanData a = PlanDataMapper.of(r.a(), ws.getScenario());
    PlanData b = PlanDataMapper.of(r.b(), ws.getScenario());
    PlanDiff d = PlanDiff.of(a, b);
    Map<String, PlanDiff.Kind> kinds = d.kinds();
    Function<String, Color> colour = id -> {
      PlanDiff.Kind k = kinds.get(id);
      if (k == null) return SAME;
      return switch (k) {
        case ONLY_IN_A -> ONLY_A;
        case ONLY_IN_B -> ONLY_B;
        case MOVED -> MOVED;
        case UNCHANGED -> SAME;
      };
    };
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
  public List<io.rayon.app.workspace.ChartSource> charts() {
    return List.of(new io.rayon.app.workspace.ChartSource("Plan A", viewA), new io.rayon.app.workspace.ChartSource("Plan B", viewB));
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Plan", "Co_mpare planners", "Shortcut+Shift+C", vm::run).disabledWhen(vm.runningProperty()),
        AppCommand.of("Plan", "Compare with another _version of the scenario…", "Shortcut+Shift+V", chooseOther),
        AppCommand.of("Plan", "Compare on the _same scenario", null, () -> vm.otherScenarioProperty().set(null)),
        AppCommand.of("Plan", "Cancel comparison", null, vm::cancel).disabledWhen(vm.runningProperty().not()));
  }

  @Override
  public void dispose() {
    vm.cancel();
  }
}
