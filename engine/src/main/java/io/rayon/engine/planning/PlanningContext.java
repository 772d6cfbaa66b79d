package io.rayon.engine.planning;

import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;

/**
 * What a planner may consult besides the plan: the sharing policy to respect (null for none),
 * progress reporting, cancellation and the deadline of the whole run ({@link Deadline#NONE} when
 * the caller set none; planners with a time limit, MILP and hybrid, split it between their phases).
 */
public record PlanningContext(
    SharingPolicy policy, ProgressListener progress, CancellationToken cancel, Deadline deadline) {
  public static final PlanningContext DEFAULT =
      new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER);

  public PlanningContext {
    if (progress == null) progress = ProgressListener.NONE;
    if (cancel == null) cancel = CancellationToken.NEVER;
    if (deadline == null) deadline = Deadline.NONE;
  }

  public PlanningContext(
      SharingPolicy policy, ProgressListener progress, CancellationToken cancel) {
    this(policy, progress, cancel, Deadline.NONE);
  }

  public PlanningContext withPolicy(SharingPolicy p) {
    return new PlanningContext(p, progress, cancel, deadline);
  }

  public PlanningContext withDeadline(Deadline d) {
    return new PlanningContext(policy, progress, cancel, d);
  }
}
