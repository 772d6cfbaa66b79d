package io.rayon.views.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.draw.SvgSink;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class NodeHeatmapTest {
  private NodeHeatmap map;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    map = new NodeHeatmap();
    List<String> names = new ArrayList<>();
    List<String> racks = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      names.add("n" + i);
      racks.add(i < 3 ? "rackA" : "rackB");
    }
    map.setNodes(names, racks);
    map.setValues(new float[] {0f, 0.5f, 1f, 1.5f, Float.NaN});
    stage.setScene(new Scene(map, 400, 300));
    stage.show();
  }

  private Color cellColor(FxRobot robot, int i) {
    Canvas c = robot.lookup("#heatmap-canvas").queryAs(Canvas.class);
    return FxTesting.call(
        () -> {
          NodeHeatmap.Cells cells = map.cells(c.getWidth(), c.getHeight());
          WritableImage img = c.snapshot(null, null);
          return img.getPixelReader()
              .getColor(cells.x()[i] + cells.size() / 2, cells.y()[i] + cells.size() / 2);
        });
  }

  private static double distance(Color a, Color b) {
    return Math.abs(a.getRed() - b.getRed())
        + Math.abs(a.getGreen() - b.getGreen())
        + Math.abs(a.getBlue() - b.getBlue());
  }

  @Test
  void cellsAreColouredByLoadWithADistinctOverCapacityColour(FxRobot robot) {
    Color idle = cellColor(robot, 0);
    Color half = cellColor(robot, 1);
    Color full = cellColor(robot, 2);
    Color over = cellColor(robot, 3);
    Color none = cellColor(robot, 4);
    assertThat(distance(idle, Color.web("#e8f5e9"))).isLessThan(0.05);
    assertThat(distance(half, Color.web("#fbc02d"))).isLessThan(0.05);
    assertThat(distance(full, Color.web("#d32f2f"))).isLessThan(0.05);
    assertThat(distance(over, Color.web("#7b1fa2"))).isLessThan(0.05);
    assertThat(distance(none, Color.web("#bdbdbd"))).isLessThan(0.05);
  }

  @Test
  void nodesOfOneRackAreGroupedTogether(FxRobot robot) {
    NodeHeatmap.Cells cells = FxTesting.call(() -> map.cells(400, 300));
    assertThat(cells.rackNames()).containsExactly("rackA", "rackB");
    // rack B's cells all lie to the right of (or below) rack A's block
    int rackAMaxX = Math.max(cells.x()[0], Math.max(cells.x()[1], cells.x()[2])) + cells.size();
    assertThat(cells.x()[3] >= rackAMaxX || cells.y()[3] > cells.y()[2]).isTrue();
  }

  @Test
  void hoveringACellShowsTheNodeAndItsValue(FxRobot robot) {
    Canvas c = robot.lookup("#heatmap-canvas").queryAs(Canvas.class);
    NodeHeatmap.Cells cells = FxTesting.call(() -> map.cells(c.getWidth(), c.getHeight()));
    robot.moveTo(
        c.localToScreen(cells.x()[3] + cells.size() / 2.0, cells.y()[3] + cells.size() / 2.0));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(map.hoveredIndexProperty().get()).isEqualTo(3);
    assertThat(robot.lookup("#heatmap-hover-card").queryAs(Label.class).getText())
        .isEqualTo("n3 (rack rackB): 150% (over capacity)");
  }

  @Test
  void tenThousandNodesFitTheControl() {
    List<String> names = new ArrayList<>();
    List<String> racks = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      names.add("node" + i);
      racks.add("rack" + (i / 40));
    }
    NodeHeatmap.Cells cells =
        FxTesting.call(
            () -> {
              map.setNodes(names, racks);
              return map.cells(400, 300);
            });
    for (int i = 0; i < 10_000; i++) {
      assertThat(cells.x()[i] + cells.size()).isLessThanOrEqualTo(400);
      assertThat(cells.y()[i] + cells.size())
          .as("above the colour scale")
          .isLessThanOrEqualTo(300 - NodeHeatmap.LEGEND_H);
    }
  }

  @Test
  void theColourScaleIsDrawnUnderTheCellsAndCanBeHidden() {
    List<String> names = new ArrayList<>();
    List<String> racks = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      names.add("node" + i);
      racks.add("rack" + (i / 16));
    }
    String svg =
        FxTesting.call(
            () -> {
              map.setNodes(names, racks);
              return ChartExport.svg(map, 400, 300);
            });
    assertThat(svg)
        .contains("load 0%")
        .contains("100%")
        .contains("over capacity")
        .contains("no data");
    int withLegend = FxTesting.call(() -> map.cells(400, 300).size());
    String bare =
        FxTesting.call(
            () -> {
              map.legendVisibleProperty().set(false);
              return ChartExport.svg(map, 400, 300);
            });
    assertThat(bare).doesNotContain("over capacity");
    assertThat(FxTesting.call(() -> map.cells(400, 300).size())).isGreaterThanOrEqualTo(withLegend);
    FxTesting.call(
        () -> {
          map.legendVisibleProperty().set(true);
          return null;
        });
  }

  @Test
  void valuesBoundToAnEmptySourceDrawAsNoData(FxRobot robot) {
    // a view-model clears its frame with null; the control draws the nodes without data
    SimpleObjectProperty<float[]> frame = new SimpleObjectProperty<>(new float[] {0.5f, 1f});
    robot.interact(() -> map.valuesProperty().bind(frame));
    robot.interact(() -> frame.set(null));
    robot.interact(() -> map.drawTo(new SvgSink(), 300, 200));
    assertThat(map.getValues()).isEmpty();
    assertThat(map.describe(0)).endsWith("no data");
    robot.interact(() -> map.snapshot(null, null));
  }
}
