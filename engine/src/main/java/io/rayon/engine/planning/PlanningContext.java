package io.rayon.engine.planning;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;

/**
 * What a planner may consult besides the plan: the sharing policy to respect (null for none),
 * progress reporting and cancellation.
 */
public record PlanningContext(
    io.rayon.engine.policy.SharingPolicy policy, ProgressListener progress, CancellationToken cancel) {
  public static final PlanningContext DEFAULT = new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER);

  public PlanningContext {
    if (progress == null) progress = ProgressListener.NONE;
    if (cancel == null) cancel = CancellationToken.NEVER;
  }

  public PlanningContext withPolicy(io.rayon.engine.policy.SharingPolicy p) {
    return new PlanningContext(p, progress, cancel);
  }
}
