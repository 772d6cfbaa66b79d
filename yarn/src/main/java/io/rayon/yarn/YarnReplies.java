package io.rayon.yarn;

import io.rayon.model.live.AppReport;
import io.rayon.model.live.ClusterInfo;
import io.rayon.model.live.ClusterMetrics;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.NodeUtilization;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnAllocation;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Turns ResourceManager REST replies (JSON trees) into model records. Each method takes the whole
 * reply and names the JSON path of anything it cannot use ({@link ReplyNode.Malformed}).
 */
public final class YarnReplies {
  private YarnReplies() {}

  static ClusterInfo info(ReplyNode reply) {
    ReplyNode i = reply.object("clusterInfo");
    return new ClusterInfo(
        i.text("id"),
        i.text("state"),
        i.text("haState"),
        i.text("resourceManagerVersion"),
        i.text("hadoopVersion"),
        i.longOf("startedOn", 0));
  }

  static ClusterMetrics metrics(ReplyNode reply) {
    ReplyNode m = reply.object("clusterMetrics");
    return new ClusterMetrics(
        m.intOf("appsSubmitted", 0),
        m.intOf("appsRunning", 0),
        m.intOf("appsPending", 0),
        m.intOf("appsCompleted", 0),
        m.intOf("appsFailed", 0),
        m.intOf("appsKilled", 0),
        Resources.of(m.longOf("totalMB", 0), m.longOf("totalVirtualCores", 0)),
        Resources.of(m.longOf("allocatedMB", 0), m.longOf("allocatedVirtualCores", 0)),
        Resources.of(m.longOf("availableMB", 0), m.longOf("availableVirtualCores", 0)),
        Resources.of(m.longOf("reservedMB", 0), m.longOf("reservedVirtualCores", 0)),
        m.intOf("containersAllocated", 0),
        m.intOf("containersPending", 0),
        m.intOf("containersReserved", 0),
        m.intOf("totalNodes", 0),
        m.intOf("activeNodes", 0),
        m.intOf("lostNodes", 0),
        m.intOf("unhealthyNodes", 0),
        m.intOf("decommissionedNodes", 0));
  }

  static List<NodeReport> nodes(ReplyNode reply) {
    List<NodeReport> out = new ArrayList<>();
    for (ReplyNode n : reply.wrappedList("nodes", "node")) {
      Resources used = Resources.of(n.longOf("usedMemoryMB", 0), n.longOf("usedVirtualCores", 0));
      Resources avail =
          Resources.of(n.longOf("availMemoryMB", 0), n.longOf("availableVirtualCores", 0));
      Resources capacity =
          n.get("totalResource").present() ? resource(n.get("totalResource")) : used.plus(avail);
      if (n.get("usedResource").present()) used = resource(n.get("usedResource"));
      NodeUtilization u = null;
      ReplyNode ru = n.get("resourceUtilization");
      if (ru.present() && ru.isObject()) {
        u =
            new NodeUtilization(
                ru.longOf("nodePhysicalMemoryMB", 0),
                ru.doubleOf("nodeCPUUsage", 0),
                ru.longOf("aggregatedContainersPhysicalMemoryMB", 0),
                ru.doubleOf("containersCPUUsage", 0));
      }
      out.add(
          new NodeReport(
              n.requiredText("id"),
              n.text("nodeHostName"),
              n.text("rack"),
              n.text("state"),
              n.text("healthReport"),
              n.longOf("lastHealthUpdate", 0),
              n.intOf("numContainers", 0),
              capacity,
              used,
              u));
    }
    return out;
  }

  static List<AppReport> apps(ReplyNode reply) {
    List<AppReport> out = new ArrayList<>();
    for (ReplyNode a : reply.wrappedList("apps", "app")) {
      String res = a.text("reservationId");
      out.add(
          new AppReport(
              a.requiredText("id"),
              a.text("name"),
              a.text("user"),
              a.text("queue"),
              a.text("state"),
              a.text("finalStatus"),
              a.text("applicationType"),
              a.doubleOf("progress", 0),
              a.longOf("startedTime", 0),
              a.longOf("elapsedTime", 0),
              a.intOf("runningContainers", 0),
              Resources.of(
                  Math.max(0, a.longOf("allocatedMB", 0)),
                  Math.max(0, a.longOf("allocatedVCores", 0))),
              res == null || res.isEmpty() ? null : res));
    }
    return out;
  }

  /**
   * The scheduler's type ({@code capacityScheduler}, {@code fairScheduler}, {@code fifoScheduler}).
   */
  static String schedulerType(ReplyNode reply) {
    String t = reply.object("scheduler").object("schedulerInfo").text("type");
    return t == null ? "" : t;
  }

  /**
   * The queue tree; a FIFO scheduler's single queue is reported as {@code root} with no children.
   */
  static QueueReport queues(ReplyNode reply) {
    ReplyNode s = reply.object("scheduler").object("schedulerInfo");
    String type = s.text("type");
    if ("fairScheduler".equals(type)) {
      ReplyNode root = s.object("rootQueue");
      Resources cluster = resource(root.get("clusterResources"));
      return fairQueue(root, "", cluster);
    }
    if ("fifoScheduler".equals(type)) {
      return new QueueReport(
          "root",
          "root",
          s.text("qstate"),
          1.0,
          1.0,
          s.doubleOf("usedCapacity", 0),
          1.0,
          s.doubleOf("usedCapacity", 0),
          0,
          Resources.ZERO,
          List.of());
    }
    return capacityQueue(s, "");
  }

  private static QueueReport capacityQueue(ReplyNode q, String parentPath) {
    String name = q.text("queueName");
    if (name == null) name = "root";
    String path = q.text("queuePath");
    if (path == null || path.isEmpty())
      path = parentPath.isEmpty() ? name : parentPath + "." + name;
    List<QueueReport> kids = new ArrayList<>();
    for (ReplyNode c : q.wrappedList("queues", "queue")) kids.add(capacityQueue(c, path));
    Resources used =
        q.get("resourcesUsed").present() ? resource(q.get("resourcesUsed")) : Resources.ZERO;
    boolean isRoot = parentPath.isEmpty();
    double abs = q.doubleOf("absoluteCapacity", isRoot ? 100 : q.doubleOf("capacity", 0)) / 100.0;
    double absUsed =
        q.doubleOf("absoluteUsedCapacity", isRoot ? q.doubleOf("usedCapacity", 0) : 0) / 100.0;
    return new QueueReport(
        name,
        path,
        q.text("state"),
        q.doubleOf("capacity", 100) / 100.0,
        q.doubleOf("maxCapacity", 100) / 100.0,
        q.doubleOf("usedCapacity", 0) / 100.0,
        abs,
        absUsed,
        q.intOf("numApplications", 0),
        used,
        kids);
  }

  private static QueueReport fairQueue(ReplyNode q, String parentPath, Resources cluster) {
    String full = q.text("queueName");
    if (full == null) full = "root";
    String name = full.contains(".") ? full.substring(full.lastIndexOf('.') + 1) : full;
    List<QueueReport> kids = new ArrayList<>();
    for (ReplyNode c : q.wrappedList("childQueues", "queue")) kids.add(fairQueue(c, full, cluster));
    Resources used =
        q.get("usedResources").present() ? resource(q.get("usedResources")) : Resources.ZERO;
    Resources fair =
        q.get("fairResources").present() ? resource(q.get("fairResources")) : Resources.ZERO;
    Resources max = q.get("maxResources").present() ? resource(q.get("maxResources")) : cluster;
    double abs = share(fair, cluster);
    double absUsed = share(used, cluster);
    return new QueueReport(
        name,
        full,
        "",
        abs,
        Math.min(1.0, share(max, cluster)),
        abs > 0 ? absUsed / abs : 0,
        abs,
        absUsed,
        q.intOf("numActiveApps", 0) + q.intOf("numPendingApps", 0),
        used,
        kids);
  }

  private static double share(Resources r, Resources of) {
    return of.memoryMB() <= 0 ? 0 : (double) r.memoryMB() / of.memoryMB();
  }

  /**
   * A YARN resource object: {@code memory} (MB) and {@code vCores}; further resource types from
   * {@code resourceInformations} become extras named without the {@code yarn.io/} prefix.
   */
  static Resources resource(ReplyNode r) {
    if (!r.present()) return Resources.ZERO;
    long mem = r.get("memory").present() ? r.longOf("memory", 0) : r.longOf("memorySize", 0);
    long vc = r.longOf("vCores", 0);
    TreeMap<String, Long> extras = new TreeMap<>();
    ReplyNode infos = r.get("resourceInformations");
    if (infos.present() && infos.isObject()) {
      for (ReplyNode ri : infos.list("resourceInformation")) {
        String name = ri.text("name");
        if (name == null || name.equals("memory-mb") || name.equals("vcores")) continue;
        long v = ri.longOf("value", 0);
        if (v != 0) extras.put(name.startsWith("yarn.io/") ? name.substring(8) : name, v);
      }
    }
    return new Resources(Math.max(0, mem), Math.max(0, vc), extras);
  }

  static String newReservationId(ReplyNode reply) {
    return reply.requiredText("reservation-id");
  }

  static List<YarnReservation> reservations(ReplyNode reply, String queue) {
    List<YarnReservation> out = new ArrayList<>();
    for (ReplyNode r : reply.list("reservations")) {
      List<YarnAllocation> allocs = new ArrayList<>();
      for (ReplyNode a : r.list("resource-allocations")) {
        allocs.add(
            new YarnAllocation(
                a.requiredLong("startTime"),
                a.requiredLong("endTime"),
                resource(a.get("resource"))));
      }
      ReplyNode d = r.get("reservation-definition");
      YarnReservationDefinition def = d.present() && d.isObject() ? definition(d) : null;
      out.add(
          new YarnReservation(
              r.requiredText("reservation-id"),
              queue,
              r.text("user"),
              r.longOf("acceptance-time", 0),
              def,
              allocs));
    }
    return out;
  }

  static YarnReservationDefinition definition(ReplyNode d) {
    ReplyNode reqs = d.object("reservation-requests");
    String interp = reqs.text("reservation-request-interpreter");
    YarnInterpreter in = YarnInterpreter.parse(interp == null ? "1" : interp);
    if (in == null) {
      throw new ReplyNode.Malformed(
          reqs.path + ".reservation-request-interpreter",
          "unknown interpreter \""
              + interp
              + "\"; expected 0 (R_ANY), 1 (R_ALL), 2 (R_ORDER) or 3 (R_ORDER_NO_GAP)");
    }
    List<YarnStage> stages = new ArrayList<>();
    for (ReplyNode s : reqs.list("reservation-request")) {
      stages.add(
          new YarnStage(
              resource(s.get("capability")),
              s.intOf("num-containers", 0),
              s.intOf("min-concurrency", 1),
              s.longOf("duration", 0)));
    }
    Integer prio = d.get("priority").present() ? d.intOf("priority", 0) : null;
    String rec = d.text("recurrence-expression");
    return new YarnReservationDefinition(
        d.text("reservation-name"),
        d.longOf("arrival", 0),
        d.longOf("deadline", 0),
        in,
        stages,
        prio,
        rec == null || rec.isEmpty() || rec.equals("0") ? null : rec);
  }
}
