package io.rayon.engine.sim;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;

/** Small builders for simulator tests. */
final class SimFixtures {
  private SimFixtures() {}

  static Cluster nodes(int count, long memoryMB, long vcores) {
    return Fixtures.cluster(count, memoryMB, vcores);
  }

  static Cluster nodes(int count, long memoryMB, long vcores, long allowedMB, long allowedVcores) {
    return Cluster.of(
        "c",
        new NodeGroup(
            "n",
            count,
            Resources.of(memoryMB, vcores),
            Resources.of(allowedMB, allowedVcores),
            2,
            null));
  }

  static TaskGroupBuilder group(String name, int count) {
    return new TaskGroupBuilder(name, count);
  }

  static Job job(String id, long arrivalS, TaskGroup... groups) {
    return new Job(id, id, null, null, JobKind.BEST_EFFORT, arrivalS, null, null, List.of(groups));
  }

  static final class TaskGroupBuilder {
    private final String name;
    private final int count;
    private Resources request = Resources.of(1024, 1);
    private long duration = 10;
    private final List<UsagePhase> phases = new ArrayList<>();
    private final List<String> after = new ArrayList<>();

    TaskGroupBuilder(String name, int count) {
      this.name = name;
      this.count = count;
    }

    TaskGroupBuilder request(long memoryMB, long vcores) {
      request = Resources.of(memoryMB, vcores);
      return this;
    }

    TaskGroupBuilder duration(long s) {
      duration = s;
      return this;
    }

    TaskGroupBuilder phase(long s, long memoryMB, double vcores) {
      phases.add(new UsagePhase(s, UsageProfiles.usage(memoryMB, vcores)));
      return this;
    }

    TaskGroupBuilder after(String... groups) {
      after.addAll(List.of(groups));
      return this;
    }

    TaskGroup build() {
      return new TaskGroup(name, count, request, duration, phases, after);
    }
  }
}
