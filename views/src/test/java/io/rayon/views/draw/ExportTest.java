package io.rayon.views.draw;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.views.FxTesting;
import io.rayon.views.chart.ChartExport;
import io.rayon.views.chart.SeriesChart;
import io.rayon.views.plan.PlanData;
import io.rayon.views.plan.PlanSkylineView;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.scene.paint.Color;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ExportTest {
  @BeforeAll
  static void toolkit() {
    FxTesting.startToolkit();
  }

  private static ReservationAllocation alloc(String id, long s, long e, long n) {
    return new ReservationAllocation(
        id, List.of(new AtomAllocation("0", Resources.of(8192, 4), List.of(new Step(s, e, n)))));
  }

  private static PlanSkylineView twoReservations() {
    TreeMap<Long, Resources> cap = new TreeMap<>(Map.of(0L, Resources.of(80 * 1024, 40)));
    PlanSkylineView v = new PlanSkylineView();
    v.setPlan(
        new PlanData(
            cap,
            List.of(alloc("r1", 10, 40, 4), alloc("r2", 30, 70, 2)),
            List.of(),
            60,
            100,
            Map.of()));
    return v;
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static int rectsFilled(Document d, Color c) {
    NodeList rects = d.getElementsByTagName("rect");
    int n = 0;
    for (int i = 0; i < rects.getLength(); i++) {
      if (((Element) rects.item(i)).getAttribute("fill").equals(Colors.hex(c))) n++;
    }
    return n;
  }

  @Test
  void theSkylineExportsAsWellFormedSvgWithOneRectanglePerConstantBand() throws Exception {
    PlanSkylineView v = FxTesting.call(ExportTest::twoReservations);
    String svg = FxTesting.call(() -> ChartExport.svg(v, 800, 400));
    Document d = parse(svg);
    assertThat(d.getDocumentElement().getTagName()).isEqualTo("svg");
    // r1 sits at the bottom over [10, 40): one rectangle; r2 sits on r1 over [30, 40), then at the
    // bottom: two
    assertThat(rectsFilled(d, Colors.categorical("r1"))).isEqualTo(1);
    assertThat(rectsFilled(d, Colors.categorical("r2"))).isEqualTo(2);
    assertThat(d.getElementsByTagName("polyline").getLength()).as("capacity line").isEqualTo(1);
  }

  @Test
  void svgShapeCountMatchesTheElementsWritten() throws Exception {
    SeriesChart c = FxTesting.call(SeriesChart::new);
    double[] x = new double[1000];
    double[] y = new double[1000];
    for (int i = 0; i < x.length; i++) {
      x[i] = i;
      y[i] = Math.sin(i / 50.0);
    }
    FxTesting.run(
        () ->
            c.getSeries()
                .addAll(
                    new SeriesChart.Series("sin", x, y, null),
                    new SeriesChart.Series("flat", x, new double[1000], Color.GRAY)));
    SvgSink sink = new SvgSink();
    FxTesting.run(() -> c.drawTo(sink, 600, 300));
    sink.end();
    Document d = parse(sink.toSvg());
    int shapes = 0;
    for (String tag : List.of("rect", "line", "polyline", "text"))
      shapes += d.getElementsByTagName(tag).getLength();
    assertThat(shapes).isEqualTo(sink.shapeCount());
    assertThat(d.getElementsByTagName("polyline").getLength()).isEqualTo(2);
  }

  @Test
  void textIsEscapedInSvg() throws Exception {
    SvgSink s = new SvgSink();
    s.begin(10, 10);
    s.text("a < b & \"c\"", 0, 5, Color.BLACK, 10, DrawingSink.Align.LEFT);
    s.end();
    assertThat(parse(s.toSvg()).getElementsByTagName("text").item(0).getTextContent())
        .isEqualTo("a < b & \"c\"");
  }

  @Test
  void pngExportWritesThePictureAsOnScreen(@TempDir Path dir) throws Exception {
    PlanSkylineView v = FxTesting.call(ExportTest::twoReservations);
    Path png = dir.resolve("plan.png");
    FxTesting.run(
        () -> {
          try {
            ChartExport.writePng(v, 800, 400, png);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
    BufferedImage img = ImageIO.read(Files.newInputStream(png));
    assertThat(img.getWidth()).isEqualTo(800);
    assertThat(img.getHeight()).isEqualTo(400);
    double[] xy = FxTesting.call(() -> new double[] {v.xOf(20, 800, 400), 0});
    // r1 at step 20 near the bottom of the plot is drawn in r1's colour
    Color c = Colors.color(img.getRGB((int) xy[0], 400 - 24 - 5));
    Color r1 = Colors.categorical("r1");
    assertThat(
            Math.abs(c.getRed() - r1.getRed())
                + Math.abs(c.getGreen() - r1.getGreen())
                + Math.abs(c.getBlue() - r1.getBlue()))
        .isLessThan(0.06);
  }

  @Test
  void theActualAllocationOverlayIsDrawnUpToTheTimeCursor() throws Exception {
    PlanSkylineView v = FxTesting.call(ExportTest::twoReservations);
    Color green = Color.web("#27ae60");
    FxTesting.run(
        () ->
            v.setOverlay(
                new PlanSkylineView.Overlay(
                    "actual",
                    new long[] {10, 20, 30, 40},
                    List.of(
                        Resources.of(32768, 16),
                        Resources.of(30000, 15),
                        Resources.of(40000, 20),
                        Resources.of(8192, 4)),
                    green)));
    Document all = parse(FxTesting.call(() -> ChartExport.svg(v, 800, 400)));
    Element full = overlayLine(all, green);
    assertThat(full).as("overlay line").isNotNull();
    assertThat(full.getAttribute("points").trim().split("\\s+")).hasSize(8); // two points per step
    FxTesting.run(
        () ->
            v.setCursorStep(
                25)); // playback at step 25: steps 10 and 20 only, the second cut at the cursor
    Element cut = overlayLine(parse(FxTesting.call(() -> ChartExport.svg(v, 800, 400))), green);
    assertThat(cut.getAttribute("points").trim().split("\\s+")).hasSize(4);
    FxTesting.run(() -> v.setOverlay(null));
    assertThat(overlayLine(parse(FxTesting.call(() -> ChartExport.svg(v, 800, 400))), green))
        .isNull();
  }

  private static Element overlayLine(Document d, Color c) {
    NodeList lines = d.getElementsByTagName("polyline");
    for (int i = 0; i < lines.getLength(); i++) {
      Element e = (Element) lines.item(i);
      if (e.getAttribute("stroke").equals(Colors.hex(c))) return e;
    }
    return null;
  }
}
