package io.rayon.model.workload;

import java.util.List;

/** The jobs of a scenario, with a note of where they came from (a trace and its import model). */
public record Workload(String source, List<Job> jobs) {
  public static final Workload EMPTY = new Workload(null, List.of());

  public Workload {
    jobs = jobs == null ? List.of() : List.copyOf(jobs);
  }

  public int taskCount() {
    int n = 0;
    for (Job j : jobs) n = Math.addExact(n, j.taskCount());
    return n;
  }
}
