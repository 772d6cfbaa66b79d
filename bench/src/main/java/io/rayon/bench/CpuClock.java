package io.rayon.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * The time a placement loop costs when it has a core to itself: the CPU time of the calling thread
 * (nanosecond resolution) plus the garbage collectors' accumulated collection time (milliseconds,
 * the time the application's threads are held up by collections; a planner that allocates more pays
 * for it here). On a shared machine the wall clock also counts the time other processes hold the
 * cores; this measure does not, so it is the benchmark's main figure. (The process CPU time would
 * include the collector's threads too, but Linux reports it in 10 ms ticks only.)
 */
final class CpuClock {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final List<GarbageCollectorMXBean> GCS =
      ManagementFactory.getGarbageCollectorMXBeans();

  static {
    if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled())
      THREADS.setThreadCpuTimeEnabled(true);
  }

  private CpuClock() {}

  static long nanos() {
    long gcMillis = 0;
    for (GarbageCollectorMXBean g : GCS) gcMillis += Math.max(0, g.getCollectionTime());
    return THREADS.getCurrentThreadCpuTime() + gcMillis * 1_000_000L;
  }
}
