package io.rayon.views.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class TimelineControlTest {
  private TimelineControl timeline;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    timeline = new TimelineControl();
    timeline.setFrameCount(100);
    timeline.frameLabelProperty().set(i -> "t=" + i * 10 + "s");
    stage.setScene(new Scene(timeline, 600, 60));
    stage.show();
  }

  @Test
  void advancingMovesByFramesPerSecondTimesSpeedAndKeepsTheFraction() {
    FxTesting.run(() -> {
      timeline.setSpeed(2);
      timeline.advance(0.26); // 10 fps x 2 x 0.26 s = 5.2 frames
    });
    assertThat(timeline.getFrame()).isEqualTo(5);
    FxTesting.run(() -> timeline.advance(0.02)); // 0.2 + 0.4 = 0.6: still frame 5
    assertThat(timeline.getFrame()).isEqualTo(5);
    FxTesting.run(() -> timeline.advance(0.02)); // 1.0: frame 6
    assertThat(timeline.getFrame()).isEqualTo(6);
  }

  @Test
  void playbackStopsAtTheLastFrameUnlessLooping() {
    FxTesting.run(() -> {
      timeline.setFrame(98);
      timeline.setPlaying(true);
      timeline.advance(1);
    });
    assertThat(timeline.getFrame()).isEqualTo(99);
    assertThat(timeline.isPlaying()).isFalse();
    FxTesting.run(() -> {
      timeline.loopProperty().set(true);
      timeline.setFrame(98);
      timeline.advance(0.3);
    });
    assertThat(timeline.getFrame()).isEqualTo(1);
  }

  @Test
  void thePlayButtonRunsTheAnimationTimerUntilPaused(FxRobot robot) throws Exception {
    robot.clickOn("#timeline-play");
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> timeline.getFrame() > 0);
    assertThat(robot.lookup("#timeline-play").queryButton().getText()).isEqualTo("Pause");
    robot.clickOn("#timeline-play");
    assertThat(timeline.isPlaying()).isFalse();
  }

  @Test
  void scrubbingTheSliderSetsTheFrameAndTheLabelFollows(FxRobot robot) {
    Slider s = robot.lookup("#timeline-slider").queryAs(Slider.class);
    FxTesting.run(() -> s.setValue(42));
    assertThat(timeline.getFrame()).isEqualTo(42);
    assertThat(robot.lookup("#timeline-label").queryAs(Label.class).getText()).isEqualTo("t=420s (43/100)");
    robot.clickOn("#timeline-forward");
    assertThat(s.getValue()).isEqualTo(43);
  }
}
