package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.prefs.Theme;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.Selection;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.Workload;
import io.rayon.views.chart.ChartExport;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Writes screenshots of the main views with the default sample to {@code docs/images/} (the README
 * shows them): Reservations (builder, feasibility, ghost), Plan, Compare, Simulation, and the Plan
 * tab in the dark theme with its Gantt lanes open. Each picture must show more than one colour.
 */
@ExtendWith(ApplicationExtension.class)
public class ScreenshotTest {
  UiHarness ui;
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
  }

  /**
   * Where screenshots go: {@code docs/images/} only when the build is asked to refresh them ({@code
   * -Drayon.screenshots=docs}, the command README names); otherwise a temporary directory, so that
   * a test run renders and checks them but leaves the work tree as it found it.
   */
  public static Path imagesDir() throws IOException {
    if ("docs".equals(System.getProperty("rayon.screenshots")))
      return projectRoot().resolve("docs/images");
    if (scratch == null) scratch = Files.createTempDirectory("rayon-screenshots");
    return scratch;
  }

  private static Path scratch;

  static Path projectRoot() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isDirectory(here.resolve("sample-clusters")) ? here : here.getParent();
  }

  private Path shoot(FxRobot robot, String name) throws Exception {
    WaitForAsyncUtils.waitForFxEvents();
    Path out = ScreenshotTest.imagesDir().resolve(name);
    Files.createDirectories(out.getParent());
    WritableImage[] img = new WritableImage[1];
    robot.interact(() -> img[0] = stage.getScene().snapshot(null));
    ChartExport.writePng(img[0], out);
    BufferedImage b = ChartExport.toBufferedImage(img[0]);
    assertThat(b.getWidth()).isGreaterThan(600);
    int first = b.getRGB(0, 0);
    boolean varied = false;
    for (int y = 0; y < b.getHeight() && !varied; y += 7)
      for (int x = 0; x < b.getWidth() && !varied; x += 7) varied = b.getRGB(x, y) != first;
    assertThat(varied).as(name + " shows something").isTrue();
    return out;
  }

  /** File → Export → chart as SVG and PNG write what the Plan tab shows. */
  private void exportCharts(FxRobot robot) throws Exception {
    Path tmp = Files.createTempDirectory("charts");
    Path svg = tmp.resolve("plan.svg");
    Path png = tmp.resolve("plan.png");
    ui.dialogs.files.add(svg);
    robot.interact(() -> ui.bench.exports.exportChartSvg());
    ui.dialogs.files.add(png);
    robot.interact(() -> ui.bench.exports.exportChartPng());
    assertThat(ui.dialogs.errors).isEmpty();
    var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
    assertThat(ImageIO.read(png.toFile()).getWidth()).isGreaterThan(100);
  }

  @Test
  void writesScreenshotsOfTheMainViews(FxRobot robot) throws Exception {
    Path sample = projectRoot().resolve("sample-clusters/swim-256.json");
    Scenario full = ScenarioIO.read(sample);
    // the simulation picture uses the first 300 jobs so the test stays quick
    List<Job> jobs =
        new ArrayList<>(
            full.workload().jobs().subList(0, Math.min(300, full.workload().jobs().size())));
    // the default sample's reservations on a 2-node slice of its cluster, so that they compete
    var group = full.cluster().nodeGroups().get(0);
    var slice =
        new Cluster(
            full.cluster().name() + "-slice",
            List.of(new NodeGroup(group.name(), 2, group.capacity(), group.allowance(), 1, null)),
            List.of(),
            List.of());
    Scenario s = full.withWorkload(new Workload(full.workload().source(), jobs)).withCluster(slice);
    robot.interact(() -> ui.ws.load(s, sample, false));

    robot.interact(
        () -> {
          // the planner the Plan tab offers first and picks for new scenarios
          ui.bench.plan.plannerProperty().set("greel-plus");
          ui.bench.plan.replanAll();
        });
    String accepted = null;
    for (Decision d : ui.bench.plan.getState().decisions().values())
      if (d.accepted() && accepted == null) accepted = d.reservationId();
    assertThat(ui.bench.plan.rejected())
        .as("the slice is too small for every reservation")
        .isNotEmpty();
    String pick = accepted;
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation(pick)));
    shoot(robot, "reservations.png");

    robot.clickOn("#tab-plan");
    shoot(robot, "plan.png");
    exportCharts(robot);

    robot.clickOn("#tab-compare");
    robot.interact(
        () -> {
          ui.bench.compare.plannerAProperty().set("gree");
          ui.bench.compare.plannerBProperty().set("greel");
          ui.bench.compare.run();
        });
    assertThat(ui.bench.compare.rows()).isNotEmpty();
    shoot(robot, "compare.png");

    robot.clickOn("#tab-simulation");
    robot.interact(
        () -> {
          ui.bench.simulation.frameIntervalProperty().set("600");
          ui.bench.simulation.run();
        });
    assertThat(ui.bench.simulation.resultProperty().get()).isNotNull();
    int frames = ui.bench.simulation.resultProperty().get().frames().size();
    robot.interact(() -> ui.bench.simulation.frameProperty().set(frames / 3));
    shoot(robot, "simulation.png");

    robot.clickOn("#tab-plan");
    robot.interact(() -> ui.prefs.setTheme(Theme.DARK));
    // with the Gantt lanes open: they follow the theme too
    robot.clickOn("#plan-gantt-toggle");
    shoot(robot, "plan-dark.png");
    robot.clickOn("#plan-gantt-toggle");
    robot.interact(() -> ui.prefs.setTheme(Theme.LIGHT));

    // the same views at the smallest window size the workbench supports
    double w = stage.getWidth();
    double h = stage.getHeight();
    robot.interact(
        () -> {
          stage.setWidth(1024);
          stage.setHeight(700);
        });
    for (String tab : List.of("reservations", "plan", "compare", "simulation")) {
      robot.clickOn("#tab-" + tab);
      Path out = shoot(robot, tab + "-1024x700.png");
      assertThat(ImageIO.read(out.toFile()).getWidth()).as(tab).isLessThanOrEqualTo(1024);
    }
    robot.interact(
        () -> {
          stage.setWidth(w);
          stage.setHeight(h);
        });
  }
}
