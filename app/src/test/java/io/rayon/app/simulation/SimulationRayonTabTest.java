package io.rayon.app.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.sim.Frame;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.model.io.ScenarioIO;
import io.rayon.views.chart.SeriesChart;
import io.rayon.views.timeline.TimelineControl;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Simulation tab with Rayon end to end: the rayon scheduler is offered with its options, the
 * reservations' planned and actual allocation are drawn together, a node failure's re-plan and
 * rejection appear among the events as playback reaches them, and the SLA job that lost its
 * reservation is marked at risk.
 */
@ExtendWith(ApplicationExtension.class)
class SimulationRayonTabTest {
  /**
   * Two nodes; r1 and r2 each a whole node for minutes 5–10, r3 for minutes 10–15; one node fails
   * at minute 3.
   */
  static final String SCENARIO =
      """
      {"formatVersion":1,"name":"e2e","stepSeconds":60,"horizonSteps":60,
       "cluster":{"name":"c","nodeGroups":[{"name":"n","count":2,"capacity":{"memoryMB":8192,"vcores":8}}]},
       "reservations":[
        {"id":"r1","user":"prod","rdl":"window(atom(<8192,8>,1,1,5,5),5,10)","priority":0,"arrival":0},
        {"id":"r2","user":"prod","rdl":"window(atom(<8192,8>,1,1,5,5),5,10)","priority":0,"arrival":0},
        {"id":"r3","user":"prod","rdl":"window(atom(<8192,8>,1,1,5,5),10,15)","priority":0,"arrival":0}],
       "workload":{"source":"hand","jobs":[
        {"id":"b","user":"adhoc","kind":"BEST_EFFORT","arrivalS":0,"tasks":[{"name":"t","count":2,"request":{"memoryMB":8192,"vcores":8},"durationS":1000}]},
        {"id":"j1","user":"prod","kind":"PRODUCTION","arrivalS":300,"deadlineS":600,"reservationId":"r1","tasks":[{"name":"t","count":1,"request":{"memoryMB":8192,"vcores":8},"durationS":300}]},
        {"id":"j2","user":"prod","kind":"PRODUCTION","arrivalS":300,"deadlineS":600,"reservationId":"r2","tasks":[{"name":"t","count":1,"request":{"memoryMB":8192,"vcores":8},"durationS":300}]},
        {"id":"j3","user":"prod","kind":"PRODUCTION","arrivalS":600,"deadlineS":900,"reservationId":"r3","tasks":[{"name":"t","count":1,"request":{"memoryMB":8192,"vcores":8},"durationS":300}]}]}}
      """;

  private final WorkspaceViewModel ws = new WorkspaceViewModel();
  private SimulationViewModel vm;

  @Start
  void start(Stage stage) throws Exception {
    ws.load(
        ScenarioIO.read(
            new ByteArrayInputStream(SCENARIO.getBytes(StandardCharsets.UTF_8)), "e2e.json"),
        null,
        false);
    vm = new SimulationViewModel(ws, new CurrentThreadTaskExecutor());
    SimulationTab tab = new SimulationTab(vm);
    stage.setScene(new Scene((Parent) tab.content(), 1280, 900));
    stage.show();
  }

  private int frameAt(SimulationResult r, double timeS) {
    List<Frame> fs = r.frames();
    for (int i = 0; i < fs.size(); i++) if (fs.get(i).timeS() >= timeS) return i;
    return fs.size() - 1;
  }

  @Test
  @SuppressWarnings("unchecked")
  void aFailuresReplanAndTheJobAtRiskShowDuringPlayback(FxRobot robot) {
    ComboBox<String> scheduler = robot.lookup("#sim-scheduler").queryAs(ComboBox.class);
    assertThat(scheduler.getItems()).contains("rayon", "capacity");
    robot.interact(() -> scheduler.setValue("rayon"));
    TextField reservable = robot.lookup("#sim-reservable").queryAs(TextField.class);
    TextField failNodes = robot.lookup("#sim-fail-nodes").queryAs(TextField.class);
    TextField frames = robot.lookup("#sim-frame-interval").queryAs(TextField.class);
    robot.interact(
        () -> {
          reservable.setText("1");
          failNodes.setText("1@3m");
          frames.setText("60");
        });
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    SimulationResult r = vm.resultProperty().get();
    assertThat(r).isNotNull();
    assertThat(vm.problemProperty().get()).isEmpty();

    // planned and actual allocation of the reservations, together
    SeriesChart plan = robot.lookup("#sim-plan-vs-actual").queryAs(SeriesChart.class);
    assertThat(plan.isVisible()).isTrue();
    assertThat(plan.getSeries())
        .extracting(SeriesChart.Series::name)
        .containsExactly("planned", "actual");
    assertThat(plan.getSeries().get(0).y()).contains(8.0);

    ListView<String> events = robot.lookup("#sim-events").queryAs(ListView.class);
    Label atRisk = robot.lookup("#sim-at-risk").queryAs(Label.class);
    // at the start only the plan
    robot.interact(() -> vm.frameProperty().set(0));
    assertThat(atRisk.getText()).isEqualTo("No SLA job at risk at this frame");
    assertThat(events.getItems()).hasSize(1);
    assertThat(events.getItems().get(0)).contains("plan: 3 of 3 reservations accepted");
    // after the failure: the re-plan and the rejection, newest first
    robot.interact(() -> vm.frameProperty().set(frameAt(r, 240)));
    assertThat(events.getItems()).hasSize(4);
    assertThat(events.getItems().get(0))
        .contains("reject: reservation r2 rejected: no longer fits after the capacity change");
    assertThat(events.getItems().get(1)).contains("replan: re-planned from step 3");
    assertThat(events.getItems().get(2)).contains("nodes-down: 1 nodes failed");
    // j2 arrived at minute 5 without its reservation: at risk until it ends
    robot.interact(() -> vm.frameProperty().set(frameAt(r, 360)));
    assertThat(atRisk.getText())
        .contains("j2 (reservation r2 rejected after a failure)")
        .doesNotContain("j1")
        .doesNotContain("j3");
  }

  @Test
  @SuppressWarnings("unchecked")
  void oneCursorForEveryChartAndPlaybackJumpsFromEventToEvent(FxRobot robot) {
    ComboBox<String> scheduler = robot.lookup("#sim-scheduler").queryAs(ComboBox.class);
    robot.interact(
        () -> {
          scheduler.setValue("rayon");
          robot.lookup("#sim-reservable").queryAs(TextField.class).setText("1");
          robot.lookup("#sim-fail-nodes").queryAs(TextField.class).setText("1@3m");
          robot.lookup("#sim-frame-interval").queryAs(TextField.class).setText("60");
        });
    robot.clickOn("#sim-run");
    WaitForAsyncUtils.waitForFxEvents();
    SimulationResult r = vm.resultProperty().get();
    TimelineControl timeline = robot.lookup("#sim-timeline").queryAs(TimelineControl.class);
    // run-time speeds: the frames carry their times
    assertThat(timeline.speeds()).containsExactly(TimelineControl.TIME_SPEEDS);
    assertThat(timeline.getFrameTimes()).hasSize(r.frames().size());
    // every event maps to the first frame at or after it: the plan at 0, the failure's events at
    // minute 3
    assertThat(timeline.getEventFrames()).containsExactly(0, frameAt(r, 180));
    robot.interact(() -> vm.frameProperty().set(0));
    robot.interact(() -> robot.lookup("#timeline-next-event").queryButton().fire());
    assertThat(timeline.getFrame()).isEqualTo(frameAt(r, 180));
    ListView<String> events = robot.lookup("#sim-events").queryAs(ListView.class);
    assertThat(events.getItems().get(0)).contains("reject: reservation r2");
    // one time cursor on every chart, in hours
    double hours = r.frames().get(timeline.getFrame()).timeS() / 3600;
    for (String id : List.of("#sim-plan-vs-actual", "#sim-series")) {
      assertThat(robot.lookup(id).queryAs(SeriesChart.class).getCursorX()).as(id).isEqualTo(hours);
    }
    robot.interact(() -> vm.frameProperty().set(frameAt(r, 600)));
    assertThat(robot.lookup("#sim-series").queryAs(SeriesChart.class).getCursorX())
        .isEqualTo(r.frames().get(frameAt(r, 600)).timeS() / 3600);
  }
}
