package io.rayon.views.plan;

import static io.rayon.views.plan.Plans.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class PlanDiffViewTest {
  private PlanDiffView diff;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    diff = new PlanDiffView();
    diff.setPlans(
        aPlan()
            .capacity(0, 80 * 1024, 40)
            .reservation("same", 0, 10, 1)
            .reservation("moves", 10, 20, 1)
            .reservation("gone", 20, 30, 1)
            .horizon(100)
            .build(),
        aPlan()
            .capacity(0, 80 * 1024, 40)
            .reservation("same", 0, 10, 1)
            .reservation("moves", 15, 25, 1)
            .reservation("new", 40, 50, 1)
            .horizon(100)
            .build());
    stage.setScene(new Scene(diff, 800, 600));
    stage.show();
  }

  @Test
  void reservationsAreClassifiedAndColouredByHowTheyDiffer(FxRobot robot) {
    PlanDiff d = diff.getDiff();
    assertThat(d.unchanged()).containsExactly("same");
    assertThat(d.moved()).containsExactly("moves");
    assertThat(d.onlyInA()).containsExactly("gone");
    assertThat(d.onlyInB()).containsExactly("new");
    assertThat(robot.lookup("#plan-diff-summary").queryAs(Label.class).getText())
        .isEqualTo("only in A: 1, only in B: 1, moved: 1, unchanged: 1");
    assertThat(diff.colorOf("moves")).isEqualTo(PlanDiffView.MOVED);
    assertThat(diff.colorOf("gone")).isEqualTo(PlanDiffView.ONLY_IN_A);
    assertThat(diff.colorOf("new")).isEqualTo(PlanDiffView.ONLY_IN_B);
    assertThat(diff.colorOf("same")).isEqualTo(PlanDiffView.UNCHANGED);
  }

  @Test
  void bothPlansShareZoomSelectionAndDimension(FxRobot robot) {
    FxTesting.run(() -> diff.getViewA().showRange(10, 30));
    assertThat(diff.getViewB().getVisibleStart()).isEqualTo(10);
    assertThat(diff.getViewB().getVisibleEnd()).isEqualTo(30);
    FxTesting.run(() -> diff.getViewB().setSelectedReservation("moves"));
    assertThat(diff.getViewA().getSelectedReservation()).isEqualTo("moves");
    assertThat(diff.selectedReservationProperty().get()).isEqualTo("moves");
    @SuppressWarnings("unchecked")
    ComboBox<String> dims = (ComboBox<String>) robot.lookup("#plan-diff-a #plan-dimension").query();
    FxTesting.run(() -> dims.setValue("vcores"));
    assertThat(diff.getViewB().getDimension()).isEqualTo("vcores");
  }
}
