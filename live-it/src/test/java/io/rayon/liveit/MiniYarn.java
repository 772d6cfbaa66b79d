package io.rayon.liveit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationSystem;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * A real YARN in this JVM: one ResourceManager with the CapacityScheduler, queues {@code
 * root.default} (20%) and {@code root.dedicated} (80%, reservable), the ReservationSystem on, and
 * two NodeManagers of {@value #NM_MEMORY_MB} MB and {@value #NM_VCORES} vcores each.
 */
final class MiniYarn implements AutoCloseable {
  static final int NM_MEMORY_MB = 4096;
  static final int NM_VCORES = 4;
  static final String PLAN_QUEUE = "dedicated";

  final MiniYARNCluster cluster;
  final String url;

  private MiniYarn(MiniYARNCluster cluster, String url) {
    this.cluster = cluster;
    this.url = url;
  }

  static MiniYarn start() throws Exception {
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    YarnConfiguration conf = new YarnConfiguration();
    conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
    conf.setBoolean(YarnConfiguration.RM_RESERVATION_SYSTEM_ENABLE, true);
    conf.set("yarn.scheduler.capacity.root.queues", "default," + PLAN_QUEUE);
    conf.set("yarn.scheduler.capacity.root.default.capacity", "20");
    conf.set("yarn.scheduler.capacity.root." + PLAN_QUEUE + ".capacity", "80");
    conf.setBoolean("yarn.scheduler.capacity.root." + PLAN_QUEUE + ".reservable", true);
    conf.setInt(YarnConfiguration.NM_PMEM_MB, NM_MEMORY_MB);
    conf.setInt(YarnConfiguration.NM_VCORES, NM_VCORES);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 512);
    conf.setBoolean(YarnConfiguration.NM_DISK_HEALTH_CHECK_ENABLE, false);
    conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100.0f);
    conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_FIXED_PORTS, false);
    conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "127.0.0.1:0");
    // Two NodeManagers, one local and one log dir each, no history service (NM web apps off).
    MiniYARNCluster c = new MiniYARNCluster("rayon-live-it", 2, 1, 1, false);
    c.init(conf);
    c.start();
    if (!c.waitForNodeManagersToConnect(TimeUnit.SECONDS.toMillis(60))) {
      c.stop();
      throw new IllegalStateException("NodeManagers did not register within 60 s");
    }
    // NodeManagers count as connected before the scheduler has added their capacity (that happens
    // on the RM's event thread), and the plan only takes its capacity from the scheduler. Hadoop
    // offers no event for either, so poll the condition, bounded: both nodes' memory in the
    // scheduler, then the plan synchronized to a positive capacity.
    ReservationSystem rs = c.getResourceManager().getRMContext().getReservationSystem();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    long expected = 2L * NM_MEMORY_MB;
    while (c.getResourceManager().getResourceScheduler().getClusterResource().getMemorySize()
            < expected
        || planMemory(rs) <= 0) {
      if (System.nanoTime() > deadline) {
        c.stop();
        throw new IllegalStateException(
            "the plan queue got no capacity within 60 s of the NodeManagers registering");
      }
      rs.synchronizePlan(PLAN_QUEUE, false);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
    String url = "http://" + WebAppUtils.getRMWebAppURLWithoutScheme(c.getConfig());
    return new MiniYarn(c, url);
  }

  /** Capacity of the plan queue as the ReservationSystem sees it, in MB. */
  long planMemoryMB() {
    return planMemory(cluster.getResourceManager().getRMContext().getReservationSystem());
  }

  private static long planMemory(ReservationSystem rs) {
    var plan = rs.getPlan(PLAN_QUEUE);
    return plan == null ? 0 : plan.getTotalCapacity().getMemorySize();
  }

  @Override
  public void close() {
    cluster.stop();
  }
}
