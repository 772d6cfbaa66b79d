package io.rayon.engine.sim;

import java.util.List;
import java.util.Locale;

/**
 * Cluster totals sampled over simulated time: the curves of the estimation paper's Figures 2 and 3.
 * Row i is {@code timeS[i]}; each column array has one value per row. Columns, per resource (memory
 * in MB, CPU in vcores):
 *
 * <ul>
 *   <li>{@code capacity}: sum of node capacities NC;
 *   <li>{@code allowance}: sum of node allowances AR;
 *   <li>{@code estimation}: sum over nodes of the scheduler's usage estimate (the reservation model
 *       reports the reservation);
 *   <li>{@code reservation}: sum of the requests of running tasks;
 *   <li>{@code usage}: sum of the real usage of running tasks (CPU: served, at most capacity);
 * </ul>
 *
 * and {@code cpuDemand} (CPU asked for by running tasks, unserved part included), {@code running}
 * and {@code queued} task counts.
 */
public record TimeSeries(
    double[] timeS,
    double[] capacityMemoryMB,
    double[] allowanceMemoryMB,
    double[] estimationMemoryMB,
    double[] reservationMemoryMB,
    double[] usageMemoryMB,
    double[] capacityVcores,
    double[] allowanceVcores,
    double[] estimationVcores,
    double[] reservationVcores,
    double[] usageVcores,
    double[] cpuDemandVcores,
    double[] runningTasks,
    double[] queuedTasks) {

  public static final List<String> CSV_COLUMNS =
      List.of(
          "time_s",
          "capacity_memory_mb",
          "allowance_memory_mb",
          "estimation_memory_mb",
          "reservation_memory_mb",
          "usage_memory_mb",
          "capacity_vcores",
          "allowance_vcores",
          "estimation_vcores",
          "reservation_vcores",
          "usage_vcores",
          "cpu_demand_vcores",
          "running_tasks",
          "queued_tasks");

  public int size() {
    return timeS.length;
  }

  private double[][] columns() {
    return new double[][] {
      timeS, capacityMemoryMB, allowanceMemoryMB, estimationMemoryMB, reservationMemoryMB,
          usageMemoryMB,
      capacityVcores, allowanceVcores, estimationVcores, reservationVcores, usageVcores,
          cpuDemandVcores,
      runningTasks, queuedTasks
    };
  }

  /**
   * The series as CSV with a header row ({@link #CSV_COLUMNS}); numbers with at most 3 decimals.
   */
  public String toCsv() {
    StringBuilder sb = new StringBuilder(64 * (size() + 1));
    sb.append(String.join(",", CSV_COLUMNS)).append('\n');
    double[][] cols = columns();
    for (int i = 0; i < size(); i++) {
      for (int c = 0; c < cols.length; c++) {
        if (c > 0) sb.append(',');
        sb.append(format(cols[c][i]));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static String format(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
