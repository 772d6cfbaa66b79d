package io.rayon.views.timeline;

import java.util.Arrays;
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
 *
 * <p>When the frames carry their times ({@link #frameTimesProperty() frameTimes}, seconds of the
 * run), speed means run time per real time instead: at 1× an hour of simulated time plays in an
 * hour, at 10,000× in 0.36 s, whatever the spacing of the frames ({@link #TIME_SPEEDS}). {@link
 * #eventFramesProperty() eventFrames} marks frames where something happened (a re-plan, a
 * rejection); {@link #nextEvent()} and {@link #previousEvent()} jump between them. The keyboard
 * drives it when it has the focus: Space plays or pauses, ←/→ step, +/− change the speed, Page
 * Down/Page Up jump to the next/previous event, Home/End go to the first/last frame.
 */
public class TimelineControl extends Control {
  /** Speeds offered when frames have no times: multiples of {@link #getFramesPerSecond()}. */
  public static final double[] SPEEDS = {0.25, 0.5, 1, 2, 4, 8, 16};

  /** Speeds offered when frames have times: run seconds per real second, 1× to 10,000×. */
  public static final double[] TIME_SPEEDS = {1, 10, 60, 100, 600, 1000, 3600, 10000};

  private final IntegerProperty frameCount = new SimpleIntegerProperty(this, "frameCount", 0);
  private final IntegerProperty frame = new SimpleIntegerProperty(this, "frame", 0);
  private final BooleanProperty playing = new SimpleBooleanProperty(this, "playing", false);
  private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);
  private final DoubleProperty framesPerSecond =
      new SimpleDoubleProperty(this, "framesPerSecond", 10);
  private final BooleanProperty loop = new SimpleBooleanProperty(this, "loop", false);
  private final ObjectProperty<IntFunction<String>> frameLabel =
      new SimpleObjectProperty<>(this, "frameLabel", i -> Integer.toString(i));
  private final ObjectProperty<double[]> frameTimes =
      new SimpleObjectProperty<>(this, "frameTimes", null);
  private final ObjectProperty<int[]> eventFrames =
      new SimpleObjectProperty<>(this, "eventFrames", new int[0]);
  private double fraction;
  private double clock = Double.NaN; // run time reached by playback when frames have times
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
    playing.addListener(
        (o, was, is) -> {
          if (is) {
            if (getFrame() >= getFrameCount() - 1 && !isLoop()) setFrame(0);
            lastNanos = -1;
            fraction = 0;
            clock = Double.NaN;
            timer.start();
          } else {
            timer.stop();
          }
        });
    frameCount.addListener(
        (o, a, n) -> {
          if (getFrame() >= n.intValue()) setFrame(Math.max(0, n.intValue() - 1));
        });
    sceneProperty()
        .addListener(
            (o, a, s) -> {
              if (s == null) setPlaying(false);
            });
    frame.addListener(
        (o, a, f) -> {
          if (!advancing)
            clock = Double.NaN; // moved by hand: playback continues from the frame's time
        });
    frameTimes.addListener(
        (o, a, t) -> {
          clock = Double.NaN;
          if ((a == null) != (t == null))
            setSpeed(t == null ? 1 : 100); // the speed's meaning changed
        });
  }

  private boolean advancing;

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
    double[] times = getFrameTimes();
    long next;
    if (times != null && times.length >= n) {
      if (Double.isNaN(clock)) clock = times[getFrame()];
      clock += seconds * getSpeed();
      int i = getFrame();
      while (i + 1 < n && times[i + 1] <= clock) i++;
      next = i;
      if (i == n - 1 && clock > times[n - 1]) next = n; // past the end
    } else {
      fraction += seconds * getFramesPerSecond() * getSpeed();
      int whole = (int) Math.floor(fraction);
      if (whole == 0) return;
      fraction -= whole;
      next = (long) getFrame() + whole;
    }
    if (next >= n) {
      if (isLoop()) {
        next %= n;
        clock = Double.NaN;
      } else {
        next = n - 1;
        setPlaying(false);
      }
    }
    advancing = true;
    try {
      setFrame((int) next);
    } finally {
      advancing = false;
    }
  }

  /** The speeds offered: {@link #TIME_SPEEDS} when frames have times, else {@link #SPEEDS}. */
  public double[] speeds() {
    return getFrameTimes() == null ? SPEEDS.clone() : TIME_SPEEDS.clone();
  }

  /** The next faster (or, with {@code faster} false, slower) offered speed; stays at the ends. */
  public void changeSpeed(boolean faster) {
    double[] offered = speeds();
    double now = getSpeed();
    if (faster) {
      for (double v : offered)
        if (v > now) {
          setSpeed(v);
          return;
        }
    } else {
      for (int i = offered.length - 1; i >= 0; i--)
        if (offered[i] < now) {
          setSpeed(offered[i]);
          return;
        }
    }
  }

  /**
   * Jumps to the first event frame after the current one; false (and no move) when there is none.
   */
  public boolean nextEvent() {
    for (int f : getEventFrames()) {
      if (f > getFrame() && f < getFrameCount()) {
        setFrame(f);
        return true;
      }
    }
    return false;
  }

  /**
   * Jumps to the last event frame before the current one; false (and no move) when there is none.
   */
  public boolean previousEvent() {
    int[] ev = getEventFrames();
    for (int i = ev.length - 1; i >= 0; i--) {
      if (ev[i] < getFrame()) {
        setFrame(ev[i]);
        return true;
      }
    }
    return false;
  }

  /** Seconds of the run at each frame (non-decreasing), or {@code null}: see the class comment. */
  public ObjectProperty<double[]> frameTimesProperty() {
    return frameTimes;
  }

  public double[] getFrameTimes() {
    return frameTimes.get();
  }

  public void setFrameTimes(double[] t) {
    frameTimes.set(t);
  }

  /** Frames where an event happened, ascending (never null). */
  public ObjectProperty<int[]> eventFramesProperty() {
    return eventFrames;
  }

  public int[] getEventFrames() {
    int[] e = eventFrames.get();
    return e == null ? new int[0] : e;
  }

  public void setEventFrames(int[] frames) {
    int[] copy = frames == null ? new int[0] : frames.clone();
    Arrays.sort(copy);
    eventFrames.set(copy);
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
