package io.rayon.bench;

import io.rayon.model.plan.ReservationAllocation;
import java.util.List;

/**
 * One side of {@link PlannerAb}: the harness's prepared workloads and one planner's full run of one
 * of them. {@code bench/run-planner-ab.sh} compiles this source against each revision's jars, so it
 * uses only what the harness has had since the comparison's equal footing: {@link
 * HadoopComparison#parse}, {@link HadoopComparison#workloads}, {@link RayonContender#named} and
 * {@link RunOutcome}. Called by reflection, through plain types only, from another class loader.
 */
public final class PlannerSlice {
  private PlannerSlice() {}

  /** The workloads the harness's arguments name, prepared once. */
  public static Object prepare(String[] harnessArgs) {
    return HadoopComparison.workloads(HadoopComparison.parse(harnessArgs));
  }

  public static int count(Object workloads) {
    return list(workloads).size();
  }

  public static String label(Object workloads, int i) {
    return list(workloads).get(i).label();
  }

  public static int size(Object workloads, int i) {
    return list(workloads).get(i).size();
  }

  /**
   * One run of workload {@code i} by the planner {@code spec} names (as the harness's {@code
   * --planners} takes it), from an empty plan: {@code {cpu, fingerprint}}, the CPU time of the
   * placement loop as the harness times it ({@link RunOutcome#cpuNanos}; the empty plan's
   * construction is not in it) and a hash of every request's final allocation (null for a refused
   * one), so that two builds can be checked to decide the same.
   */
  public static long[] run(Object workloads, int i, String spec) {
    RunOutcome o = RayonContender.named(spec).run(list(workloads).get(i), false);
    long h = 1;
    for (ReservationAllocation a : o.allocations()) h = h * 31 + (a == null ? 0 : a.hashCode());
    return new long[] {o.cpuNanos(), h};
  }

  @SuppressWarnings("unchecked")
  private static List<PreparedWorkload> list(Object workloads) {
    return (List<PreparedWorkload>) workloads;
  }
}
