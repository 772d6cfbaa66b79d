package io.rayon.views.plan;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Render benchmark of {@link PlanSkylineView} (not a test): a 10,000-reservation plan over 10,000
 * steps in a 1280x720 window under the headless Monocle platform with the software pipeline.
 *
 * <ol>
 *   <li><b>pan, draw only</b>: the visible range (a quarter of the horizon) moves by 0.5% per frame
 *       and the skin draws at once; reports milliseconds per draw and draws per second.
 *   <li><b>pan, real frames</b>: an {@link AnimationTimer} pans on every pulse for a few seconds;
 *       reports the frames the control actually drew per second, including the toolkit's rendering
 *       (the pulse rate caps it at 60).
 *   <li><b>whole horizon</b>: redraws with everything visible (changing the selection each frame).
 * </ol>
 *
 * Run (from the repository root, after {@code mvn -q -o test-compile -pl views -am}):
 *
 * <pre>
 * mvn -q -o dependency:build-classpath -pl views -Dmdep.outputFile=/tmp/views.cp -Dmdep.includeScope=test
 * java -Xmx2g -cp views/target/test-classes:views/target/classes:model/target/classes:$(cat /tmp/views.cp) \
 *   io.rayon.views.plan.PlanSkylineRenderBench [reservations] [steps] [seconds]
 * </pre>
 */
public final class PlanSkylineRenderBench {
  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    long steps = args.length > 1 ? Long.parseLong(args[1]) : 10_000;
    double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 5;
    setIfAbsent("glass.platform", "Monocle");
    setIfAbsent("monocle.platform", "Headless");
    setIfAbsent("prism.order", "sw");
    setIfAbsent("prism.text", "t2k");
    setIfAbsent("javafx.cachedir", System.getProperty("java.io.tmpdir") + "/openjfx-cache");

    long t0 = System.nanoTime();
    PlanData plan = Plans.random(42, n, steps);
    long runs = 0;
    for (var a : plan.allocations()) for (var at : a.atoms()) runs += at.steps().size();
    System.out.printf(
        Locale.ROOT,
        "machine: %d cores, load average %.1f%n",
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    System.out.printf(
        Locale.ROOT,
        "plan: %d reservations, %d allocation runs, %d steps (built in %.0f ms)%n",
        n,
        runs,
        steps,
        (System.nanoTime() - t0) / 1e6);

    CountDownLatch started = new CountDownLatch(1);
    Platform.setImplicitExit(false);
    Platform.startup(started::countDown);
    started.await();

    AtomicReference<PlanSkylineView> viewRef = new AtomicReference<>();
    onFx(
        () -> {
          PlanSkylineView v = new PlanSkylineView(plan);
          v.rejectedPanelVisibleProperty().set(false);
          Stage stage = new Stage();
          stage.setScene(new Scene(v, 1280, 720));
          stage.show();
          viewRef.set(v);
        });
    PlanSkylineView view = viewRef.get();

    // first full draw (computes the buckets of the whole horizon)
    double[] first = new double[1];
    onFx(
        () -> {
          long a = System.nanoTime();
          view.setSelectedReservation("r0");
          skin(view).redrawIfDirty();
          first[0] = (System.nanoTime() - a) / 1e6;
        });
    System.out.printf(Locale.ROOT, "first draw of the whole horizon: %.1f ms%n", first[0]);

    // 1. pan, draw only
    double span = steps / 4.0;
    int frames = 400;
    double[] ms = new double[2];
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    onFx(
        () -> {
          view.showRange(0, span);
          skin(view).redrawIfDirty();
          long cpu = mx.getCurrentThreadCpuTime();
          long a = System.nanoTime();
          for (int i = 0; i < frames; i++) {
            double s = (i % 200) * span * 0.005 + (i / 200) * span;
            view.showRange(s, s + span);
            skin(view).redrawIfDirty();
          }
          ms[0] = (System.nanoTime() - a) / 1e6 / frames;
          ms[1] = (mx.getCurrentThreadCpuTime() - cpu) / 1e6 / frames;
        });
    System.out.printf(
        Locale.ROOT,
        "pan (quarter of the horizon visible), draw only: %.2f ms per draw = %.0f draws/s (CPU time of the FX thread: %.2f ms per draw = %.0f draws/s)%n",
        ms[0],
        1000 / ms[0],
        ms[1],
        1000 / ms[1]);

    // 2. pan on every pulse, real frames
    CountDownLatch done = new CountDownLatch(1);
    long[] counts = new long[2];
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long[] processCpu = new long[1];
    onFx(
        () -> {
          view.showRange(0, span);
          counts[0] = view.getRedrawCount();
          AnimationTimer timer =
              new AnimationTimer() {
                long startNs = -1;
                int i;

                @Override
                public void handle(long now) {
                  if (startNs < 0) {
                    startNs = now;
                    processCpu[0] = os.getProcessCpuTime();
                  }
                  if (now - startNs > seconds * 1e9) {
                    stop();
                    counts[1] = view.getRedrawCount() - counts[0];
                    double cpuPerFrame =
                        (os.getProcessCpuTime() - processCpu[0]) / 1e6 / Math.max(1, counts[1]);
                    System.out.printf(
                        Locale.ROOT,
                        "pan on every pulse for %.1f s: %d frames drawn = %.1f frames/s; process CPU time %.1f ms per frame"
                            + " (all threads, including the renderer)%n",
                        (now - startNs) / 1e9,
                        counts[1],
                        counts[1] / ((now - startNs) / 1e9),
                        cpuPerFrame);
                    done.countDown();
                    return;
                  }
                  i++;
                  view.pan(span * 0.005 * ((i / 300) % 2 == 0 ? 1 : -1));
                }
              };
          timer.start();
        });
    done.await(Math.round(seconds * 4 + 30), TimeUnit.SECONDS);

    // 3. whole horizon visible, selection changes
    onFx(
        () -> {
          view.showAll();
          skin(view).redrawIfDirty();
          long cpu = mx.getCurrentThreadCpuTime();
          long a = System.nanoTime();
          int k = 100;
          for (int i = 0; i < k; i++) {
            view.setSelectedReservation("r" + (i * 97 % n));
            skin(view).redrawIfDirty();
          }
          double per = (System.nanoTime() - a) / 1e6 / k;
          double perCpu = (mx.getCurrentThreadCpuTime() - cpu) / 1e6 / k;
          System.out.printf(
              Locale.ROOT,
              "whole horizon, selection change: %.2f ms per draw = %.0f draws/s (CPU time: %.2f ms per draw = %.0f draws/s)%n",
              per,
              1000 / per,
              perCpu,
              1000 / perCpu);
        });
    Platform.exit();
  }

  private static PlanSkylineViewSkin skin(PlanSkylineView v) {
    return (PlanSkylineViewSkin) v.getSkin();
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
    if (!l.await(120, TimeUnit.SECONDS))
      throw new IllegalStateException("the JavaFX thread did not finish in 120 s");
    if (err[0] != null) throw new IllegalStateException(err[0]);
  }
}
