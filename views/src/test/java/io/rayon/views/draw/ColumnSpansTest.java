package io.rayon.views.draw;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import javafx.scene.paint.Color;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ColumnSpansTest {

  /**
   * The SVG sink merges equal spans of neighbouring bands into wider rectangles; painting those
   * rectangles must give exactly the pixels the screen raster gives.
   */
  @Property(tries = 100)
  void svgRectanglesCoverTheSamePixelsAsTheRaster(@ForAll long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    int w = 40;
    int h = 30;
    ColumnSpans cs = new ColumnSpans(0, 0, w, h);
    int x = 0;
    int[] palette = {0xff112233, 0xff445566, 0xff778899};
    while (x < w) {
      int bw = 1 + r.nextInt(3);
      cs.band(x, x + bw);
      int y = h;
      int k = r.nextInt(4);
      for (int i = 0; i < k && y > 0; i++) {
        int top = Math.max(0, y - 1 - r.nextInt(8));
        cs.span(top, y, palette[r.nextInt(palette.length)]);
        y = top;
      }
      x += bw;
    }
    int[] raster = new int[w * h];
    cs.rasterize(raster);

    SvgSink svg = new SvgSink();
    svg.begin(w, h);
    svg.columns(cs);
    svg.end();
    int[] painted = new int[w * h];
    NodeList rects =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.toSvg().getBytes(StandardCharsets.UTF_8)))
            .getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      Element e = (Element) rects.item(i);
      int rx = Integer.parseInt(e.getAttribute("x"));
      int ry = Integer.parseInt(e.getAttribute("y"));
      int rw = Integer.parseInt(e.getAttribute("width"));
      int rh = Integer.parseInt(e.getAttribute("height"));
      int c = Colors.argb(Color.web(e.getAttribute("fill"))) | 0xff000000;
      for (int yy = ry; yy < ry + rh; yy++)
        for (int xx = rx; xx < rx + rw; xx++) painted[yy * w + xx] = c;
    }
    assertThat(painted).isEqualTo(raster);
  }
}
