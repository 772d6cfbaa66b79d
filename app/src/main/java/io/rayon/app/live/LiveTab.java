package io.rayon.app.live;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.live.AppReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.views.heatmap.NodeHeatmap;
import io.rayon.views.plan.PlanSkylineView;
import io.rayon.views.validation.FieldValidation;
import io.rayon.yarn.LiveDurations;
import io.rayon.yarn.SubmitReport;
import io.rayon.yarn.YarnConnection;
import io.rayon.yarn.YarnReservationTranslator;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnSubmitter;
import io.rayon.yarn.YarnTranslation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Live tab: connect to a ResourceManager, watch its metrics, node heatmaps (YARN's allocation
 * beside the estimated usage), queues, running applications and YARN's plan in the plan view, and
 * submit the open scenario's reservations (dry-run preview first, only with writes switched on for
 * this connection). Every network call runs off the JavaFX thread.
 */
public final class LiveTab implements WorkspaceTab {
  private final LiveViewModel vm;
  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final DialogService dialogs;
  private final BorderPane root = new BorderPane();
  private final NodeHeatmap allocatedMap = new NodeHeatmap();
  private final NodeHeatmap estimatedMap = new NodeHeatmap();
  private final PlanSkylineView planView = new PlanSkylineView();
  private final TextArea submitReport = new TextArea();
  private final FieldValidation validation = new FieldValidation();

  public LiveTab(
      LiveViewModel vm, WorkspaceViewModel ws, TaskExecutor executor, DialogService dialogs) {
    this.vm = vm;
    this.ws = ws;
    this.executor = executor;
    this.dialogs = dialogs;
    root.setId("live-tab");

    TextField url = new TextField();
    url.setId("live-url");
    url.setPromptText("http://resourcemanager:8088");
    url.setPrefColumnCount(22);
    url.textProperty().bindBidirectional(vm.urlProperty());
    validation.check(
        url,
        text -> {
          if (text.isBlank()) return null;
          try {
            YarnConnection.of(text);
            return null;
          } catch (IllegalArgumentException e) {
            return e.getMessage();
          }
        });
    TextField user = new TextField();
    user.setId("live-user");
    user.setPromptText("user");
    user.setPrefColumnCount(8);
    user.textProperty().bindBidirectional(vm.userProperty());
    Spinner<Integer> period = new Spinner<>(1, 3600, vm.periodSecondsProperty().get());
    period.setId("live-period");
    period.setEditable(true);
    period.setPrefWidth(80);
    period.valueProperty().addListener((o, a, b) -> vm.periodSecondsProperty().set(b));
    period.setTooltip(new Tooltip("Seconds between polls"));
    CheckBox writes = new CheckBox("Allow writes");
    writes.setId("live-allow-write");
    writes.selectedProperty().bindBidirectional(vm.allowWriteProperty());
    writes.setTooltip(
        new Tooltip("Off by default. Needed to submit reservations; applies when (re)connecting."));
    Button connect = new Button("Connect");
    connect.setId("live-connect");
    connect.setOnAction(
        e -> {
          if (vm.connectedProperty().get()) {
            vm.disconnect();
          } else {
            String err = vm.connect();
            if (err != null) dialogs.showError("Cannot connect", err);
          }
        });
    connect
        .textProperty()
        .bind(Bindings.when(vm.connectedProperty()).then("Disconnect").otherwise("Connect"));
    Button refresh = new Button("Refresh");
    refresh.setId("live-refresh");
    refresh.disableProperty().bind(vm.connectedProperty().not());
    refresh.setOnAction(e -> vm.refresh());
    Button submit = new Button("Submit reservations…");
    submit.setId("live-submit");
    // only while the ResourceManager answers: not during the first poll, not while it is failing
    submit.disableProperty().bind(vm.canSubmitProperty().not());
    submit.setOnAction(e -> submitScenario());
    // a wrapping row, so no control disappears into an overflow menu when the tab is narrow
    FlowPane bar =
        new FlowPane(
            6,
            4,
            new Label("ResourceManager"),
            url,
            new Label("user"),
            user,
            connect,
            new Label("poll every"),
            period,
            new Label("s"),
            refresh,
            writes,
            submit);
    bar.setAlignment(Pos.CENTER_LEFT);
    bar.setPadding(new Insets(4, 8, 4, 8));
    bar.getStyleClass().add("tool-bar");

    Label status = new Label();
    status.setId("live-status");
    status.setWrapText(true);
    status.textProperty().bind(vm.statusProperty());
    vm.staleProperty()
        .addListener(
            (o, a, b) -> {
              if (b) status.getStyleClass().add("stale");
              else status.getStyleClass().remove("stale");
              status.setStyle(b ? "-fx-text-fill: #c62828; -fx-font-weight: bold;" : "");
            });
    vm.staleProperty()
        .addListener(
            (o, a, b) -> {
              if (b) {
                dialogs.notify(
                    DialogService.Notice.WARNING,
                    "Lost the connection",
                    vm.urlProperty().get()
                        + " does not answer. The last data stays on screen; polling goes on.");
              } else if (vm.canSubmitProperty().get()) {
                dialogs.notify(
                    DialogService.Notice.INFORMATION,
                    "Connection restored",
                    vm.urlProperty().get() + " answers again.");
              }
            });
    Label metrics = new Label();
    metrics.setId("live-metrics");
    metrics.textProperty().bind(vm.metricsTextProperty());
    VBox top = new VBox(bar, pad(status), pad(metrics));

    allocatedMap.setId("live-heatmap-allocated");
    allocatedMap.titleProperty().set("YARN allocation per node");
    estimatedMap.setId("live-heatmap-estimated");
    estimatedMap
        .titleProperty()
        .set("Estimated usage per node (EWMA, α = " + LiveDerived.ALPHA + ")");
    vm.nodeNamesProperty()
        .addListener(
            (o, a, b) -> {
              allocatedMap.setNodes(b, vm.racksProperty().get());
              estimatedMap.setNodes(b, vm.racksProperty().get());
            });
    allocatedMap.valuesProperty().bind(vm.allocatedProperty());
    estimatedMap.valuesProperty().bind(vm.estimatedProperty());
    SplitPane maps = new SplitPane(allocatedMap, estimatedMap);

    planView.setId("live-plan");
    planView.planProperty().bind(vm.planProperty());
    vm.nowStepProperty().addListener((o, a, b) -> planView.setCursorStep(b.longValue()));

    TableView<QueueReport> queues = queueTable();
    TableView<AppReport> apps = appTable();
    submitReport.setId("live-submit-report");
    submitReport.setEditable(false);
    submitReport.setPromptText("Submission results appear here.");
    SplitPane tables = new SplitPane(queues, apps, submitReport);
    tables.setDividerPositions(0.35, 0.75);

    SplitPane center = new SplitPane(maps, planView, tables);
    center.setOrientation(Orientation.VERTICAL);
    center.setDividerPositions(0.3, 0.68);
    root.setTop(top);
    root.setCenter(center);
  }

  private static Node pad(Label l) {
    HBox h = new HBox(l);
    h.setPadding(new Insets(2, 8, 2, 8));
    HBox.setHgrow(l, Priority.ALWAYS);
    return h;
  }

  private TableView<QueueReport> queueTable() {
    TableView<QueueReport> t = new TableView<>(vm.queues());
    t.setId("live-queues");
    t.setPlaceholder(new Label("No queues yet"));
    t.getColumns()
        .add(
            col(
                "Queue",
                q -> "  ".repeat(Math.max(0, q.path().split("\\.").length - 1)) + q.name()));
    t.getColumns().add(col("Capacity", q -> pct(q.capacity())));
    t.getColumns().add(col("Max", q -> pct(q.maxCapacity())));
    t.getColumns().add(col("Used", q -> pct(q.usedCapacity())));
    t.getColumns().add(col("Apps", q -> Integer.toString(q.numApplications())));
    return t;
  }

  private TableView<AppReport> appTable() {
    TableView<AppReport> t = new TableView<>(vm.apps());
    t.setId("live-apps");
    t.setPlaceholder(new Label("No running applications"));
    t.getColumns().add(col("Application", AppReport::id));
    t.getColumns().add(col("User", AppReport::user));
    t.getColumns().add(col("Queue", AppReport::queue));
    t.getColumns().add(col("State", AppReport::state));
    t.getColumns().add(col("Progress", a -> String.format(Locale.ROOT, "%.0f%%", a.progress())));
    t.getColumns().add(col("Holds", a -> a.allocated().toString()));
    t.getColumns().add(col("Reservation", a -> a.reservationId() == null ? "" : a.reservationId()));
    return t;
  }

  private static <T> TableColumn<T, String> col(String title, Function<T, String> f) {
    TableColumn<T, String> c = new TableColumn<>(title);
    c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
    return c;
  }

  private static String pct(double f) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * f);
  }

  /**
   * Translates the open scenario's reservations, shows the dry-run preview, and after confirmation
   * submits them in the background (only when writes are allowed for this connection).
   */
  void submitScenario() {
    YarnRestClient client = vm.client();
    Scenario s = ws.getScenario();
    if (client == null || s == null) return;
    if (!vm.canSubmitProperty().get()) {
      dialogs.showError(
          "Cannot submit", "The ResourceManager is not answering: " + vm.statusProperty().get());
      return;
    }
    if (s.reservations().isEmpty()) {
      dialogs.showInfo("Nothing to submit", "The open scenario has no reservations.");
      return;
    }
    long origin =
        LiveDurations.nextStep(System.currentTimeMillis(), Math.max(1, s.stepSeconds()) * 1000);
    YarnReservationTranslator tr =
        new YarnReservationTranslator(Math.max(1, s.stepSeconds()), s.horizonSteps());
    List<ReservationRequest> chosen = s.reservations();
    var selected = ws.selectedReservation();
    if (selected.isPresent()) {
      String one = "Only the selected reservation (" + selected.get().id() + ")";
      String all = "All " + s.reservations().size() + " reservations of the scenario";
      var answer = dialogs.choose("Submit to YARN", "Which reservations?", List.of(one, all));
      if (answer.isEmpty()) return;
      if (answer.get().equals(one)) chosen = List.of(selected.get());
    }
    List<YarnTranslation> ts = new ArrayList<>();
    for (ReservationRequest r : chosen) ts.add(tr.translate(r, origin, null));
    String preview = SubmitReport.format(YarnSubmitter.preview(ts), true);
    if (!client.connection().allowWrite()) {
      submitReport.setText(
          "Read-only connection: nothing was sent. Switch on \"Allow writes\" and connect again to submit.\n\n"
              + preview);
      return;
    }
    if (!dialogs.confirm(
        "Submit to YARN",
        "Submit these reservations to " + client.connection().baseUrl() + "?\n\n" + preview)) {
      submitReport.setText("Cancelled: nothing was sent.\n\n" + preview);
      return;
    }
    long horizon = s.horizonSteps();
    executor.execute(
        BackgroundTask.of(
                "Submitting to YARN",
                (progress, cancel) -> {
                  // plan locally (GREE) so YARN's allocation can be compared with ours
                  var run = PlanningRun.run(s, Planners.byName("gree"), s.sharingPolicy());
                  Map<String, Decision> local = new LinkedHashMap<>();
                  for (var d : run.decisions()) local.put(d.reservationId(), d);
                  return new YarnSubmitter(client, horizon).submit(ts, local);
                })
            .onSuccess(
                out -> {
                  submitReport.setText(SubmitReport.format(out, false));
                  vm.refresh();
                })
            .onFailure(e -> submitReport.setText("Submission failed: " + e.getMessage())));
  }

  @Override
  public String id() {
    return "live";
  }

  @Override
  public String title() {
    return "Live";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public void dispose() {
    vm.disconnect();
  }

  /** For tests: the controls the tab draws with. */
  NodeHeatmap allocatedHeatmap() {
    return allocatedMap;
  }

  NodeHeatmap estimatedHeatmap() {
    return estimatedMap;
  }

  PlanSkylineView planView() {
    return planView;
  }
}
