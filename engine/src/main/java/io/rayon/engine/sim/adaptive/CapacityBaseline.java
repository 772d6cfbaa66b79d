package io.rayon.engine.sim.adaptive;

import io.rayon.engine.sim.QueueDiscipline;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SchedulerReport;
import io.rayon.engine.sim.SimControl;
import io.rayon.engine.sim.SimNodes;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The baseline of Rayon §6.4: YARN's CapacityScheduler with static queues, tuned with perfect
 * knowledge of the workload as the paper describes. Each tenant (a job's {@code user}) gets one SLA
 * queue for its production jobs and one best-effort queue for the rest; each queue's guaranteed
 * capacity is its share of the workload's total work (the requests' dominant share of the cluster
 * times their duration, summed over tasks), and its maximum capacity {@code maxFactor} times that
 * (about 2×, the Yahoo! operators' setting the paper uses), at most the whole cluster. Every
 * heartbeat the most under-served queue (smallest usage over guarantee, by dominant share) that is
 * below its maximum gets the next container, for its oldest job (FIFO within a queue, as a
 * CapacityScheduler leaf queue); deadlines are unknown to it, so every production job is accepted.
 * No preemption (the stock setting; the paper notes preemption alone does not fix its SLA misses).
 * A node offers its allowance minus the requests of its running containers.
 */
public final class CapacityBaseline implements SchedulerPolicy, QueueDiscipline {
  public static final String NAME = "capacity";
  private static final int M = SchedulerPolicy.MEMORY;
  private static final int C = SchedulerPolicy.CPU;

  private final double maxFactor;
  private SimNodes nodes;
  private double capM;
  private double capC;
  private final Map<String, Integer> queueIndex = new LinkedHashMap<>();
  private final List<String> queueNames = new ArrayList<>();
  private double[] guaranteed;
  private double[] maximum;
  private int[] jobQueue;
  private final List<List<Integer>> queueJobs = new ArrayList<>();

  public CapacityBaseline(double maxFactor) {
    if (!(maxFactor >= 1))
      throw new IllegalArgumentException("max-factor must be at least 1, got " + maxFactor);
    this.maxFactor = maxFactor;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return String.format(Locale.ROOT, " (maximum %.1f× guaranteed)", maxFactor);
  }

  @Override
  public void start(SimNodes nodes) {
    this.nodes = nodes;
  }

  @Override
  public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {}

  @Override
  public double available(int node, int r) {
    return nodes.allowance(node, r) - nodes.reserved(node, r);
  }

  @Override
  public void allocated(int node, double memoryMB, double cpu) {}

  @Override
  public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {}

  @Override
  public void idle(long heartbeats) {}

  @Override
  public double estimate(int node, int r) {
    return nodes.reserved(node, r);
  }

  @Override
  public QueueDiscipline discipline() {
    return this;
  }

  /** The queue of a job: {@code <user>.sla} for production jobs, {@code <user>.be} otherwise. */
  public static String queueName(Job j) {
    return j.user() + (j.kind() == JobKind.PRODUCTION ? ".sla" : ".be");
  }

  @Override
  public void start(SimControl c) {
    for (int n = 0; n < c.count(); n++) {
      capM += c.allowance(n, M);
      capC += c.allowance(n, C);
    }
    List<Job> jobs = c.jobs();
    jobQueue = new int[jobs.size()];
    List<Double> work = new ArrayList<>();
    for (int j = 0; j < jobs.size(); j++) {
      Job job = jobs.get(j);
      String q = queueName(job);
      Integer qi = queueIndex.get(q);
      if (qi == null) {
        qi = queueNames.size();
        queueIndex.put(q, qi);
        queueNames.add(q);
        work.add(0.0);
        queueJobs.add(new ArrayList<>());
      }
      jobQueue[j] = qi;
      double w = 0;
      for (TaskGroup g : job.tasks()) {
        double share = Math.max(g.request().memoryMB() / capM, g.request().vcores() / capC);
        w += share * g.count() * Math.max(1, g.durationS());
      }
      work.set(qi, work.get(qi) + w);
    }
    double total = 0;
    for (double w : work) total += w;
    guaranteed = new double[queueNames.size()];
    maximum = new double[queueNames.size()];
    for (int i = 0; i < guaranteed.length; i++) {
      guaranteed[i] = total > 0 ? work.get(i) / total : 1.0 / guaranteed.length;
      maximum[i] = Math.min(1, guaranteed[i] * maxFactor);
    }
  }

  /**
   * The queues with their guaranteed and maximum capacity (fractions of the cluster), after start.
   */
  public Map<String, double[]> queues() {
    Map<String, double[]> m = new LinkedHashMap<>();
    for (int i = 0; i < queueNames.size(); i++)
      m.put(queueNames.get(i), new double[] {guaranteed[i], maximum[i]});
    return m;
  }

  @Override
  public void jobArrived(SimControl c, int job) {
    queueJobs.get(jobQueue[job]).add(job);
  }

  @Override
  public void schedule(SimControl c) {
    int nq = queueNames.size();
    double[] usedM = new double[nq];
    double[] usedC = new double[nq];
    for (int q = 0; q < nq; q++) {
      List<Integer> js = queueJobs.get(q);
      int w = 0;
      for (int i = 0; i < js.size(); i++) {
        int j = js.get(i);
        if (c.settled(j)) continue;
        js.set(w++, j);
        usedM[q] += c.used(j, M);
        usedC[q] += c.used(j, C);
      }
      js.subList(w, js.size()).clear();
    }
    boolean[] blocked = new boolean[nq];
    int[] cursor = new int[nq];
    while (true) {
      int best = -1;
      double bestRatio = Double.POSITIVE_INFINITY;
      for (int q = 0; q < nq; q++) {
        if (blocked[q]) continue;
        double share = Math.max(usedM[q] / capM, usedC[q] / capC);
        double ratio = share / Math.max(guaranteed[q], 1e-12);
        if (ratio < bestRatio) {
          bestRatio = ratio;
          best = q;
        }
      }
      if (best < 0) return;
      // the oldest job of the queue with queued work
      List<Integer> js = queueJobs.get(best);
      while (cursor[best] < js.size() && c.queued(js.get(cursor[best])) == 0) cursor[best]++;
      if (cursor[best] >= js.size()) {
        blocked[best] = true;
        continue;
      }
      int j = js.get(cursor[best]);
      double hm = c.headRequest(j, M);
      double hc = c.headRequest(j, C);
      if (Math.max((usedM[best] + hm) / capM, (usedC[best] + hc) / capC) > maximum[best] + 1e-9) {
        blocked[best] = true;
        continue;
      }
      if (c.place(j) < 0) {
        // strict FIFO within the queue, as a leaf queue: its head waits
        blocked[best] = true;
        continue;
      }
      usedM[best] += hm;
      usedC[best] += hc;
    }
  }

  @Override
  public SchedulerReport report() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("maxFactor", maxFactor);
    Map<String, Object> qs = new LinkedHashMap<>();
    for (int i = 0; i < queueNames.size(); i++) {
      qs.put(queueNames.get(i), Map.of("guaranteed", guaranteed[i], "maximum", maximum[i]));
    }
    v.put("queues", qs);
    return new SchedulerReport(v, List.of());
  }
}
