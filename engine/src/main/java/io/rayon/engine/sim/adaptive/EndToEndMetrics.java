package io.rayon.engine.sim.adaptive;

import io.rayon.engine.sim.JobOutcome;
import io.rayon.engine.sim.SchedulerReport;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.TimeSeries;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The end-to-end metrics of Rayon §6.4 over one simulated run:
 *
 * <ol>
 *   <li>{@code slaAcceptance}: the share of production jobs whose reservation was accepted at
 *       reservation time (1 for schedulers without admission, which accept every job);
 *   <li>{@code slaFulfillment}: the share of accepted production jobs (still accepted at the end: a
 *       reservation rejected after a failure is not counted) that finished by their deadline; jobs
 *       whose deadline lies after the end of the run and that have not finished are left out;
 *   <li>{@code beCompleted}: best-effort jobs run to completion;
 *   <li>{@code beMeanLatencyS}: their mean completion latency (finish − arrival; NaN when none);
 *   <li>{@code utilization}: cluster occupancy over time, per sample the dominant share of the
 *       containers' requests over the capacity (the larger of memory and vcores), and its mean over
 *       the submission window, from the start to the last job's arrival (the paper measures "over a
 *       window of time"; a trace's long tail of a few stragglers would otherwise dominate it), or
 *       over the whole run when every job arrives at once;
 * </ol>
 *
 * plus {@code preemptedContainers}, {@code replans} and {@code rejectedAfterFailure}.
 */
public record EndToEndMetrics(
    int productionJobs,
    int acceptedJobs,
    double slaAcceptance,
    double slaFulfillment,
    int beCompleted,
    double beMeanLatencyS,
    double meanUtilization,
    double[] utilizationTimeS,
    double[] utilization,
    long preemptedContainers,
    int replans,
    int rejectedAfterFailure) {

  public static EndToEndMetrics of(Workload workload, SimulationResult r) {
    List<Job> jobs = workload.jobs();
    SchedulerReport rep = r.report();
    Set<String> accepted = null;
    Object acc = rep.values().get("accepted");
    if (acc instanceof List<?> l) {
      accepted = new HashSet<>();
      for (Object o : l) accepted.add(String.valueOf(o));
    }
    int production = 0;
    int acceptedJobs = 0;
    int withDeadline = 0;
    int met = 0;
    int be = 0;
    double beSum = 0;
    for (int i = 0; i < jobs.size(); i++) {
      Job j = jobs.get(i);
      JobOutcome o = r.jobOutcomes().get(i);
      if (j.kind() == JobKind.PRODUCTION) {
        production++;
        boolean ok =
            accepted == null || (j.reservationId() != null && accepted.contains(j.reservationId()));
        if (!ok) continue;
        acceptedJobs++;
        if (j.deadlineS() == null) continue;
        if (!o.finished() && j.deadlineS() > r.endS()) continue;
        withDeadline++;
        if (Boolean.TRUE.equals(o.deadlineMet())) met++;
      } else if (o.finished()) {
        be++;
        beSum += o.completionS();
      }
    }
    Object admitted = rep.values().get("acceptedAtAdmission");
    double acceptance =
        production == 0
            ? Double.NaN
            : admitted instanceof Number n ? n.doubleValue() / production : 1.0;
    TimeSeries s = r.series();
    double[] t = s.timeS().clone();
    double[] u = new double[t.length];
    double sum = 0;
    int counted = 0;
    long lastArrival = 0;
    for (Job j : jobs) lastArrival = Math.max(lastArrival, j.arrivalS());
    for (int i = 0; i < t.length; i++) {
      double m =
          s.capacityMemoryMB()[i] > 0 ? s.reservationMemoryMB()[i] / s.capacityMemoryMB()[i] : 0;
      double c = s.capacityVcores()[i] > 0 ? s.reservationVcores()[i] / s.capacityVcores()[i] : 0;
      u[i] = Math.max(m, c);
      if (lastArrival == 0 || t[i] <= lastArrival) {
        sum += u[i];
        counted++;
      }
    }
    return new EndToEndMetrics(
        production,
        acceptedJobs,
        acceptance,
        withDeadline == 0 ? Double.NaN : met / (double) withDeadline,
        be,
        be == 0 ? Double.NaN : beSum / be,
        counted == 0 ? Double.NaN : sum / counted,
        t,
        u,
        r.preemptedTasks(),
        intValue(rep, "replans"),
        intValue(rep, "rejectedAfterFailure"));
  }

  private static int intValue(SchedulerReport rep, String key) {
    return rep.values().get(key) instanceof Number n ? n.intValue() : 0;
  }

  /**
   * Per best-effort job finished in both runs, the difference of latency {@code b − a} (positive:
   * faster in {@code a}), keyed by job id in workload order (the paper's Figure 15, part 3).
   */
  public static Map<String, Double> beLatencyDelta(
      Workload workload, SimulationResult a, SimulationResult b) {
    Map<String, Double> out = new LinkedHashMap<>();
    Map<String, JobOutcome> bs = new HashMap<>();
    for (JobOutcome o : b.jobOutcomes()) bs.put(o.id(), o);
    for (JobOutcome o : a.jobOutcomes()) {
      if (o.kind() != JobKind.BEST_EFFORT || !o.finished()) continue;
      JobOutcome p = bs.get(o.id());
      if (p != null && p.finished()) out.put(o.id(), p.completionS() - o.completionS());
    }
    return out;
  }

  /**
   * The share of jobs in a {@link #beLatencyDelta} that were faster in the first run (delta above 1
   * s).
   */
  public static double shareFaster(Map<String, Double> delta) {
    if (delta.isEmpty()) return Double.NaN;
    long n = delta.values().stream().filter(d -> d > 1).count();
    return n / (double) delta.size();
  }

  /** The metrics under the CLI's {@code --json} keys, in their order. */
  public Map<String, Object> toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("slaAcceptance", finite(slaAcceptance));
    m.put("slaFulfillment", finite(slaFulfillment));
    m.put("beCompleted", beCompleted);
    m.put("beMeanLatencyS", finite(beMeanLatencyS));
    Map<String, Object> u = new LinkedHashMap<>();
    u.put("mean", finite(meanUtilization));
    List<double[]> over = new ArrayList<>();
    for (int i = 0; i < utilizationTimeS.length; i++) {
      over.add(new double[] {utilizationTimeS[i], Math.round(utilization[i] * 10000) / 10000.0});
    }
    u.put("overTime", over);
    m.put("utilization", u);
    m.put("preemptedContainers", preemptedContainers);
    m.put("replans", replans);
    m.put("rejectedAfterFailure", rejectedAfterFailure);
    return m;
  }

  private static Object finite(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }
}
