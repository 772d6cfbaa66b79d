package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.task.DefaultTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A long MILP run goes through the real executor: while it runs the JavaFX thread keeps serving
 * events, the Cancel button stops it, and the plan shown is the solver's best one (valid).
 */
@ExtendWith(ApplicationExtension.class)
class MilpCancelTest {
  static final long SEED = 20261122L;
  UiHarness ui;
  DefaultTaskExecutor executor = new DefaultTaskExecutor(1);

  @Start
  void start(Stage stage) {
    ui = new UiHarness(stage, executor);
    ui.ws.load(hardScenario(SEED), null, false);
  }

  @AfterEach
  void stop() {
    executor.shutdown();
  }

  /** 30 gang reservations competing for 4 small nodes in overlapping windows (seeded). */
  static Scenario hardScenario(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      int g = 1 + rnd.nextInt(3);
      int h = g * (1 + rnd.nextInt(3));
      long l = 2 + rnd.nextInt(3);
      long w = (long) g * l * (2 + rnd.nextInt(4));
      long s = rnd.nextInt(40);
      Rdl e = Rdl.window(Rdl.atom(Resources.of(2048, 2), g, h, l, w), s, s + 12 + rnd.nextInt(12));
      rs.add(new ReservationRequest("m" + i, "m" + i, "u" + (i % 3), "default", e, 0, 0));
    }
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "milp-hard",
        null,
        60,
        80,
        Cluster.of("c", NodeGroup.of("n", 4, Resources.of(8192, 8))),
        null,
        null,
        null,
        rs,
        null,
        null);
  }

  @Test
  void longMilpRunKeepsTheUiResponsiveAndCanBeCancelled(FxRobot robot) throws Exception {
    System.out.println("MilpCancelTest seed " + SEED);
    PlanViewModel vm = ui.bench.plan;
    robot.clickOn("#tab-plan");
    robot.interact(
        () -> {
          vm.plannerProperty().set("milp");
          // long enough that the automatic grid's budget (150 + 1 integer variable per second)
          // holds
          // this model, which it refuses at 10 minutes (875 integer variables on grid 3)
          vm.timeLimitProperty().set("20m");
        });
    robot.clickOn("#replan-all");
    assertThat(vm.runningProperty().get())
        .as(
            "running; problem '%s', summary '%s'",
            vm.problemProperty().get(), vm.summaryProperty().get())
        .isTrue();

    // the JavaFX thread serves a probe while the solver works on the other thread
    CountDownLatch probe = new CountDownLatch(1);
    AtomicBoolean stillRunning = new AtomicBoolean();
    Platform.runLater(
        () -> {
          stillRunning.set(vm.runningProperty().get());
          probe.countDown();
        });
    assertThat(probe.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(stillRunning).as("still running; summary: %s", vm.summaryProperty().get()).isTrue();
    assertThat(ui.executor.runningTasks())
        .extracting(t -> t.title())
        .anyMatch(t -> t.contains("milp"));

    // what the solver reports during its search (not only before and after it) reaches the tab
    WaitForAsyncUtils.waitFor(
        120, TimeUnit.SECONDS, () -> vm.progressProperty().get().contains(" nodes ("));
    assertThat(vm.progressProperty().get()).contains("incumbent").contains("bound").contains("gap");
    assertThat(vm.runningProperty().get()).isTrue();

    assertThat(robot.lookup("#cancel-planning").queryAs(Button.class).isDisabled()).isFalse();
    // cancel from the status bar's task chip
    robot.clickOn(robot.lookup(".task-cancel").queryAs(Button.class));
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(vm.summaryProperty().get()).contains("cancel");
    if (vm.getState() != null) {
      assertThat(PlanValidator.validate(vm.getState().plan(), vm.getState().policy())).isEmpty();
    }
    assertThat(ui.executor.runningTasks()).isEmpty();
  }
}
