package io.rayon.views.timeline;

import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.event.EventHandler;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/** Skin of {@link TimelineControl}: play/pause, step buttons, a slider, a speed box and a label. */
public class TimelineControlSkin extends SkinBase<TimelineControl> {
  private final Slider slider = new Slider();
  private final ComboBox<Double> speed = new ComboBox<>();
  private boolean syncing;
  private final ChangeListener<Number> frameListener =
      (o, a, f) -> {
        syncing = true;
        slider.setValue(f.intValue());
        syncing = false;
      };
  private final ChangeListener<Number> speedListener = (o, a, v) -> speed.setValue(v.doubleValue());
  private final EventHandler<KeyEvent> keyHandler = this::onKey;
  private final ChangeListener<double[]> timesListener = (o, a, v) -> refreshSpeeds();

  public TimelineControlSkin(TimelineControl t) {
    super(t);
    Button play = new Button();
    play.setId("timeline-play");
    play.textProperty().bind(Bindings.when(t.playingProperty()).then("Pause").otherwise("Play"));
    play.setOnAction(e -> t.setPlaying(!t.isPlaying()));
    play.disableProperty().bind(t.frameCountProperty().lessThan(1));
    Button back = new Button("<");
    back.setId("timeline-back");
    back.setTooltip(new Tooltip("Previous frame"));
    back.setOnAction(e -> t.step(-1));
    Button fwd = new Button(">");
    fwd.setId("timeline-forward");
    fwd.setTooltip(new Tooltip("Next frame"));
    fwd.setOnAction(e -> t.step(1));

    slider.setId("timeline-slider");
    slider.setMin(0);
    slider.setBlockIncrement(1);
    slider.maxProperty().bind(Bindings.max(0, t.frameCountProperty().subtract(1)));
    slider.setValue(t.getFrame());
    slider
        .valueProperty()
        .addListener(
            (o, a, v) -> {
              if (!syncing) t.setFrame((int) Math.round(v.doubleValue()));
            });
    t.frameProperty().addListener(frameListener);
    HBox.setHgrow(slider, Priority.ALWAYS);

    speed.setId("timeline-speed");
    for (double s : t.speeds()) speed.getItems().add(s);
    t.frameTimesProperty().addListener(timesListener);
    speed.setConverter(
        new StringConverter<>() {
          @Override
          public String toString(Double d) {
            return d == null
                ? ""
                : (d == Math.rint(d)
                        ? String.format(Locale.ROOT, "%,d", d.longValue())
                        : d.toString())
                    + "x";
          }

          @Override
          public Double fromString(String s) {
            return Double.valueOf(s.replace("x", "").replace(",", ""));
          }
        });
    speed.setValue(t.getSpeed());
    speed
        .valueProperty()
        .addListener(
            (o, a, v) -> {
              if (v != null) t.setSpeed(v);
            });
    t.speedProperty().addListener(speedListener);

    Button nextEvent = new Button(">|");
    nextEvent.setId("timeline-next-event");
    nextEvent.setTooltip(new Tooltip("Next event (Page Down; Page Up: previous)"));
    nextEvent.setOnAction(e -> t.nextEvent());
    nextEvent
        .disableProperty()
        .bind(
            Bindings.createBooleanBinding(
                () -> {
                  for (int f : t.getEventFrames()) if (f > t.getFrame()) return false;
                  return true;
                },
                t.eventFramesProperty(),
                t.frameProperty()));

    Label label = new Label();
    label.setId("timeline-label");
    label.getStyleClass().add("timeline-label");
    label
        .textProperty()
        .bind(
            Bindings.createStringBinding(
                () ->
                    t.getFrameCount() == 0
                        ? "no frames"
                        : t.frameLabelProperty().get().apply(t.getFrame())
                            + " ("
                            + (t.getFrame() + 1)
                            + "/"
                            + t.getFrameCount()
                            + ")",
                t.frameProperty(),
                t.frameCountProperty(),
                t.frameLabelProperty()));

    // buttons and the speed box keep their preferred width; the slider and the label give way
    for (Region r : new Region[] {play, back, fwd, nextEvent, speed}) {
      r.setMinWidth(Region.USE_PREF_SIZE);
    }
    slider.setMinWidth(60);
    HBox box = new HBox(8, play, back, fwd, nextEvent, slider, speed, label);
    box.getStyleClass().add("timeline-box");
    box.setAlignment(Pos.CENTER_LEFT);
    getChildren().add(box);
    t.addEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
  }

  private void onKey(KeyEvent e) {
    TimelineControl t = getSkinnable();
    switch (e.getCode()) {
      case SPACE -> t.setPlaying(!t.isPlaying());
      case LEFT -> t.step(-1);
      case RIGHT -> t.step(1);
      case ADD, PLUS, EQUALS -> t.changeSpeed(true);
      case SUBTRACT, MINUS -> t.changeSpeed(false);
      case PAGE_DOWN -> t.nextEvent();
      case PAGE_UP -> t.previousEvent();
      case HOME -> t.setFrame(0);
      case END -> t.setFrame(t.getFrameCount() - 1);
      default -> {
        return;
      }
    }
    e.consume();
  }

  private void refreshSpeeds() {
    TimelineControl t = getSkinnable();
    speed.getItems().clear();
    for (double s : t.speeds()) speed.getItems().add(s);
    speed.setValue(t.getSpeed());
  }

  @Override
  public void dispose() {
    TimelineControl t = getSkinnable();
    t.frameProperty().removeListener(frameListener);
    t.speedProperty().removeListener(speedListener);
    t.frameTimesProperty().removeListener(timesListener);
    t.removeEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
    super.dispose();
  }
}
