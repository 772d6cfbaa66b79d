package io.rayon.app.plan;

import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.views.plan.PlanGanttView;
import io.rayon.views.plan.PlanSkylineView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The Plan tab: planner and sharing-policy choice, place one / place pending / re-plan all /
 * cancel, the plan skyline, and the rejected reservations with why. When a run moved reservations
 * that were already placed to make room (bounded repair), a notice under the summary says which,
 * they are listed under "Moved to make room" and badged in the Gantt lanes and the explorer, until
 * the next plan. Selection is linked with the explorer both ways: a reservation selected anywhere
 * is highlighted in the skyline and in the list.
 */
public final class PlanTab implements WorkspaceTab {
  private final WorkspaceViewModel ws;
  private final PlanViewModel vm;
  private final PlanSkylineView skyline = new PlanSkylineView();
  private final PlanGanttView gantt = new PlanGanttView();
  private final TableView<PlanViewModel.RejectedRow> rejected = new TableView<>();
  private final TableView<PlanViewModel.MovedRow> movedTable = new TableView<>();

  /** A row of the "Moved to make room" list. */
  public static final PseudoClass MOVED = PseudoClass.getPseudoClass("moved");

  private final BorderPane root = new BorderPane();
  private boolean syncing;

  public PlanTab(WorkspaceViewModel ws, PlanViewModel vm) {
    this.ws = ws;
    this.vm = vm;
    ComboBox<String> planner = new ComboBox<>(vm.planners());
    planner.setId("planner-choice");
    planner.valueProperty().bindBidirectional(vm.plannerProperty());
    TextField policy = new TextField();
    policy.setId("policy-field");
    policy.setPrefColumnCount(22);
    policy.setPromptText("none | instantaneous:0.2 | capacity-over-time:0.2,0.05,24h");
    policy.textProperty().bindBidirectional(vm.policyTextProperty());
    Tooltip policyTip = new Tooltip();
    policyTip
        .textProperty()
        .bind(
            Bindings.when(vm.problemProperty().isEmpty())
                .then(
                    "Sharing policy: none, instantaneous:CAP or capacity-over-time:CAP,AVG,WINDOW")
                .otherwise(vm.problemProperty()));
    policy.setTooltip(policyTip);
    vm.problemProperty()
        .addListener(
            (o, a, b) -> {
              if (b.isEmpty()) policy.getStyleClass().remove("invalid");
              else if (!policy.getStyleClass().contains("invalid"))
                policy.getStyleClass().add("invalid");
            });
    Button one = button("Place selected", "place-selected", vm::placeSelected);
    Button pending = button("Place pending", "place-pending", vm::placePending);
    Button all = button("Re-plan all", "replan-all", vm::replanAll);
    Button cancel = button("Cancel", "cancel-planning", vm::cancel);
    cancel.disableProperty().bind(vm.runningProperty().not());
    TextField limit = new TextField();
    limit.setId("time-limit-field");
    limit.setPrefColumnCount(5);
    limit.textProperty().bindBidirectional(vm.timeLimitProperty());
    limit.setTooltip(
        new Tooltip(
            "Time limit for the whole run with milp and hybrid (30s, 2m, 1h); a model too large"
                + " for it is refused with the reason"));
    Label limitLabel = new Label("Time limit");
    var solver =
        Bindings.createBooleanBinding(
            () ->
                vm.plannerOptions().stream()
                    .anyMatch(o -> o.name().equals(PlanViewModel.TIME_LIMIT)),
            vm.plannerProperty());
    limit.visibleProperty().bind(solver);
    limit.managedProperty().bind(solver);
    limitLabel.visibleProperty().bind(solver);
    limitLabel.managedProperty().bind(solver);
    // the planner's options on rows of their own under the tool bar, so that none hides in the
    // tool bar's overflow menu; the first few always show, the rest (greel-plus has a dozen) fold
    // under a "More options" toggle that names how many of them differ from their defaults
    FlowPane shownOptions = new FlowPane(12, 4);
    shownOptions.setAlignment(Pos.CENTER_LEFT);
    FlowPane moreOptions = new FlowPane(12, 4);
    moreOptions.setId("planner-options-more");
    moreOptions.setAlignment(Pos.CENTER_LEFT);
    ToggleButton moreToggle = new ToggleButton();
    moreToggle.setId("more-options");
    moreToggle.setFocusTraversable(true);
    VBox optionControls = new VBox(4, shownOptions, moreOptions);
    optionControls.setId("planner-options");
    optionControls.setPadding(new Insets(2, 8, 2, 8));
    Runnable fill = () -> fillOptionControls(shownOptions, moreOptions, moreToggle);
    fill.run();
    vm.plannerProperty().addListener((o, a, b) -> fill.run());
    BooleanBinding showMore =
        moreToggle.selectedProperty().and(Bindings.isNotEmpty(moreOptions.getChildren()));
    moreOptions.visibleProperty().bind(showMore);
    moreOptions.managedProperty().bind(showMore);
    BooleanBinding hasOptions = Bindings.isNotEmpty(shownOptions.getChildren());
    optionControls.visibleProperty().bind(hasOptions);
    optionControls.managedProperty().bind(hasOptions);
    ToolBar bar =
        new ToolBar(new Label("Planner"), planner, limitLabel, limit, new Label("Policy"), policy);
    ComboBox<String> dimension = new ComboBox<>();
    dimension.setId("dimension-choice");
    dimension.setMinWidth(Region.USE_PREF_SIZE);
    dimension.setTooltip(new Tooltip("Resource dimension drawn by the skyline"));
    dimension.getItems().setAll(skyline.getPlan().dimensions());
    dimension.setValue(skyline.getDimension());
    skyline
        .planProperty()
        .addListener(
            (o, a, b) -> {
              String keep = skyline.getDimension();
              dimension.getItems().setAll(b.dimensions());
              if (!dimension.getItems().contains(keep)) keep = "memoryMB";
              skyline.setDimension(keep);
              dimension.setValue(keep);
            });
    dimension
        .valueProperty()
        .addListener(
            (o, a, b) -> {
              if (b != null && !b.equals(skyline.getDimension())) skyline.setDimension(b);
            });
    ToolBar actions = new ToolBar(one, pending, all, cancel, new Label("Show"), dimension);

    Label summary = new Label();
    summary.setId("plan-summary");
    summary.setTooltip(new Tooltip(MetricText.explanation()));
    summary
        .textProperty()
        .bind(
            Bindings.when(vm.progressProperty().isEmpty())
                .then(vm.summaryProperty())
                .otherwise(Bindings.concat(vm.summaryProperty(), "  ", vm.progressProperty())));
    Label warning = new Label();
    warning.setId("milp-warning");
    warning.setWrapText(true);
    warning.getStyleClass().add("validation-problem");
    warning.textProperty().bind(vm.warningProperty());
    Button hybrid = button("Re-plan with hybrid", "replan-hybrid", vm::replanWithHybrid);
    hybrid.disableProperty().bind(vm.runningProperty());
    HBox warningBox = new HBox(8, warning, hybrid);
    warningBox.setId("milp-warning-box");
    warningBox.setPadding(new Insets(2, 8, 2, 8));
    warningBox.visibleProperty().bind(vm.warningProperty().isNotEmpty());
    warningBox.managedProperty().bind(vm.warningProperty().isNotEmpty());
    Label movedNotice = new Label();
    movedNotice.setId("plan-moved-notice");
    movedNotice.setWrapText(true);
    movedNotice.getStyleClass().add("moved-notice");
    movedNotice.textProperty().bind(vm.movedNoticeProperty());
    HBox movedBox = new HBox(8, movedNotice);
    movedBox.setId("plan-moved-box");
    movedBox.setPadding(new Insets(2, 8, 2, 8));
    movedBox.visibleProperty().bind(vm.movedNoticeProperty().isNotEmpty());
    movedBox.managedProperty().bind(vm.movedNoticeProperty().isNotEmpty());
    Label problem = new Label();
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    skyline.setId("plan-skyline");
    skyline.rejectedPanelVisibleProperty().set(false);
    skyline.setReservationDetails(this::details);
    skyline.setPlan(PlanDataMapper.of(null, ws.getScenario()));
    vm.stateProperty()
        .addListener((o, a, b) -> skyline.setPlan(PlanDataMapper.of(b, ws.getScenario())));
    ws.scenarioProperty()
        .addListener(
            (o, a, b) -> {
              if (vm.getState() == null) skyline.setPlan(PlanDataMapper.empty(b));
            });

    rejected.setId("rejected-table");
    rejected.setPlaceholder(new Label("No rejected reservations"));
    rejected.getColumns().add(column("Reservation", 110, PlanViewModel.RejectedRow::id));
    rejected.getColumns().add(column("Name", 120, PlanViewModel.RejectedRow::name));
    rejected.getColumns().add(column("Code", 110, PlanViewModel.RejectedRow::code));
    TableColumn<PlanViewModel.RejectedRow, String> why =
        column("Why rejected", 520, PlanViewModel.RejectedRow::reason);
    why.setCellFactory(
        c -> {
          TableCell<PlanViewModel.RejectedRow, String> cell =
              new TableCell<>() {
                @Override
                protected void updateItem(String item, boolean empty) {
                  super.updateItem(item, empty);
                  setText(empty ? null : item);
                  setTooltip(empty || item == null ? null : new Tooltip(item));
                }
              };
          return cell;
        });
    rejected.getColumns().add(why);
    rejected.setItems(vm.rejected());
    rejected.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

    // the reservations the last run moved to make room (bounded repair), until the next plan
    movedTable.setId("moved-table");
    movedTable.getColumns().add(column("Reservation", 110, PlanViewModel.MovedRow::id));
    movedTable.getColumns().add(column("Name", 120, PlanViewModel.MovedRow::name));
    movedTable.getColumns().add(column("Was", 140, PlanViewModel.MovedRow::from));
    movedTable.getColumns().add(column("Now", 140, PlanViewModel.MovedRow::to));
    movedTable.setRowFactory(
        t ->
            new TableRow<>() {
              @Override
              protected void updateItem(PlanViewModel.MovedRow item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(MOVED, !empty && item != null);
              }
            });
    movedTable.setItems(vm.moved());
    movedTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    movedTable.setPrefHeight(110);
    movedTable
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (!syncing && b != null) ws.selectionProperty().set(Selection.reservation(b.id()));
            });
    gantt.badgeFunctionProperty().set(id -> ws.reservationBadges().get(id));
    ws.reservationBadges()
        .addListener(
            (MapChangeListener<String, String>)
                c -> {
                  // a new function object, so the lanes redraw with the new badges
                  gantt.badgeFunctionProperty().set(id -> ws.reservationBadges().get(id));
                });

    // selection: workspace -> skyline and list; skyline and list -> workspace
    ws.selectionProperty().addListener((o, a, b) -> showSelection(b));
    skyline
        .selectedReservationProperty()
        .addListener(
            (o, a, b) -> {
              if (!syncing && b != null) ws.selectionProperty().set(Selection.reservation(b));
            });
    rejected
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (!syncing && b != null) ws.selectionProperty().set(Selection.reservation(b.id()));
            });

    // Gantt lanes: one per reservation, grouped by queue or user, sharing the skyline's time range,
    // cursor and selection (the skyline's toolbar moves both)
    gantt.setId("plan-gantt");
    gantt.planProperty().bind(skyline.planProperty());
    gantt.visibleStartProperty().bindBidirectional(skyline.visibleStartProperty());
    gantt.visibleEndProperty().bindBidirectional(skyline.visibleEndProperty());
    gantt.cursorStepProperty().bind(skyline.cursorStepProperty());
    gantt
        .selectedReservationProperty()
        .addListener(
            (o, a, b) -> {
              if (!syncing && b != null) ws.selectionProperty().set(Selection.reservation(b));
            });
    ChoiceBox<String> lanesBy = new ChoiceBox<>();
    lanesBy.setId("plan-gantt-group");
    lanesBy.getItems().setAll("queue", "user", "none");
    lanesBy.setValue("queue");
    lanesBy.setTooltip(new Tooltip("Group the Gantt lanes by queue or user"));
    Runnable regroup =
        () -> {
          String by = lanesBy.getValue();
          gantt
              .groupFunctionProperty()
              .set(
                  "none".equals(by)
                      ? null
                      : id ->
                          ws.reservation(id)
                              .map(
                                  r ->
                                      "user".equals(by) ? "user " + r.user() : "queue " + r.queue())
                              .orElse(""));
        };
    lanesBy.valueProperty().addListener((o, a, b) -> regroup.run());
    regroup.run();
    ToggleButton ganttToggle = new ToggleButton("Gantt lanes");
    ganttToggle.setId("plan-gantt-toggle");
    ganttToggle.setTooltip(new Tooltip("Show one lane per reservation under the skyline"));
    VBox ganttBox = new VBox(2, gantt);
    ganttBox.setPadding(new Insets(2, 4, 2, 4));
    VBox.setVgrow(gantt, Priority.ALWAYS);
    SplitPane plots = new SplitPane(skyline);
    plots.setOrientation(Orientation.VERTICAL);
    HBox ganttBar = new HBox(6, ganttToggle, new Label("lanes by"), lanesBy);
    ganttBar.setAlignment(Pos.CENTER_LEFT);
    ganttBar.setPadding(new Insets(2, 8, 2, 8));
    lanesBy.disableProperty().bind(ganttToggle.selectedProperty().not());
    VBox plotsBox = new VBox(ganttBar, plots);
    VBox.setVgrow(plots, Priority.ALWAYS);
    ganttToggle
        .selectedProperty()
        .addListener(
            (o, a, on) -> {
              if (on) {
                plots.getItems().setAll(skyline, ganttBox);
                plots.setDividerPositions(0.5);
              } else {
                plots.getItems().setAll(skyline);
              }
            });

    Label movedTitle = sectionTitle("Moved to make room");
    BooleanBinding anyMoved = Bindings.isNotEmpty(vm.moved());
    for (Node n : List.of(movedTitle, movedTable)) {
      n.visibleProperty().bind(anyMoved);
      n.managedProperty().bind(anyMoved);
    }
    VBox rejectedBox = new VBox(4, sectionTitle("Why rejected"), rejected, movedTitle, movedTable);
    rejectedBox.setPadding(new Insets(4));
    VBox.setVgrow(rejected, Priority.ALWAYS);
    SplitPane split = new SplitPane(plotsBox, rejectedBox);
    split.setOrientation(Orientation.VERTICAL);
    split.setDividerPositions(0.72);
    VBox top = new VBox(bar, optionControls, actions, summary, movedBox, warningBox, problem);
    VBox.setMargin(summary, new Insets(2, 8, 2, 8));
    root.setTop(top);
    root.setCenter(split);
    root.setId("plan-tab");
  }

  private static Label sectionTitle(String s) {
    Label l = new Label(s);
    l.getStyleClass().add("section-title");
    return l;
  }

  private static Button button(String text, String id, Runnable r) {
    Button b = new Button(text);
    b.setId(id);
    b.setOnAction(e -> r.run());
    return b;
  }

  private static <R> TableColumn<R, String> column(
      String title, double width, Function<R, String> f) {
    TableColumn<R, String> c = new TableColumn<>(title);
    c.setPrefWidth(width);
    c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
    return c;
  }

  private String details(String id) {
    ReservationRequest r = ws.reservation(id).orElse(null);
    if (r == null) return id;
    return r.name() + " — user " + r.user() + ", queue " + r.queue() + ", priority " + r.priority();
  }

  private void showSelection(Selection s) {
    syncing = true;
    try {
      String id = s != null && s.kind() == Selection.Kind.RESERVATION ? s.id() : null;
      skyline.setSelectedReservation(id);
      gantt.selectedReservationProperty().set(id);
      PlanViewModel.RejectedRow match = null;
      for (PlanViewModel.RejectedRow r : rejected.getItems()) if (r.id().equals(id)) match = r;
      if (match == null) rejected.getSelectionModel().clearSelection();
      else rejected.getSelectionModel().select(match);
    } finally {
      syncing = false;
    }
  }

  public PlanGanttView gantt() {
    return gantt;
  }

  public PlanSkylineView skyline() {
    return skyline;
  }

  @Override
  public String id() {
    return "plan";
  }

  @Override
  public String title() {
    return "Plan";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public List<ChartSource> charts() {
    return List.of(new ChartSource("Plan skyline", skyline));
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Plan", "Place _selected reservation", "Shortcut+Shift+P", vm::placeSelected),
        AppCommand.of("Plan", "Place p_ending reservations", "Shortcut+Alt+P", vm::placePending),
        AppCommand.of("Plan", "_Re-plan all", "Shortcut+R", vm::replanAll),
        AppCommand.of("Plan", "_Cancel planning", "Shortcut+PERIOD", vm::cancel)
            .disabledWhen(vm.runningProperty().not()));
  }

  @Override
  public void dispose() {
    vm.cancel();
  }

  /** How many of a planner's options show before the "More options" toggle. */
  static final int OPTIONS_SHOWN = 4;

  /**
   * One control per option of the selected planner, generated from its {@link OptionSpec} (a choice
   * box, a check box, or a text field; the time limit keeps its own field), bound to the view
   * model's value of that option; the tooltip is the option's help and allowed values. The first
   * {@value #OPTIONS_SHOWN} go to {@code shown}, the others to {@code more}, which {@code toggle}
   * opens; the toggle's text says how many of those differ from their defaults, so a changed option
   * is never out of sight unannounced.
   */
  private void fillOptionControls(FlowPane shown, FlowPane more, ToggleButton toggle) {
    shown.getChildren().clear();
    more.getChildren().clear();
    toggle.textProperty().unbind();
    String name = vm.plannerProperty().get();
    List<StringBinding> changed = new ArrayList<>();
    for (OptionSpec spec : vm.plannerOptions()) {
      if (spec.name().equals(PlanViewModel.TIME_LIMIT)) continue;
      StringProperty value = vm.optionProperty(name, spec);
      boolean folded = shown.getChildren().size() >= OPTIONS_SHOWN;
      if (folded) {
        String dflt = spec.defaultValue() == null ? "" : spec.defaultValue();
        changed.add(
            Bindings.createStringBinding(() -> dflt.equals(value.get()) ? "" : spec.name(), value));
      }
      Node control;
      if (spec.type() == OptionSpec.Type.CHOICE) {
        ComboBox<String> c = new ComboBox<>(FXCollections.observableArrayList(spec.choices()));
        c.valueProperty().bindBidirectional(value);
        control = c;
      } else if (spec.type() == OptionSpec.Type.BOOLEAN) {
        CheckBox c = new CheckBox();
        c.setSelected(Boolean.parseBoolean(value.get()));
        c.selectedProperty().addListener((o, a, b) -> value.set(Boolean.toString(b)));
        control = c;
      } else {
        TextField t = new TextField();
        t.setPrefColumnCount(6);
        t.textProperty().bindBidirectional(value);
        control = t;
      }
      control.setId("option-" + spec.name());
      Tooltip tip =
          new Tooltip(
              spec.help() + "; " + spec.allowed() + " (default " + spec.defaultValue() + ")");
      tip.setWrapText(true);
      tip.setMaxWidth(480);
      Label label = new Label(spec.name());
      label.setTooltip(tip);
      if (control instanceof Control c) c.setTooltip(tip);
      // a label stays beside its control when the row wraps
      HBox pair = new HBox(6, label, control);
      pair.setAlignment(Pos.CENTER_LEFT);
      if (shown.getChildren().size() < OPTIONS_SHOWN) shown.getChildren().add(pair);
      else more.getChildren().add(pair);
    }
    if (more.getChildren().isEmpty()) return;
    shown.getChildren().add(toggle);
    int n = more.getChildren().size();
    toggle
        .textProperty()
        .bind(
            Bindings.createStringBinding(
                () -> moreOptionsText(n, changed.stream().map(StringBinding::get).toList()),
                changed.toArray(StringBinding[]::new)));
  }

  /**
   * "More options (8)", or "More options (8; 2 changed: repair, aligned)" when folded options
   * differ from their defaults ({@code changed} holds a name for each changed one, "" for the
   * others).
   */
  static String moreOptionsText(int folded, List<String> changed) {
    List<String> names = changed.stream().filter(c -> !c.isEmpty()).toList();
    return names.isEmpty()
        ? "More options (" + folded + ")"
        : "More options ("
            + folded
            + "; "
            + names.size()
            + " changed: "
            + String.join(", ", names)
            + ")";
  }
}
