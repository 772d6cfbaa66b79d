package io.rayon.views.timeline;

import java.util.function.IntFunction;
import javafx.animation.AnimationTimer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;

/**
 * Playback over a sequence of frames (for example simulation frames): play/pause, a scrub slider,
 * and a speed choice. {@link #frameProperty() frame} is the index the views bind to, in {@code [0,
 * frameCount)}. While playing, an {@link AnimationTimer} advances it by {@code framesPerSecond x
 * speed} frames per second of animation time; at the end it stops, or wraps when {@link
 * #loopProperty() loop} is on. {@link #advance(double)} does one timer tick's work for a given
 * elapsed time (deterministic, for tests and scripted playback).
 */
public class TimelineControl extends Control {
  public static final double[] SPEEDS = {0.25, 0.5, 1, 2, 4, 8, 16};

  private final IntegerProperty frameCount = new SimpleIntegerProperty(this, "frameCount", 0);
  private final IntegerProperty frame = new SimpleIntegerProperty(this, "frame", 0);
  private final BooleanProperty playing = new SimpleBooleanProperty(this, "playing", false);
  private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);
  private final DoubleProperty framesPerSecond = new SimpleDoubleProperty(this, "framesPerSecond", 10);
  private final BooleanProperty loop = new SimpleBooleanProperty(this, "loop", false);
  private final ObjectProperty<IntFunction<String>> frameLabel =
      new SimpleObjectProperty<>(this, "frameLabel", i -> Integer.toString(i));
  private double fraction;
  private long lastNanos = -1;

  private final AnimationTimer timer =
      new AnimationTimer() {
        @Override
        public void handle(long now) {
          if (lastNanos >= 0) advance((now - lastNanos) / 1e9);
          lastNanos = now;
        }
      };

  public TimelineControl() {
    getStyleClass().add("timeline-control");
    playing.addListener((o, was, is) -> {
      if (is) {
        if (getFrame() >= getFrameCount() - 1 && !isLoop()) setFrame(0);
        lastNanos = -1;
        fraction = 0;
        timer.start();
      } else {
        timer.stop();
      }
    });
    frameCount.addListener((o, a, n) -> {
      if (getFrame() >= n.intValue()) setFrame(Math.max(0, n.intValue() - 1));
    });
    sceneProperty().addListener((o, a, s) -> {
      if (s == null) setPlaying(false);
    });
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new TimelineControlSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return TimelineControl.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  /**
   * Moves playback on by {@code seconds} of animation time: {@code seconds x framesPerSecond x
   * speed} frames, keeping the fractional remainder for the next call.
   */
  public void advance(double seconds) {
    int n = getFrameCount();
    if (n <= 0 || seconds <= 0) return;
    fraction += seconds * getFramesPerSecond() * getSpeed();
    int whole = (int) Math.floor(fraction);
    if (whole == 0) return;
    fraction -= whole;
    long next = (long) getFrame() + whole;
    if (next >= n) {
      if (isLoop()) {
        next %= n;
      } else {
        next = n - 1;
        setPlaying(false);
      }
    }
    setFrame((int) next);
  }

  /** Steps one frame forward or back (negative), clamped. */
  public void step(int delta) {
    setFrame(Math.max(0, Math.min(getFrameCount() - 1, getFrame() + delta)));
  }

  public IntegerProperty frameCountProperty() {
    return frameCount;
  }

  public int getFrameCount() {
    return frameCount.get();
  }

  public void setFrameCount(int n) {
    frameCount.set(Math.max(0, n));
  }

  public IntegerProperty frameProperty() {
    return frame;
  }

  public int getFrame() {
    return frame.get();
  }

  public void setFrame(int i) {
    frame.set(Math.max(0, Math.min(Math.max(0, getFrameCount() - 1), i)));
  }

  public BooleanProperty playingProperty() {
    return playing;
  }

  public boolean isPlaying() {
    return playing.get();
  }

  public void setPlaying(boolean b) {
    playing.set(b && getFrameCount() > 0);
  }

  /** Playback speed multiplier (1 = {@link #framesPerSecondProperty() framesPerSecond}). */
  public DoubleProperty speedProperty() {
    return speed;
  }

  public double getSpeed() {
    return speed.get();
  }

  public void setSpeed(double s) {
    speed.set(s);
  }

  /** Frames shown per second at speed 1. */
  public DoubleProperty framesPerSecondProperty() {
    return framesPerSecond;
  }

  public double getFramesPerSecond() {
    return framesPerSecond.get();
  }

  public BooleanProperty loopProperty() {
    return loop;
  }

  public boolean isLoop() {
    return loop.get();
  }

  /** Text shown for a frame index (for example the simulated time); defaults to the index. */
  public ObjectProperty<IntFunction<String>> frameLabelProperty() {
    return frameLabel;
  }
}
