package io.rayon.views.plan;

import static io.rayon.views.plan.Plans.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PlanSkylineViewStateTest {
  @BeforeAll
  static void toolkit() {
    FxTesting.startToolkit();
  }

  @Test
  void aNewVersionOfThePlanKeepsTheZoomAndAnotherHorizonShowsEverything() {
    double[] range =
        FxTesting.call(
            () -> {
              PlanSkylineView v =
                  new PlanSkylineView(
                      aPlan()
                          .capacity(0, 1000, 10)
                          .reservation("a", 0, 10, 1)
                          .horizon(100)
                          .build());
              v.showRange(20, 60);
              v.setPlan(
                  aPlan()
                      .capacity(0, 1000, 10)
                      .reservation("a", 0, 10, 1)
                      .reservation("b", 30, 40, 1)
                      .horizon(100)
                      .build());
              double s1 = v.getVisibleStart();
              double e1 = v.getVisibleEnd();
              v.setPlan(aPlan().capacity(0, 1000, 10).horizon(500).build());
              return new double[] {s1, e1, v.getVisibleStart(), v.getVisibleEnd()};
            });
    assertThat(range).containsExactly(20, 60, 0, 500);
  }

  @Test
  void zoomAndPanStayInsideTheHorizon() {
    double[] r =
        FxTesting.call(
            () -> {
              PlanSkylineView v =
                  new PlanSkylineView(aPlan().capacity(0, 1000, 10).horizon(100).build());
              v.zoom(4, 90);
              v.pan(1000);
              double s = v.getVisibleStart();
              double e = v.getVisibleEnd();
              v.zoom(1000, 50);
              return new double[] {s, e, v.getVisibleEnd() - v.getVisibleStart()};
            });
    assertThat(r[1]).isEqualTo(100);
    assertThat(r[1] - r[0]).isEqualTo(25);
    assertThat(r[2]).as("at least 4 steps stay visible").isEqualTo(4);
  }
}
