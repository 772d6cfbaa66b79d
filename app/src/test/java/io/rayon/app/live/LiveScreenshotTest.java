package io.rayon.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.ui.ScreenshotTest;
import io.rayon.testsupport.FakeRm;
import io.rayon.views.chart.ChartExport;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Writes {@code docs/images/live.png}: the Live tab of the main window connected to a fake
 * ResourceManager with 24 busy nodes, three applications and three reservations around now.
 */
@ExtendWith(ApplicationExtension.class)
class LiveScreenshotTest {
  UiHarness ui;
  Stage stage;
  FakeRm rm;

  @Start
  void start(Stage stage) throws Exception {
    this.stage = stage;
    ui = new UiHarness(stage, new CurrentThreadTaskExecutor());
    rm = new FakeRm();
    long now = System.currentTimeMillis();
    rm.route("/ws/v1/cluster/nodes", FakeRm.json(nodes(24)));
    rm.route(
        "/ws/v1/cluster/metrics",
        FakeRm.json(
            "{\"clusterMetrics\":{\"appsSubmitted\":9,\"appsRunning\":2,\"appsPending\":1,"
                + "\"totalMB\":393216,\"allocatedMB\":192512,\"availableMB\":200704,\"totalVirtualCores\":192,\"allocatedVirtualCores\":94,"
                + "\"availableVirtualCores\":98,\"containersAllocated\":94,\"totalNodes\":24,\"activeNodes\":24}}"));
    rm.route("/ws/v1/cluster/apps", FakeRm.json(apps()));
    rm.route("/ws/v1/cluster/reservation/list", FakeRm.json(reservations(now)));
  }

  @AfterEach
  void stop() throws Exception {
    WaitForAsyncUtils.asyncFx(() -> ui.window.dispose()).get(10, TimeUnit.SECONDS);
    rm.close();
  }

  static String nodes(int n) {
    StringBuilder b = new StringBuilder("{\"nodes\":{\"node\":[");
    for (int i = 0; i < n; i++) {
      long used = (i * 5L % 9) * 2048;
      b.append(i == 0 ? "" : ",")
          .append(
              String.format(
                  Locale.ROOT,
                  "{\"rack\":\"/rack-%d\",\"state\":\"RUNNING\",\"id\":\"worker-%02d:8041\",\"nodeHostName\":\"worker-%02d\","
                      + "\"numContainers\":%d,\"usedMemoryMB\":%d,\"availMemoryMB\":%d,\"usedVirtualCores\":%d,\"availableVirtualCores\":%d,"
                      + "\"resourceUtilization\":{\"nodePhysicalMemoryMB\":%d,\"nodeCPUUsage\":%.2f,\"aggregatedContainersPhysicalMemoryMB\":%d,"
                      + "\"containersCPUUsage\":0.2}}",
                  i % 4,
                  i,
                  i,
                  used / 2048,
                  used,
                  16384 - used,
                  used / 2048,
                  8 - used / 2048,
                  used * 6 / 10 + 512,
                  0.1 * (i % 7),
                  used * 6 / 10));
    }
    return b.append("]}}").toString();
  }

  static String apps() {
    return "{\"apps\":{\"app\":["
        + "{\"id\":\"application_1795362593148_0007\",\"user\":\"alice\",\"name\":\"etl\",\"queue\":\"dedicated\",\"state\":\"RUNNING\","
        + "\"progress\":42.0,\"allocatedMB\":8192,\"allocatedVCores\":4,\"runningContainers\":4,\"reservationId\":\"reservation_1795362593148_0001\"},"
        + "{\"id\":\"application_1795362593148_0008\",\"user\":\"bob\",\"name\":\"adhoc\",\"queue\":\"default\",\"state\":\"RUNNING\","
        + "\"progress\":12.5,\"allocatedMB\":4096,\"allocatedVCores\":2,\"runningContainers\":2},"
        + "{\"id\":\"application_1795362593148_0009\",\"user\":\"carol\",\"name\":\"train\",\"queue\":\"dedicated\",\"state\":\"ACCEPTED\","
        + "\"progress\":0,\"allocatedMB\":0,\"allocatedVCores\":0,\"runningContainers\":0}]}}";
  }

  static String reservations(long now) {
    long m = 60_000;
    long t0 = now / m * m;
    return "{\"reservations\":["
        + res(
            "reservation_1795362593148_0001",
            "etl",
            t0 - 20 * m,
            t0 + 40 * m,
            40,
            t0 - 20 * m,
            t0 + 25 * m)
        + ","
        + res(
            "reservation_1795362593148_0002",
            "train",
            t0,
            t0 + 120 * m,
            64,
            t0 + 30 * m,
            t0 + 90 * m)
        + ","
        + res(
            "reservation_1795362593148_0003",
            "report",
            t0 + 60 * m,
            t0 + 180 * m,
            24,
            t0 + 70 * m,
            t0 + 160 * m)
        + "]}";
  }

  static String res(
      String id, String name, long arrival, long deadline, int containers, long start, long end) {
    return "{\"acceptance-time\":\""
        + arrival
        + "\",\"user\":\"alice\",\"reservation-id\":\""
        + id
        + "\","
        + "\"resource-allocations\":[{\"resource\":{\"memory\":\""
        + containers * 2048
        + "\",\"vCores\":\""
        + containers
        + "\"},"
        + "\"startTime\":\""
        + start
        + "\",\"endTime\":\""
        + end
        + "\"}],"
        + "\"reservation-definition\":{\"arrival\":\""
        + arrival
        + "\",\"deadline\":\""
        + deadline
        + "\",\"reservation-name\":\""
        + name
        + "\","
        + "\"reservation-requests\":{\"reservation-request-interpreter\":\"1\",\"reservation-request\":{\"capability\":{\"memory\":\"2048\","
        + "\"vCores\":\"1\"},\"min-concurrency\":\"1\",\"num-containers\":\""
        + containers
        + "\",\"duration\":\""
        + (end - start)
        + "\"}}}}";
  }

  @Test
  void writesAScreenshotOfTheLiveTab(FxRobot robot) throws Exception {
    robot.interact(() -> ui.window.selectTab("live"));
    robot.interact(
        () -> {
          var url = robot.lookup("#live-url").queryAs(TextField.class);
          url.setText(rm.url());
          robot.lookup("#live-user").queryAs(TextField.class).setText("alice");
        });
    robot.clickOn("#live-connect");
    WaitForAsyncUtils.waitFor(
        15,
        TimeUnit.SECONDS,
        () ->
            robot.lookup("#live-status").queryAs(Label.class).getText().startsWith("Connected to"));
    WaitForAsyncUtils.waitForFxEvents();
    Path out = ScreenshotTest.imagesDir().resolve("live.png");
    Files.createDirectories(out.getParent());
    WritableImage[] img = new WritableImage[1];
    robot.interact(() -> img[0] = stage.getScene().snapshot(null));
    ChartExport.writePng(img[0], out);
    BufferedImage b = ChartExport.toBufferedImage(img[0]);
    assertThat(b.getWidth()).isGreaterThan(600);
  }

  static Path projectRoot() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isDirectory(here.resolve("sample-clusters")) ? here : here.getParent();
  }
}
