package io.rayon.engine.sim;

import java.util.List;

/**
 * What a simulation produced. Task counts: every task of the workload is counted exactly once in
 * {@code finishedTasks + runningTasks + queuedTasks + waitingTasks + unschedulableTasks +
 * abandonedTasks + notArrivedTasks == tasks} (not arrived: its job arrives after the run stopped;
 * waiting: its task group's {@code after} groups have not all finished; unschedulable: no node
 * could ever hold it, with the reason in {@code warnings}; abandoned: it crashed {@link
 * SimulationConfig#maxAttempts()} times). {@code failedTasks} counts task crashes (a task that
 * crashes twice counts twice) and {@code failureRate = failedTasks / tasks}, as the paper reports
 * 64/17385. {@code makespanS} is the simulated time at which the last task finished (time 0 is the
 * scenario's start); {@code meanJobCompletionS} the mean of finish − arrival over the jobs that
 * finished (NaN if none). {@code endS} is the simulated time the run stopped. {@code
 * preemptedTasks} counts containers a {@link QueueDiscipline} took back, {@code lostTasks}
 * containers lost with failed nodes ({@link NodeOutage}); both went back to the queue. {@code
 * events} is the run's timeline (node failures, re-plans, rejections) and {@code report} what the
 * queue discipline measured ({@link SchedulerReport#NONE} without one).
 */
public record SimulationResult(
    String scheduler,
    long seed,
    double heartbeatS,
    double endS,
    int jobs,
    int finishedJobs,
    int tasks,
    int finishedTasks,
    int runningTasks,
    int queuedTasks,
    int waitingTasks,
    int unschedulableTasks,
    int abandonedTasks,
    int notArrivedTasks,
    long failedTasks,
    double failureRate,
    double makespanS,
    double meanJobCompletionS,
    List<JobOutcome> jobOutcomes,
    TimeSeries series,
    List<String> nodeIds,
    List<String> nodeRacks,
    List<Frame> frames,
    List<String> warnings,
    long preemptedTasks,
    long lostTasks,
    List<SimEvent> events,
    SchedulerReport report) {

  public SimulationResult {
    events = List.copyOf(events);
    if (report == null) report = SchedulerReport.NONE;
    jobOutcomes = List.copyOf(jobOutcomes);
    nodeIds = List.copyOf(nodeIds);
    nodeRacks = List.copyOf(nodeRacks);
    frames = List.copyOf(frames);
    warnings = List.copyOf(warnings);
  }

  /**
   * Per-job completion times as CSV: id, kind, arrival_s, finish_s, completion_s, tasks, finished,
   * failures, deadline_met.
   */
  public String jobsCsv() {
    StringBuilder sb =
        new StringBuilder(
            "job_id,kind,arrival_s,finish_s,completion_s,tasks,finished_tasks,failures,deadline_met\n");
    for (JobOutcome j : jobOutcomes) {
      sb.append(j.id())
          .append(',')
          .append(j.kind())
          .append(',')
          .append(TimeSeries.format(j.arrivalS()))
          .append(',')
          .append(j.finished() ? TimeSeries.format(j.finishS()) : "")
          .append(',')
          .append(j.finished() ? TimeSeries.format(j.completionS()) : "")
          .append(',')
          .append(j.tasks())
          .append(',')
          .append(j.finishedTasks())
          .append(',')
          .append(j.failures())
          .append(',')
          .append(j.deadlineMet() == null ? "" : j.deadlineMet().toString())
          .append('\n');
    }
    return sb.toString();
  }
}
