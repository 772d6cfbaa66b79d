package io.rayon.app.federation;

import io.rayon.app.dialog.DialogService;
import io.rayon.app.dialog.FileType;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.engine.federation.Federation;
import io.rayon.engine.federation.FederationGenerator;
import io.rayon.engine.federation.FederationTimeline;
import io.rayon.engine.federation.SharePolicies;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * The Federation tab: opens a federation setup (or generates one), runs every share policy of the
 * Hydra paper's §4.2 on it off the JavaFX thread, and shows the sub-clusters × queues matrix of
 * containers allocated under the chosen policy, round by round (animated with Play), utilization
 * and fairness error of every policy side by side, and a clicked cell's demand, guarantee and
 * allocation.
 */
public final class FederationTab implements WorkspaceTab {
  static final double ROW_H = 16;
  static final double LABEL_W = 150;
  static final double HEADER_H = 22;

  private final FederationViewModel vm;
  private final DialogService dialogs;
  private final BorderPane root = new BorderPane();
  private final Canvas matrix = new Canvas(400, 200);
  private final TableView<FederationViewModel.PolicyRow> table = new TableView<>();
  private final Slider roundSlider = new Slider(0, 0, 0);
  private final Label roundLabel = new Label("round 0 of 0");
  private final ToggleButton play = new ToggleButton("Play");
  private final Timeline animation =
      new Timeline(new KeyFrame(Duration.millis(900), e -> nextRound(true)));
  private int[] rows = new int[0];
  private double cellW = 40;

  public FederationTab(FederationViewModel vm, DialogService dialogs) {
    this.vm = vm;
    this.dialogs = dialogs;
    animation.setCycleCount(Timeline.INDEFINITE);

    Button open = new Button("Open setup…");
    open.setId("fed-open");
    open.setOnAction(
        e ->
            dialogs
                .chooseFileToOpen("Open federation setup", List.of(FileType.JSON, FileType.ANY))
                .ifPresent(vm::open));
    Spinner<Integer> subClusters = spinner("fed-subclusters", 1, 200, 8);
    Spinner<Integer> nodes = spinner("fed-nodes", 1, 200_000, 2000);
    Spinner<Integer> queues = spinner("fed-queues", 2, 20_000, 60);
    Spinner<Integer> rounds = spinner("fed-rounds", 1, 100, 6);
    Spinner<Integer> seed = spinner("fed-seed", 0, Integer.MAX_VALUE, 1);
    Button generate = new Button("Generate");
    generate.setId("fed-generate");
    generate.setOnAction(
        e -> {
          try {
            vm.generate(
                new FederationGenerator.Params(
                    subClusters.getValue(),
                    nodes.getValue(),
                    queues.getValue(),
                    8,
                    1.0,
                    seed.getValue(),
                    rounds.getValue()));
          } catch (IllegalArgumentException ex) {
            dialogs.showError("Generate federation", ex.getMessage());
          }
        });
    Button cancel = new Button("Cancel");
    cancel.setId("fed-cancel");
    cancel.setOnAction(e -> vm.cancel());
    cancel.disableProperty().bind(vm.runningProperty().not());
    open.disableProperty().bind(vm.runningProperty());
    generate.disableProperty().bind(vm.runningProperty());
    ProgressBar progress = new ProgressBar();
    progress.setId("fed-progress");
    progress.progressProperty().bind(vm.progressProperty());
    progress.visibleProperty().bind(vm.runningProperty());
    ToolBar files = new ToolBar(open, generate, cancel, progress);
    ToolBar generation =
        new ToolBar(
            new Label("Generate with"),
            new Label("sub-clusters"),
            subClusters,
            new Label("nodes"),
            nodes,
            new Label("queues"),
            queues,
            new Label("rounds"),
            rounds,
            new Label("seed"),
            seed);

    ComboBox<String> policy =
        new ComboBox<>(FXCollections.observableArrayList(SharePolicies.REGISTRY.names()));
    policy.setId("fed-policy");
    policy.valueProperty().bindBidirectional(vm.policyProperty());
    roundSlider.setId("fed-round");
    roundSlider.setMajorTickUnit(1);
    roundSlider.setMinorTickCount(0);
    roundSlider.setSnapToTicks(true);
    roundSlider.setPrefWidth(240);
    roundSlider
        .valueProperty()
        .addListener((o, a, b) -> vm.roundProperty().set((int) Math.round(b.doubleValue())));
    vm.roundProperty()
        .addListener(
            (o, a, b) -> {
              roundSlider.setValue(b.intValue());
              refresh();
            });
    Button next = new Button("Next round");
    next.setId("fed-next");
    next.setOnAction(e -> nextRound(false));
    play.setId("fed-play");
    play.selectedProperty()
        .addListener(
            (o, a, on) -> {
              if (on) animation.play();
              else animation.stop();
            });
    roundLabel.setId("fed-round-label");
    ToolBar view =
        new ToolBar(
            new Label("Share policy"),
            policy,
            new Label("Round"),
            roundSlider,
            roundLabel,
            next,
            play);

    Label summary = new Label();
    summary.setId("fed-summary");
    summary.textProperty().bind(vm.summaryProperty());
    Label problem = new Label();
    problem.setId("fed-problem");
    problem.getStyleClass().add("validation-problem");
    problem.textProperty().bind(vm.problemProperty());
    problem.managedProperty().bind(vm.problemProperty().isNotEmpty());
    VBox top = new VBox(files, generation, view, summary, problem);
    VBox.setMargin(summary, new Insets(2, 8, 2, 8));

    matrix.setId("fed-matrix");
    matrix.setOnMouseClicked(
        e -> {
          int row = (int) Math.floor((e.getY() - HEADER_H) / ROW_H);
          int col = (int) Math.floor((e.getX() - LABEL_W) / cellW);
          if (row < 0
              || row >= rows.length
              || col < 0
              || vm.shownRound() == null
              || col >= vm.shownRound().federation().subClusterCount()) return;
          vm.select(rows[row], col);
        });
    ScrollPane matrixPane = new ScrollPane(matrix);
    matrixPane.setPannable(true);

    table.setId("fed-table");
    table.getColumns().add(column("policy", r -> r.policy()));
    table.getColumns().add(column("utilization", r -> pct(r.utilization())));
    table
        .getColumns()
        .add(
            column(
                "fairness err", r -> String.format(Locale.ROOT, "%.3f%%", r.fairnessErrorPct())));
    table.getColumns().add(column("mean util.", r -> pct(r.meanUtilization())));
    table
        .getColumns()
        .add(
            column(
                "mean fairness err",
                r -> String.format(Locale.ROOT, "%.3f%%", r.meanFairnessErrorPct())));
    table.getColumns().add(column("node-local", r -> pct(r.nodeLocal())));
    table.getColumns().add(column("rack-local", r -> pct(r.rackLocal())));
    table
        .getColumns()
        .add(column("runtime ms", r -> String.format(Locale.ROOT, "%.2f", r.runtimeMs())));
    table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
    Label detail = new Label();
    detail.setId("fed-cell-detail");
    detail.setWrapText(true);
    detail.textProperty().bind(vm.cellDetailProperty());
    Label hint =
        new Label(
            "Utilization and fairness error (against the oracle: one scheduler, locality relaxed) of every policy"
                + " in the round shown, and means over rounds. Click a cell of the matrix for its demand, guarantee and allocation.");
    hint.setWrapText(true);
    VBox right = new VBox(6, table, hint, detail);
    right.setPadding(new Insets(4));
    VBox.setVgrow(table, Priority.ALWAYS);
    SplitPane split = new SplitPane(matrixPane, right);
    split.setOrientation(Orientation.HORIZONTAL);
    split.setDividerPositions(0.55);
    root.setTop(top);
    root.setCenter(split);
    root.setId("federation-tab");

    vm.resultProperty()
        .addListener(
            (o, a, r) -> {
              rows = vm.rows();
              roundSlider.setMax(Math.max(0, vm.roundCount() - 1));
              roundSlider.setValue(0);
              refresh();
            });
    vm.policyProperty().addListener((o, a, b) -> refresh());
    refresh();
  }

  private static String pct(double x) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * x);
  }

  private static Spinner<Integer> spinner(String id, int min, int max, int value) {
    Spinner<Integer> s = new Spinner<>(min, max, value);
    s.setId(id);
    s.setEditable(true);
    s.setPrefWidth(90);
    s.setMinWidth(80);
    return s;
  }

  private static TableColumn<FederationViewModel.PolicyRow, String> column(
      String title, Function<FederationViewModel.PolicyRow, String> value) {
    TableColumn<FederationViewModel.PolicyRow, String> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
    c.setSortable(false);
    return c;
  }

  /**
   * Steps to the next round; with {@code wrap} (the animation) back to the first after the last.
   */
  void nextRound(boolean wrap) {
    int n = vm.roundCount();
    if (n == 0) return;
    int r = vm.roundProperty().get() + 1;
    if (r >= n) r = wrap ? 0 : n - 1;
    vm.roundProperty().set(r);
  }

  private void refresh() {
    table.getItems().setAll(vm.policyRows());
    int n = vm.roundCount();
    roundLabel.setText(
        n == 0 ? "no rounds" : "round " + vm.roundProperty().get() + " of " + (n - 1));
    draw();
  }

  /**
   * Draws the matrix: a row per leaf queue shown, a column per sub-cluster, shade = containers
   * allocated.
   */
  private void draw() {
    FederationTimeline.Round round = vm.shownRound();
    GraphicsContext g = matrix.getGraphicsContext2D();
    if (round == null) {
      matrix.setWidth(400);
      matrix.setHeight(60);
      g.clearRect(0, 0, matrix.getWidth(), matrix.getHeight());
      g.setFill(Color.GRAY);
      g.fillText("No setup yet.", 10, 30);
      return;
    }
    Federation f = round.federation();
    int s = f.subClusterCount();
    cellW = Math.max(26, Math.min(64, 900.0 / s));
    matrix.setWidth(LABEL_W + cellW * s + 4);
    matrix.setHeight(HEADER_H + ROW_H * rows.length + 4);
    g.clearRect(0, 0, matrix.getWidth(), matrix.getHeight());
    g.setFont(Font.font(10));
    g.setTextBaseline(VPos.CENTER);
    long max = 1;
    for (int q : rows) for (int j = 0; j < s; j++) max = Math.max(max, vm.allocation(q, j));
    g.setTextAlign(TextAlignment.CENTER);
    for (int j = 0; j < s; j++) {
      g.setFill(f.isDown(j) ? Color.FIREBRICK : Color.BLACK);
      g.fillText(
          clip(f.subClusterName(j), (int) (cellW / 6)),
          LABEL_W + cellW * j + cellW / 2,
          HEADER_H / 2);
    }
    int[] cell = null;
    for (int i = 0; i < rows.length; i++) {
      int q = rows[i];
      double y = HEADER_H + ROW_H * i;
      g.setTextAlign(TextAlignment.LEFT);
      g.setFill(Color.BLACK);
      g.fillText(clip(f.tree().leafName(q), 24), 2, y + ROW_H / 2);
      for (int j = 0; j < s; j++) {
        double x = LABEL_W + cellW * j;
        long a = vm.allocation(q, j);
        if (f.isDown(j)) g.setFill(Color.gray(0.85));
        else
          g.setFill(
              Color.hsb(
                  210,
                  a == 0 ? 0.03 : 0.15 + 0.85 * a / max,
                  a == 0 ? 0.98 : 0.95 - 0.35 * a / max));
        g.fillRect(x, y, cellW - 1, ROW_H - 1);
        if (a > 0) {
          g.setTextAlign(TextAlignment.CENTER);
          g.setFill(a > max / 2 ? Color.WHITE : Color.BLACK);
          g.fillText(Long.toString(a), x + cellW / 2, y + ROW_H / 2);
        }
      }
    }
  }

  private static String clip(String s, int n) {
    return s.length() <= n ? s : s.substring(0, Math.max(1, n - 1)) + "…";
  }

  /** The width of a matrix column as last drawn. */
  double cellWidth() {
    return cellW;
  }

  public FederationViewModel viewModel() {
    return vm;
  }

  @Override
  public String id() {
    return "federation";
  }

  @Override
  public String title() {
    return "Federation";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public void dispose() {
    animation.stop();
    vm.cancel();
  }
}
