package io.rayon.app.sweep;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.engine.sweep.Sweep;
import io.rayon.model.io.AtomicFiles;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.chart.SeriesChart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The Sweep tab: one scenario over a range of one or two parameters (planner, planner or scheduler
 * options, sharing policies, damping, requests) and seeds, run in the background on every core; a
 * sortable table of the metric per combination (mean, min, max, standard deviation over seeds) and
 * a chart of the metric against the first parameter, one line per value of the second, with the
 * spread over seeds as thin min and max lines.
 */
public final class SweepTab implements WorkspaceTab {
  static final FileType HTML = FileType.HTML;
  private final SweepViewModel vm;
  private final BorderPane root = new BorderPane();
  private final TableView<Sweep.Summary> table = new TableView<>();
  private final SeriesChart chart = new SeriesChart();

  public SweepTab(SweepViewModel vm, TaskExecutor executor, DialogService dialogs) {
    this.vm = vm;
    ComboBox<String> p1 = nameBox("sweep-param1-name", vm.param1Property().get());
    p1.valueProperty().bindBidirectional(vm.param1Property());
    TextField v1 = valuesField("sweep-param1-values");
    v1.textProperty().bindBidirectional(vm.values1Property());
    ComboBox<String> p2 = nameBox("sweep-param2-name", vm.param2Property().get());
    p2.valueProperty().bindBidirectional(vm.param2Property());
    TextField v2 = valuesField("sweep-param2-values");
    v2.textProperty().bindBidirectional(vm.values2Property());
    ComboBox<String> metric = new ComboBox<>(vm.metrics());
    metric.setId("sweep-metric");
    metric.valueProperty().bindBidirectional(vm.metricProperty());
    metric.setTooltip(
        new Tooltip(
            "Plan metrics plan the scenario's reservations; simulation metrics"
                + " (finishedJobs … deadlinesMet) simulate its workload and need a scheduler parameter"));
    Spinner<Integer> seeds = new Spinner<>(1, 100, vm.seedsProperty().get());
    seeds.setId("sweep-seeds");
    seeds.setEditable(true);
    seeds.setPrefWidth(80);
    seeds.valueProperty().addListener((o, a, b) -> vm.seedsProperty().set(b));
    seeds.setTooltip(
        new Tooltip("simulations: run every combination with seeds 1..N and show the spread"));
    Button run = new Button("Run sweep");
    run.setId("sweep-run");
    run.setOnAction(e -> vm.run());
    run.disableProperty().bind(vm.runningProperty());
    Button cancel = new Button("Cancel");
    cancel.setId("sweep-cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    Button export = new Button("Export CSV…");
    export.setId("sweep-export");
    export.disableProperty().bind(vm.resultProperty().isNull());
    export.setOnAction(
        e -> {
          String csv = vm.csv();
          if (csv == null) return;
          dialogs
              .chooseFileToSave("Export sweep runs", "sweep.csv", List.of(FileType.CSV))
              .ifPresent(
                  path ->
                      executor.execute(
                          BackgroundTask.of(
                                  "Export " + path.getFileName(),
                                  (p, c) -> {
                                    AtomicFiles.writeString(path, csv);
                                    return path;
                                  })
                              .onFailure(
                                  x ->
                                      dialogs.showError(
                                          "Export failed", path + ": " + x.getMessage()))));
        });
    Button report = new Button("HTML report…");
    report.setId("sweep-report");
    report.disableProperty().bind(vm.resultProperty().isNull());
    report.setOnAction(
        e -> {
          SweepViewModel.Result r = vm.resultProperty().get();
          if (r == null) return;
          // drawn here, on the JavaFX thread (the chart is a control); written in the background
          String html =
              SweepReport.html(
                  vm.documentName(),
                  vm.scenario(),
                  r,
                  ChartExport.svg(
                      chart, Math.max(640, chart.getWidth()), Math.max(360, chart.getHeight())));
          dialogs
              .chooseFileToSave("Sweep report", "sweep-report.html", List.of(HTML))
              .ifPresent(
                  path ->
                      executor.execute(
                          BackgroundTask.of(
                                  "Export " + path.getFileName(),
                                  (p, c) -> {
                                    AtomicFiles.writeString(path, html);
                                    return path;
                                  })
                              .onFailure(
                                  x ->
                                      dialogs.showError(
                                          "Export failed", path + ": " + x.getMessage()))));
        });
    // flow panes wrap at small window sizes instead of hiding controls in an overflow menu
    FlowPane first = flow(new Label("Parameter"), p1, new Label("values"), v1);
    FlowPane firstAnd = flow(new Label("and"), p2, new Label("values"), v2);
    FlowPane second =
        flow(new Label("Metric"), metric, new Label("Seeds"), seeds, run, cancel, export, report);
    Label problem = new Label();
    problem.setId("sweep-problem");
    problem.getStyleClass().add("validation-problem");
    problem.setWrapText(true);
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

    table.setId("sweep-table");
    table.setPlaceholder(
        new Label(
            "Choose one or two parameters with their values and a metric, then press Run sweep"));
    table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    chart.setId("sweep-chart");
    chart.setMinHeight(160);
    vm.resultProperty().addListener((o, a, r) -> show(r));

    VBox left = new VBox(4, table);
    VBox.setVgrow(table, Priority.ALWAYS);
    left.setPadding(new Insets(4));
    VBox right = new VBox(4, chart);
    VBox.setVgrow(chart, Priority.ALWAYS);
    right.setPadding(new Insets(4));
    SplitPane split = new SplitPane(left, right);
    split.setOrientation(Orientation.HORIZONTAL);
    split.setDividerPositions(0.5);
    root.setTop(new VBox(2, first, firstAnd, second, problem));
    root.setCenter(split);
    root.setId("sweep-tab");
  }

  private static FlowPane flow(Node... nodes) {
    FlowPane f = new FlowPane(6, 4, nodes);
    f.setAlignment(Pos.CENTER_LEFT);
    f.setPadding(new Insets(4, 6, 0, 6));
    return f;
  }

  private ComboBox<String> nameBox(String id, String value) {
    ComboBox<String> c = new ComboBox<>(vm.parameterNames());
    c.setId(id);
    c.setEditable(true);
    c.setValue(value);
    c.setPrefWidth(140);
    c.setTooltip(
        new Tooltip(
            "planner, policy, scheduler, requests, or an option of the planner or scheduler"));
    return c;
  }

  private static TextField valuesField(String id) {
    TextField t = new TextField();
    t.setId(id);
    t.setPrefColumnCount(18);
    t.setPromptText("v1,v2,… (| between policies)");
    return t;
  }

  private void show(SweepViewModel.Result r) {
    table.getColumns().clear();
    chart.getSeries().clear();
    if (r == null) {
      table.getItems().clear();
      return;
    }
    List<Sweep.Param> params = r.sweep().params();
    for (Sweep.Param p : params) {
      TableColumn<Sweep.Summary, String> c = new TableColumn<>(p.name());
      c.setCellValueFactory(
          d -> new ReadOnlyStringWrapper(d.getValue().settings().getOrDefault(p.name(), "-")));
      c.setPrefWidth(110);
      table.getColumns().add(c);
    }
    String m = r.sweep().metric();
    table.getColumns().add(number(r.sweep().seeds() > 1 ? m + " (mean)" : m, Sweep.Summary::mean));
    if (r.sweep().seeds() > 1) {
      table.getColumns().add(number("min", Sweep.Summary::min));
      table.getColumns().add(number("max", Sweep.Summary::max));
      table.getColumns().add(number("sd", Sweep.Summary::sd));
    }
    table.getItems().setAll(r.summary());

    // the chart: x = the first parameter's values in the order given, one line per second-parameter
    // value
    Sweep.Param x = params.get(0);
    Sweep.Param by = params.size() > 1 ? params.get(1) : null;
    Map<String, List<Sweep.Summary>> lines = new LinkedHashMap<>();
    for (Sweep.Summary s : r.summary()) {
      lines
          .computeIfAbsent(
              by == null ? m : by.name() + "=" + s.settings().getOrDefault(by.name(), "-"),
              k -> new ArrayList<>())
          .add(s);
    }
    for (var e : lines.entrySet()) {
      List<Sweep.Summary> pts = new ArrayList<>(e.getValue());
      pts.sort(
          (a, b) ->
              Integer.compare(
                  x.values().indexOf(a.settings().get(x.name())),
                  x.values().indexOf(b.settings().get(x.name()))));
      double[] xs =
          pts.stream().mapToDouble(s -> x.values().indexOf(s.settings().get(x.name()))).toArray();
      SeriesChart.Series mean =
          new SeriesChart.Series(
              e.getKey(), xs, pts.stream().mapToDouble(Sweep.Summary::mean).toArray(), null);
      chart.getSeries().add(mean);
      if (r.sweep().seeds() > 1) {
        Color faint = mean.colorOrDefault().deriveColor(0, 1, 1, 0.4);
        chart
            .getSeries()
            .add(
                new SeriesChart.Series(
                    e.getKey() + " min",
                    xs,
                    pts.stream().mapToDouble(Sweep.Summary::min).toArray(),
                    faint));
        chart
            .getSeries()
            .add(
                new SeriesChart.Series(
                    e.getKey() + " max",
                    xs,
                    pts.stream().mapToDouble(Sweep.Summary::max).toArray(),
                    faint));
      }
    }
    chart
        .titleProperty()
        .set(
            m
                + " against "
                + x.name()
                + (r.sweep().seeds() > 1
                    ? " (mean, min and max over " + r.sweep().seeds() + " seeds)"
                    : ""));
    chart.xLabelProperty().set(x.name());
    chart.yLabelProperty().set(m);
    chart
        .xFormatProperty()
        .set(
            v -> {
              int i = (int) Math.round(v);
              return Math.abs(v - i) < 1e-9 && i >= 0 && i < x.values().size()
                  ? x.values().get(i)
                  : "";
            });
  }

  private static TableColumn<Sweep.Summary, Double> number(
      String title, ToDoubleFunction<Sweep.Summary> f) {
    TableColumn<Sweep.Summary, Double> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.applyAsDouble(d.getValue())));
    c.setCellFactory(
        col ->
            new TableCell<>() {
              @Override
              protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : Double.isNaN(v) ? "-" : Sweep.number(v));
              }
            });
    c.setComparator(
        (a, b) ->
            Double.compare(
                a == null || a.isNaN() ? Double.NEGATIVE_INFINITY : a,
                b == null || b.isNaN() ? Double.NEGATIVE_INFINITY : b));
    c.setPrefWidth(90);
    return c;
  }

  /** The table's rows as shown (after any sorting by the user). */
  public List<Sweep.Summary> rows() {
    return List.copyOf(table.getItems());
  }

  @Override
  public String id() {
    return "sweep";
  }

  @Override
  public String title() {
    return "Sweep";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public List<ChartSource> charts() {
    return List.of(new ChartSource("Sweep: " + vm.metricProperty().get(), chart));
  }

  @Override
  public void dispose() {
    vm.cancel();
  }
}
