package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.compare.CompareResult;
import io.rayon.app.compare.CompareViewModel;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.views.plan.PlanSkylineView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Compare tab with three runs: a third planner added as run C joins the metrics table (one
 * column per run), gets its own skyline on A's time window, and the one-page HTML report holds
 * every run's metrics and plan.
 */
@ExtendWith(ApplicationExtension.class)
class CompareManyRunsTest {
  Stage stage;
  @TempDir Path tmp;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @Test
  @SuppressWarnings("unchecked")
  void threeRunsSideBySideOnOneTimeAxisAndInTheReport(FxRobot robot) throws Exception {
    AtomicReference<UiHarness> ref = new AtomicReference<>();
    robot.interact(
        () -> {
          ref.set(new UiHarness(stage, new CurrentThreadTaskExecutor()));
          stage.setWidth(1280);
          stage.setHeight(860);
        });
    UiHarness ui = ref.get();
    SessionBugsTest.open(robot, ui, "fig5b-workflow.json");
    robot.clickOn("#tab-compare");
    robot.interact(
        () -> {
          ui.bench.compare.plannerAProperty().set("gree");
          ui.bench.compare.plannerBProperty().set("greel");
          robot.lookup("#compare-add-planner").queryAs(ComboBox.class).setValue("gree");
        });
    robot.clickOn("#compare-add-run");
    assertThat(ui.bench.compare.morePlanners()).containsExactly("gree");
    assertThat(robot.lookup("#compare-more-label").queryAs(Label.class).getText())
        .isEqualTo("C: gree");
    robot.clickOn("#compare-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.compare.problemProperty().get()).isEmpty();
    CompareResult r = ui.bench.compare.resultProperty().get();
    assertThat(r.runs())
        .extracting(CompareResult.Run::label)
        .containsExactly("gree", "greel", "gree");

    TableView<CompareViewModel.MetricRow> table =
        robot.lookup("#compare-metrics").queryAs(TableView.class);
    assertThat(table.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("Metric", "A", "B", "C");
    CompareViewModel.MetricRow accepted = table.getItems().get(0);
    assertThat(accepted.metric()).isEqualTo("accepted");
    assertThat(accepted.values()).hasSize(3);
    // the same planner on the same scenario is deterministic: C equals A
    assertThat(accepted.values().get(2))
        .isEqualTo(accepted.values().get(0))
        .isEqualTo(Integer.toString(r.metricsA().accepted()));

    PlanSkylineView a = robot.lookup("#compare-skyline-a").queryAs(PlanSkylineView.class);
    PlanSkylineView c = robot.lookup("#compare-skyline-c").queryAs(PlanSkylineView.class);
    assertThat(c.getPlan().allocations()).hasSameSizeAs(a.getPlan().allocations());
    robot.interact(() -> a.showRange(2, 12));
    assertThat(c.getVisibleStart()).isEqualTo(2);
    assertThat(c.getVisibleEnd()).isEqualTo(12);
    assertThat(ui.bench.compareTab.charts()).hasSize(3);

    Path html = tmp.resolve("compare.html");
    ui.dialogs.files.add(html);
    robot.clickOn("#compare-report");
    WaitForAsyncUtils.waitForFxEvents();
    String page = Files.readString(html);
    assertThat(page)
        .startsWith("<!DOCTYPE html>")
        .doesNotContain("<script")
        .endsWith("</html>\n")
        .contains("<th>A</th><th>B</th><th>C</th>")
        .contains("fig5b-workflow.json");
    assertThat(page.split("<svg", -1)).hasSize(4);
    assertThat(page.split("<tr>", -1)).hasSize(1 + 1 + table.getItems().size());

    // removing the added run brings the table back to two columns on the next comparison
    robot.clickOn("#compare-clear-runs");
    robot.clickOn("#compare-run");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(table.getColumns())
        .extracting(col -> col.getText())
        .containsExactly("Metric", "A", "B");
    assertThat(robot.lookup("#compare-skyline-c").tryQuery()).isEmpty();
  }
}
