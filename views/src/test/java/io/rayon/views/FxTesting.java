package io.rayon.views;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Runs code on the JavaFX thread from a test and waits for its result. */
public final class FxTesting {
  private FxTesting() {}

  private static boolean started;

  /** Starts the JavaFX toolkit once per JVM (for tests that create controls without TestFX). */
  public static synchronized void startToolkit() {
    if (started) return;
    // start it the way TestFX does, so that robot-driven tests later in the same JVM find their
    // stage
    try {
      FxToolkit.registerPrimaryStage();
    } catch (TimeoutException e) {
      throw new AssertionError("the JavaFX toolkit did not start", e);
    }
    Platform.setImplicitExit(false);
    started = true;
  }

  public static <T> T call(Callable<T> c) {
    try {
      return WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, WaitForAsyncUtils.asyncFx(c));
    } catch (TimeoutException e) {
      throw new AssertionError("the JavaFX thread did not answer within 10 s", e);
    }
  }

  public static void run(Runnable r) {
    WaitForAsyncUtils.waitForAsyncFx(10_000, r);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
