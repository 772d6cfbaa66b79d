package io.rayon.views.heatmap;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * Render benchmark of {@link NodeHeatmap} during playback (not a test): 10,000 nodes in 250 racks
 * in a 1280x720 window under the headless Monocle platform with the software pipeline, every frame
 * a new load per node, as a simulation's playback hands the heatmap one frame after another.
 *
 * <ol>
 *   <li><b>draw only</b>: new values, then the layout pass that redraws, 400 times on the FX
 *       thread; reports milliseconds per frame.
 *   <li><b>real frames</b>: an {@link AnimationTimer} hands new values on every pulse for a few
 *       seconds; reports the pulses (each with its layout, draw and render) per second; the pulse
 *       rate caps it at 60.
 * </ol>
 *
 * Run (from the repository root, after {@code mvn -q -o test-compile -pl views -am}):
 *
 * <pre>
 * mvn -q -o dependency:build-classpath -pl views -Dmdep.outputFile=/tmp/views.cp -Dmdep.includeScope=test
 * java -Xmx2g -cp views/target/test-classes:views/target/classes:model/target/classes:$(cat /tmp/views.cp) \
 *   io.rayon.views.heatmap.NodeHeatmapRenderBench [nodes] [seconds]
 * </pre>
 */
public final class NodeHeatmapRenderBench {
  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
    setIfAbsent("glass.platform", "Monocle");
    setIfAbsent("monocle.platform", "Headless");
    setIfAbsent("prism.order", "sw");
    setIfAbsent("prism.text", "t2k");
    setIfAbsent("javafx.cachedir", System.getProperty("java.io.tmpdir") + "/openjfx-cache");
    System.out.printf(
        Locale.ROOT,
        "machine: %d cores, load average %.1f; %d nodes%n",
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        n);
    List<String> names = new ArrayList<>(n);
    List<String> racks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      names.add("node-" + i);
      racks.add("rack-" + (i / 40));
    }
    // a few hundred frames of load, precomputed so that the benchmark measures drawing only
    SplittableRandom rnd = new SplittableRandom(42);
    float[][] frames = new float[240][n];
    for (float[] f : frames) for (int i = 0; i < n; i++) f[i] = (float) (rnd.nextDouble() * 1.1);

    CountDownLatch started = new CountDownLatch(1);
    Platform.setImplicitExit(false);
    Platform.startup(started::countDown);
    started.await();

    AtomicReference<NodeHeatmap> ref = new AtomicReference<>();
    AtomicReference<Scene> sceneRef = new AtomicReference<>();
    onFx(
        () -> {
          NodeHeatmap h = new NodeHeatmap();
          h.setNodes(names, racks);
          h.setValues(frames[0]);
          Stage stage = new Stage();
          Scene scene = new Scene(new StackPane(h), 1280, 720);
          stage.setScene(scene);
          stage.show();
          ref.set(h);
          sceneRef.set(scene);
        });
    NodeHeatmap heatmap = ref.get();
    Scene scene = sceneRef.get();

    // 1. draw only
    int k = 400;
    double[] ms = new double[1];
    onFx(
        () -> {
          scene.getRoot().layout();
          long a = System.nanoTime();
          for (int i = 0; i < k; i++) {
            heatmap.setValues(frames[i % frames.length]);
            scene.getRoot().layout(); // the skin redraws in its layout pass
          }
          ms[0] = (System.nanoTime() - a) / 1e6 / k;
        });
    System.out.printf(
        Locale.ROOT,
        "new frame + redraw, draw only: %.2f ms per frame = %.0f frames/s%n",
        ms[0],
        1000 / ms[0]);

    // 2. real frames: new values on every pulse
    CountDownLatch done = new CountDownLatch(1);
    onFx(
        () -> {
          AnimationTimer timer =
              new AnimationTimer() {
                long startNs = -1;
                int pulses;

                @Override
                public void handle(long now) {
                  if (startNs < 0) startNs = now;
                  if (now - startNs > seconds * 1e9) {
                    stop();
                    System.out.printf(
                        Locale.ROOT,
                        "playback, a new frame on every pulse for %.1f s: %d frames = %.1f frames/s%n",
                        (now - startNs) / 1e9,
                        pulses,
                        pulses / ((now - startNs) / 1e9));
                    done.countDown();
                    return;
                  }
                  heatmap.setValues(frames[pulses++ % frames.length]);
                }
              };
          timer.start();
        });
    done.await(Math.round(seconds * 4 + 30), TimeUnit.SECONDS);
    Platform.exit();
  }

  private static void setIfAbsent(String k, String v) {
    if (System.getProperty(k) == null) System.setProperty(k, v);
  }

  private static void onFx(Runnable r) throws InterruptedException {
    CountDownLatch l = new CountDownLatch(1);
    Throwable[] err = new Throwable[1];
    Platform.runLater(
        () -> {
          try {
            r.run();
          } catch (Throwable t) {
            err[0] = t;
          } finally {
            l.countDown();
          }
        });
    l.await();
    if (err[0] != null) throw new IllegalStateException(err[0]);
  }
}
