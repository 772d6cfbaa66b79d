package io.rayon.app.simulation;

import io.rayon.app.rush.RushViewModel;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.TimeSeries;
import io.rayon.views.chart.SeriesChart;
import io.rayon.views.heatmap.NodeHeatmap;
import io.rayon.views.timeline.TimelineControl;
import io.rayon.views.validation.FieldValidation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.controlsfx.control.CheckComboBox;

/**
 * The Simulation tab: run the simulator on the scenario's workload in the background, then play the
 * per-node load as a heatmap with a timeline, next to the cluster's time series: one chart per
 * dimension (memory, vcores) and the series (capacity, allowance, estimation, reservation, usage)
 * chosen with ControlsFX {@link CheckComboBox}es. The settings are checked as they are typed
 * (ControlsFX ValidationSupport through {@link FieldValidation}).
 *
 * <p>The scheduler list has two headings: the cluster scenario's schedulers, and the RUSH
 * scenario's ({@code rush}, {@code fifo}, {@code edf}, {@code rrh}), greyed while no RUSH scenario
 * is open. Each heading names the scenario its schedulers run; a line under the tool bars says what
 * Simulate will run. A RUSH scheduler's option controls are generated from its {@link OptionSpec}s
 * like the cluster schedulers' and share their values with the RUSH tab; its run plays back in the
 * RUSH tab, which Simulate selects when the run has finished. The cluster-only settings (heartbeat,
 * frame interval, failing nodes) are disabled while a RUSH scheduler is chosen.
 */
public final class SimulationTab implements WorkspaceTab {
  /** The time series each chart can show, in drawing order. */
  public static final List<String> SERIES =
      List.of("capacity", "allowance", "estimation", "reservation", "usage");

  /** The dimensions with a chart. */
  public static final List<String> DIMENSIONS = List.of("memory", "vcores");

  private static final List<Color> COLOURS =
      List.of(
          Color.web("#c0392b"),
          Color.web("#e67e22"),
          Color.web("#8e44ad"),
          Color.web("#2e86de"),
          Color.web("#27ae60"));

  private final SimulationViewModel vm;
  private final BorderPane root = new BorderPane();
  private final NodeHeatmap heatmap = new NodeHeatmap();
  private final TimelineControl timeline = new TimelineControl();
  private final SeriesChart chart = new SeriesChart();
  private final SeriesChart vcoresChart = new SeriesChart();
  private final CheckComboBox<String> seriesChoice =
      new CheckComboBox<>(FXCollections.observableArrayList(SERIES));
  private final CheckComboBox<String> dimensionChoice =
      new CheckComboBox<>(FXCollections.observableArrayList(DIMENSIONS));
  private final FieldValidation validation = new FieldValidation();
  // Rayon end to end: the reservations' planned vs actual allocation, the run's events, SLA jobs at
  // risk
  private final SeriesChart planChart = new SeriesChart();
  private final ListView<String> eventList = new ListView<>();
  private final Label atRisk = new Label();
  private SimulationResult shown;

  public SimulationTab(SimulationViewModel vm) {
    this.vm = vm;
    ComboBox<String> scheduler =
        new ComboBox<>(FXCollections.observableArrayList(SimulationViewModel.CHOICES));
    scheduler.setId("sim-scheduler");
    scheduler.setCellFactory(l -> choiceCell());
    scheduler.setVisibleRowCount(SimulationViewModel.CHOICES.size());
    // as wide as a scheduler's name, not as the headings (which name the open scenarios): a combo
    // sized by its longest item pushed the rest of the tool bar into its overflow menu at 1024 px
    scheduler.setPrefWidth(170);
    scheduler.setMinWidth(Region.USE_PREF_SIZE);
    scheduler.valueProperty().bindBidirectional(vm.schedulerProperty());
    // a heading is not a scheduler: picking one (with the keyboard) keeps the scheduler
    scheduler
        .valueProperty()
        .addListener(
            (o, a, b) -> {
              if (SimulationViewModel.isHeading(b)) Platform.runLater(() -> scheduler.setValue(a));
            });
    // the scheduler's options on a row of their own that wraps: none hides in a tool bar's
    // overflow menu (the RUSH schedulers have up to five)
    FlowPane schedulerOptions = new FlowPane(8, 4);
    schedulerOptions.setId("sim-options-row");
    schedulerOptions.setAlignment(Pos.CENTER_LEFT);
    schedulerOptions.setPadding(new Insets(2, 8, 2, 8));
    for (String name : SimulationViewModel.SCHEDULERS)
      schedulerOptions.getChildren().add(optionControls(name));
    for (String name : SimulationViewModel.RUSH_SCHEDULERS) {
      if (SimulationViewModel.isRush(name))
        schedulerOptions.getChildren().add(rushOptionControls(name));
    }
    BooleanBinding rushChosen =
        Bindings.createBooleanBinding(
            () -> SimulationViewModel.isRush(vm.schedulerProperty().get()), vm.schedulerProperty());
    TextField heartbeat = field("sim-heartbeat", 4, vm.heartbeatProperty());
    TextField frames = field("sim-frame-interval", 5, vm.frameIntervalProperty());
    heartbeat.disableProperty().bind(rushChosen);
    frames.disableProperty().bind(rushChosen);
    validation.check(heartbeat, text -> SimulationViewModel.positiveProblem("heartbeat", text));
    validation.check(frames, text -> SimulationViewModel.positiveProblem("frame interval", text));
    ComboBox<String> measure =
        new ComboBox<>(FXCollections.observableArrayList(SimulationViewModel.MEASURES));
    measure.valueProperty().bindBidirectional(vm.measureProperty());
    Button run = new Button("Simulate");
    run.setId("sim-run");
    run.setOnAction(e -> vm.run());
    run.disableProperty().bind(vm.runningProperty());
    Button cancel = new Button("Cancel");
    cancel.setId("sim-cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    ToolBar bar =
        new ToolBar(new Label("Scheduler"), scheduler, new Label("Heartbeat (s)"), heartbeat);
    seriesChoice.setId("sim-series-choice");
    seriesChoice.setTitle("Series");
    seriesChoice.setShowCheckedCount(true);
    seriesChoice.getCheckModel().checkAll();
    dimensionChoice.setId("sim-dimension-choice");
    dimensionChoice.setTitle("Charts");
    dimensionChoice.setShowCheckedCount(true);
    dimensionChoice.getCheckModel().check("memory");
    seriesChoice
        .getCheckModel()
        .getCheckedItems()
        .addListener((ListChangeListener<String>) c -> drawSeries());
    dimensionChoice
        .getCheckModel()
        .getCheckedItems()
        .addListener((ListChangeListener<String>) c -> drawSeries());
    TextField failNodes = field("sim-fail-nodes", 10, vm.failNodesProperty());
    failNodes.setPromptText("N@TIME[+DURATION]");
    failNodes.setTooltip(
        new Tooltip(
            "nodes to fail during the run, e.g. 40@2h+2h (40 nodes two hours in, for two hours);"
                + " several separated by commas; the rayon scheduler re-plans (Adapter)"));
    validation.check(failNodes, SimulationViewModel::outagesProblem);
    failNodes.disableProperty().bind(rushChosen);
    ToolBar actions =
        new ToolBar(
            new Label("Frame every (s)"),
            frames,
            new Label("Fail nodes"),
            failNodes,
            run,
            cancel,
            new Label("Show"),
            measure,
            dimensionChoice,
            seriesChoice);
    Label target = new Label();
    target.setId("sim-target");
    target.setWrapText(true);
    target.textProperty().bind(vm.targetProperty());
    Label summary = new Label();
    summary.setId("sim-summary");
    summary.textProperty().bind(vm.summaryProperty());
    Label problem = new Label();
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    heatmap.setId("sim-heatmap");
    heatmap.valuesProperty().bind(vm.valuesProperty());
    timeline.setId("sim-timeline");
    timeline.frameProperty().bindBidirectional(vm.frameProperty());
    timeline.frameProperty().addListener((o, a, b) -> moveCursors());
    chart.setId("sim-series");
    chart.titleProperty().set("");
    chart.xLabelProperty().set("time (h)");
    chart.yLabelProperty().set("memory (GB)");
    vcoresChart.setId("sim-series-vcores");
    vcoresChart.titleProperty().set("");
    vcoresChart.xLabelProperty().set("time (h)");
    vcoresChart.yLabelProperty().set("vcores");
    planChart.setId("sim-plan-vs-actual");
    planChart.titleProperty().set("Reservations: planned vs actual (vcores)");
    planChart.xLabelProperty().set("time (h)");
    planChart.yLabelProperty().set("vcores");
    planChart.setVisible(false);
    eventList.setId("sim-events");
    eventList.setItems(vm.events());
    eventList.setPrefHeight(90);
    eventList.setPlaceholder(new Label("No events up to this frame"));
    atRisk.setId("sim-at-risk");
    atRisk.setWrapText(true);
    vm.slaAtRisk().addListener((ListChangeListener<String>) c -> showAtRisk());
    showAtRisk();
    vm.planVersusActualProperty().addListener((o, a, b) -> drawPlan(b));
    VBox charts =
        new VBox(
            4,
            chart,
            vcoresChart,
            planChart,
            new Label("Events (up to this frame, newest first)"),
            eventList,
            atRisk);
    VBox.setVgrow(chart, Priority.ALWAYS);
    VBox.setVgrow(vcoresChart, Priority.ALWAYS);
    VBox.setVgrow(planChart, Priority.ALWAYS);
    for (SeriesChart c : List.of(chart, vcoresChart, planChart))
      c.managedProperty().bind(c.visibleProperty());
    drawSeries();
    vm.resultProperty().addListener((o, a, r) -> show(r));
    heatmap
        .titleProperty()
        .bind(Bindings.concat("Node ", vm.measureProperty(), " (fraction of capacity)"));

    VBox left = new VBox(4, heatmap, timeline);
    VBox.setVgrow(heatmap, Priority.ALWAYS);
    left.setPadding(new Insets(4));
    SplitPane split = new SplitPane(left, charts);
    split.setOrientation(Orientation.HORIZONTAL);
    split.setDividerPositions(0.6);
    timeline.setMinWidth(320);
    VBox top = new VBox(bar, schedulerOptions, actions, target, summary, problem);
    VBox.setMargin(target, new Insets(2, 8, 0, 8));
    VBox.setMargin(summary, new Insets(2, 8, 2, 8));
    root.setTop(top);
    root.setCenter(split);
    root.setId("simulation-tab");
  }

  /**
   * One control per option of a scheduler, generated from its plug-in's {@link OptionSpec}s (a
   * choice box, a check box, or a text field checked as typed), bound to the view model's value of
   * that option; the tooltip is the option's help, allowed values and default. A control's id is
   * {@code sim-} and the option's name ({@code sim-damping}). The group (id {@code
   * sim-options-NAME}) shows, and its controls are enabled, only while that scheduler is selected.
   */
  private HBox optionControls(String schedulerName) {
    return optionControls(
        schedulerName,
        SimulationViewModel.options(schedulerName),
        spec -> vm.optionProperty(schedulerName, spec),
        spec -> "sim-" + spec.name());
  }

  private HBox optionControls(
      String schedulerName,
      List<OptionSpec> specs,
      Function<OptionSpec, StringProperty> values,
      Function<OptionSpec, String> ids) {
    HBox box = new HBox(6);
    box.setId("sim-options-" + schedulerName);
    box.setAlignment(Pos.CENTER_LEFT);
    BooleanBinding selected = vm.schedulerProperty().isEqualTo(schedulerName);
    box.visibleProperty().bind(selected);
    box.managedProperty().bind(selected);
    for (OptionSpec spec : specs) {
      StringProperty value = values.apply(spec);
      Control control;
      if (spec.type() == OptionSpec.Type.CHOICE) {
        ComboBox<String> c = new ComboBox<>(FXCollections.observableArrayList(spec.choices()));
        c.valueProperty().bindBidirectional(value);
        control = c;
      } else if (spec.type() == OptionSpec.Type.BOOLEAN) {
        CheckBox c = new CheckBox();
        c.setSelected(Boolean.parseBoolean(value.get()));
        c.selectedProperty().addListener((o, a, b) -> value.set(Boolean.toString(b)));
        value.addListener((o, a, b) -> c.setSelected(Boolean.parseBoolean(b)));
        control = c;
      } else {
        TextField t = field(ids.apply(spec), 6, value);
        validation.check(
            t, text -> t.isDisabled() ? null : SimulationViewModel.optionProblem(spec, text));
        t.disabledProperty().addListener(o -> validation.support().revalidate(t));
        control = t;
      }
      control.setId(ids.apply(spec));
      control.disableProperty().bind(selected.not());
      Tooltip tip =
          new Tooltip(
              spec.help() + "; " + spec.allowed() + " (default " + spec.defaultValue() + ")");
      tip.setWrapText(true);
      tip.setMaxWidth(480);
      if (!(control instanceof TextField)) control.setTooltip(tip);
      Label label = new Label(spec.name());
      label.setTooltip(tip);
      box.getChildren().addAll(label, control);
    }
    return box;
  }

  /**
   * A cell of the scheduler list: a heading (bold, not selectable, naming the scenario its
   * schedulers run) or a scheduler, indented under it; a RUSH scheduler is disabled while no RUSH
   * scenario is open (its heading says how to open one).
   */
  private ListCell<String> choiceCell() {
    return new ListCell<>() {
      @Override
      protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        textProperty().unbind();
        disableProperty().unbind();
        setDisable(false);
        getStyleClass().remove("sim-scheduler-heading");
        if (empty || item == null) {
          setText(null);
          setStyle("");
        } else if (SimulationViewModel.isHeading(item)) {
          textProperty().bind(vm.headingProperty(item));
          setDisable(true);
          getStyleClass().add("sim-scheduler-heading");
          setStyle("-fx-font-weight: bold; -fx-opacity: 1;");
        } else {
          setText(item);
          setStyle("-fx-padding: 3 6 3 18;");
          if (SimulationViewModel.isRush(item))
            disableProperty().bind(vm.rushScenarioOpenProperty().not());
        }
      }
    };
  }

  /**
   * The option controls of a RUSH scheduler, generated from its {@link OptionSpec}s as for the
   * cluster schedulers; a control's id is {@code sim-}, the scheduler's name, {@code -} and the
   * option's ({@code sim-rush-theta}); the group's is {@code sim-options-NAME}.
   */
  private HBox rushOptionControls(String schedulerName) {
    return optionControls(
        schedulerName,
        RushViewModel.options(schedulerName),
        spec -> vm.rushOptionProperty(schedulerName, spec),
        spec -> "sim-" + schedulerName + "-" + spec.name());
  }

  private static TextField field(String id, int cols, StringProperty p) {
    TextField f = new TextField();
    f.setId(id);
    f.setPrefColumnCount(cols);
    f.textProperty().bindBidirectional(p);
    return f;
  }

  private void show(SimulationResult r) {
    shown = r;
    drawSeries();
    if (r == null) {
      // nothing of the previous document's run stays on screen
      timeline.setPlaying(false);
      timeline.setFrameCount(0);
      timeline.setFrameTimes(null);
      timeline.setEventFrames(new int[0]);
      timeline.frameLabelProperty().set(i -> "");
      heatmap.setNodes(List.of(), List.of());
      return;
    }
    heatmap.setNodes(r.nodeIds(), r.nodeRacks());
    timeline.setFrameCount(r.frames().size());
    double[] times = frameTimes(r);
    timeline.setFrameTimes(times);
    timeline.setEventFrames(eventFrames(r, times));
    moveCursors();
    timeline
        .frameLabelProperty()
        .set(
            i ->
                i < 0 || i >= r.frames().size()
                    ? ""
                    : String.format(Locale.ROOT, "t = %.1f h", r.frames().get(i).timeS() / 3600));
  }

  /** Seconds of the run at each frame, for run-time playback speeds (1× to 10,000×). */
  static double[] frameTimes(SimulationResult r) {
    double[] t = new double[r.frames().size()];
    for (int i = 0; i < t.length; i++) t[i] = r.frames().get(i).timeS();
    return t;
  }

  /**
   * For each of the run's events (failures, re-plans, rejections), the first frame at or after it.
   */
  static int[] eventFrames(SimulationResult r, double[] t) {
    TreeSet<Integer> frames = new TreeSet<>();
    for (var e : r.events()) {
      int i = Arrays.binarySearch(t, e.timeS());
      if (i < 0) i = -i - 1;
      if (i < t.length) frames.add(i);
    }
    return frames.stream().mapToInt(Integer::intValue).toArray();
  }

  /** One time cursor for every chart of the run: the playback position, in hours. */
  private void moveCursors() {
    SimulationResult r = shown;
    int f = timeline.getFrame();
    double h =
        r == null || f < 0 || f >= r.frames().size()
            ? Double.NaN
            : r.frames().get(f).timeS() / 3600;
    chart.setCursorX(h);
    vcoresChart.setCursorX(h);
    planChart.setCursorX(h);
  }

  /** The charts of the checked dimensions, each with the checked series of the last result. */
  private void drawSeries() {
    List<String> dims = dimensionChoice.getCheckModel().getCheckedItems();
    List<String> names = seriesChoice.getCheckModel().getCheckedItems();
    chart.setVisible(dims.contains("memory"));
    vcoresChart.setVisible(dims.contains("vcores"));
    SimulationResult r = shown;
    if (r == null) {
      chart.getSeries().clear();
      vcoresChart.getSeries().clear();
      return;
    }
    TimeSeries s = r.series();
    double[] hours = new double[s.timeS().length];
    for (int i = 0; i < hours.length; i++) hours[i] = s.timeS()[i] / 3600;
    List<double[]> memory =
        List.of(
            gb(s.capacityMemoryMB()),
            gb(s.allowanceMemoryMB()),
            gb(s.estimationMemoryMB()),
            gb(s.reservationMemoryMB()),
            gb(s.usageMemoryMB()));
    List<double[]> vcores =
        List.of(
            s.capacityVcores(),
            s.allowanceVcores(),
            s.estimationVcores(),
            s.reservationVcores(),
            s.usageVcores());
    List<SeriesChart.Series> mem = new ArrayList<>();
    List<SeriesChart.Series> vc = new ArrayList<>();
    for (int i = 0; i < SERIES.size(); i++) {
      if (!names.contains(SERIES.get(i))) continue;
      mem.add(new SeriesChart.Series(SERIES.get(i), hours, memory.get(i), COLOURS.get(i)));
      vc.add(new SeriesChart.Series(SERIES.get(i), hours, vcores.get(i), COLOURS.get(i)));
    }
    chart.getSeries().setAll(mem);
    vcoresChart.getSeries().setAll(vc);
  }

  /** The planned and the actual allocation of the reservations, per plan step (rayon only). */
  private void drawPlan(double[][] pa) {
    planChart.setVisible(pa != null);
    if (pa == null) {
      planChart.getSeries().clear();
      return;
    }
    planChart
        .getSeries()
        .setAll(
            List.of(
                new SeriesChart.Series("planned", pa[0], pa[1], Color.web("#2e86de")),
                new SeriesChart.Series("actual", pa[0], pa[2], Color.web("#27ae60"))));
  }

  private void showAtRisk() {
    List<String> jobs = vm.slaAtRisk();
    atRisk.setText(
        jobs.isEmpty()
            ? "No SLA job at risk at this frame"
            : "SLA jobs at risk at this frame ("
                + jobs.size()
                + "): "
                + String.join(", ", jobs.subList(0, Math.min(20, jobs.size())))
                + (jobs.size() > 20 ? ", …" : ""));
    atRisk.pseudoClassStateChanged(PseudoClass.getPseudoClass("at-risk"), !jobs.isEmpty());
  }

  private static double[] gb(double[] mb) {
    double[] out = new double[mb.length];
    for (int i = 0; i < mb.length; i++) out[i] = mb[i] / 1024;
    return out;
  }

  /** The checks on the settings fields (for tests). */
  FieldValidation validation() {
    return validation;
  }

  @Override
  public String id() {
    return "simulation";
  }

  @Override
  public String title() {
    return "Simulation";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public List<ChartSource> charts() {
    List<ChartSource> out = new ArrayList<>(List.of(new ChartSource("Node heatmap", heatmap)));
    if (chart.isVisible()) out.add(new ChartSource("Memory time series", chart));
    if (vcoresChart.isVisible()) out.add(new ChartSource("Vcores time series", vcoresChart));
    if (planChart.isVisible())
      out.add(new ChartSource("Reservations planned vs actual", planChart));
    return out;
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Simulation", "_Simulate", "Shortcut+Shift+R", vm::run)
            .disabledWhen(vm.runningProperty()),
        AppCommand.of("Simulation", "_Cancel simulation", null, vm::cancel)
            .disabledWhen(vm.runningProperty().not()),
        AppCommand.of(
            "Simulation",
            "_Play or pause",
            "Shortcut+SPACE",
            () -> timeline.setPlaying(!timeline.isPlaying())),
        AppCommand.of("Simulation", "_Next frame", "Shortcut+RIGHT", () -> timeline.step(1)),
        AppCommand.of("Simulation", "_Previous frame", "Shortcut+LEFT", () -> timeline.step(-1)));
  }

  @Override
  public void dispose() {
    timeline.setPlaying(false);
    vm.cancel();
  }
}
