package io.rayon.engine.planning;

import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;

/**
 * What a planner may consult besides the plan: the sharing policy to respect (null for none),
 * progress reporting, cancellation, the deadline of the whole run ({@link Deadline#NONE} when the
 * caller set none; planners with a time limit, MILP and hybrid, split it between their phases), and
 * whether the caller reads a rejection's reason.
 *
 * <p>{@code reasonsRead} is true by default. False when the caller reads only whether the request
 * is accepted and its allocation (bounded repair's tries whose reasons are overwritten by a later
 * try's, {@code ReservationSystem#create}): a planner may then skip working out why a placement
 * failed, so a rejection may carry a shorter message and a less specific code and path. Whether the
 * request is accepted, and its allocation, must be the same either way.
 *
 * <p>{@code diagnosed} is true by default. False when the caller reads a rejection's code now but
 * its text only later, if at all (bounded repair's first placement: when the repair succeeds the
 * text is thrown away, and when the rejection is final {@code ReservationSystem#create} places the
 * request again, diagnosed, for its text): a planner may then leave out the part of a rejection's
 * text that takes work (GREE, GREE-L and greel-plus: an atom's diagnosis, {@code
 * RejectionReasons#diagnose}), but never what decides whether bounded repair runs: a rejection that
 * is repairable ({@code CAPACITY}, {@code GANG_OR_LEASE}, {@code POLICY}) is so either way, a
 * rejection that is not is the same, text included, and acceptance and allocations are the same.
 */
public record PlanningContext(
    SharingPolicy policy,
    ProgressListener progress,
    CancellationToken cancel,
    Deadline deadline,
    boolean reasonsRead,
    boolean diagnosed) {
  public static final PlanningContext DEFAULT =
      new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER);

  public PlanningContext {
    if (progress == null) progress = ProgressListener.NONE;
    if (cancel == null) cancel = CancellationToken.NEVER;
    if (deadline == null) deadline = Deadline.NONE;
  }

  public PlanningContext(
      SharingPolicy policy,
      ProgressListener progress,
      CancellationToken cancel,
      Deadline deadline) {
    this(policy, progress, cancel, deadline, true, true);
  }

  public PlanningContext(
      SharingPolicy policy,
      ProgressListener progress,
      CancellationToken cancel,
      Deadline deadline,
      boolean reasonsRead) {
    this(policy, progress, cancel, deadline, reasonsRead, true);
  }

  public PlanningContext(
      SharingPolicy policy, ProgressListener progress, CancellationToken cancel) {
    this(policy, progress, cancel, Deadline.NONE);
  }

  public PlanningContext withPolicy(SharingPolicy p) {
    return new PlanningContext(p, progress, cancel, deadline, reasonsRead, diagnosed);
  }

  public PlanningContext withDeadline(Deadline d) {
    return new PlanningContext(policy, progress, cancel, d, reasonsRead, diagnosed);
  }

  /** This context for a caller that reads only acceptance and allocations (see the class). */
  public PlanningContext withoutReasons() {
    return reasonsRead
        ? new PlanningContext(policy, progress, cancel, deadline, false, diagnosed)
        : this;
  }

  /**
   * This context for a caller that reads a rejection's code now and its text later if at all (see
   * the class).
   */
  public PlanningContext withoutDiagnosis() {
    return diagnosed
        ? new PlanningContext(policy, progress, cancel, deadline, reasonsRead, false)
        : this;
  }
}
