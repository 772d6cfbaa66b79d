package io.rayon.engine.sim;

import io.rayon.model.workload.JobKind;

/**
 * One job's fate. {@code finishS} and {@code completionS} (finish − arrival) are NaN when the job
 * did not finish; {@code failures} counts its task crashes; {@code deadlineMet} is null for jobs
 * without a deadline.
 */
public record JobOutcome(
    String id,
    JobKind kind,
    double arrivalS,
    double finishS,
    double completionS,
    int tasks,
    int finishedTasks,
    int failures,
    Boolean deadlineMet) {
  public boolean finished() {
    return !Double.isNaN(finishS);
  }
}
