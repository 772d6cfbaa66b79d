package io.rayon.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.ScriptedDialogService;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.FakeRm;
import io.rayon.testsupport.Fixtures;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Live tab against a fake ResourceManager on the loopback interface, headless. */
@ExtendWith(ApplicationExtension.class)
class LiveTabTest {
  FakeRm rm;
  LiveViewModel vm;
  LiveTab tab;
  WorkspaceViewModel ws;
  final ScriptedDialogService dialogs = new ScriptedDialogService();

  @Start
  void start(Stage stage) throws Exception {
    Platform.setImplicitExit(false);
    rm = new FakeRm();
    ws = new WorkspaceViewModel();
    vm = new LiveViewModel(null, Platform::runLater, Clock.systemUTC());
    vm.periodSecondsProperty().set(3600);
    tab = new LiveTab(vm, ws, new CurrentThreadTaskExecutor(), dialogs);
    stage.setScene(new Scene((Parent) tab.content(), 1200, 800));
    stage.show();
  }

  @AfterEach
  void stop() throws Exception {
    WaitForAsyncUtils.asyncFx(() -> vm.disconnect()).get(10, TimeUnit.SECONDS);
    rm.close();
  }

  static void await(BooleanSupplier condition) throws Exception {
    WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> condition.getAsBoolean());
    WaitForAsyncUtils.waitForFxEvents();
  }

  String status(FxRobot robot) {
    return robot.lookup("#live-status").queryAs(Label.class).getText();
  }

  void connect(FxRobot robot) throws Exception {
    robot.interact(
        () -> {
          vm.urlProperty().set(rm.url());
          vm.userProperty().set("alice");
        });
    robot.clickOn("#live-connect");
    await(() -> status(robot).startsWith("Connected to"));
  }

  @Test
  void connectingShowsMetricsHeatmapsQueuesAndYarnsPlan(FxRobot robot) throws Exception {
    connect(robot);
    assertThat(robot.lookup("#live-metrics").queryAs(Label.class).getText())
        .contains("Nodes 2/2 active")
        .contains("Hadoop 3.4.1");
    assertThat(tab.allocatedHeatmap().getNodes().names()).hasSize(2);
    assertThat(tab.allocatedHeatmap().getValues()).containsExactly(0f, 0f);
    assertThat(tab.estimatedHeatmap().getValues()).hasSize(2);
    assertThat(vm.queues()).extracting(q -> q.name()).contains("root", "default", "dedicated");
    assertThat(tab.planView().getPlan().allocations())
        .singleElement()
        .satisfies(a -> assertThat(a.reservationId()).isEqualTo("reservation_1795362593148_0001"));
    assertThat(rm.requestsTo("/ws/v1/cluster/metrics"))
        .allSatisfy(r -> assertThat(r.query()).isEqualTo("user.name=alice"));
  }

  @Test
  void whenTheServerStopsAnsweringTheDataStaysAndIsMarkedStale(FxRobot robot) throws Exception {
    connect(robot);
    rm.route("/ws/v1/cluster/metrics", FakeRm.status(503, "down for maintenance"));
    robot.clickOn("#live-refresh");
    await(() -> vm.staleProperty().get());
    assertThat(status(robot))
        .startsWith("Stale since")
        .contains("HTTP 503")
        .contains("showing data of");
    assertThat(tab.allocatedHeatmap().getNodes().names()).hasSize(2);
    assertThat(tab.planView().getPlan().allocations()).hasSize(1);
    assertThat(dialogs.notices)
        .as("a lost connection is notified")
        .singleElement()
        .satisfies(n -> assertThat(n).startsWith("WARNING Lost the connection").contains(rm.url()));

    rm.route("/ws/v1/cluster/metrics", FakeRm.json(FakeRm.golden("metrics.json")));
    robot.clickOn("#live-refresh");
    await(() -> !vm.staleProperty().get());
    assertThat(status(robot)).startsWith("Connected to");
    assertThat(dialogs.notices)
        .hasSize(2)
        .last()
        .satisfies(n -> assertThat(n).startsWith("INFORMATION Connection restored"));
  }

  @Test
  void submittingOnAReadOnlyConnectionOnlyPreviews(FxRobot robot) throws Exception {
    robot.interact(() -> ws.load(Fixtures.smallScenario(), null, false));
    connect(robot);
    robot.clickOn("#live-submit");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#live-submit-report").queryAs(TextArea.class).getText())
        .startsWith("Read-only connection: nothing was sent");
    assertThat(rm.requests).noneMatch(r -> r.method().equals("POST"));
  }

  @Test
  void withWritesAllowedTheTabPreviewsAsksThenSubmitsAndListsBack(FxRobot robot) throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.json("{\"reservation-id\":\"reservation_1795362593148_0001\"}"));
    rm.route("/ws/v1/cluster/reservation/submit", FakeRm.status(202, ""));
    var s =
        Fixtures.smallScenario()
            .withReservations(
                List.of(
                    new ReservationRequest(
                        "etl",
                        "etl",
                        "alice",
                        "dedicated",
                        Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 2, 2, 4), 0, 20),
                        0,
                        0)));
    robot.interact(
        () -> {
          ws.load(s, null, false);
          vm.allowWriteProperty().set(true);
        });
    connect(robot);
    dialogs.confirmAnswers.add(true);
    robot.clickOn("#live-submit");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(dialogs.confirmations)
        .singleElement()
        .satisfies(c -> assertThat(c).contains("etl: PREVIEW"));
    assertThat(rm.requestsTo("/ws/v1/cluster/reservation/submit")).hasSize(1);
    assertThat(robot.lookup("#live-submit-report").queryAs(TextArea.class).getText())
        .contains("etl: ACCEPTED as reservation_1795362593148_0001")
        .contains("local plan: accepted");
  }

  @Test
  void aBadAddressIsReportedWithoutFreezing(FxRobot robot) throws Exception {
    robot.clickOn("#live-url").write("ftp://x");
    robot.clickOn("#live-connect");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(dialogs.errors)
        .singleElement()
        .satisfies(e -> assertThat(e).contains("only http:// and https://"));
    assertThat(vm.connectedProperty().get()).isFalse();
  }

  @Test
  void submittingIsOffWhileTheConnectionHasFailed(FxRobot robot) throws Exception {
    robot.interact(() -> ws.load(Fixtures.smallScenario(), null, false));
    Button submit = robot.lookup("#live-submit").queryAs(Button.class);
    assertThat(submit.isDisabled()).isTrue();
    connect(robot);
    assertThat(submit.isDisabled()).isFalse();

    rm.route("/ws/v1/cluster/metrics", FakeRm.status(503, "down for maintenance"));
    robot.clickOn("#live-refresh");
    await(() -> vm.staleProperty().get());
    assertThat(submit.isDisabled()).as("stale connection").isTrue();

    rm.route("/ws/v1/cluster/metrics", FakeRm.json(FakeRm.golden("metrics.json")));
    robot.clickOn("#live-refresh");
    await(() -> !vm.staleProperty().get());
    assertThat(submit.isDisabled()).isFalse();
  }

  @Test
  void submittingIsOffWhenTheServerNeverAnswered(FxRobot robot) throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.status(503, "starting"));
    robot.interact(() -> vm.urlProperty().set(rm.url()));
    robot.clickOn("#live-connect");
    await(() -> vm.staleProperty().get());
    assertThat(vm.connectedProperty().get()).isTrue();
    assertThat(robot.lookup("#live-submit").queryAs(Button.class).isDisabled()).isTrue();
  }
}
