package io.rayon.app.workspace;

import io.rayon.app.prefs.AppPreferences;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;

/**
 * A short guided tour for a first start: a ControlsFX {@link PopOver} pointing in turn at the RDL
 * builder's palette, the planner and its run button, the plan view, and the simulation's run
 * controls, each with one paragraph saying what to do there. It is shown once (the preference
 * {@link AppPreferences#tourShown()} is set when the tour is finished or skipped, by its buttons or
 * Escape) and can be shown again from Help → Guided tour. Escape ends it at once wherever the
 * keyboard focus is: a key pressed in the main window while the tour shows goes to the pop-over
 * first (JavaFX hands an owner window's keys to its pop-ups), where the tour takes Escape itself
 * rather than leaving it to the pop-over's own hiding, which fades out and ends the tour only after
 * the fade.
 */
public final class GuidedTour {

  /**
   * One stop: the tab to show ({@code null}: stay), what to point at (a CSS selector), the words.
   */
  public record Step(String tabId, String selector, String title, String text) {}

  /** The stops, in order. */
  public static final List<Step> STEPS =
      List.of(
          new Step(
              "reservations",
              ".rdl-palette",
              "Build a reservation",
              "Drag atom, any, all, order and window from this palette onto the canvas to build a"
                  + " reservation in RDL, or type it as text. The bar under the canvas says at once"
                  + " whether it can fit the cluster."),
          new Step(
              "plan",
              "#planner-choice",
              "Choose a planner",
              "greedy planners answer in milliseconds; the MILP plans a batch optimally within its"
                  + " time limit. Each planner's options appear beside it, the paper's behaviour by"
                  + " default."),
          new Step(
              "plan",
              "#replan-all",
              "Plan",
              "Re-plan all places every reservation in the background: progress shows in the status"
                  + " bar and Cancel keeps the previous plan."),
          new Step(
              "plan",
              "#plan-skyline",
              "Read the plan",
              "The skyline stacks each reservation's allocation over time; drag to pan, scroll to"
                  + " zoom, Home fits. Switch on Gantt lanes for one lane per reservation, and hover"
                  + " or click an allocation to see and select its reservation."),
          new Step(
              "simulation",
              "#sim-run",
              "Simulate",
              "Run the cluster through time with a scheduler of your choice and play it back: node"
                  + " load, series and the jobs' outcomes, exportable as CSV and JSON."));

  private final AppPreferences prefs;
  private final Consumer<String> selectTab;
  private final Function<String, Node> lookup;
  private PopOver popOver;
  private int index = -1;

  /**
   * @param selectTab shows the workspace tab with the given id
   * @param lookup finds a node of the main window by CSS selector ({@code null} when absent)
   */
  public GuidedTour(
      AppPreferences prefs, Consumer<String> selectTab, Function<String, Node> lookup) {
    this.prefs = prefs;
    this.selectTab = selectTab;
    this.lookup = lookup;
  }

  /** Starts the tour unless it was finished or skipped before; returns whether it started. */
  public boolean startIfFirstTime() {
    if (prefs.tourShown()) return false;
    start();
    return isShowing();
  }

  /** Starts the tour at its first stop. */
  public void start() {
    show(0);
  }

  /** The stop shown (0-based), or -1 when the tour is not showing. */
  public int index() {
    return isShowing() ? index : -1;
  }

  public boolean isShowing() {
    return popOver != null && popOver.isShowing();
  }

  /** Goes to the next stop that can be shown, or ends the tour after the last. */
  public void next() {
    show(index + 1);
  }

  /** Ends the tour and remembers not to show it at start again. */
  public void finish() {
    prefs.setTourShown(true);
    index = -1;
    if (popOver != null) {
      PopOver p = popOver;
      popOver = null;
      p.hide(Duration.ZERO);
    }
  }

  private void show(int from) {
    for (int i = from; i < STEPS.size(); i++) {
      Step s = STEPS.get(i);
      if (s.tabId() != null) selectTab.accept(s.tabId());
      Node target = lookup.apply(s.selector());
      if (target == null || target.getScene() == null || target.getScene().getWindow() == null)
        continue;
      index = i;
      PopOver previous = popOver;
      PopOver p = newPopOver(s, i);
      popOver = p;
      if (previous != null) previous.hide(Duration.ZERO);
      p.show(target);
      return;
    }
    finish();
  }

  private PopOver newPopOver(Step s, int i) {
    PopOver p = new PopOver(content(s, i));
    p.setId("guided-tour");
    p.setTitle(s.title());
    p.setDetachable(false);
    p.setAutoHide(false);
    p.setHeaderAlwaysVisible(true);
    p.setCloseButtonEnabled(false);
    p.setArrowLocation(PopOver.ArrowLocation.TOP_LEFT);
    p.getScene()
        .addEventFilter(
            KeyEvent.KEY_PRESSED,
            e -> {
              if (e.getCode() == KeyCode.ESCAPE && p == popOver) {
                e.consume();
                finish();
              }
            });
    p.setOnHidden(
        e -> {
          if (p == popOver && index >= 0) finish(); // the window went away
        });
    return p;
  }

  private Node content(Step s, int i) {
    Label text = new Label(s.text());
    text.setId("tour-text");
    text.setWrapText(true);
    text.setMaxWidth(340);
    Label where = new Label("Step " + (i + 1) + " of " + STEPS.size());
    where.setId("tour-step");
    Button skip = new Button("Skip tour");
    skip.setId("tour-skip");
    skip.setOnAction(e -> finish());
    boolean last = i == STEPS.size() - 1;
    Button next = new Button(last ? "Done" : "Next");
    next.setId("tour-next");
    next.setDefaultButton(true);
    next.setOnAction(e -> next());
    Region gap = new Region();
    HBox.setHgrow(gap, Priority.ALWAYS);
    HBox buttons = new HBox(8, where, gap, skip, next);
    buttons.setAlignment(Pos.CENTER_LEFT);
    VBox box = new VBox(10, text, buttons);
    box.setPadding(new Insets(10));
    box.setPrefWidth(360);
    return box;
  }
}
