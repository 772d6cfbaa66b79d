package io.rayon.views;

import static io.rayon.views.plan.PlanSkylineViewAccess.pixelAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.plan.PlanSkylineView;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class ThemesTest {
  private PlanSkylineView view;
  private Scene scene;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    view = new PlanSkylineView();
    scene = new Scene(view, 400, 300);
    Themes.LIGHT.applyTo(scene);
    stage.setScene(scene);
    stage.show();
  }

  @Test
  void switchingToTheDarkThemeRedrawsTheCanvasInDarkColours(FxRobot robot) {
    Color light = FxTesting.call(() -> pixelAt(view, 5, 5));
    assertThat(light.getBrightness()).isGreaterThan(0.9);
    FxTesting.run(() -> Themes.DARK.applyTo(scene));
    Color dark = FxTesting.call(() -> pixelAt(view, 5, 5));
    assertThat(dark.getBrightness()).isLessThan(0.2);
    assertThat(Themes.of(scene)).isEqualTo(Themes.DARK);
    assertThat(scene.getStylesheets()).containsExactly(Themes.DARK.stylesheet());
  }
}
