package io.rayon.views.plan;

import static io.rayon.views.plan.Plans.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import io.rayon.views.Themes;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Gantt lanes follow the theme: background, labels and the `moved` badge are CSS colours. */
@ExtendWith(ApplicationExtension.class)
class PlanGanttThemeTest {
  private PlanGanttView view;
  private Scene scene;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    view = new PlanGanttView();
    view.setPlan(
        aPlan()
            .capacity(0, 80 * 1024, 40)
            .reservation("a-early", 10, 40, 4)
            .reservation("b-late", 30, 70, 2)
            .horizon(100)
            .build());
    view.badgeFunctionProperty().set(id -> id.equals("b-late") ? "moved" : null);
    view.showAll();
    scene = new Scene(view, 600, 200);
    Themes.LIGHT.applyTo(scene);
    stage.setScene(scene);
    stage.show();
  }

  private Color pixel(int x, int y) {
    view.applyCss();
    view.layout();
    Canvas c = (Canvas) view.lookup("#plan-gantt-canvas");
    return c.snapshot(null, null).getPixelReader().getColor(x, y);
  }

  @Test
  void theDarkThemeRedrawsTheLanesDarkAndLightensTheBadge() {
    assertThat(FxTesting.call(() -> pixel(5, 5)).getBrightness()).isGreaterThan(0.9);
    assertThat(FxTesting.call(() -> view.getBadgeColor())).isEqualTo(Color.web("#b45309"));
    FxTesting.run(() -> Themes.DARK.applyTo(scene));
    assertThat(FxTesting.call(() -> pixel(5, 5)).getBrightness()).isLessThan(0.2);
    Color badge = FxTesting.call(() -> view.getBadgeColor());
    assertThat(badge).isEqualTo(Color.web("#fbbf24"));
    // the badge stays readable on the dark background: far brighter than it
    assertThat(badge.getBrightness() - FxTesting.call(() -> pixel(5, 5)).getBrightness())
        .isGreaterThan(0.6);
  }
}
