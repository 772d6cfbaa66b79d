package io.rayon.app;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Measures cold start when {@code -Drayon.startup.report=true}: milliseconds from JVM start to the
 * first frame of the main window (interactive) and to the default scenario shown. Prints one line
 * per mark on stderr, and with {@code -Drayon.startup.exit=true} quits once the scenario is shown
 * (for scripted measurements). Lives in the app, never in model or engine.
 */
final class StartupProbe {
  static final boolean REPORT = Boolean.getBoolean("rayon.startup.report");
  static final boolean EXIT = Boolean.getBoolean("rayon.startup.exit");
  private static final long JVM_START = ManagementFactory.getRuntimeMXBean().getStartTime();

  private StartupProbe() {}

  static long sinceJvmStart() {
    return System.currentTimeMillis() - JVM_START;
  }

  /** CPU time of the whole process so far (all threads), a fairer figure on a busy machine. */
  static long cpuMillis() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun)
      return sun.getProcessCpuTime() / 1_000_000;
    return -1;
  }

  static void mark(String what) {
    if (REPORT) {
      System.err.printf(
          Locale.ROOT,
          "startup: %s after %d ms (process CPU %d ms)%n",
          what,
          sinceJvmStart(),
          cpuMillis());
    }
  }
}
