package io.rayon.bench;

import io.rayon.engine.sim.UsageProfiles;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded synthetic day of MapReduce-like jobs for the simulator's speed benchmark: jobs arrive
 * uniformly over the day; each has a map group and, for most jobs, a reduce group after it; task
 * counts are heavy-tailed; run times are log-normal; every task has a start-up phase of low usage
 * (5–15 s at 20% of its working usage) and then uses 30–90% of its memory request and 50–120% of
 * its CPU request, in the spirit of the estimation paper's §III observations.
 */
public final class SyntheticDay {
  private SyntheticDay() {}

  /**
   * About {@code tasks} tasks (exactly, the last job is trimmed) over {@code daySeconds}, with a
   * median task run time of {@code medianS} seconds.
   */
  public static Workload generate(long seed, int tasks, long daySeconds, double medianS) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Job> jobs = new ArrayList<>();
    int made = 0;
    int id = 0;
    while (made < tasks) {
      int maps = (int) Math.min(2000, Math.max(1, Math.round(Math.exp(r.nextDouble() * 6))));
      int reduces = r.nextInt(5) == 0 ? 0 : Math.max(1, maps / (4 + r.nextInt(8)));
      maps = Math.min(maps, tasks - made);
      reduces = Math.min(reduces, tasks - made - maps);
      List<TaskGroup> groups = new ArrayList<>();
      groups.add(group(r, "map", maps, medianS, List.of()));
      if (reduces > 0) groups.add(group(r, "reduce", reduces, medianS * 1.5, List.of("map")));
      long arrival = (long) (r.nextDouble() * daySeconds * 0.9);
      jobs.add(
          new Job(
              "job-" + id++,
              null,
              "user" + r.nextInt(50),
              null,
              JobKind.BEST_EFFORT,
              arrival,
              null,
              null,
              groups));
      made += maps + reduces;
    }
    return new Workload("synthetic day, seed " + seed, jobs);
  }

  private static TaskGroup group(
      SplittableRandom r, String name, int count, double medianS, List<String> after) {
    long memReq = 1024L * (1 + r.nextInt(4));
    long cpuReq = 1 + r.nextInt(2);
    long duration = Math.max(5, Math.round(medianS * Math.exp(r.nextGaussian() * 0.8)));
    double memUse = memReq * (0.3 + 0.6 * r.nextDouble());
    double cpuUse = cpuReq * (0.5 + 0.7 * r.nextDouble());
    long startup = 5 + r.nextInt(11);
    List<UsagePhase> phases =
        List.of(
            new UsagePhase(startup, UsageProfiles.usage(Math.round(memUse * 0.2), cpuUse * 0.2)),
            new UsagePhase(duration - startup, UsageProfiles.usage(Math.round(memUse), cpuUse)));
    return new TaskGroup(name, count, Resources.of(memReq, cpuReq), duration, phases, after);
  }
}
