package io.rayon.views.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.views.FxTesting;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
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
    FxTesting.run(
        () -> {
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
    FxTesting.run(
        () -> {
          timeline.setFrame(98);
          timeline.setPlaying(true);
          timeline.advance(1);
        });
    assertThat(timeline.getFrame()).isEqualTo(99);
    assertThat(timeline.isPlaying()).isFalse();
    FxTesting.run(
        () -> {
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
    assertThat(robot.lookup("#timeline-label").queryAs(Label.class).getText())
        .isEqualTo("t=420s (43/100)");
    robot.clickOn("#timeline-forward");
    assertThat(s.getValue()).isEqualTo(43);
  }

  @Test
  void withFrameTimesSpeedIsRunTimePerRealTimeWhateverTheFrameSpacing() {
    double[] times = new double[100];
    for (int i = 0; i < 100; i++)
      times[i] = i < 50 ? i * 10 : 500 + (i - 50) * 100; // 10 s, then 100 s apart
    FxTesting.run(
        () -> {
          timeline.setFrame(0);
          timeline.setFrameTimes(times);
        });
    assertThat(timeline.speeds()).containsExactly(TimelineControl.TIME_SPEEDS);
    assertThat(timeline.getSpeed()).isEqualTo(100); // a frame-rate speed is not a run-time speed
    FxTesting.run(() -> timeline.advance(1)); // 100 s of run time: 10 frames of 10 s
    assertThat(timeline.getFrame()).isEqualTo(10);
    FxTesting.run(() -> timeline.advance(0.05)); // 105 s: still frame 10
    assertThat(timeline.getFrame()).isEqualTo(10);
    FxTesting.run(() -> timeline.advance(0.05)); // 110 s: frame 11
    assertThat(timeline.getFrame()).isEqualTo(11);
    FxTesting.run(
        () -> {
          timeline.setFrame(50); // by hand: playback continues from 500 s
          timeline.setSpeed(10000);
          timeline.advance(0.02); // 200 s: two frames of 100 s
        });
    assertThat(timeline.getFrame()).isEqualTo(52);
    FxTesting.run(
        () -> {
          timeline.setPlaying(true);
          timeline.advance(10); // far past the end
        });
    assertThat(timeline.getFrame()).isEqualTo(99);
    assertThat(timeline.isPlaying()).isFalse();
    FxTesting.run(() -> timeline.setFrameTimes(null));
    assertThat(timeline.speeds()).containsExactly(TimelineControl.SPEEDS);
    assertThat(timeline.getSpeed()).isEqualTo(1);
  }

  @Test
  void eventsAreJumpedToWithTheButtonAndPageKeysAndSpeedWithPlusAndMinus(FxRobot robot) {
    FxTesting.run(
        () -> {
          timeline.setFrameTimes(null);
          timeline.setSpeed(1);
          timeline.setFrame(0);
          timeline.setEventFrames(new int[] {70, 20, 45});
        });
    robot.clickOn("#timeline-next-event");
    assertThat(timeline.getFrame()).isEqualTo(20);
    robot.clickOn("#timeline-slider");
    FxTesting.run(() -> timeline.setFrame(20));
    robot.type(KeyCode.PAGE_DOWN);
    assertThat(timeline.getFrame()).isEqualTo(45);
    robot.type(KeyCode.PAGE_DOWN);
    assertThat(timeline.getFrame()).isEqualTo(70);
    assertThat(robot.lookup("#timeline-next-event").queryButton().isDisabled()).isTrue();
    robot.type(KeyCode.PAGE_UP);
    assertThat(timeline.getFrame()).isEqualTo(45);
    boolean[] moved = new boolean[2];
    FxTesting.run(
        () -> {
          moved[0] = timeline.nextEvent();
          moved[1] = timeline.nextEvent();
        });
    assertThat(moved).containsExactly(true, false);
    assertThat(timeline.getFrame()).isEqualTo(70);

    robot.type(KeyCode.ADD);
    assertThat(timeline.getSpeed()).isEqualTo(2);
    robot.type(KeyCode.SUBTRACT).type(KeyCode.SUBTRACT);
    assertThat(timeline.getSpeed()).isEqualTo(0.5);
    robot.type(KeyCode.END);
    assertThat(timeline.getFrame()).isEqualTo(99);
    robot.type(KeyCode.HOME);
    assertThat(timeline.getFrame()).isZero();
    FxTesting.run(() -> timeline.setEventFrames(new int[0]));
  }
}
