package io.rayon.engine.sim;

import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import java.util.List;

/**
 * What a {@link QueueDiscipline} sees of a running simulation and how it acts on it: jobs by index
 * in {@link #jobs()} (the workload's order), their queued and running tasks, the nodes, and two
 * actions, placing a job's next queued task ({@link #place(int)}) and preempting a running task
 * ({@link #preempt}). Resources are indexed {@link SchedulerPolicy#MEMORY} and {@link
 * SchedulerPolicy#CPU}. Valid only during the calls the simulator makes.
 */
public interface SimControl extends SimNodes {
  /** Simulated seconds since the scenario's start. */
  double now();

  /**
   * The scenario being simulated (its reservations, plan settings); null when run on a bare
   * workload.
   */
  Scenario scenario();

  List<Job> jobs();

  /** Tasks of {@code job} waiting for a container (eligible, not running). */
  int queued(int job);

  /** Tasks of {@code job} running now. */
  int running(int job);

  /** Sum of the requests of {@code job}'s running tasks, resource {@code r}. */
  double used(int job, int r);

  /** Request of {@code job}'s next queued task, resource {@code r}; NaN when none is queued. */
  double headRequest(int job, int r);

  /** True when no task of {@code job} is queued, running or waiting any more (all ended). */
  boolean settled(int job);

  /** True unless the node failed and has not come back. */
  boolean up(int node);

  /**
   * Places {@code job}'s next queued task on the freest node that holds it (by the policy's
   * availability); returns the node, or -1 when no node holds it (nothing changes then).
   */
  int place(int job);

  /**
   * Places {@code job}'s next queued task on {@code node} if it holds it; returns the node or -1.
   */
  int placeOn(int job, int node);

  /** Number of tasks running on {@code node}. */
  int runningCount(int node);

  /**
   * The {@code i}-th task running on {@code node} (0 ≤ i < {@link #runningCount}; order
   * unspecified).
   */
  int runningTask(int node, int i);

  /** The job of task {@code task}. */
  int jobOf(int task);

  /** Request of task {@code task}, resource {@code r}. */
  double request(int task, int r);

  /** When task {@code task} was last placed (seconds). */
  double placedAt(int task);

  /**
   * Preempts running task {@code task}: its container is taken back at once, its progress is lost,
   * and it is queued again at its place (not counted as a crash or an attempt).
   */
  void preempt(int task);

  /** Records an event on the run's timeline (kinds such as {@code replan}, {@code reject}). */
  void event(String kind, String text);
}
