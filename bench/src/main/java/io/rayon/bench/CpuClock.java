package io.rayon.bench;

import java.lang.management.ManagementFactory;

/**
 * CPU time of the whole JVM process (every thread: the planner's, the garbage collector's, the JIT
 * compiler's). On a shared machine the wall clock also counts the time other processes hold the
 * cores; CPU time does not, so it is the benchmark's main measure of a run.
 */
final class CpuClock {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private CpuClock() {}

  static long processNanos() {
    return OS.getProcessCpuTime();
  }
}
