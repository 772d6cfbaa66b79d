package io.rayon.app.rush;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.sim.rush.RushGenerator;
import io.rayon.engine.sim.rush.RushJobResult;
import io.rayon.engine.sim.rush.RushRunResult;
import io.rayon.model.rush.UtilityFunction;
import io.rayon.views.chart.SeriesChart;
import io.rayon.views.timeline.TimelineControl;
import io.rayon.views.validation.FieldValidation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
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
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import org.controlsfx.control.CheckComboBox;
import org.controlsfx.control.CheckListView;

/**
 * The RUSH tab: the RUSH paper's enhanced management interface (its §IV, Fig. 2) over a simulated
 * run. It opens a RUSH scenario (its own file kind, like the Federation tab's setups: File → Open
 * and the command line route {@code "kind": "rush"} here), the bundled sample, or a generated one;
 * runs a scheduler of the RUSH registry ({@code rush}, {@code fifo}, {@code edf}, {@code rrh};
 * option controls generated from their {@link OptionSpec}s) off the JavaFX thread, each finished
 * run joining the run list (#1, #2, …; the Simulation tab's Simulate with a RUSH scheduler adds to
 * the same list); and plays the run picked in the list back: the jobs table with each job's target
 * and projected completion and the jobs that can no longer keep a non-zero utility in red, the
 * picked job's utility function with those times marked, the jobs' containers over time. The runs
 * checked in the list are compared: their utility CDFs overlaid, and a per-job table with a column
 * per run and the difference of each against the first checked. The run shown exports as CSV or
 * JSON ({@code rayon simulate RUSH-FILE --jobs} and {@code --out}'s files).
 */
public final class RushTab implements WorkspaceTab {
  /**
   * The pseudo-class of a jobs-table row whose job cannot keep a non-zero utility (the paper's red
   * row).
   */
  public static final PseudoClass HOPELESS = PseudoClass.getPseudoClass("hopeless");

  /** The pseudo-class of a comparison row where some run earned less than the first checked. */
  public static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");

  private static final Color COLOR_A = Color.web("#2e86de");
  private static final List<Color> RUN_COLOURS =
      List.of(
          Color.web("#2e86de"),
          Color.web("#e67e22"),
          Color.web("#27ae60"),
          Color.web("#8e44ad"),
          Color.web("#c0392b"),
          Color.web("#16a085"),
          Color.web("#7f8c8d"),
          Color.web("#d4ac0d"));

  private final RushViewModel vm;
  private final BorderPane root = new BorderPane();
  private final FieldValidation validation = new FieldValidation();
  private final TimelineControl timeline = new TimelineControl();
  private final TableView<RushPlayback.JobRow> jobs = new TableView<>();
  private final SeriesChart utilityChart = new SeriesChart();
  private final SeriesChart containersChart = new SeriesChart();
  private final SeriesChart cdfChart = new SeriesChart();
  private final TableView<RushPlayback.JobUtilities> diffs = new TableView<>();
  private final CheckListView<RushViewModel.Run> runList = new CheckListView<>();
  private final CheckComboBox<String> jobChoice = new CheckComboBox<>();
  private final CheckBox total = new CheckBox("all jobs together");
  private final Label hopelessLabel = new Label();
  private final Label utilityEmpty = new Label();
  private final Label containersEmpty = new Label();
  private final Label cdfEmpty = new Label();
  private boolean syncingJobs;
  private boolean syncingRuns;

  public RushTab(RushViewModel vm, DialogService dialogs) {
    this.vm = vm;

    Button open = new Button("Open…");
    open.setId("rush-open");
    open.setOnAction(
        e ->
            dialogs
                .chooseFileToOpen("Open RUSH scenario", List.of(FileType.JSON, FileType.ANY))
                .ifPresent(vm::open));
    Button sample = new Button("Open sample");
    sample.setId("rush-sample");
    sample.setTooltip(new Tooltip("The bundled sample " + RushViewModel.SAMPLE));
    sample.setOnAction(e -> vm.openSample());
    RushGenerator.Params paper = RushGenerator.Params.PAPER;
    Spinner<Integer> genJobs = spinner("rush-gen-jobs", 1, 100_000, paper.jobs());
    Spinner<Integer> genContainers =
        spinner("rush-gen-containers", 1, 1_000_000, paper.containers());
    ComboBox<Double> genBudget = new ComboBox<>(FXCollections.observableArrayList(2.0, 1.5, 1.0));
    genBudget.setId("rush-gen-budget");
    genBudget.setValue(paper.budgetFactor());
    genBudget.setTooltip(
        new Tooltip(
            "Time budget over benchmarked runtime (the paper's §V.B: 2, 1.5 or 1; smaller is harder)"));
    Spinner<Integer> genSeed = spinner("rush-gen-seed", 0, Integer.MAX_VALUE, (int) paper.seed());
    Button generate = new Button("Generate");
    generate.setId("rush-generate");
    generate.setTooltip(
        new Tooltip("A seeded scenario like the paper's §V.B workload (RushGenerator)"));
    generate.setOnAction(
        e -> {
          try {
            vm.generate(
                paper
                    .withJobs(genJobs.getValue())
                    .withContainers(genContainers.getValue())
                    .withBudgetFactor(genBudget.getValue())
                    .withSeed(genSeed.getValue()));
          } catch (IllegalArgumentException ex) {
            dialogs.showError("Generate RUSH scenario", ex.getMessage());
          }
        });
    Button cancel = new Button("Cancel");
    cancel.setId("rush-cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    for (Control c : List.of(open, sample, generate))
      c.disableProperty().bind(vm.runningProperty());
    ProgressBar progress = new ProgressBar();
    progress.setId("rush-progress");
    progress.progressProperty().bind(vm.progressProperty());
    progress.visibleProperty().bind(vm.runningProperty());
    progress.setPrefWidth(80);
    ToolBar generation =
        new ToolBar(
            open,
            sample,
            new Separator(Orientation.VERTICAL),
            generate,
            new Label("jobs"),
            genJobs,
            new Label("containers"),
            genContainers,
            new Label("budget ×"),
            genBudget,
            new Label("seed"),
            genSeed);

    ComboBox<String> scheduler =
        new ComboBox<>(FXCollections.observableArrayList(RushViewModel.SCHEDULERS));
    scheduler.setId("rush-scheduler");
    scheduler.valueProperty().bindBidirectional(vm.schedulerProperty());
    // the scheduler and its options wrap onto more lines in a narrow window: none hides in an
    // overflow menu
    FlowPane schedulerRow = new FlowPane(8, 4);
    schedulerRow.setId("rush-scheduler-row");
    schedulerRow.setAlignment(Pos.CENTER_LEFT);
    schedulerRow.setPadding(new Insets(4, 6, 4, 6));
    schedulerRow.getChildren().addAll(new Label("Scheduler"), scheduler);
    for (String name : RushViewModel.SCHEDULERS)
      schedulerRow.getChildren().addAll(optionControls(name));
    Button run = new Button("Run");
    run.setId("rush-run");
    run.setTooltip(new Tooltip("Run the scheduler with these options; the run joins the run list"));
    run.setOnAction(e -> vm.run());
    run.disableProperty().bind(vm.runningProperty().or(vm.scenarioProperty().isNull()));
    Button exportCsv = new Button("Export CSV…");
    exportCsv.setId("rush-export-csv");
    exportCsv.setTooltip(
        new Tooltip(
            "The run shown, one row per job: id, class, arrival, budget, target, projected,"
                + " completion, utility (as rayon simulate RUSH-FILE --jobs)"));
    exportCsv.setOnAction(e -> export(dialogs, RushViewModel.ExportFormat.CSV));
    Button exportJson = new Button("Export JSON…");
    exportJson.setId("rush-export-json");
    exportJson.setTooltip(
        new Tooltip(
            "The run shown with its summary (meanUtility, minUtility, zeroUtilityJobs,"
                + " deadlineMisses, …) and every job (as rayon simulate RUSH-FILE --out)"));
    exportJson.setOnAction(e -> export(dialogs, RushViewModel.ExportFormat.JSON));
    for (Control c : List.of(exportCsv, exportJson))
      c.disableProperty().bind(vm.shownProperty().isNull());

    Label summary = wrapped("rush-summary");
    summary.textProperty().bind(vm.summaryProperty());
    Label runSummary = wrapped("rush-run-summary");
    runSummary.textProperty().bind(vm.runSummaryProperty());
    runSummary.managedProperty().bind(vm.runSummaryProperty().isNotEmpty());
    Label problem = wrapped("rush-problem");
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    // the run list: pick the run to play back, check the runs to compare
    runList.setId("rush-run-list");
    runList.setItems(vm.runs());
    runList.setPlaceholder(placeholder("Each run appears here; check runs to compare them."));
    runList.setPrefWidth(220);
    runList
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, r) -> {
              if (r != null && !syncingRuns) vm.shownProperty().set(r);
            });
    runList
        .getCheckModel()
        .getCheckedItems()
        .addListener(
            (ListChangeListener<RushViewModel.Run>)
                c -> {
                  if (syncingRuns) return;
                  for (RushViewModel.Run r : List.copyOf(vm.runs()))
                    vm.setCompared(r, runList.getCheckModel().isChecked(r));
                });
    vm.runs().addListener((ListChangeListener<RushViewModel.Run>) c -> syncRunList());
    vm.comparedRuns().addListener((ListChangeListener<RushViewModel.Run>) c -> syncRunList());
    vm.shownProperty()
        .addListener(
            (o, a, r) -> {
              syncRunList();
              showRun();
            });
    Button remove = new Button("Remove");
    remove.setId("rush-remove-run");
    remove.setTooltip(new Tooltip("Remove the selected run from the list"));
    remove.setOnAction(
        e -> {
          RushViewModel.Run r = runList.getSelectionModel().getSelectedItem();
          if (r != null) vm.removeRun(r);
        });
    remove.disableProperty().bind(runList.getSelectionModel().selectedItemProperty().isNull());
    Label runsTitle = new Label("Runs: pick one to play back, check those to compare");
    runsTitle.setWrapText(true);
    runsTitle.setMinHeight(Region.USE_PREF_SIZE);
    VBox runsPane = new VBox(4, runsTitle, runList, remove);
    VBox.setVgrow(runList, Priority.ALWAYS);
    runsPane.setPadding(new Insets(4));
    runsPane.setMinWidth(180);

    timeline.setId("rush-timeline");
    timeline.frameProperty().bindBidirectional(vm.snapshotProperty());
    HBox.setHgrow(timeline, Priority.ALWAYS);
    timeline.setMinWidth(320);
    // the frame label keeps its text; the slider gives way
    timeline
        .skinProperty()
        .addListener(
            (o, a, skin) -> {
              if (timeline.lookup("#timeline-label") instanceof Label l)
                l.setMinWidth(Region.USE_PREF_SIZE);
            });
    hopelessLabel.setId("rush-hopeless");
    hopelessLabel.setWrapText(true);
    hopelessLabel.setMinHeight(Region.USE_PREF_SIZE);
    ToolBar runs =
        new ToolBar(
            run, cancel, progress, new Separator(Orientation.VERTICAL), exportCsv, exportJson);
    runs.setId("rush-runs");
    VBox top = new VBox(runs, schedulerRow, generation, summary, runSummary, problem);
    for (Node n : List.of(summary, runSummary, problem)) VBox.setMargin(n, new Insets(1, 8, 1, 8));
    HBox playback = new HBox(6, timeline);
    playback.setAlignment(Pos.CENTER_LEFT);
    playback.setPadding(new Insets(2, 4, 2, 4));

    // jobs table + utility function of the picked job
    jobs.setId("rush-jobs");
    jobs.setItems(vm.rows());
    jobs.getColumns().add(column("job", r -> r.id()));
    jobs.getColumns().add(column("class", r -> r.jobClass()));
    jobs.getColumns().get(1).setPrefWidth(headerWidth("insensitive"));
    jobs.getColumns().add(column("utility", r -> r.utilityKind()));
    jobs.getColumns()
        .add(column("state", r -> r.state().label() + (r.hopeless() ? ", cannot keep U > 0" : "")));
    jobs.getColumns().add(column("containers", r -> Integer.toString(r.containers())));
    jobs.getColumns().add(column("target (s)", r -> seconds(r.target())));
    jobs.getColumns().add(column("projected (s)", r -> seconds(r.projected())));
    jobs.getColumns().add(column("expected U", r -> utility(r.expectedUtility())));
    jobs.getColumns().add(column("final U", r -> utility(r.finalUtility())));
    jobs.setRowFactory(
        t ->
            new TableRow<>() {
              @Override
              protected void updateItem(RushPlayback.JobRow item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(HOPELESS, !empty && item != null && item.hopeless());
              }
            });
    jobs.setPlaceholder(
        placeholder("No run yet: open or generate a scenario, choose a scheduler and press Run."));
    jobs.getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, r) -> {
              if (r != null) vm.selectedJobProperty().set(r.index());
            });
    vm.rows().addListener((ListChangeListener<RushPlayback.JobRow>) c -> afterRowsChanged());
    utilityChart.setId("rush-utility");
    utilityChart.xLabelProperty().set("latency (s)");
    utilityChart.yLabelProperty().set("utility");
    utilityChart.yMinProperty().set(0);
    vm.selectedJobProperty()
        .addListener(
            (o, a, b) -> {
              drawUtility();
              checkJob(b.intValue());
            });
    SplitPane jobsSplit =
        new SplitPane(withPlaceholder(jobs, null), withPlaceholder(utilityChart, utilityEmpty));
    jobsSplit.setOrientation(Orientation.VERTICAL);
    jobsSplit.setDividerPositions(0.55);
    VBox jobsPane = new VBox(2, hopelessLabel, jobsSplit);
    VBox.setVgrow(jobsSplit, Priority.ALWAYS);
    VBox.setMargin(hopelessLabel, new Insets(0, 6, 0, 6));

    // containers over time
    jobChoice.setId("rush-container-jobs");
    jobChoice.setTitle("Jobs");
    jobChoice.setShowCheckedCount(true);
    jobChoice
        .getCheckModel()
        .getCheckedItems()
        .addListener(
            (ListChangeListener<String>)
                c -> {
                  if (!syncingJobs) drawContainers();
                });
    containersChart.setId("rush-containers");
    containersChart.xLabelProperty().set("time (s)");
    containersChart.yLabelProperty().set("containers");
    containersChart.yMinProperty().set(0);
    total.setId("rush-containers-total");
    total.setSelected(true);
    total.selectedProperty().addListener((o, a, b) -> drawContainers());
    ToolBar containersBar = new ToolBar(new Label("Containers of"), jobChoice, total);
    VBox containersPane =
        new VBox(containersBar, withPlaceholder(containersChart, containersEmpty));
    VBox.setVgrow(containersPane.getChildren().get(1), Priority.ALWAYS);

    // utility CDF of the checked runs
    cdfChart.setId("rush-cdf");
    cdfChart.xLabelProperty().set("utility");
    cdfChart.yLabelProperty().set("fraction of jobs");
    cdfChart.yMinProperty().set(0);
    cdfChart.yMaxProperty().set(1);

    // the checked runs side by side: a column per run, and each against the first
    Label comparison = wrapped("rush-comparison");
    comparison.textProperty().bind(vm.comparisonProperty());
    diffs.setId("rush-diffs");
    diffs.setItems(vm.comparison());
    vm.comparison()
        .addListener((ListChangeListener<RushPlayback.JobUtilities>) c -> comparisonColumns());
    comparisonColumns();
    diffs.setRowFactory(
        t ->
            new TableRow<>() {
              @Override
              protected void updateItem(RushPlayback.JobUtilities item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(WORSE, !empty && item != null && item.worseSomewhere());
              }
            });
    diffs.setPlaceholder(
        placeholder("Run schedulers and check the runs to compare in the run list."));
    VBox comparePane = new VBox(4, comparison, diffs);
    VBox.setVgrow(diffs, Priority.ALWAYS);
    VBox.setMargin(comparison, new Insets(4, 6, 0, 6));

    TabPane views =
        new TabPane(
            tab("rush-view-jobs", "Jobs", jobsPane),
            tab("rush-view-containers", "Containers", containersPane),
            tab("rush-view-cdf", "Utility CDF", withPlaceholder(cdfChart, cdfEmpty)),
            tab("rush-view-compare", "Runs compared", comparePane));
    views.setId("rush-views");
    views.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
    VBox center = new VBox(playback, views);
    VBox.setVgrow(views, Priority.ALWAYS);
    SplitPane body = new SplitPane(runsPane, center);
    body.setDividerPositions(0.2);
    SplitPane.setResizableWithParent(runsPane, false);

    root.setTop(top);
    root.setCenter(body);
    root.setId("rush-tab");

    vm.comparedRuns().addListener((ListChangeListener<RushViewModel.Run>) c -> drawCdf());
    showRun();
    drawCdf();
  }

  /**
   * One control per option of a scheduler, generated from its plug-in's {@link OptionSpec}s (a
   * choice box, a check box, or a text field checked as typed), bound to the view model's value of
   * that option; the tooltip is the option's help, allowed values and default. A control's id is
   * {@code rush-opt-} and the option's name. Each label and control pair (style class {@code
   * rush-options-NAME}) shows, and its control is enabled, only while that scheduler is selected.
   */
  private List<HBox> optionControls(String schedulerName) {
    List<HBox> boxes = new ArrayList<>();
    BooleanBinding selected = vm.schedulerProperty().isEqualTo(schedulerName);
    for (OptionSpec spec : RushViewModel.options(schedulerName)) {
      StringProperty value = vm.optionProperty(schedulerName, spec);
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
        TextField t = new TextField();
        t.setPrefColumnCount(5);
        t.textProperty().bindBidirectional(value);
        validation.check(
            t, text -> t.isDisabled() ? null : RushViewModel.optionProblem(spec, text));
        t.disabledProperty().addListener(o -> validation.support().revalidate(t));
        control = t;
      }
      control.setId("rush-opt-" + spec.name());
      control.disableProperty().bind(selected.not().or(vm.runningProperty()));
      Tooltip tip =
          new Tooltip(
              spec.help() + "; " + spec.allowed() + " (default " + spec.defaultValue() + ")");
      tip.setWrapText(true);
      tip.setMaxWidth(480);
      if (!(control instanceof TextField)) control.setTooltip(tip);
      Label label = new Label(spec.name());
      label.setTooltip(tip);
      HBox box = new HBox(4, label, control);
      box.setAlignment(Pos.CENTER_LEFT);
      box.getStyleClass().add("rush-options-" + schedulerName);
      box.visibleProperty().bind(selected);
      box.managedProperty().bind(selected);
      boxes.add(box);
    }
    return boxes;
  }

  private void export(DialogService dialogs, RushViewModel.ExportFormat format) {
    boolean csv = format == RushViewModel.ExportFormat.CSV;
    dialogs
        .chooseFileToSave(
            csv ? "Export RUSH run as CSV" : "Export RUSH run as JSON",
            vm.exportName(format),
            List.of(csv ? FileType.CSV : FileType.JSON))
        .ifPresent(f -> vm.export(f, format));
  }

  /** The run list shows the view model's runs, checks and the run shown. */
  private void syncRunList() {
    syncingRuns = true;
    try {
      runList.getCheckModel().clearChecks();
      for (RushViewModel.Run r : vm.comparedRuns()) runList.getCheckModel().check(r);
      RushViewModel.Run shown = vm.shownProperty().get();
      if (shown == null) runList.getSelectionModel().clearSelection();
      else if (runList.getSelectionModel().getSelectedItem() != shown)
        runList.getSelectionModel().select(shown);
    } finally {
      syncingRuns = false;
    }
  }

  /**
   * The comparison table's columns: job, class, the utility in each checked run, and each later
   * run's difference against the first.
   */
  private void comparisonColumns() {
    List<RushViewModel.Run> runs = List.copyOf(vm.comparedRuns());
    List<TableColumn<RushPlayback.JobUtilities, ?>> cols = new ArrayList<>();
    cols.add(column("job", d -> d.id()));
    TableColumn<RushPlayback.JobUtilities, String> cls = column("class", d -> d.jobClass());
    cls.setPrefWidth(headerWidth("insensitive"));
    cols.add(cls);
    for (int k = 0; k < runs.size(); k++) {
      int run = k;
      TableColumn<RushPlayback.JobUtilities, Number> u =
          numberColumn(
              "U #" + runs.get(k).number(), d -> run < d.runs() ? d.utility(run) : Double.NaN);
      u.setId("rush-diff-u-" + runs.get(k).number());
      cols.add(u);
    }
    for (int k = 1; k < runs.size(); k++) {
      int run = k;
      TableColumn<RushPlayback.JobUtilities, Number> d =
          numberColumn(
              "#" + runs.get(k).number() + " − #" + runs.get(0).number(),
              x -> run < x.runs() ? x.delta(run) : Double.NaN);
      d.setId("rush-diff-delta-" + runs.get(k).number());
      cols.add(d);
    }
    diffs.getColumns().setAll(cols);
  }

  private static Label placeholder(String text) {
    Label l = new Label(text);
    l.setWrapText(true);
    l.setMaxWidth(360);
    return l;
  }

  private static Tab tab(String id, String title, Node content) {
    Tab t = new Tab(title, content);
    t.setId(id);
    t.setClosable(false);
    return t;
  }

  private static Label wrapped(String id) {
    Label l = new Label();
    l.setId(id);
    l.setWrapText(true);
    l.setMinHeight(Region.USE_PREF_SIZE);
    return l;
  }

  /** A chart with a centred message over it while it has nothing to draw. */
  private static Node withPlaceholder(Node chart, Label message) {
    if (message == null) return chart;
    message.setWrapText(true);
    message.setMouseTransparent(true);
    message.setMaxWidth(360);
    message.getStyleClass().add("rush-empty");
    message.managedProperty().bind(message.visibleProperty());
    StackPane p = new StackPane(chart, message);
    p.setMinHeight(80);
    return p;
  }

  private static Spinner<Integer> spinner(String id, int min, int max, int value) {
    Spinner<Integer> s = new Spinner<>(min, max, value);
    s.setId(id);
    s.setEditable(true);
    s.setPrefWidth(90);
    s.setMinWidth(80);
    return s;
  }

  private static <T> TableColumn<T, String> column(String title, Function<T, String> value) {
    TableColumn<T, String> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
    c.setPrefWidth(headerWidth(title));
    return c;
  }

  private static <T> TableColumn<T, Number> numberColumn(String title, Function<T, Double> value) {
    TableColumn<T, Number> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
    c.setPrefWidth(headerWidth(title));
    c.setCellFactory(
        col ->
            new TableCell<>() {
              @Override
              protected void updateItem(Number item, boolean empty) {
                super.updateItem(item, empty);
                setText(
                    empty || item == null
                        ? null
                        : Double.isNaN(item.doubleValue())
                            ? "—"
                            : String.format(Locale.ROOT, "%.3f", item.doubleValue()));
              }
            });
    return c;
  }

  /** A column wide enough for its header (and at least for a number). */
  private static double headerWidth(String title) {
    Text t = new Text(title);
    return Math.max(70, Math.ceil(t.getLayoutBounds().getWidth()) + 30);
  }

  static String seconds(double t) {
    return Double.isFinite(t) ? String.format(Locale.ROOT, "%.0f", t) : "—";
  }

  static String utility(double u) {
    return Double.isFinite(u) ? String.format(Locale.ROOT, "%.3f", u) : "—";
  }

  /** A new run is shown (or the other slot): timeline, job choice, charts. */
  private void showRun() {
    RushRunResult r = vm.shownRun();
    timeline.setPlaying(false);
    if (r == null) {
      timeline.setFrameTimes(null);
      timeline.setEventFrames(new int[0]);
      timeline.setFrameCount(0);
      timeline.frameLabelProperty().set(i -> "");
    } else {
      // play in run time; the event buttons jump to where the set of red jobs changes
      timeline.setFrameTimes(RushPlayback.snapshotTimes(r));
      timeline.setEventFrames(RushPlayback.hopelessChanges(r));
      timeline.setFrameCount(r.snapshots().size());
      timeline
          .frameLabelProperty()
          .set(i -> String.format(Locale.ROOT, "%.0f s", RushPlayback.timeOf(r, i)));
    }
    syncingJobs = true;
    try {
      List<String> ids = new ArrayList<>();
      if (r != null) for (RushJobResult j : r.jobs()) ids.add(j.id());
      if (!jobChoice.getItems().equals(ids)) {
        jobChoice.getCheckModel().clearChecks();
        jobChoice.getItems().setAll(ids);
        for (int i = 0; i < Math.min(5, ids.size()); i++) jobChoice.getCheckModel().check(i);
      }
    } finally {
      syncingJobs = false;
    }
    if (r != null
        && (vm.selectedJobProperty().get() < 0
            || vm.selectedJobProperty().get() >= r.jobs().size())) {
      vm.selectedJobProperty().set(r.jobs().isEmpty() ? -1 : 0);
    }
    afterRowsChanged();
    drawContainers();
  }

  /**
   * The snapshot (or the run) changed: the red count, the selection, the marks of the utility
   * chart.
   */
  private void afterRowsChanged() {
    RushRunResult r = vm.shownRun();
    long red = vm.rows().stream().filter(RushPlayback.JobRow::hopeless).count();
    if (r == null) hopelessLabel.setText("");
    else if (red == 0)
      hopelessLabel.setText(
          String.format(
              Locale.ROOT,
              "t = %.0f s: every running job can still keep a non-zero utility",
              vm.shownTime()));
    else
      hopelessLabel.setText(
          String.format(
              Locale.ROOT,
              "t = %.0f s: %d job%s in red cannot keep a non-zero utility",
              vm.shownTime(),
              red,
              red == 1 ? "" : "s"));
    hopelessLabel.pseudoClassStateChanged(HOPELESS, red > 0);
    int sel = vm.selectedJobProperty().get();
    if (sel >= 0
        && sel < jobs.getItems().size()
        && jobs.getSelectionModel().getSelectedIndex() != sel) jobs.getSelectionModel().select(sel);
    drawUtility();
    drawContainers();
  }

  private void checkJob(int index) {
    if (index >= 0
        && index < jobChoice.getItems().size()
        && !jobChoice.getCheckModel().isChecked(index)) {
      jobChoice.getCheckModel().check(index);
    }
  }

  /** The picked job's utility by latency, with its target, projected and actual latency marked. */
  private void drawUtility() {
    RushRunResult r = vm.shownRun();
    int i = vm.selectedJobProperty().get();
    if (r == null || i < 0 || i >= r.jobs().size() || i >= vm.rows().size()) {
      utilityChart.getSeries().clear();
      utilityChart.titleProperty().set("");
      utilityEmpty.setText(
          r == null
              ? "Each job's utility function appears here once a run exists."
              : "Pick a job in the table to see its utility function.");
      utilityEmpty.setVisible(true);
      return;
    }
    utilityEmpty.setVisible(false);
    RushJobResult j = r.jobs().get(i);
    RushPlayback.JobRow row = vm.rows().get(i);
    UtilityFunction u = j.utilityFunction();
    double target = row.target() - j.arrival();
    double projected = row.projected() - j.arrival();
    double span = RushPlayback.curveSpan(u, target, projected, j.latency());
    double[][] curve = RushPlayback.utilityCurve(u, span, 200);
    double top = Math.max(u.maxValue(), 1e-9);
    List<SeriesChart.Series> s = new ArrayList<>();
    s.add(new SeriesChart.Series("U(T)", curve[0], curve[1], Color.web("#555555")));
    if (Double.isFinite(target)) s.add(mark("target", target, top, COLOR_A));
    if (Double.isFinite(projected))
      s.add(
          mark(
              "projected",
              projected,
              top,
              row.hopeless() ? Color.web("#c0392b") : Color.web("#8e44ad")));
    if (row.state() == RushPlayback.State.FINISHED)
      s.add(mark("actual", j.latency(), top, Color.web("#27ae60")));
    utilityChart.getSeries().setAll(s);
    utilityChart
        .titleProperty()
        .set(
            String.format(
                Locale.ROOT,
                "%s (%s): utility by latency at t = %.0f s",
                j.id(),
                u.kind(),
                vm.shownTime()));
  }

  private static SeriesChart.Series mark(String name, double x, double top, Color c) {
    return new SeriesChart.Series(name, new double[] {x, x}, new double[] {0, top}, c);
  }

  /** The checked jobs' containers over time, the total, and a mark at the snapshot shown. */
  private void drawContainers() {
    RushRunResult r = vm.shownRun();
    if (r == null || r.snapshots().isEmpty()) {
      containersChart.getSeries().clear();
      containersEmpty.setText(
          r == null
              ? "The jobs' containers over time appear here once a run exists."
              : "This run recorded no snapshots.");
      containersEmpty.setVisible(true);
      return;
    }
    List<SeriesChart.Series> s = new ArrayList<>();
    double top = 1;
    if (total.isSelected()) {
      double[][] t = RushPlayback.totalContainers(r);
      for (double v : t[1]) top = Math.max(top, v);
      s.add(new SeriesChart.Series("all jobs", t[0], t[1], Color.web("#7f8c8d")));
    }
    for (Integer idx : jobChoice.getCheckModel().getCheckedIndices()) {
      if (idx == null || idx < 0 || idx >= r.jobs().size()) continue;
      double[][] c = RushPlayback.containers(r, idx);
      for (double v : c[1]) top = Math.max(top, v);
      s.add(new SeriesChart.Series(r.jobs().get(idx).id(), c[0], c[1], null));
    }
    s.add(mark("now", vm.shownTime(), top, Color.web("#c0392b")));
    containersEmpty.setVisible(s.size() == 1);
    containersEmpty.setText(
        "Check jobs in the Jobs list (or all jobs together) to draw their containers.");
    containersChart.getSeries().setAll(s);
    containersChart.titleProperty().set(r.scheduler() + ": containers held");
  }

  /** The utility CDF of every checked run, overlaid. */
  private void drawCdf() {
    List<SeriesChart.Series> s = new ArrayList<>();
    for (RushViewModel.Run run : vm.comparedRuns()) {
      RushRunResult r = run.result();
      if (r.jobs().isEmpty()) continue;
      double[][] c = RushPlayback.utilityCdf(r);
      s.add(
          new SeriesChart.Series(
              "#" + run.number() + " " + r.scheduler(),
              c[0],
              c[1],
              RUN_COLOURS.get((run.number() - 1) % RUN_COLOURS.size())));
    }
    cdfChart.getSeries().setAll(s);
    cdfEmpty.setText(
        "The CDF of the jobs' utilities appears here after a run; check more runs in the run list to"
            + " overlay theirs.");
    cdfEmpty.setVisible(s.isEmpty());
  }

  /** The checks on the option fields (for tests). */
  FieldValidation validation() {
    return validation;
  }

  public RushViewModel viewModel() {
    return vm;
  }

  @Override
  public String id() {
    return "rush";
  }

  @Override
  public String title() {
    return "RUSH";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public Set<String> fileKinds() {
    return Set.of("rush");
  }

  @Override
  public void openFile(Path file) {
    vm.open(file);
  }

  @Override
  public List<ChartSource> charts() {
    return List.of(
        new ChartSource("RUSH job utility", utilityChart),
        new ChartSource("RUSH containers", containersChart),
        new ChartSource("RUSH utility CDF", cdfChart));
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Simulation", "RUSH: _run", null, vm::run)
            .disabledWhen(vm.runningProperty()));
  }

  @Override
  public void dispose() {
    timeline.setPlaying(false);
    vm.cancel();
  }
}
