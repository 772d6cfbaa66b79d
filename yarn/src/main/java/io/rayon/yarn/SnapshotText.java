package io.rayon.yarn;

import io.rayon.model.live.AppReport;
import io.rayon.model.live.ClusterMetrics;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnStage;
import io.rayon.model.resources.Resources;
import java.time.Instant;
import java.util.Locale;

/** The human-readable form of a snapshot that {@code rayon live} prints. */
public final class SnapshotText {
  private SnapshotText() {}

  public static String format(ClusterSnapshot s) {
    StringBuilder b = new StringBuilder();
    var i = s.info();
    b.append("ResourceManager ").append(s.source());
    if (i != null)
      b.append(" (Hadoop ")
          .append(i.hadoopVersion())
          .append(", ")
          .append(i.state())
          .append(i.haState().isEmpty() ? "" : ", " + i.haState())
          .append(')');
    b.append(" at ").append(Instant.ofEpochMilli(s.takenAt())).append('\n');
    ClusterMetrics m = s.metrics();
    if (m != null) {
      b.append(
          String.format(
              Locale.ROOT,
              "Cluster: %d of %d nodes active, memory %d/%d MB (%.1f%%), vcores %d/%d (%.1f%%), apps running %d, pending %d,"
                  + " containers %d%n",
              m.activeNodes(),
              m.totalNodes(),
              m.allocated().memoryMB(),
              m.total().memoryMB(),
              100 * m.memoryUtilization(),
              m.allocated().vcores(),
              m.total().vcores(),
              100 * m.vcoreUtilization(),
              m.appsRunning(),
              m.appsPending(),
              m.containersAllocated()));
    }
    b.append("Nodes (").append(s.nodes().size()).append("):\n");
    for (NodeReport n : s.nodes()) {
      b.append(
          String.format(
              Locale.ROOT,
              "  %-28s %-10s %-16s memory %6d/%-6d MB  vcores %3d/%-3d  containers %d%s%n",
              n.id(),
              n.state(),
              n.rack(),
              n.used().memoryMB(),
              n.capacity().memoryMB(),
              n.used().vcores(),
              n.capacity().vcores(),
              n.numContainers(),
              n.utilization() == null
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "  measured %d MB, cpu %.2f",
                      n.utilization().nodePhysicalMemoryMB(),
                      n.utilization().nodeCpuUsage())));
    }
    if (s.rootQueue() != null) {
      b.append("Queues (").append(s.schedulerType()).append("):\n");
      queue(b, s.rootQueue(), 1);
    }
    long active = s.apps().stream().filter(AppReport::isActive).count();
    b.append("Applications (")
        .append(active)
        .append(" active):")
        .append(active == 0 ? " none" : "")
        .append('\n');
    for (AppReport a : s.apps()) {
      if (!a.isActive()) continue;
      b.append(
          String.format(
              Locale.ROOT,
              "  %-32s %-10s %-12s %-14s %5.1f%%  %s  containers %d%s%n",
              a.id(),
              a.state(),
              a.user(),
              a.queue(),
              a.progress(),
              a.allocated(),
              a.runningContainers(),
              a.reservationId() == null ? "" : "  in " + a.reservationId()));
    }
    b.append("Reservations")
        .append(
            s.reservationQueues().isEmpty()
                ? " (no plan queue found)"
                : " in " + String.join(", ", s.reservationQueues()))
        .append(": ")
        .append(s.reservations().isEmpty() ? "none" : "")
        .append('\n');
    for (YarnReservation r : s.reservations()) {
      b.append("  ")
          .append(r.id())
          .append("  ")
          .append(r.queue())
          .append("  user ")
          .append(r.user());
      if (r.definition() != null) {
        b.append("  '")
            .append(r.definition().name())
            .append("' ")
            .append(r.definition().interpreter())
            .append(" [")
            .append(Instant.ofEpochMilli(r.definition().arrival()))
            .append(", ")
            .append(Instant.ofEpochMilli(r.definition().deadline()))
            .append(')');
        for (YarnStage st : r.definition().stages()) {
          b.append(
              String.format(
                  Locale.ROOT,
                  "%n      stage %d x %s, gang %d, %d ms",
                  st.numContainers(),
                  st.capability(),
                  st.minConcurrency(),
                  st.durationMs()));
        }
      }
      b.append('\n');
      Resources now = r.resourcesAt(s.takenAt());
      b.append("      holds now ")
          .append(now)
          .append(", allocation intervals ")
          .append(r.allocations().size())
          .append('\n');
    }
    for (String w : s.warnings()) b.append("warning: ").append(w).append('\n');
    return b.toString();
  }

  private static void queue(StringBuilder b, QueueReport q, int depth) {
    b.append(
        String.format(
            Locale.ROOT,
            "%s%-"
                + Math.max(1, 30 - 2 * depth)
                + "s capacity %5.1f%% (max %5.1f%%)  used %5.1f%% of it  apps %d%n",
            "  ".repeat(depth),
            q.name(),
            100 * q.capacity(),
            100 * q.maxCapacity(),
            100 * q.usedCapacity(),
            q.numApplications()));
    for (QueueReport c : q.children()) queue(b, c, depth + 1);
  }
}
