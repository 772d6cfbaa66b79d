package io.rayon.engine.sim;

import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;

/** Rewrites of a workload's requests for the estimation paper's experiments (§V.B–C). */
public final class WorkloadTransforms {
  private WorkloadTransforms() {}

  /**
   * Extreme Fit Reservation (EFR, §V.B): every task requests exactly its peak real usage: memory =
   * the largest memory of its usage phases, vcores = the largest CPU rounded up to a whole vcore
   * (at least 1, as YARN's smallest container). Groups without usage phases already use their
   * request and are kept. The result's source notes the rewrite.
   */
  public static Workload extremeFit(Workload w) {
    List<Job> jobs = new ArrayList<>(w.jobs().size());
    for (Job j : w.jobs()) {
      List<TaskGroup> groups = new ArrayList<>(j.tasks().size());
      for (TaskGroup g : j.tasks()) {
        if (g.usage().isEmpty()) {
          groups.add(g);
          continue;
        }
        long mem = 0;
        double cpu = 0;
        for (UsagePhase p : g.usage()) {
          mem = Math.max(mem, p.usage().memoryMB());
          cpu = Math.max(cpu, UsageProfiles.cpu(p.usage()));
        }
        Resources req =
            new Resources(
                Math.max(1, mem), Math.max(1, (long) Math.ceil(cpu - 1e-9)), g.request().extras());
        groups.add(new TaskGroup(g.name(), g.count(), req, g.durationS(), g.usage(), g.after()));
      }
      jobs.add(j.withTasks(groups));
    }
    String src =
        w.source() == null ? "extreme fit reservation" : w.source() + " (extreme fit reservation)";
    return new Workload(src, jobs);
  }
}
