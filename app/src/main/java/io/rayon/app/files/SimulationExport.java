package io.rayon.app.files;

import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.TimeSeries;
import io.rayon.model.io.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulation run's full result as one JSON document: the summary ({@code rayon simulate --json}'s
 * keys and the task counts), every job's outcome, the cluster time series (one array per column of
 * the series CSV) and the warnings. Per-node frames are left out: they are the animation's, and the
 * series carries their totals.
 */
public final class SimulationExport {
  private SimulationExport() {}

  public static String json(SimulationResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("scheduler", r.scheduler());
    m.put("seed", r.seed());
    m.put("heartbeatS", r.heartbeatS());
    m.put("simulatedS", r.endS());
    m.put("jobs", r.jobs());
    m.put("finishedJobs", r.finishedJobs());
    m.put("tasks", r.tasks());
    Map<String, Object> tasks = new LinkedHashMap<>();
    tasks.put("finished", r.finishedTasks());
    tasks.put("running", r.runningTasks());
    tasks.put("queued", r.queuedTasks());
    tasks.put("waiting", r.waitingTasks());
    tasks.put("notArrived", r.notArrivedTasks());
    tasks.put("unschedulable", r.unschedulableTasks());
    tasks.put("abandoned", r.abandonedTasks());
    m.put("taskStates", tasks);
    m.put("failedTasks", r.failedTasks());
    m.put("failureRate", r.failureRate());
    m.put("makespanS", r.makespanS());
    m.put(
        "meanJobCompletionS", Double.isNaN(r.meanJobCompletionS()) ? null : r.meanJobCompletionS());
    List<Object> jobs = new ArrayList<>();
    for (JobOutcome j : r.jobOutcomes()) jobs.add(Json.mapper().convertValue(j, Map.class));
    m.put("jobOutcomes", jobs);
    m.put("series", series(r.series()));
    m.put("warnings", r.warnings());
    try {
      return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(m) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(
          "a simulation result that Jackson cannot write: " + e.getMessage(), e);
    }
  }

  private static Map<String, double[]> series(TimeSeries t) {
    Map<String, double[]> s = new LinkedHashMap<>();
    List<String> cols = TimeSeries.CSV_COLUMNS;
    double[][] data = {
      t.timeS(),
      t.capacityMemoryMB(),
      t.allowanceMemoryMB(),
      t.estimationMemoryMB(),
      t.reservationMemoryMB(),
      t.usageMemoryMB(),
      t.capacityVcores(),
      t.allowanceVcores(),
      t.estimationVcores(),
      t.reservationVcores(),
      t.usageVcores(),
      t.cpuDemandVcores(),
      t.runningTasks(),
      t.queuedTasks()
    };
    for (int i = 0; i < cols.size() && i < data.length; i++) s.put(cols.get(i), data[i]);
    return s;
  }
}
