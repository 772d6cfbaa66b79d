package io.rayon.views.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.resources.Resources;
import io.rayon.views.FxTesting;
import io.rayon.views.chart.ChartExport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.scene.image.PixelReader;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SkylineLevelOfDetailTest {
  @BeforeAll
  static void toolkit() {
    FxTesting.startToolkit();
  }

  /** Walking up column x from the bottom of the plot, the last row still coloured by the stack. */
  private static int stackTop(PixelReader r, int x, int top, int bottom) {
    int y = bottom;
    while (y > top) {
      Color c = r.getColor(x, y - 1);
      // background is white and grid lines are light grey; stacked reservations are darker
      if (c.getRed() + c.getGreen() + c.getBlue() > 2.6) break;
      y--;
    }
    return y;
  }

  @Test
  void reservationsThinnerThanAPixelStillAddUpToTheTotalHeight() {
    // 2,000 reservations of one 1 GB bundle each over the whole horizon: each is far below a pixel
    // high
    List<ReservationAllocation> as = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      as.add(
          new ReservationAllocation(
              "r" + i,
              List.of(
                  new AtomAllocation("0", Resources.of(1024, 1), List.of(new Step(0, 1000, 1))))));
    }
    TreeMap<Long, Resources> cap = new TreeMap<>(Map.of(0L, Resources.of(4000L * 1024, 4000)));
    PlanSkylineView v =
        FxTesting.call(
            () -> {
              PlanSkylineView view = new PlanSkylineView();
              view.setPlan(new PlanData(cap, as, List.of(), 60, 1000, Map.of()));
              return view;
            });
    int w = 600;
    int h = 400;
    PixelReader r = FxTesting.call(() -> ChartExport.render(v, w, h).getPixelReader());
    PlanSkylineView.Geometry g = FxTesting.call(() -> v.geometry(w, h));
    int x = (int) g.xOf(500);
    int expectedTop = (int) Math.round(g.yOf(2000.0 * 1024));
    assertThat(stackTop(r, x, (int) g.y0(), (int) Math.round(g.y1())))
        .isBetween(expectedTop - 1, expectedTop + 1);
  }

  @Test
  void theHoverCardNamesTheSubExpressionItsResourcesAndItsWindow() throws Exception {
    ReservationAllocation a =
        new ReservationAllocation(
            "job",
            List.of(
                new AtomAllocation("0.0", Resources.of(8192, 4), List.of(new Step(10, 20, 3)))));
    PlanData p =
        new PlanData(
            new TreeMap<>(Map.of(0L, Resources.of(100_000, 100))),
            List.of(a),
            List.of(),
            60,
            100,
            Map.of("job", RdlParser.parse("window(order(atom(<8192,4>,1,10,2,30)),0,800)")));
    String card =
        FxTesting.call(
            () -> {
              PlanSkylineView v = new PlanSkylineView(p);
              v.setReservationDetails(id -> "user alice, queue dedicated");
              return v.describe("job", 12);
            });
    assertThat(card)
        .contains("Reservation job")
        .contains("sub-expression 0.0: 3 x <8192,4>, window [0, 800)")
        .contains("At 12m (step 12): <24576,12>")
        .contains("Window [0, 13h20m)")
        .contains("user alice, queue dedicated");
  }
}
