package io.rayon.app.task;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.task.CancelledException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class DefaultTaskExecutorTest {
  DefaultTaskExecutor executor = new DefaultTaskExecutor(1);

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
    Platform.setImplicitExit(false);
  }

  @AfterEach
  void stop() {
    executor.shutdown();
  }

  @Test
  void workRunsOffTheFxThreadAndItsResultArrivesOnIt() throws Exception {
    AtomicBoolean workOnFx = new AtomicBoolean(true);
    AtomicBoolean resultOnFx = new AtomicBoolean();
    CountDownLatch done = new CountDownLatch(1);
    WaitForAsyncUtils.asyncFx(
        () ->
            executor.execute(
                BackgroundTask.of(
                        "t",
                        (p, c) -> {
                          workOnFx.set(Platform.isFxApplicationThread());
                          return 42;
                        })
                    .onSuccess(
                        v -> {
                          resultOnFx.set(Platform.isFxApplicationThread() && v == 42);
                          done.countDown();
                        })));
    assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(workOnFx).isFalse();
    assertThat(resultOnFx).isTrue();
  }

  @Test
  void runningTasksAreListedWithProgressAndCancelStopsThem() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch cancelled = new CountDownLatch(1);
    AtomicReference<TaskHandle> handle = new AtomicReference<>();
    WaitForAsyncUtils.asyncFx(
            () ->
                handle.set(
                    executor.execute(
                        BackgroundTask.of(
                                "spin",
                                (p, c) -> {
                                  for (int i = 0; ; i++) {
                                    p.progress((i % 1000) / 1000.0, "step " + i);
                                    started.countDown();
                                    c.throwIfCancelled();
                                    Thread.onSpinWait();
                                  }
                                })
                            .onCancelled(cancelled::countDown))))
        .get(30, TimeUnit.SECONDS);
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    WaitForAsyncUtils.waitFor(
        30, TimeUnit.SECONDS, () -> !handle.get().messageProperty().get().isEmpty());
    assertThat(executor.runningTasks()).containsExactly(handle.get());

    WaitForAsyncUtils.asyncFx(() -> handle.get().cancel());
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(executor.runningTasks()).isEmpty();
    assertThat(handle.get().runningProperty().get()).isFalse();
  }

  @Test
  void lightTasksDoNotWaitBehindALongRun() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch heavyStarted = new CountDownLatch(1);
    CountDownLatch lightDone = new CountDownLatch(1);
    WaitForAsyncUtils.asyncFx(
        () ->
            executor.execute(
                BackgroundTask.of(
                    "long run",
                    (p, c) -> {
                      heavyStarted.countDown();
                      return release.await(60, TimeUnit.SECONDS);
                    })));
    assertThat(heavyStarted.await(30, TimeUnit.SECONDS)).isTrue();
    WaitForAsyncUtils.asyncFx(
        () ->
            executor.execute(
                BackgroundTask.of("autosave", (p, c) -> 1)
                    .light()
                    .onSuccess(v -> lightDone.countDown())));
    assertThat(lightDone.await(30, TimeUnit.SECONDS)).isTrue();
    release.countDown();
  }

  @Test
  void failuresReachTheFailureCallbackAndCancellationIsNotAFailure() throws Exception {
    CountDownLatch failed = new CountDownLatch(1);
    AtomicReference<Throwable> error = new AtomicReference<>();
    WaitForAsyncUtils.asyncFx(
        () ->
            executor.execute(
                BackgroundTask.of(
                        "boom",
                        (p, c) -> {
                          throw new IllegalStateException("boom");
                        })
                    .onFailure(
                        e -> {
                          error.set(e);
                          failed.countDown();
                        })));
    assertThat(failed.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(error.get()).hasMessage("boom");

    CountDownLatch cancelled = new CountDownLatch(1);
    AtomicBoolean failure = new AtomicBoolean();
    WaitForAsyncUtils.asyncFx(
        () ->
            executor.execute(
                BackgroundTask.of(
                        "stop",
                        (p, c) -> {
                          throw new CancelledException();
                        })
                    .onFailure(e -> failure.set(true))
                    .onCancelled(cancelled::countDown)));
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(failure).isFalse();
  }
}
